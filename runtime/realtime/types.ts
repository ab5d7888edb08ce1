/** The channel's names as the browser sees them (server side: server/realtime/events.ts, docs/realtime.md). */
import { enumLabel } from '../reference/enums';

export const WS_PATH = '/ws';
export const HEARTBEAT_MS = 5000;
export const RECONNECT_DELAY_MS = 5000;

export const responseDestination = (staffId: number) => `/user/${staffId}/response`;
export const errorDestination = (staffId: number) => `/user/${staffId}/error`;

export const APP_SEND_MESSAGE = '/app/send-message';
export const APP_READ_MESSAGE = '/app/read-message';
export const APP_UNREAD_COUNT = '/app/unread-message-count';

export interface PushEvent {
  type: string;
  msg?: any;
  [extra: string]: unknown;
}

/** A notice as the box shows it (seed 000 §3.6). */
export interface BoxMessage {
  id: number;
  type: number;
  name: string;
  message: string;
  messageDate?: string;
  eventType?: number | null;
  eventSubjectId?: number | null;
}

/** Routes the box and badges lead to. */
export const DAILY_MATTERS_REMIND_PATH = '/daily-routine/daily-routine-page?tabPosition=remind';
export const DAILY_MATTERS_PATH = '/daily-routine/daily-routine-page';
export const CHAT_PAGE_PATH = '/business/clue/enquiry-seq-quote-message';

/**
 * The page a message opens (DOMAIN §6.1): its eventType's route in the eventType enumeration,
 * with the subject's id. A route naming the subject in its path needs one; one naming it in the
 * query opens the page without that parameter when there is none. No route, no target.
 */
export function eventRoute(eventType: number | null | undefined, subjectId: number | null | undefined): string | undefined {
  const route = eventType == null ? undefined : enumLabel('eventType', eventType)?.route;
  if (!route) return undefined;
  const [path, query] = route.split('?') as [string, string | undefined];
  const id = subjectId != null && Number.isSafeInteger(Number(subjectId)) && Number(subjectId) > 0 ? String(subjectId) : null;
  if (path.includes('{id}')) return id ? route.replaceAll('{id}', id) : undefined;
  if (id) return route.replaceAll('{id}', id);
  const rest = (query ?? '').split('&').filter((kv) => kv && !kv.includes('{id}')).join('&');
  return rest ? `${path}?${rest}` : path;
}

/** Seed 000 §9: at most 3 in the box, one added per second. */
export const BOX_MAX = 3;
export const BOX_ADD_INTERVAL_MS = 1000;
