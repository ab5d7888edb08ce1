/** Settings panel (seed 000 §2.5, §3.5): its button sits 250 px from the top at the right edge. */
import { useState } from 'react';
import { Button, Drawer, Switch, Tooltip, message } from 'antd';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { THEME_PRESETS, changeSetting, useSettings } from './settings';

export const PANEL_BUTTON_TOP = 250;

/** antd recomputes its token styles on the next render; the message covers that moment. */
export function applyTheme(color: string): void {
  const key = 'theme-change';
  void message.loading({ content: '正在切换主题...', key, duration: 0 });
  setTimeout(() => {
    changeSetting('theme', color);
    setTimeout(() => void message.success({ content: '主题已切换', key, duration: 1 }), 100);
  }, 50);
}

export function RightPanel() {
  const [open, setOpen] = useState(false);
  const settings = useSettings();
  const row = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '14px 0' } as const;
  return (
    <>
      <Button
        type="primary"
        aria-label="系统布局配置"
        data-testid="settings-button"
        icon={<SettingOutlined />}
        style={{ position: 'fixed', right: 0, top: PANEL_BUTTON_TOP, zIndex: 1000, width: 48, height: 48, borderRadius: '6px 0 0 6px' }}
        onClick={() => setOpen(true)}
      />
      <Drawer title="系统布局配置" open={open} onClose={() => setOpen(false)} width={280}>
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
