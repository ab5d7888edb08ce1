/**
 * The STOMP-over-WebSocket gateway: one `ws` server in noServer mode on Fastify's HTTP server.
 * Holds the sockets of this process, indexed by staff and by session, and delivers bus events.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Session } from '../auth/session-types';
import { encodeFrame, FrameError, FrameParser, MAX_FRAME_BYTES, negotiateHeartbeat, type Frame } from './frame';
import { rawEnvelopeReply } from '../http/hardening';
import { parseDestination, parseTopic, responseDestination, errorDestination, topicRule, type PushEvent } from './events';
import { hasPermission } from '../../schemas/src/permission';

export interface GatewayOptions {
  verify(token: string): Promise<Session | null>;
  /** SEND to /app/...: returns nothing; answers travel over the bus. Throws HttpError-like {message}. */
  onSend(session: Session, destination: string, body: unknown): Promise<void>;
  heartbeatMs?: number;
  silentTimeoutMs?: number;
  maxBufferedBytes?: number;
  allowedOrigins?: string[];
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const MAX_SUBSCRIPTIONS = 10;
const MAX_SOCKETS_PER_SESSION = 20;
const MAX_PENDING_FRAMES = 100;
const SEND_WINDOW_MS = 10_000;
const MAX_SENDS_PER_WINDOW = 50;
const REVERIFY_MS = 5 * 60 * 1000;

export const REALTIME_MSG = {
  unauthenticated: '登录已过期，请重新登录',
  forbiddenDestination: '无权订阅该目的地',
  notConnected: '请先发送 CONNECT',
  badFrame: '消息格式不正确',
  revoked: '登录已失效，请重新登录',
  badDestination: '不支持的目的地',
  tooManySubscriptions: '订阅数量过多',
  tooManySockets: '连接数过多，请关闭部分页面后重试',
  tooFast: '发送过于频繁，请稍后再试',
} as const;

class Connection {
  session: Session | null = null;
  readonly subs = new Map<string, string>(); // subscription id -> destination
  readonly parser = new FrameParser();
  lastIn = Date.now();
  lastOut = Date.now();
  sendEvery = 0;
  token = '';
  verifiedAt = Date.now();
  pending = 0;
  sendWindowStart = 0;
  sendsInWindow = 0;
  private queue: Promise<void> = Promise.resolve();
  closed = false;

  constructor(readonly ws: WebSocket, readonly gw: Gateway) {}

  /** Frames are handled one after another: CONNECT's token check is async and must finish first. */
  enqueue(job: () => Promise<void>): boolean {
    // A client that sends faster than its frames are handled is cut off, not queued without bound.
    if (this.pending >= MAX_PENDING_FRAMES) return false;
    this.pending++;
    this.queue = this.queue.then(job).catch((err) => this.gw.fail(this, err)).finally(() => void this.pending--);
    return true;
  }

  /** SEND budget: a fixed window is enough to stop a runaway page. */
  allowSend(now = Date.now()): boolean {
    if (now - this.sendWindowStart > SEND_WINDOW_MS) {
      this.sendWindowStart = now;
      this.sendsInWindow = 0;
    }
    return ++this.sendsInWindow <= MAX_SENDS_PER_WINDOW;
  }

  write(data: Buffer | string): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > this.gw.maxBuffered) {
      // A consumer that does not read is dropped rather than buffered without bound.
      this.gw.log?.warn({ staffId: this.session?.staffId, buffered: this.ws.bufferedAmount }, 'realtime slow consumer dropped');
      this.terminate();
      return;
    }
    this.ws.send(data, { binary: false });
    this.lastOut = Date.now();
  }

  error(message: string, headers: Record<string, string> = {}): void {
    this.write(encodeFrame('ERROR', { message, 'content-type': 'text/plain;charset=utf-8', ...headers }, message));
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.gw.forget(this);
    // Let the ERROR frame flush before the close handshake.
    this.ws.close(1000);
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  terminate(): void {
    this.closed = true;
    this.gw.forget(this);
    this.ws.terminate();
  }
}

