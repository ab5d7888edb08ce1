/**
 * The top bar (seed 000 §2.5): toggle, breadcrumb, then on the right the external admin link,
 * the real-time icons (passed in by the layout), guide, search, error log, fullscreen, size,
 * and the user dropdown. The test-environment label of the original is never shown in this build.
 */
import type { ReactNode } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { EllipsisOutlined, ExportOutlined, MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ShellBreadcrumb, ShellPageTitle } from './Breadcrumb';
import { HeaderSearch } from './HeaderSearch';
import { ErrorLogButton } from './ErrorLogButton';
import { ScreenfullButton } from './ScreenfullButton';
import { SizeSelect, useChangeSize } from './SizeSelect';
import { SIZES, useSettings, type SizeName } from './settings';
import { ADMIN_URL, adminLink } from './external';

/**
 * Below the mobile breakpoint (992 px) the bar collapses so it stays one 50 px line at 390 px:
 * the page title instead of the breadcrumb, the guide, size and admin link in a 更多 menu, and
 * the user menu as an avatar.
 */
function MoreMenu({ admin }: { admin?: string }) {
  const navigate = useNavigate();
  const { size } = useSettings();
  const changeSize = useChangeSize();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'guide', label: '操作指引' },
          { key: 'size', label: '布局大小', children: SIZES.map((s) => ({ key: `size:${s.value}`, label: s.label, disabled: s.value === size })) },
          ...(admin ? [{ key: 'admin', label: <a href={admin} target="_blank" rel="noopener noreferrer">管理系统</a> }] : []),
        ],
        onClick: ({ key }) => {
          if (key === 'guide') navigate('/guide');
          if (key.startsWith('size:')) changeSize(key.slice(5) as SizeName);
        },
      }}
    >
      <Button type="text" aria-label="更多" data-testid="navbar-more" icon={<EllipsisOutlined />} />
    </Dropdown>
  );
}

export function Navbar({ collapsed, onToggle, fixed, roles, token, realtime, user, mobile = false }: {
  mobile?: boolean;
  collapsed: boolean;
  onToggle: () => void;
  fixed: boolean;
  roles: readonly string[];
  token: string | null;
  realtime: ReactNode;
  user: ReactNode;
}) {
  const navigate = useNavigate();
  const admin = adminLink(ADMIN_URL, token);
  return (
    <div className={`shell-header${fixed ? ' fixed' : ''}${mobile ? ' mobile' : ''}`} data-testid="navbar">
      <Button
        type="text"
        aria-label={collapsed ? '展开菜单' : '收起菜单'}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      {mobile ? <ShellPageTitle /> : <ShellBreadcrumb />}
      {mobile ? (
        <div className="shell-right">
          {realtime}
          <HeaderSearch roles={roles} />
          <MoreMenu admin={admin} />
          {user}
        </div>
      ) : (
      <div className="shell-right">
        {admin && (
          <Tooltip title="管理系统">
            <Button type="text" aria-label="管理系统" href={admin} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} />
          </Tooltip>
        )}
        {realtime}
        <Tooltip title="操作指引">
          <Button type="text" aria-label="操作指引" icon={<QuestionCircleOutlined />} onClick={() => navigate('/guide')} />
        </Tooltip>
        <HeaderSearch roles={roles} />
        <ErrorLogButton />
        <ScreenfullButton />
        <SizeSelect />
        {user}
      </div>
      )}
    </div>
  );
}
