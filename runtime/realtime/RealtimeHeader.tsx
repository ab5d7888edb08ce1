/** Mounted once in the layout header: follows the session's token and shows the badges and box. */
import { useEffect } from 'react';
import { Space } from 'antd';
import { realtime } from './client';
import { ChatBadge, DailyMattersBadge } from './badges';
import { NotificationBox, NotificationToggle } from './NotificationBox';

export function RealtimeHeader() {
  useEffect(() => realtime.follow(), []);
  return (
    <Space size={4} data-testid="realtime-header" style={{ marginLeft: 'auto', marginRight: 12 }}>
      <NotificationToggle />
      <ChatBadge />
      <DailyMattersBadge />
      <NotificationBox />
    </Space>
  );
}
