/**
 * The scale-out the architecture promises (issue 11): three server processes on one PostgreSQL,
 * started at once on an empty schema, behind a small round-robin proxy, sharing one upload folder.
 * Sessions, logout, login limits, notices and files work across them; a drained process finishes
 * what it started; a killed one loses no write it acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, postgresReachable } from './helpers/databases';
import { PASSWORDS } from './helpers/harness';
import { startProxy, type Proxy } from './helpers/proxy';
import { connectStomp } from './realtime-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reachable = await postgresReachable();
if (!reachable) console.warn(`[scale-out] PostgreSQL at ${PG_URL} is unreachable: the three-process test is skipped`);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const START_TIMEOUT = 240_000;

interface Proc { child: ChildProcess; port: number; output: string[]; exited: Promise<number | null> }

async function startServer(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  // A process group of its own so the whole tree goes on kill (STACK pitfall 8).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DB_POOL_MAX: '4', TRUST_PROXY: '1' },
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The first process to take the schema seeds the demo data; on CI's busy cores that took over a
  // minute, so the wait is by the clock, not by a count of polls.
  const deadline = Date.now() + START_TIMEOUT;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return { child, port, output, exited };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output.join('')}`);
}

function signal(p: Proc, sig: NodeJS.Signals): void {
  try {
    process.kill(-p.child.pid!, sig);
  } catch {
    /* gone */
  }
}

async function stop(p?: Proc): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  signal(p, 'SIGTERM');
  const t = setTimeout(() => signal(p, 'SIGKILL'), 5000);
  await p.exited;
  clearTimeout(t);
}

