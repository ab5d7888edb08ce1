/** Shared by the realtime*.test.ts files: a listening app, logins, and STOMP/WebSocket clients. */
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/connect';
import type { RealtimeOptions } from '../../server/realtime/plugin';
import { freshDatabase, pgUrlFor, type Backend } from './helpers/databases';
import { PASSWORDS } from './helpers/harness';

export interface Live {
  app: FastifyInstance;
  database: Database;
  base: string;
  wsUrl: string;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, data?: unknown): Promise<any>;
  login(username: string): Promise<{ token: string; staffId: number; orgId: number }>;
  close(): Promise<void>;
}

export async function startLive(backend: Backend, realtime: Omit<RealtimeOptions, 'db'> = {}, database?: Database): Promise<Live> {
  const db = database ?? (await freshDatabase(backend));
  const app = await buildApp({ database: db, logger: false, uiDir: false, realtime: { pgUrl: backend === 'postgres' ? pgUrlFor(db) : undefined, outboxIntervalMs: 0, ...realtime } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const call: Live['call'] = async (method, url, token, data) => {
    const headers: Record<string, string> = {};
    if (token) headers['access-token'] = token;
    let payload: string | undefined;
    if (data !== undefined) {
      payload = JSON.stringify({ data });
      headers['content-type'] = 'application/json';
    }
    const res = await app.inject({ method, url, headers, payload });
    return { status: res.statusCode, ...JSON.parse(res.body) };
  };
  return {
    app, database: db, base, wsUrl: `ws://127.0.0.1:${port}/ws`, call,
    async login(username) {
      const r = await call('POST', '/api/v1/auth/login', undefined, { username, password: PASSWORDS[username] });
      if (r.code !== 0) throw new Error(`login ${username}: ${r.msg}`);
      const me = await call('GET', '/api/v1/auth/me', r.data.token);
      return { token: r.data.token, staffId: me.data.staffId, orgId: me.data.orgId };
    },
    async close() {
      await app.close();
      if (!database) await db.close();
    },
  };
}

export interface TestClient {
  client: Client;
  events: any[];
  errors: string[];
  closed: Promise<void>;
  waitFor(pred: (e: any) => boolean, ms?: number): Promise<any>;
  send(destination: string, body: unknown): void;
  stop(): Promise<void>;
}

/** Connects with @stomp/stompjs and subscribes to the staff member's two destinations. */
export function connectStomp(wsUrl: string, headers: Record<string, string>, staffId?: number, opts: { heartbeat?: number; wsHeaders?: Record<string, string> } = {}): Promise<TestClient> {
  return new Promise((resolve, reject) => {
    const events: any[] = [];
    const errors: string[] = [];
    const waiters = new Set<() => void>();
    let closedResolve!: () => void;
    const closed = new Promise<void>((r) => (closedResolve = r));
    const onMessage = (m: IMessage) => {
      events.push(JSON.parse(m.body));
      for (const w of waiters) w();
    };
    const client = new Client({
      webSocketFactory: () => new WebSocket(wsUrl, { headers: opts.wsHeaders }),
      connectHeaders: headers,
      reconnectDelay: 0,
      heartbeatIncoming: opts.heartbeat ?? 1000,
      heartbeatOutgoing: opts.heartbeat ?? 1000,
      debug: () => undefined,
    });
    const api: TestClient = {
      client, events, errors, closed,
      waitFor(pred, ms = 5000) {
        return new Promise((res, rej) => {
          const check = () => {
            const hit = events.find(pred);
            if (hit) {
              waiters.delete(check);
              clearTimeout(t);
              res(hit);
            }
          };
          const t = setTimeout(() => {
            waiters.delete(check);
            rej(new Error(`event not received; got ${JSON.stringify(events)}`));
          }, ms);
          waiters.add(check);
          check();
        });
      },
      send(destination, body) {
        client.publish({ destination, body: JSON.stringify(body) });
      },
      async stop() {
        await client.deactivate();
      },
    };
    client.onConnect = () => {
      if (!staffId) return resolve(api);
      // Resolve once the server has processed the subscriptions (RECEIPT), so no push is missed.
      const receipt = `sub-${staffId}-${Math.random().toString(36).slice(2)}`;
      client.watchForReceipt(receipt, () => resolve(api));
      client.subscribe(`/user/${staffId}/response`, onMessage);
      client.subscribe(`/user/${staffId}/error`, onMessage, { receipt });
    };
    client.onStompError = (f) => {
      errors.push(f.headers.message ?? '');
      reject(new Error(`STOMP ERROR: ${f.headers.message}`));
    };
    client.onWebSocketClose = () => {
      closedResolve();
      reject(new Error('socket closed before CONNECTED'));
    };
    client.onWebSocketError = () => undefined;
    client.activate();
  });
}

/** A raw socket for frames stompjs would not send. Resolves with the handshake's HTTP status on refusal. */
export function rawSocket(url: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (req, res) => {
      req.destroy();
      resolve({ status: res.statusCode });
    });
    ws.on('error', () => resolve({ status: -1 }));
  });
}

export const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers).map(([k, v]) => `${k}:${v}`).join('\n')}\n\n${body}\0`;
