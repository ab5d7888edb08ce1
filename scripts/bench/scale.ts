/**
 * Issue 8's scale benches, each against a baseline measured in the same run:
 * - the customer list call's p50 with 1,000,000 rows in the organisation ÷ with 1,000 rows
 *   (PostgreSQL; PGlite too unless BENCH_SCALE_PGLITE=0), goal ≤ 2;
 * - exporting 100,000 rows: time and peak memory growth of the server ÷ exceljs's streaming
 *   writer writing the same rows from pg directly, goal ≤ 1.5;
 * - a report over 1,000,000 rows ÷ the same SQL run raw, goal ≤ 1.2.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { login, repoRoot, startProduct, type Running } from './servers';
import { track } from './guard';

const BIG = Number(process.env.BENCH_SCALE_ROWS ?? 1_000_000);
const SMALL = 1_000;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const SAMPLES = 60;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: any[] }>;

/** Fills an organisation's customers up to `total` rows in one INSERT … SELECT. */
async function fill(query: Query, orgId: number, corpId: number, total: number, tag: string): Promise<void> {
  const have = Number((await query('select count(*)::int as n from customer where org_id = $1', [orgId])).rows[0].n);
  if (have >= total) return;
  await query(
    `insert into customer (corp_id, org_id, name, short_name, customer_type, customer_level, verify_status, credit_days, contact_name, contact_phone, region_code, created_at, updated_at)
     select $1, $2, '${tag}客户' || (g + $4), '客户' || g, 1 + g % 4, 1 + g % 4, (array[0,5,10,15,15,15,20])[1 + g % 7], 15 * (g % 7), '联系人' || (g % 97), '138' || lpad((g % 100000000)::text, 8, '0'), '310115',
            now() - (g % 365) * interval '1 day', now() - (g % 100000) * interval '1 minute'
     from generate_series(1, $3) g`,
    [corpId, orgId, total - have, have],
  );
  await query('analyze customer');
}

async function orgsOf(url: string, token: string) {
  const r = (await (await fetch(`${url}/api/v1/auth/orgs`, { headers: { 'access-token': token } })).json()) as { data: { orgId: number; name: string; disabled: boolean }[] };
  return r.data.filter((o) => !o.disabled);
}

async function switchTo(url: string, token: string, orgId: number): Promise<string> {
  const me = (await (await fetch(`${url}/api/v1/auth/me`, { headers: { 'access-token': token } })).json()) as { data: { orgId: number } };
  if (me.data.orgId === orgId) return token;
  const r = (await (await fetch(`${url}/api/v1/auth/switch-org`, { method: 'POST', headers: { 'access-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ data: { orgId } }) })).json()) as { msg: string; data: { token: string } | null };
  if (!r.data) throw new Error(`switch to ${orgId}: ${r.msg}`);
  return r.data.token;
}

/** Median of sequential request times (ms), after a warm-up. */
async function p50(url: string, token: string, n = SAMPLES): Promise<number> {
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers: { 'access-token': token } })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers: { 'access-token': token } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return +times[Math.floor(times.length / 2)]!.toFixed(2);
}

const LIST = '/api/v1/user-base/customer/list-local-customer?pageNo=1&pageSize=20';
const REPORT = '/api/v1/user-base/customer/stat?dims=customerLevel,verifyStatus';
const REPORT_SQL = `select customer_level, verify_status, count(*) as count, count(*) filter (where verify_status = 15) as in_use, avg(credit_days) as avg_credit_days
  from customer where org_id = $1 group by customer_level, verify_status order by customer_level, verify_status`;

function pidOf(running: Running): number | undefined {
  return (running as Running & { pid?: number }).pid;
}

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resets the kernel's peak-RSS mark so growth during one operation can be read. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The baseline exporter: pg + exceljs's streaming writer, same rows, same columns, no product code. */
async function rawExport(databaseUrl: string, orgId: number): Promise<{ ms: number; growthMb: number }> {
  // Inside the repo (.bench is ignored) so the script resolves the same node_modules.
  mkdirSync(join(repoRoot, '.bench'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, '.bench', 'export-'));
  const code = `
    import fs from 'node:fs';
    import pg from 'pg';
    import ExcelJS from 'exceljs';
    const readMem = () => { const s = fs.readFileSync('/proc/self/status', 'utf8'); return Number(/VmRSS:\\s+(\\d+)/.exec(s)[1]) / 1024; };
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 2 });
    await pool.query('select 1');
    fs.writeFileSync('/proc/self/clear_refs', '5');
    const before = readMem();
    const t = performance.now();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: ${JSON.stringify(join(dir, 'raw.xlsx'))}, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('客户');
    ws.columns = ['客户名称','客户简称','客户等级','状态','账期(天)','联系人','联系电话','所在地区'].map((h) => ({ header: h, width: 16 }));
    let last = null;
    let n = 0;
    for (;;) {
      const r = last
        ? await pool.query('select * from customer where org_id = $1 and (updated_at, customer_id) < ($2, $3) order by updated_at desc, customer_id desc limit 2000', [${orgId}, last.updated_at, last.customer_id])
        : await pool.query('select * from customer where org_id = $1 order by updated_at desc, customer_id desc limit 2000', [${orgId}]);
      for (const c of r.rows) { ws.addRow([c.name, c.short_name, c.customer_level, c.verify_status, c.credit_days, c.contact_name, c.contact_phone, c.region_code]).commit(); n++; }
      if (r.rows.length < 2000 || n >= ${EXPORT_ROWS}) break;
      last = r.rows[r.rows.length - 1];
    }
    ws.commit();
    await wb.commit();
    const ms = performance.now() - t;
    const peak = Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    console.log(JSON.stringify({ ms, growthMb: peak - before, rows: n }));
    await pool.end();`;
  const file = join(dir, 'raw.mjs');
  writeFileSync(file, code);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d) => { text += d; });
    child.on('exit', (c) => (c === 0 ? resolve(text) : reject(new Error(`raw export exited ${c}`))));
  });
  rmSync(dir, { recursive: true, force: true });
  return JSON.parse(out.trim().split('\n').pop()!);
}

