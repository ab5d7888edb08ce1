/** Starts the product server (or a bare Fastify baseline) in its own process for a benchmark. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');

export interface Running {
  url: string;
  /** the server's process id (memory readings) */
  pid?: number;
  stop(): Promise<void>;
}

// BENCH_START_TIMEOUT_MS: a first start seeds the demo data, which takes longer on a loaded machine.
async function waitFor(url: string, child: ChildProcess, timeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 300_000)): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not start`);
}

function stopper(child: ChildProcess, cleanup?: () => void) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    cleanup?.();
  };
}

/** The product server on a fresh embedded database, or on `databaseUrl`. */
export async function startProduct(port: number, databaseUrl?: string, keepDataDir?: string): Promise<Running> {
  const dataDir = keepDataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_SLOW_LIST=1: a deliberately slowed list call, to see the regression report name it.
  const slow = process.env.BENCH_SLOW_LIST === '1' ? ['--import', join(repoRoot, 'scripts/bench/slow-list.ts')] : [];
  // BENCH_PRODUCT_DIR: another checkout's server (e.g. main, to compare a branch with it).
  const productDir = process.env.BENCH_PRODUCT_DIR ?? repoRoot;
  const child = spawn(process.execPath, ['--import', 'tsx', ...slow, join(productDir, 'server/main.ts')], { cwd: productDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, keepDataDir ? undefined : () => rmSync(dataDir, { recursive: true, force: true }));
  // A server that never came up is stopped too, not left seeding on the shared machine.
  await waitFor(`${url}/api/v1/user-base/organization/allow-anonymous/list`, child).catch(async (e) => { await stop(); throw e; });
  return { url, pid: child.pid, stop };
}

/** A bare Fastify hello-world: the ceiling a JSON API on this machine can reach. */
export async function startHello(port: number): Promise<Running> {
  const code = `
    const Fastify = (await import('fastify')).default;
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ code: 0, msg: 'ok', data: 'hello' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/hello`, child);
  return { url, stop: stopper(child) };
}

/**
 * Bare Fastify + pg on the product's database: `select 1`, and the same 20-row customer page the
 * product serves (no session, permission, validation or mapping). The ceilings of this machine.
 */
export async function startRawPg(port: number, databaseUrl: string, orgId: number): Promise<Running> {
  const code = `
    const Fastify = (await import('fastify')).default;
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const app = Fastify({ logger: false });
    app.get('/one', async () => ({ code: 0, msg: 'ok', data: (await pool.query('select 1 as x')).rows }));
    app.get('/page', async () => {
      const r = await pool.query('select *, count(*) over () as total from customer where org_id = $1 order by updated_at desc, customer_id desc limit 20', [${orgId}]);
      return { code: 0, msg: 'ok', data: { list: r.rows, total: Number(r.rows[0]?.total ?? 0), pageNo: 1, pageSize: 20 } };
    });
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/one`, child);
  return { url, stop: stopper(child) };
}

export async function login(url: string, username = 'admin', password = 'Admin@123'): Promise<string> {
  const r = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { username, password } }),
  });
  const body = (await r.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`login failed: ${body.msg}`);
  return body.data.token;
}
