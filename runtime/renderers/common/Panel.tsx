/**
 * A titled box and toned text for what the home page and the shell draw on their first paint.
 * antd's Card brings Tabs (for its tab list) and Typography brings the editable textarea and the
 * clipboard: 27 KB gzip on a page that shows neither (issue 20's 350 KB shell budget). Both are
 * drawn here from the same theme tokens, so they follow the theme, dark mode and size.
 */
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';

type ToneName = 'secondary' | 'danger' | 'success' | 'warning';

export function Tone({ type, strong, style, children, ...rest }: { type?: ToneName; strong?: boolean; style?: CSSProperties; children?: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  const { token } = theme.useToken();
  const color = type && { secondary: token.colorTextSecondary, danger: token.colorError, success: token.colorSuccess, warning: token.colorWarning }[type];
  return <span {...rest} style={{ color, fontWeight: strong ? token.fontWeightStrong : undefined, ...style }}>{children}</span>;
}

export function Panel({ title, extra, small, bodyStyle, style, children, ...rest }: {
  title?: ReactNode; extra?: ReactNode; small?: boolean; bodyStyle?: CSSProperties; style?: CSSProperties; children?: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'title'>) {
  const { token } = theme.useToken();
  const pad = small ? token.paddingSM : token.paddingLG;
  return (
    <div {...rest} className="panel" style={{ background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, color: token.colorText, ...style }}>
      {(title || extra) && (
        <div className="panel-head" style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: small ? 38 : 56, padding: `0 ${pad}px`, borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: token.fontWeightStrong, fontSize: small ? token.fontSize : token.fontSizeLG }}>
          <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra && <div style={{ fontWeight: 'normal', fontSize: token.fontSize }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: pad, ...bodyStyle }}>{children}</div>
    </div>
  );
}
