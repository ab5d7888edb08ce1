/**
 * Settings panel (seed 000 §2.5, §3.5): its button sits 250 px from the top at the right edge; the
 * drawer loads on click. The button is a slim tab that widens under the pointer, and the page
 * keeps a gutter of its width on the right (shell.css), so it never covers a page's own buttons.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';

export const PANEL_BUTTON_TOP = 250;
/** The tab's width at rest; .shell-main keeps this much free on the right. */
export const PANEL_BUTTON_WIDTH = 20;
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
        className="shell-settings-tab"
        style={{ top: PANEL_BUTTON_TOP }}
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
