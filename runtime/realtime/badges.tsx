/** Header badges: daily matters count, and the chat icon that blinks while unread (seed 000 §2.5). */
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMessageState } from './store';
import { CHAT_PAGE_PATH, DAILY_MATTERS_PATH } from './types';

const BLINK_CSS = '@keyframes rt-blink{0%,100%{opacity:1}50%{opacity:.2}}.rt-blink{animation:rt-blink 1s step-start infinite}';

/** For the daily-matters menu entry (the shell can put this next to its title). */
export function useDailyCount(): number {
  return useMessageState().dailyCount;
}

export function DailyMattersBadge() {
  const count = useDailyCount();
  const navigate = useNavigate();
  return (
    <Tooltip title="日常事项">
      <Badge count={count} size="small" data-testid="daily-badge">
        <Button type="text" aria-label="日常事项" icon={<BellOutlined />} onClick={() => navigate(DAILY_MATTERS_PATH)} />
      </Badge>
    </Tooltip>
  );
}

export function shouldBlink(unread: number, pathname: string): boolean {
  return unread > 0 && !pathname.startsWith(CHAT_PAGE_PATH);
}

export function ChatBadge() {
  const { chatUnread } = useMessageState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const blink = shouldBlink(chatUnread, pathname);
  return (
    <Tooltip title="供应商问答">
      <style>{BLINK_CSS}</style>
      <Badge count={chatUnread} size="small" data-testid="chat-badge">
        <Button type="text" aria-label="供应商问答" className={blink ? 'rt-blink' : undefined} data-blinking={blink ? '1' : '0'}
          icon={<MessageOutlined />} onClick={() => navigate(CHAT_PAGE_PATH)} />
      </Badge>
    </Tooltip>
  );
}
