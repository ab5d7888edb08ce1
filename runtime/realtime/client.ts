/**
 * The browser's STOMP connection (seed 000 §4): open while there is a token, retry 5 s after a
 * failure, closed when the token goes; heart-beats 5000 ms both ways. The token travels only in
 * the CONNECT frame's `access-token` header, never in the URL.
 */
import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';
import { invoke } from '../../api/call';
import { showError } from '../../api/toast';
import { getSession, subscribeSession } from '../session/store';
import { handlePushEvent } from './events';
import { NoticeBox } from './notices';
import { patchMessageState, resetMessageState } from './store';
import {
  APP_READ_MESSAGE, APP_SEND_MESSAGE, APP_UNREAD_COUNT, errorDestination, HEARTBEAT_MS, RECONNECT_DELAY_MS,
  responseDestination, WS_PATH, type PushEvent,
} from './types';

export function defaultBrokerUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${WS_PATH}`;
}

type ChatListener = (msg: any) => void;
type TopicListener = (e: PushEvent) => void;

export class RealtimeConnection {
  private client: Client | null = null;
  private token: string | null = null;
  /** the token being logged out: not reconnected with it */
  private leaving: string | null = null;
  readonly box = new NoticeBox();
  private readonly chatListeners = new Set<ChatListener>();
  /** organisation topics a screen watches (`/topic/{name}`), re-subscribed after every reconnect */
  private readonly topics = new Map<string, { listeners: Set<TopicListener>; sub: StompSubscription | null }>();

  constructor(private readonly brokerURL: () => string = defaultBrokerUrl) {}

  private followers = 0;

  /**
   * Follows the session; returns the stop function. Several may follow (the layout's header, a
   * big screen shown without the layout): the connection ends when the last one stops.
   */
  follow(): () => void {
    this.followers += 1;
    const sync = () => {
      const s = getSession();
      const staffId = s.profile?.staffId;
      if (s.token && staffId) this.open(s.token, staffId);
      else void this.close();
    };
    sync();
    const off = subscribeSession(sync);
    let stopped = false;
    return () => {
      off();
      if (stopped) return;
      stopped = true;
      this.followers -= 1;
      if (this.followers === 0) void this.close();
    };
  }

  private open(token: string, staffId: number): void {
    if ((this.client && this.token === token) || token === this.leaving) return;
    void this.close();
    this.token = token;
    const client = new Client({
      brokerURL: this.brokerURL(),
      connectHeaders: { 'access-token': token },
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: RECONNECT_DELAY_MS,
      debug: () => undefined,
    });
    const onMessage = (m: IMessage) => {
      let e: PushEvent;
      try {
        e = JSON.parse(m.body) as PushEvent;
      } catch {
        return;
      }
      handlePushEvent(e, {
        showError,
        noticeArrived: (type, id) => void this.box.arrived(type, id),
        refreshDailyCount: () => void this.refreshDailyCount(),
        chatMessage: (msg) => this.chatListeners.forEach((l) => l(msg)),
      });
    };
    client.onConnect = () => {
      patchMessageState({ connected: true });
      client.subscribe(responseDestination(staffId), onMessage);
      client.subscribe(errorDestination(staffId), onMessage);
      for (const name of this.topics.keys()) this.subscribeTopicNow(name);
      // Whatever arrived while offline was stored: reload it after every (re)connect.
      void this.box.load().catch(() => undefined);
      void this.refreshDailyCount();
      this.publish(APP_UNREAD_COUNT, {});
    };
    client.onWebSocketClose = () => patchMessageState({ connected: false });
    this.client = client;
    this.box.start();
    client.activate();
  }

  /**
   * Ends the connection: a DISCONNECT while the socket is open; a socket already closing (the
   * server ended the session) is let go without writing to it. Resolves once it is closed.
   */
  close(): Promise<void> {
    if (!this.client) return Promise.resolve();
    const c = this.client;
    this.client = null;
    this.token = null;
    for (const t of this.topics.values()) t.sub = null;
    this.box.stop();
    resetMessageState();
    const open = c.webSocket?.readyState === WebSocket.OPEN;
    return c.deactivate(open ? {} : { force: true });
  }

  /** Before logging out: the connection ends while the session still stands (at most `waitMs`). */
  async closeBeforeLogout(waitMs = 1000): Promise<void> {
    this.leaving = this.token;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.close(), new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs); })]);
    clearTimeout(timer);
  }

  async refreshDailyCount(): Promise<void> {
    try {
      const n = await invoke<number>('message.countDailyMessage', {}, { silent: true });
      patchMessageState({ dailyCount: Number(n) || 0 });
    } catch {
      /* the badge keeps its last value */
    }
  }

  publish(destination: string, body: unknown): boolean {
    if (!this.client?.connected) return false;
    this.client.publish({ destination, body: JSON.stringify(body) });
    return true;
  }

  sendChat(receiveStaffId: number, content: string, enquiryId?: number): boolean {
    return this.publish(APP_SEND_MESSAGE, { receiveStaffId, content, enquiryId });
  }

  readChat(sendStaffId: number): boolean {
    return this.publish(APP_READ_MESSAGE, { sendStaffId });
  }

  /**
   * Watches an organisation topic while a screen is open: the server sends it only the events of
   * the user's own organisation (and refuses the topic without the role it is registered with).
   * Returns the stop function; the last listener leaving unsubscribes.
   */
  subscribeTopic(name: string, listener: TopicListener): () => void {
    let t = this.topics.get(name);
    if (!t) {
      t = { listeners: new Set(), sub: null };
      this.topics.set(name, t);
    }
    t.listeners.add(listener);
    if (!t.sub) this.subscribeTopicNow(name);
    return () => {
      const cur = this.topics.get(name);
      if (!cur) return;
      cur.listeners.delete(listener);
      if (cur.listeners.size) return;
      this.topics.delete(name);
      if (cur.sub && this.client?.connected) cur.sub.unsubscribe();
    };
  }

  private subscribeTopicNow(name: string): void {
    const t = this.topics.get(name);
    if (!t || !this.client?.connected) return;
    t.sub = this.client.subscribe(`/topic/${name}`, (m: IMessage) => {
      let e: PushEvent;
      try {
        e = JSON.parse(m.body) as PushEvent;
      } catch {
        return;
      }
      t.listeners.forEach((l) => l(e));
    });
  }

  /** True while the socket is connected (a screen shows 实时 / 重连中). */
  get connected(): boolean {
    return !!this.client?.connected;
  }

  onChatMessage(l: ChatListener): () => void {
    this.chatListeners.add(l);
    return () => this.chatListeners.delete(l);
  }
}

/** The page's single connection. */
export const realtime = new RealtimeConnection();