export class Gateway {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  private readonly byStaff = new Map<number, Set<Connection>>();
  private readonly bySession = new Map<number, Set<Connection>>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly all = new Set<Connection>();
  private readonly timer: NodeJS.Timeout;
  private messageSeq = 0;
  private draining = false;
  readonly heartbeatMs: number;
  readonly silentTimeoutMs: number;
  readonly maxBuffered: number;
  readonly log: GatewayOptions['log'];

  constructor(private readonly opts: GatewayOptions) {
    this.heartbeatMs = opts.heartbeatMs ?? 5000;
    this.silentTimeoutMs = opts.silentTimeoutMs ?? 15000;
    this.maxBuffered = opts.maxBufferedBytes ?? 1024 * 1024;
    this.log = opts.log;
    // One timer for every socket instead of two per socket (the bench holds 1,000).
    this.timer = setInterval(() => this.tick(), Math.min(1000, Math.max(50, Math.floor(this.silentTimeoutMs / 5))));
    this.timer.unref();
  }

  get size(): number {
    return this.all.size;
  }

  /** Refusals happen before the handshake so a refused page learns nothing but the status. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refuse = (status: number, text: string, msg: string) => {
      // Destroy once written: a client that never sends FIN must not hold the server's close.
      socket.once('finish', () => socket.destroy());
      socket.end(rawEnvelopeReply(status, text, msg));
    };
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Tokens in URLs end up in logs and browser history: the token travels in CONNECT only.
    if ([...url.searchParams.keys()].some((k) => /token/i.test(k))) return refuse(400, 'Bad Request', '令牌不能放在地址中，请在 CONNECT 中发送');
    if (!this.originAllowed(req)) return refuse(403, 'Forbidden', '不允许的来源');
    if (this.draining) return refuse(503, 'Service Unavailable', '服务器正在重启，请稍后重试');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    // Non-browser clients send no Origin; they still need a token in CONNECT.
    if (!origin) return true;
    if ((this.opts.allowedOrigins ?? []).includes(origin)) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }

  private accept(ws: WebSocket): void {
    const conn = new Connection(ws, this);
    this.all.add(conn);
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      conn.lastIn = Date.now();
      let frames: Frame[];
      try {
        frames = conn.parser.push(isBinary ? data : Buffer.from(data));
      } catch (err) {
        return conn.error(err instanceof FrameError ? REALTIME_MSG.badFrame : String(err));
      }
      for (const f of frames) {
        if (!conn.enqueue(() => this.handle(conn, f))) return conn.error(REALTIME_MSG.tooFast);
      }
    });
    ws.on('close', () => {
      conn.closed = true;
      this.forget(conn);
    });
    ws.on('error', () => conn.terminate());
  }

  fail(conn: Connection, err: unknown): void {
    this.log?.warn({ err }, 'realtime frame handling failed');
    conn.error(REALTIME_MSG.badFrame);
  }

  private async handle(conn: Connection, f: Frame): Promise<void> {
    if (conn.closed) return;
    if (!conn.session) {
      if (f.command !== 'CONNECT' && f.command !== 'STOMP') return conn.error(REALTIME_MSG.notConnected);
      return this.connect(conn, f);
    }
    switch (f.command) {
      case 'SUBSCRIBE': {
        const destination = f.headers.destination ?? '';
        const target = parseDestination(destination);
        const topic = target ? null : parseTopic(destination);
        const rule = topic ? topicRule(topic) : undefined;
        const allowed = target ? target.staffId === conn.session.staffId : !!rule && hasPermission(conn.session.permissions, rule.permission);
        if (!f.headers.id || !allowed) return conn.error(REALTIME_MSG.forbiddenDestination);
        if (conn.subs.size >= MAX_SUBSCRIPTIONS && !conn.subs.has(f.headers.id)) return conn.error(REALTIME_MSG.tooManySubscriptions);
        this.unsubscribe(conn, f.headers.id);
        conn.subs.set(f.headers.id, destination);
        if (topic) index(this.byTopic, topic, conn);
        break;
      }
      case 'UNSUBSCRIBE':
        this.unsubscribe(conn, f.headers.id ?? '');
        break;
      case 'SEND':
        await this.send(conn, f);
        break;
      case 'DISCONNECT':
        if (f.headers.receipt) conn.write(encodeFrame('RECEIPT', { 'receipt-id': f.headers.receipt }));
        return conn.close();
      case 'ACK':
      case 'NACK':
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        break; // auto-ack subscriptions only; transactions are not offered
      default:
        return conn.error(REALTIME_MSG.badFrame);
    }
    if (f.headers.receipt) conn.write(encodeFrame('RECEIPT', { 'receipt-id': f.headers.receipt }));
  }

  private async connect(conn: Connection, f: Frame): Promise<void> {
    const versions = (f.headers['accept-version'] ?? '1.0').split(',');
    if (!versions.includes('1.2')) return conn.error('仅支持 STOMP 1.2', { version: '1.2' });
    const session = await this.opts.verify(f.headers['access-token'] ?? '');
    if (conn.closed) return;
    if (!session) return conn.error(REALTIME_MSG.unauthenticated);
    // One session is one browser: a handful of tabs is normal, hundreds of sockets is abuse.
    if ((this.bySession.get(session.sessionId)?.size ?? 0) >= MAX_SOCKETS_PER_SESSION) return conn.error(REALTIME_MSG.tooManySockets);
    conn.session = session;
    conn.token = f.headers['access-token']!;
    conn.verifiedAt = Date.now();
    const hb = negotiateHeartbeat(f.headers['heart-beat'], this.heartbeatMs, this.heartbeatMs);
    conn.sendEvery = hb.send;
    index(this.byStaff, session.staffId, conn);
    index(this.bySession, session.sessionId, conn);
    conn.write(encodeFrame('CONNECTED', {
      version: '1.2',
      'heart-beat': `${this.heartbeatMs},${this.heartbeatMs}`,
      server: 'logistics-realtime/1.0',
      'user-name': String(session.staffId),
    }));
  }

  private async send(conn: Connection, f: Frame): Promise<void> {
    const session = conn.session!;
    if (!conn.allowSend()) return this.toErrorQueue(conn, REALTIME_MSG.tooFast);
    let body: unknown = null;
    try {
      body = f.body ? JSON.parse(f.body) : null;
    } catch {
      return this.toErrorQueue(conn, '消息内容不是合法的JSON');
    }
    // The session may have idled out or been revoked elsewhere since CONNECT: check before acting.
    if (!(await this.reverify(conn))) return;
    try {
      await this.opts.onSend(conn.session ?? session, f.headers.destination ?? '', body);
    } catch (err) {
      const status = (err as { status?: number }).status;
      const msg = status && status < 500 ? (err as Error).message : '服务器内部错误';
      if (!status || status >= 500) this.log?.warn({ err }, 'realtime SEND failed');
      this.toErrorQueue(conn, msg);
    }
  }

  private async reverify(conn: Connection): Promise<boolean> {
    conn.verifiedAt = Date.now();
    const session = await this.opts.verify(conn.token);
    if (conn.closed) return false;
    if (!session) {
      conn.error(REALTIME_MSG.unauthenticated);
      return false;
    }
    conn.session = session;
    return true;
  }

  private toErrorQueue(conn: Connection, msg: string): void {
    const dest = errorDestination(conn.session!.staffId);
    const body = Buffer.from(JSON.stringify({ type: 'error', msg }), 'utf8');
    for (const [id, d] of conn.subs) if (d === dest) conn.write(messageFrame(d, id, ++this.messageSeq, body));
  }

  /** Delivers one event to every socket of these staff members on this process. */
  deliver(staffIds: number[], event: PushEvent): number {
    const body = Buffer.from(JSON.stringify(event), 'utf8');
    let n = 0;
    for (const staffId of staffIds) {
      const conns = this.byStaff.get(staffId);
      if (!conns) continue;
      const dest = responseDestination(staffId);
      for (const conn of conns) {
        for (const [id, d] of conn.subs) {
          if (d !== dest) continue;
          conn.write(messageFrame(d, id, ++this.messageSeq, body));
          n++;
        }
      }
    }
    return n;
  }