async function productExport(server: Running & { pid?: number }, token: string): Promise<{ ms: number; growthMb: number; bytes: number }> {
  const pid = pidOf(server)!;
  resetPeak(pid);
  const before = memory(pid).rss;
  const t = performance.now();
  const r = await fetch(`${server.url}/api/v1/user-base/customer/export-excel?columns=name,shortName,customerLevel,verifyStatus,creditDays,contactName,contactPhone,regionCode`, { headers: { 'access-token': token } });
  const bytes = (await r.arrayBuffer()).byteLength;
  if (r.status !== 200) throw new Error(`export answered ${r.status}`);
  const ms = performance.now() - t;
  return { ms, growthMb: memory(pid).hwm - before, bytes };
}

export async function runScaleBench(): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_scale_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  try {
    let server = (await startProduct(18911, url)) as Running & { pid?: number };
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const token = await login(server.url);
      const orgs = await orgsOf(server.url, token);
      const [big, small] = orgs;
      const corpId = Number((await db.query('select corp_id from organization where org_id = $1', [big!.orgId])).rows[0].corp_id);
      await server.stop();
      const q: Query = (text, params) => db.query(text, params as unknown[]);
      await fill(q, small!.orgId, corpId, SMALL, 'S');
      await fill(q, big!.orgId, corpId, BIG, 'B');
      server = (await startProduct(18911, url)) as Running & { pid?: number };
      const t0 = await login(server.url);
      const bigToken = await switchTo(server.url, t0, big!.orgId);
      const smallToken = await switchTo(server.url, await login(server.url), small!.orgId);
      const smallMs = await p50(server.url + LIST, smallToken);
      const bigMs = await p50(server.url + LIST, bigToken);
      rows.push({ case: `list p50, PostgreSQL: ${BIG.toLocaleString()} rows ÷ ${SMALL.toLocaleString()} rows`, small: smallMs, big: bigMs, ratio: +(bigMs / smallMs).toFixed(2), goal: '<= 2' });
      track('scale.list.pg-big-of-small', { label: `list call p50 with ${BIG.toLocaleString('en-US')} rows in the organisation ÷ with ${SMALL.toLocaleString('en-US')} rows (PostgreSQL; \`BENCH_ONLY=scale\`)`, value: bigMs / smallMs, better: 'lower', goal: '≤ 2', detail: `${bigMs} ÷ ${smallMs} ms` });

      // Report over the big organisation: the product's call ÷ its SQL run raw.
      const reportMs = await p50(server.url + REPORT, bigToken, 15);
      const rawTimes: number[] = [];
      for (let i = 0; i < 18; i++) {
        const t = performance.now();
        await db.query(REPORT_SQL, [big!.orgId]);
        if (i >= 3) rawTimes.push(performance.now() - t);
      }
      rawTimes.sort((a, b) => a - b);
      const rawMs = rawTimes[Math.floor(rawTimes.length / 2)]!;
      rows.push({ case: `report over ${BIG.toLocaleString()} rows ÷ the same SQL raw`, small: +rawMs.toFixed(1), big: reportMs, ratio: +(reportMs / rawMs).toFixed(2), goal: '<= 1.2' });
      track('scale.report.of-raw', { label: `report (group by month and state) over ${BIG.toLocaleString('en-US')} rows ÷ the same SQL run raw`, value: reportMs / rawMs, better: 'lower', goal: '≤ 1.2', detail: `${reportMs} ÷ ${rawMs.toFixed(1)} ms` });

      // Export: a third organisation-free way to get exactly EXPORT_ROWS is to export the small
      // organisation after filling it up to that many rows.
      await server.stop();
      await fill(q, small!.orgId, corpId, EXPORT_ROWS, 'S');
      server = (await startProduct(18911, url)) as Running & { pid?: number };
      const t1 = await login(server.url);
      const exportToken = await switchTo(server.url, t1, small!.orgId);
      await productExport(server, exportToken); // warm-up (JIT, exceljs modules)
      const mine = await productExport(server, exportToken);
      const raw = await rawExport(url, small!.orgId);
      rows.push({ case: `export ${EXPORT_ROWS.toLocaleString()} rows: time (ms)`, small: Math.round(raw.ms), big: Math.round(mine.ms), ratio: +(mine.ms / raw.ms).toFixed(2), goal: '<= 1.5' });
      track('scale.export.time-of-raw', { label: `export of ${EXPORT_ROWS.toLocaleString('en-US')} rows to Excel: time ÷ exceljs's streaming writer on the same rows`, value: mine.ms / raw.ms, better: 'lower', goal: '≤ 1.5', detail: `${Math.round(mine.ms)} ÷ ${Math.round(raw.ms)} ms` });
      rows.push({ case: `export ${EXPORT_ROWS.toLocaleString()} rows: peak memory growth (MB)`, small: +raw.growthMb.toFixed(1), big: +mine.growthMb.toFixed(1), ratio: +(mine.growthMb / Math.max(1, raw.growthMb)).toFixed(2), goal: '<= 1.5' });
      await server.stop();
    } finally {
      await db.end();
      await server.stop();
    }
  } finally {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  if (process.env.BENCH_SCALE_PGLITE !== '0') rows.push(...(await pgliteList()));
  return rows;
}

