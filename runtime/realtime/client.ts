/**
 * The browser's STOMP connection (seed 000 §4): open while there is a token, retry 5 s after a
 * failure, closed when the token goes; heart-beats 5000 ms both ways. The token travels only in
 * the CONNECT frame's `access-token` header, never in the URL.
 */
import { Client, type IMessage } from '@stomp/stompjs';
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

export class RealtimeConnection {
  private client: Client | null = null;
  private token: string | null = null;
  readonly box = new NoticeBox();
  private readonly chatListeners = new Set<ChatListener>();

  constructor(private readonly brokerURL: () => string = defaultBrokerUrl) {}

  /** Follows the session: call once; returns the stop function. */
  follow(): () => void {
    const sync = () => {
      const s = getSession();
      const staffId = s.profile?.staffId;
      if (s.token && staffId) this.open(s.token, staffId);
      else this.close();
    };
    sync();
    const off = subscribeSession(sync);
    return () => {
      off();
      this.close();
    };
  }

  private open(token: string, staffId: number): void {
    if (this.client && this.token === token) return;
    this.close();
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

  close(): void {
    if (!this.client) return;
    const c = this.client;
    this.client = null;
    this.token = null;
    this.box.stop();
    void c.deactivate();
    resetMessageState();
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

  onChatMessage(l: ChatListener): () => void {
    this.chatListeners.add(l);
    return () => this.chatListeners.delete(l);
  }
}

/** The page's single connection. */
export const realtime = new RealtimeConnection();