  /**
   * Delivers one event to the sockets of organisation `orgId` subscribed to `topic` on this
   * process. The organisation is the socket's session's: another organisation's subscriber of
   * the same topic never receives it.
   */
  deliverTopic(orgId: number, topic: string, event: PushEvent): number {
    const conns = this.byTopic.get(topic);
    if (!conns) return 0;
    const dest = `/topic/${topic}`;
    let body: Buffer | null = null;
    let n = 0;
    for (const conn of conns) {
      if (conn.session?.orgId !== orgId) continue;
      body ??= Buffer.from(JSON.stringify(event), 'utf8');
      for (const [id, d] of conn.subs) {
        if (d !== dest) continue;
        conn.write(messageFrame(d, id, ++this.messageSeq, body));
        n++;
      }
    }
    return n;
  }

  private unsubscribe(conn: Connection, id: string): void {
    const d = conn.subs.get(id);
    if (d === undefined) return;
    conn.subs.delete(id);
    const topic = parseTopic(d);
    if (topic && ![...conn.subs.values()].includes(d)) unindex(this.byTopic, topic, conn);
  }

  /** Closes the sockets of ended sessions (logout, organisation switch, password change). */
  kick(sessionIds: number[]): void {
    for (const id of sessionIds) {
      for (const conn of [...(this.bySession.get(id) ?? [])]) conn.error(REALTIME_MSG.revoked);
    }
  }

