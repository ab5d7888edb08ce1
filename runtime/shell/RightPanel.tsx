/** Settings panel (seed 000 §2.5, §3.5): its button sits 250 px from the top at the right edge; the drawer loads on click. */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';

export const PANEL_BUTTON_TOP = 250;
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

export function RightPanel() {
  const [open, setOpen] = useState(false);
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
      {open && (
        <Suspense fallback={null}>
          <SettingsDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
