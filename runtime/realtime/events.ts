/** What each pushed event does in the browser (seed 000 §7.3). Pure dispatch so it is unit-testable. */
import { patchMessageState } from './store';
import type { PushEvent } from './types';

export interface EventDeps {
  showError(text: string): void;
  noticeArrived(type: number, id: number): void;
  refreshDailyCount(): void;
  chatMessage(msg: unknown): void;
}

export function handlePushEvent(e: PushEvent, deps: EventDeps): void {
  switch (e.type) {
    case 'error':
      deps.showError(typeof e.msg === 'string' && e.msg ? e.msg : 'Error');
      break;
    case 'daily_message_count_message':
      if (typeof e.msg === 'number') patchMessageState({ dailyCount: e.msg });
      else deps.refreshDailyCount();
      break;
    case 'oa_message':
    case 'event_message':
      if (e.msg && typeof e.msg.type === 'number' && typeof e.msg.id === 'number') deps.noticeArrived(e.msg.type, e.msg.id);
      break;
    case 'enquiry_quote_message_unread_count':
      if (typeof e.msg === 'number') patchMessageState({ chatUnread: e.msg });
      break;
    case 'enquiry_quote_message':
      deps.chatMessage(e.msg);
      break;
    default:
      break; // newer server, older page: unknown types are ignored
  }
}