  forget(conn: Connection): void {
    this.all.delete(conn);
    for (const d of conn.subs.values()) {
      const topic = parseTopic(d);
      if (topic) unindex(this.byTopic, topic, conn);
    }
    if (!conn.session) return;
    unindex(this.byStaff, conn.session.staffId, conn);
    unindex(this.bySession, conn.session.sessionId, conn);
  }

  private tick(): void {
    const now = Date.now();
    for (const conn of this.all) {
      // Silent for too long (no frame, no heart-beat, or never sent CONNECT): dropped.
      if (now - conn.lastIn > this.silentTimeoutMs) {
        conn.terminate();
        continue;
      }
      // Send a heart-beat a little early so a tick's jitter never makes it late.
      // Idle expiry is enforced on sockets too, not only on HTTP calls.
      if (conn.session && now - conn.verifiedAt > REVERIFY_MS) {
        conn.verifiedAt = now;
        conn.enqueue(async () => void (await this.reverify(conn)));
      }
      if (conn.sendEvery && now - conn.lastOut >= conn.sendEvery - 1000) conn.write('\n');
    }
  }

  /**
   * Shutdown of this process: every client is told why in an ERROR frame (STOMP ends the
   * connection there) and reconnects after its delay, through the proxy to another process.
   */
  drain(message: string): void {
    this.draining = true;
    for (const conn of [...this.all]) conn.error(message, { reconnect: 'true' });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const conn of [...this.all]) conn.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function index<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function unindex<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (!set.size) map.delete(key);
}

/** MESSAGE frames are built directly: the body is encoded once per event, not once per socket. */
function messageFrame(destination: string, subscription: string, id: number, body: Buffer): Buffer {
  const head = `MESSAGE\ndestination:${destination}\nsubscription:${subscription.replace(/[\\:\n\r]/g, (c) => ({ '\\': '\\\\', ':': '\\c', '\n': '\\n', '\r': '\\r' })[c]!)}\nmessage-id:${id}\ncontent-type:application/json\ncontent-length:${body.length}\n\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), body, ZERO]);
}

const ZERO = Buffer.from([0]);
