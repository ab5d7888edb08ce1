/** The settings drawer (lazy): theme presets and the three switches of seed 000 §3.5. */
import { useState } from 'react';
import { Drawer, Switch, Tooltip, message } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS, changeSetting, useSettings } from './settings';

/** Seed 000 §2.5: a loading message while the theme changes (antd recomputes its token styles). */
export const THEME_MESSAGE_MS = 1000;

export function applyTheme(color: string): void {
  const key = 'theme-change';
  void message.loading({ content: '正在切换主题...', key, duration: 0 });
  // Let the message paint before the whole tree re-renders with the new tokens.
  setTimeout(() => changeSetting('theme', color), 50);
  setTimeout(() => void message.success({ content: '主题已切换', key, duration: 1 }), THEME_MESSAGE_MS);
}

export default function SettingsDrawer({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const settings = useSettings();
  const row = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '14px 0' } as const;
  return (
    <>
      <Drawer title="系统布局配置" open={open} onClose={() => setOpen(false)} afterOpenChange={(visible) => !visible && onClose()} width={280}>
        <div style={row}>
          <span>主题色</span>
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="theme-presets">
          {THEME_PRESETS.map((color) => (
            <Tooltip key={color} title={color}>
              <button
                type="button"
                aria-label={`主题色 ${color}`}
                onClick={() => applyTheme(color)}
                style={{ width: 26, height: 26, borderRadius: 4, border: 'none', cursor: 'pointer', background: color, color: '#fff' }}
              >
                {settings.theme.toLowerCase() === color.toLowerCase() && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>
        <div style={row}>
          <span>开启 Tags-View</span>
          <Switch aria-label="开启 Tags-View" checked={settings.tagsView} onChange={(v) => changeSetting('tagsView', v)} />
        </div>
        <div style={row}>
          <span>固定 Header</span>
          <Switch aria-label="固定 Header" checked={settings.fixedHeader} onChange={(v) => changeSetting('fixedHeader', v)} />
        </div>
        <div style={row}>
          <span>侧边栏 Logo</span>
          <Switch aria-label="侧边栏 Logo" checked={settings.sidebarLogo} onChange={(v) => changeSetting('sidebarLogo', v)} />
        </div>
      </Drawer>
    </>
  );
}
