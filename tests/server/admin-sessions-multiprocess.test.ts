/**
 * Two server processes on one PostgreSQL (issue 10): a role change, a disabled staff member or a
 * reset password served by one process is in force on the very next request the other serves,
 * though that process had the session cached.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgPool, wrapPgPool } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';
import { loadEntities } from '../../server/schema/load';
import { seedIfEmpty } from '../../server/seed/seed';
import { PG_URL, postgresReachable, TEST_ADMIN_PASSWORD } from './helpers/databases';
import { PASSWORDS } from './helpers/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reachable = await postgresReachable();
if (!reachable) console.warn(`[admin-sessions-multiprocess] PostgreSQL at ${PG_URL} is unreachable: the two-process test is skipped`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Proc { child: ChildProcess; base: string; output: string[] }

async function startServer(url: string): Promise<Proc> {
  const port = await freePort();
  // A process group of its own so the whole tree goes on kill (STACK pitfall 8).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DB_POOL_MAX: '3' },
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  // by the clock: a process that seeds on CI's busy cores can take over a minute
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      await fetch(`${base}/api/openapi.json`);
      return { child, base, output };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server did not start: ${output.join('')}`);
}

function stop(p?: Proc): Promise<void> {
  if (!p || p.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.child.once('exit', () => resolve());
    try {
      process.kill(-p.child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-p.child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000).unref();
  });
}

async function call(base: string, method: string, url: string, token?: string, data?: unknown): Promise<any> {
  const headers: Record<string, string> = {};
  if (token) headers['access-token'] = token;
  if (data !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: data === undefined ? undefined : JSON.stringify({ data }) });
  return res.json();
}

async function login(base: string, username: string) {
  const r = await call(base, 'POST', '/api/v1/auth/login', undefined, { username, password: PASSWORDS[username] });
  const me = await call(base, 'GET', '/api/v1/auth/me', r.data.token);
  return { token: r.data.token as string, staffId: me.data.staffId as number };
}

describe.skipIf(!reachable)('authorisation changes across two server processes', () => {
  const schema = `adm_mp_${randomBytes(4).toString('hex')}`;
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let a: Proc | undefined;
  let b: Proc | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = wrapPgPool(createPgPool(PG_URL, { max: 2, options: `-c search_path=${schema}` }));
    await prepareDatabase(database.db, loadEntities());
    await seedIfEmpty(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
    await database.close();
    [a, b] = await Promise.all([startServer(url), startServer(url)]);
  }, 240000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  }, 60000);

  it('refuses on B what A took away, on the next request', async () => {
    const admin = await login(a!.base, 'admin');
    const U = '/api/v1/user-base';
    const role = (await call(a!.base, 'POST', `${U}/role/save`, admin.token, { name: '跨进程角色', code: 'crossProcess', permissions: ['首页', '商务'] })).data;
    const staff = (await call(a!.base, 'POST', `${U}/staff/save`, admin.token, { name: '跨进程员工', username: 'crossproc', initialPassword: 'Cross@2026', roleIds: [role.roleId] })).data;
    const r = await call(b!.base, 'POST', '/api/v1/auth/login', undefined, { username: 'crossproc', password: 'Cross@2026' });
    const token = r.data.token as string;
    const customers = () => call(b!.base, 'GET', `${U}/customer/list-local-customer`, token);
    expect((await customers()).code).toBe(0);
    expect((await customers()).code).toBe(0); // cached in B now

    expect((await call(a!.base, 'PUT', `${U}/role/${role.roleId}`, admin.token, { permissions: ['首页'], version: role.version })).code).toBe(0);
    expect((await customers()).code).toBe(403);
    expect((await call(b!.base, 'GET', '/api/v1/auth/me', token)).code).toBe(0);

    expect((await call(a!.base, 'PUT', `${U}/staff/${staff.staffId}/disable`, admin.token, { version: staff.version })).code).toBe(0);
    expect((await call(b!.base, 'GET', '/api/v1/auth/me', token)).code).toBe(401);

    await call(a!.base, 'PUT', `${U}/staff/${staff.staffId}/enable`, admin.token, { version: staff.version + 1 });
    const again = (await call(b!.base, 'POST', '/api/v1/auth/login', undefined, { username: 'crossproc', password: 'Cross@2026' })).data.token as string;
    expect((await call(b!.base, 'GET', '/api/v1/auth/me', again)).code).toBe(0);
    expect((await call(a!.base, 'POST', `${U}/staff/resetPassword`, admin.token, { staffId: staff.staffId, password: 'Other@2027' })).code).toBe(0);
    expect((await call(b!.base, 'GET', '/api/v1/auth/me', again)).code).toBe(401);
  }, 60000);
});
