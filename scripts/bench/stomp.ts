/**
 * Real-time bench: 1,000 STOMP clients on loopback receive 100 notices each through the whole
 * path (NOTIFY on the embedded database -> LISTEN -> gateway -> MESSAGE frames), compared with a
 * raw `ws` broadcast of the same bodies to 1,000 sockets in the same run.
 * Notices are published on the bus, not inserted: this measures the channel, not INSERT speed.
 *
 *   npx tsx scripts/bench/stomp.ts            (CLIENTS=1000 NOTICES=100 to change the size)
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { WebSocketServer, WebSocket } from 'ws';
import { pgliteParsers, wrapPglite } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';
import { loadEntities } from '../../server/schema/load';
import { seedIfEmpty } from '../../server/seed/seed';
import { buildApp } from '../../server/app';
import { hashToken, newToken } from '../../server/auth/tokens';
import { publish } from '../../server/realtime/bus';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const NOTICES = Number(process.env.NOTICES ?? 100);

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0;
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** Waits until `done()` or the deadline; resolves with whether it completed. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  return out;
}

/** Staff members and sessions for the clients, written directly (the login path is not under test). */
async function makeSessions(db: any, n: number): Promise<{ staffId: number; token: string }[]> {
  const admin = await db.selectFrom('staff as s').innerJoin('account as a', 'a.accountId', 's.accountId')
    .select(['s.accountId', 's.orgId', 's.corpId', 's.depId']).where('a.username', '=', 'admin').where('s.isDefault', '=', true).executeTakeFirstOrThrow();
  const out: { staffId: number; token: string }[] = [];
  for (let i = 0; i < n; i += 250) {
    const rows = Array.from({ length: Math.min(250, n - i) }, (_, j) => ({ orgId: admin.orgId, corpId: admin.corpId, depId: admin.depId, name: `压测${i + j}` }));
    const staff = await db.insertInto('staff').values(rows).returning('staffId').execute();
    const tokens = staff.map(() => newToken());
    await db.insertInto('authSession').values(staff.map((s: any, j: number) => ({
      tokenHash: hashToken(tokens[j]), accountId: admin.accountId, staffId: s.staffId, orgId: admin.orgId, corpId: admin.corpId,
    }))).execute();
    staff.forEach((s: any, j: number) => out.push({ staffId: s.staffId, token: tokens[j] }));
  }
  return out;
}

interface Receiver { count: number; latencies: number[] }

function stompClient(url: string, s: { staffId: number; token: string }, r: Receiver): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let ready = false;
    ws.on('open', () => ws.send(`CONNECT\naccept-version:1.2\nhost:bench\naccess-token:${s.token}\nheart-beat:0,0\n\n\0`));
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (!ready) {
        if (text.startsWith('CONNECTED')) {
          ws.send(`SUBSCRIBE\nid:0\ndestination:/user/${s.staffId}/response\n\n\0SUBSCRIBE\nid:1\ndestination:/user/${s.staffId}/error\nreceipt:r\n\n\0`);
        } else if (text.startsWith('RECEIPT')) {
          ready = true;
          resolve(ws);
        } else reject(new Error(text.slice(0, 200)));
        return;
      }
      if (!text.startsWith('MESSAGE')) return;
      const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2, -1));
      r.count++;
      r.latencies.push(performance.now() - body.ts);
    });
    ws.on('error', reject);
  });
}

async function stompRun(): Promise<{ delivered: number; expected: number; p99Ms: number; seconds: number; perSecond: number; complete: boolean }> {
  const pglite = await PGlite.create('memory://', { parsers: pgliteParsers });
  const database = wrapPglite(pglite);
  await prepareDatabase(database.db, loadEntities());
  await seedIfEmpty(database.db, { adminPassword: 'Bench@123' });
  const sessions = await makeSessions(database.db, CLIENTS);
  const app = await buildApp({ database, logger: false, uiDir: false, realtime: { silentTimeoutMs: 10 * 60_000, outboxIntervalMs: 0, maxBufferedBytes: 16 * 1024 * 1024 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws`;
  const r: Receiver = { count: 0, latencies: [] };
  const sockets = await inBatches(CLIENTS, 50, (i) => stompClient(url, sessions[i]!, r));
  const staffIds = sessions.map((s) => s.staffId);
  const expected = CLIENTS * NOTICES;
  const t0 = performance.now();
  for (let i = 0; i < NOTICES; i++) {
    await publish(database.db, { t: staffIds, e: { type: 'event_message', msg: { type: 2, id: i + 1 }, ts: performance.now() } });
    // Notices arrive over time, not in one burst: let sockets flush between them (the raw run does the same).
    await new Promise((res) => setImmediate(res));
  }
  const complete = await until(() => r.count >= expected, 120_000);
  const seconds = (performance.now() - t0) / 1000;
  for (const ws of sockets) ws.terminate();
  await app.close();
  await database.close();
  return { delivered: r.count, expected, p99Ms: round(p99(r.latencies)), seconds: round(seconds, 3), perSecond: Math.round(r.count / seconds), complete };
}

/** Baseline: the same bodies broadcast by a bare ws server to as many bare ws clients. */
async function rawRun(): Promise<{ delivered: number; p99Ms: number; seconds: number; perSecond: number }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
  const r: Receiver = { count: 0, latencies: [] };
  const sockets = await inBatches(CLIENTS, 50, () => new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('message', (data: Buffer) => {
      const body = JSON.parse(data.toString('utf8'));
      r.count++;
      r.latencies.push(performance.now() - body.ts);
    });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
  }));
  await until(() => wss.clients.size >= CLIENTS, 10_000);
  const expected = CLIENTS * NOTICES;
  const t0 = performance.now();
  for (let i = 0; i < NOTICES; i++) {
    const body = JSON.stringify({ type: 'event_message', msg: { type: 2, id: i + 1 }, ts: performance.now() });
    for (const c of wss.clients) c.send(body);
    // Same pacing as the STOMP run.
    await new Promise((res) => setImmediate(res));
  }
  await until(() => r.count >= expected, 120_000);
  const seconds = (performance.now() - t0) / 1000;
  for (const ws of sockets) ws.terminate();
  await new Promise((res) => wss.close(() => res(null)));
  return { delivered: r.count, p99Ms: round(p99(r.latencies)), seconds: round(seconds, 3), perSecond: Math.round(r.count / seconds) };
}

export async function runStompBench(): Promise<Record<string, unknown>> {
  // STOMP first: the raw run then profits from a warm JIT, which keeps the ratio conservative.
  const stomp = await stompRun();
  const raw = await rawRun();
  return {
    name: 'stomp',
    clients: CLIENTS,
    noticesEach: NOTICES,
    delivered: stomp.delivered,
    expected: stomp.expected,
    allDelivered: stomp.delivered === stomp.expected,
    p99LatencyMs: stomp.p99Ms,
    stompDeliveriesPerSecond: stomp.perSecond,
    rawWsDeliveriesPerSecond: raw.perSecond,
    rawWsP99LatencyMs: raw.p99Ms,
    throughputRatio: round(stomp.perSecond / raw.perSecond, 3),
    goal: '>= 0.3',
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStompBench().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
