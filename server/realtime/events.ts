/** Names shared by the gateway, the messaging module and docs/realtime.md. */

/** The JSON body of every MESSAGE frame: a type and a payload (seed 000 §7.3). */
export interface PushEvent {
  type: PushType;
  msg?: unknown;
  [extra: string]: unknown;
}

export type PushType =
  | 'error'
  | 'daily_message_count_message'
  | 'oa_message'
  | 'event_message'
  | 'enquiry_quote_message_unread_count'
  | 'enquiry_quote_message';

export const WS_PATH = '/ws';

/** Per-staff destinations; a client may subscribe only to its own. */
export const responseDestination = (staffId: number) => `/user/${staffId}/response`;
export const errorDestination = (staffId: number) => `/user/${staffId}/error`;

const OWN_DESTINATION = /^\/user\/(\d+)\/(response|error)$/;

export function parseDestination(d: string): { staffId: number; kind: 'response' | 'error' } | null {
  const m = OWN_DESTINATION.exec(d);
  return m ? { staffId: Number(m[1]), kind: m[2] as 'response' | 'error' } : null;
}

export const APP_SEND_MESSAGE = '/app/send-message';
export const APP_READ_MESSAGE = '/app/read-message';
export const APP_UNREAD_COUNT = '/app/unread-message-count';