/** The same list ratio on the embedded database (the data folder filled before the server opens it). */
async function pgliteList(): Promise<Record<string, unknown>[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    let server = (await startProduct(18912, undefined, dataDir)) as Running;
    const token = await login(server.url);
    const [big, small] = await orgsOf(server.url, token);
    await server.stop();
    const db = await PGlite.create(join(dataDir, 'pglite'));
    const q: Query = async (text, params) => db.query(text, params as unknown[]);
    const corpId = Number((await q('select corp_id from organization where org_id = $1', [big!.orgId])).rows[0].corp_id);
    await fill(q, small!.orgId, corpId, SMALL, 'S');
    await fill(q, big!.orgId, corpId, BIG, 'B');
    await db.close();
    server = (await startProduct(18912, undefined, dataDir)) as Running;
    try {
      const t0 = await login(server.url);
      const smallMs = await p50(server.url + LIST, await switchTo(server.url, t0, small!.orgId));
      const bigMs = await p50(server.url + LIST, await switchTo(server.url, await login(server.url), big!.orgId));
      track('scale.list.pglite-big-of-small', { label: `the same list on embedded PGlite: ${BIG.toLocaleString('en-US')} rows ÷ ${SMALL.toLocaleString('en-US')} rows`, value: bigMs / smallMs, better: 'lower', goal: '≤ 2', detail: `${bigMs} ÷ ${smallMs} ms` });
      return [{ case: `list p50, PGlite: ${BIG.toLocaleString()} rows ÷ ${SMALL.toLocaleString()} rows`, small: smallMs, big: bigMs, ratio: +(bigMs / smallMs).toFixed(2), goal: '<= 2' }];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
