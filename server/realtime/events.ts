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
  | 'enquiry_quote_message'
  | 'truck_position'
  | 'schedule_node';

export const WS_PATH = '/ws';

/** Per-staff destinations; a client may subscribe only to its own. */
export const responseDestination = (staffId: number) => `/user/${staffId}/response`;
export const errorDestination = (staffId: number) => `/user/${staffId}/error`;

const OWN_DESTINATION = /^\/user\/(\d+)\/(response|error)$/;

export function parseDestination(d: string): { staffId: number; kind: 'response' | 'error' } | null {
  const m = OWN_DESTINATION.exec(d);
  return m ? { staffId: Number(m[1]), kind: m[2] as 'response' | 'error' } : null;
}

/**
 * Organisation topics: `/topic/{name}` carries events to every socket of one organisation that
 * subscribed to it (live positions on a map). Which topics exist and who may subscribe is
 * registered by the area that publishes them (`registerTopic`); anything else is refused.
 */
export const topicDestination = (name: string) => `/topic/${name}`;
const TOPIC_DESTINATION = /^\/topic\/([a-z0-9][a-z0-9-]{0,62})$/;

export function parseTopic(d: string): string | null {
  return TOPIC_DESTINATION.exec(d)?.[1] ?? null;
}

export interface TopicRule {
  /** a permission requirement (`a|b` alternatives), checked with the shared matcher at SUBSCRIBE */
  permission: string;
}

const topics = new Map<string, TopicRule>();

export function registerTopic(name: string, rule: TopicRule): void {
  if (!TOPIC_DESTINATION.test(topicDestination(name))) throw new Error(`bad topic name ${name}`);
  topics.set(name, rule);
}

export const topicRule = (name: string): TopicRule | undefined => topics.get(name);

export const APP_SEND_MESSAGE = '/app/send-message';
export const APP_READ_MESSAGE = '/app/read-message';
export const APP_UNREAD_COUNT = '/app/unread-message-count';