/** Multipart body of one PNG upload, as the browser sends it. */
function uploadBody(): { body: Buffer; type: string } {
  const boundary = `----b${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="prefixName"\r\n\r\nscale\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * An upload whose body is sent in two halves, the second only when told. It asks `Expect:
 * 100-continue`: the server answers 100 once it has taken the request in (its onRequest hooks
 * have run), so `started` says for certain that the request is in flight.
 */
function halfSentUpload(port: number, token: string): { started: Promise<void>; finish(): void; answer: Promise<{ status: number; body: string }> } {
  const { body, type } = uploadBody();
  const socket = net.connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(`POST /api/v1/file-base/file/upload HTTP/1.1\r\nHost: 127.0.0.1\r\naccess-token: ${token}\r\nContent-Type: ${type}\r\n`
    + `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  let started!: () => void;
  const startedP = new Promise<void>((resolve) => (started = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('data', (d) => {
      chunks.push(d);
      if (Buffer.concat(chunks).toString('utf8').startsWith('HTTP/1.1 100')) {
        socket.write(body.subarray(0, half));
        started();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8').replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      if (!text) return reject(new Error('connection closed without an answer'));
      resolve({ status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
  return { started: startedP, finish: () => void socket.write(body.subarray(half)), answer };
}

describe.skipIf(!reachable)('three server processes on one PostgreSQL behind a proxy', () => {
  const schema = `scale_${randomBytes(4).toString('hex')}`;
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'scale-uploads-'));
  let procs: Proc[] = [];
  let proxy: Proxy;
  let sql: pg.Client;

  /** Through the proxy; `upstream` pins the request to one process. */
  async function call(method: string, url: string, opts: { token?: string; data?: unknown; upstream?: number; ip?: string } = {}) {
    const headers: Record<string, string> = {};
    if (opts.token) headers['access-token'] = opts.token;
    if (opts.upstream !== undefined) headers['x-test-upstream'] = String(opts.upstream);
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    if (opts.data !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(proxy.url + url, { method, headers, body: opts.data === undefined ? undefined : JSON.stringify({ data: opts.data }) });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, upstream: Number(res.headers.get('x-upstream')), body };
  }
  const login = async (username: string, upstream?: number) => {
    const r = await call('POST', '/api/v1/auth/login', { data: { username, password: PASSWORDS[username] }, upstream });
    if (r.body.code !== 0) throw new Error(`login ${username}: ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // Three processes start at once on the empty schema: preparing and seeding must not race.
    const env = { DATABASE_URL: url, UPLOAD_DIR: uploads, ADMIN_PASSWORD: PASSWORDS.admin! };
    procs = await Promise.all([startServer(env), startServer(env), startServer(env)]);
    proxy = await startProxy(procs.map((p) => p.port));
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  }, START_TIMEOUT + 60_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stop(p)));
    await proxy?.close();
    await sql?.end();
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
    rmSync(uploads, { recursive: true, force: true });
  }, 60000);

  it('prepares the database once, and a session made on one process works on the others', async () => {
    expect((await sql.query('select count(*)::int as n from corp')).rows[0].n).toBe(1);
    expect((await sql.query("select count(*)::int as n from account where username = 'admin'")).rows[0].n).toBe(1);
    const token = await login('business', 0);
    const answers = await Promise.all([1, 2].map((upstream) => call('GET', '/api/v1/auth/me', { token, upstream })));
    expect(answers.map((r) => [r.status, r.upstream, r.body.data?.username])).toEqual([[200, 1, 'business'], [200, 2, 'business']]);
  });

  it('a logout on one process ends the session on every process at once', async () => {
    const token = await login('business', 0);
    // Each process has verified (and cached) the session before the logout.
    for (const upstream of [0, 1, 2]) expect((await call('GET', '/api/v1/auth/me', { token, upstream })).status).toBe(200);
    expect((await call('POST', '/api/v1/auth/logout', { token, upstream: 0, data: {} })).body.code).toBe(0);
    const after = await Promise.all([1, 2, 0].map((upstream) => call('GET', '/api/v1/auth/me', { token, upstream })));
    expect(after.map((r) => r.status)).toEqual([401, 401, 401]);
  });

  it('counts login failures across all processes', async () => {
    // Per account: 30 wrong logins spread over the processes get exactly 5 password checks.
    const tries = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      call('POST', '/api/v1/auth/login', { data: { username: 'suzhou', password: `wrong-${i}` }, ip: `198.51.100.${i + 1}` })));
    expect(new Set(tries.map((r) => r.upstream))).toEqual(new Set([0, 1, 2]));
    expect(tries.filter((r) => r.body.msg === '用户名或密码错误')).toHaveLength(5);
    expect(tries.filter((r) => r.body.msg === '登录失败次数过多，请输入验证码')).toHaveLength(25);
    // Per address: 20 failures from one address on any processes, then every process refuses it.
    for (let i = 0; i < 20; i++) await call('POST', '/api/v1/auth/login', { data: { username: `nobody-${i}`, password: 'x' }, ip: '203.0.113.7' });
    for (const upstream of [0, 1, 2]) {
      const r = await call('POST', '/api/v1/auth/login', { data: { username: 'business', password: PASSWORDS.business }, ip: '203.0.113.7', upstream });
      expect(r.status).toBe(429);
    }
  });

  it('a notice raised through one process reaches a socket held by another', async () => {
    const admin = await login('admin', 0);
    const business = await login('business', 2);
    const me = (await call('GET', '/api/v1/auth/me', { token: business })).body.data;
    const client = await connectStomp(`${proxy.url.replace('http', 'ws')}/ws`, { 'access-token': business }, me.staffId, { wsHeaders: { 'x-test-upstream': '2' } });
    try {
      const sent = await call('POST', '/api/v1/message-base/notice/send', { token: admin, upstream: 0, data: { staffIds: [me.staffId], message: '跨进程通知' } });
      expect(sent.body.data).toEqual({ count: 1 });
      const ev = await client.waitFor((e) => e.type === 'oa_message', 10000);
      const notice = await call('GET', `/api/v1/message-base/notice/1/${ev.msg.id}`, { token: business, upstream: 1 });
      expect(notice.body.data.message).toBe('跨进程通知');
    } finally {
      await client.stop();
    }
  });

  it('an upload through one process downloads through the others', async () => {
    const token = await login('admin', 0);
    const { body, type } = uploadBody();
    const up = await fetch(`${proxy.url}/api/v1/file-base/file/upload`, { method: 'POST', headers: { 'access-token': token, 'content-type': type, 'x-test-upstream': '0' }, body: new Uint8Array(body) });
    const saved = (await up.json()).data as { url: string };
    for (const upstream of ['1', '2']) {
      const down = await fetch(proxy.url + saved.url, { headers: { 'access-token': token, 'x-test-upstream': upstream } });
      expect(down.status).toBe(200);
      expect(Buffer.from(await down.arrayBuffer())).toEqual(PNG);
    }
  });

  it('SIGTERM drains a process: sockets are told to reconnect, the request in flight finishes, then it exits', async () => {
    const draining = procs[2]!;
    const token = await login('admin', 0);
    const me = (await call('GET', '/api/v1/auth/me', { token })).body.data;
    const client = await connectStomp(`ws://127.0.0.1:${draining.port}/ws`, { 'access-token': token }, me.staffId);
    const told = new Promise<Record<string, string>>((resolve) => (client.client.onStompError = (f) => resolve(f.headers)));
    const upload = halfSentUpload(draining.port, token);
    await upload.started;
    signal(draining, 'SIGTERM');
    const hint = await told;
    expect(hint).toMatchObject({ message: '服务器正在重启，请稍后自动重新连接', reconnect: 'true' });
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 0, data: { name: 'a.png' } });
    expect(await draining.exited).toBe(0);
    // The proxy stops sending there; the others go on serving the session.
    await expect(fetch(`http://127.0.0.1:${draining.port}/readyz`)).rejects.toThrow();
    expect((await call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
    await client.stop();
  });

  it('killing a process in the middle of writes loses no write it acknowledged', async () => {
    const victim = procs[1]!;
    const token = await login('admin', 0);
    // One request certainly in flight on the victim when it dies.
    const inFlight = halfSentUpload(victim.port, token);
    await inFlight.started;
    const inFlightOutcome = inFlight.answer.then(() => 'answered', () => 'lost with its connection');
    const acknowledged: { name: string; upstream: number }[] = [];
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; i < 25; i++) {
        const name = `写入测试${w}-${i}-${randomBytes(3).toString('hex')}`;
        const r = await call('POST', '/api/v1/user-base/customer/save', { token, data: { name } }).catch(() => null);
        if (r?.status === 200 && r.body.code === 0) acknowledged.push({ name, upstream: r.upstream });
        if (!killed && acknowledged.length >= 12) {
          killed = true;
          signal(victim, 'SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    expect(killed).toBe(true);
    expect(await inFlightOutcome).toBe('lost with its connection');
    expect(acknowledged.some((a) => a.upstream === 1)).toBe(true);
    const stored = new Set((await sql.query("select name from customer where name like '写入测试%'")).rows.map((r) => r.name as string));
    expect(acknowledged.filter((a) => !stored.has(a.name))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
  }, 60000);
});
