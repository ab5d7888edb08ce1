import { useEffect, useState } from 'react';
import { Button, Tooltip, message } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export const FULLSCREEN_UNSUPPORTED = 'you browser can not work';

export function ScreenfullButton() {
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() =>
      message.warning(FULLSCREEN_UNSUPPORTED),
    );
  };
  return (
    <Tooltip title={full ? '退出全屏' : '全屏'}>
      <Button type="text" aria-label="全屏" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} />
    </Tooltip>
  );
}
