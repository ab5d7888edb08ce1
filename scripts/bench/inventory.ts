/**
 * Issue 18's warehouse benches on PostgreSQL, each against a baseline measured in the same run:
 * - a BENCH_INV_LINES (200)-line delivery-out (`POST inventory-base/delivery/delivery-out` as 顾卫东,
 *   one piece of each of 200 parts: validation, the item locks, the on-hand check per position,
 *   the ledger rows, the parts' counters, the crew's work records) ÷ the same 200 ledger rows
 *   inserted raw with pg in one transaction. Goal ≤ 1.5. Median of BENCH_INV_SAMPLES (15) each,
 *   timed in alternating order so a slow moment of the shared machine falls on either alike.
 * - the on-hand query (`GET inventory-base/stock/page`, the stock screen's first page) with
 *   BENCH_INV_ROWS (1,000,000) ledger rows in the organisation ÷ with 10,000, the same 1,000
 *   positions (200 parts × 5 库位) in both. Goal ≤ 2. For comparison it also prints what summing
 *   the ledger itself (the query before migration 018's stock_balance) costs at both sizes.
 * Parts and stock are written directly with pg (set-up: receiving is not under test).
 *
 * Not run at full scale while building it (shared 2-core machine, 4–5 jobs). At
 * BENCH_INV_ROWS=200000 and 7 samples: on-hand 9.7 ÷ 11.2 ms = 0.87 (summing the ledger instead,
 * as before migration 018: 5.4 ÷ 0.73 ms = 7.4 and growing with the rows); the delivery 194 ÷ 14 ms
 * = 13.6 (it was 997 ms = 103× before the locks, on-hand checks, counters and lines were batched).
 * The delivery is far from 1.5: what is left is the request itself (session, validation, the
 * document and its lines, the operation log, the crew's work records) against one bare INSERT.
 */
import pg from 'pg';
import { login, startProduct } from './servers';
import { track } from './guard';

const LINES = Number(process.env.BENCH_INV_LINES ?? 200);
const SAMPLES = Number(process.env.BENCH_INV_SAMPLES ?? 15);
const BIG = Number(process.env.BENCH_INV_ROWS ?? 1_000_000);
const SMALL = 10_000;
const PARTS = 200;
const LOCATIONS = 5;
const PAGE = '/api/v1/inventory-base/stock/page?pageNo=1&pageSize=20';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.floor(s.length / 2)]!.toFixed(2);
};

interface Org { orgId: number; corpId: number; warehouseId: number; customerId: number }

async function orgOf(db: pg.Client, name: string): Promise<Org> {
  const o = (await db.query(`select org_id, corp_id from organization where name = $1`, [name])).rows[0] as { org_id: number; corp_id: number } | undefined;
  if (!o) throw new Error(`organisation ${name} not seeded`);
  const w = (await db.query(`select warehouse_id from warehouse where org_id = $1 order by warehouse_id limit 1`, [o.org_id])).rows[0] as { warehouse_id: number } | undefined;
  let c = (await db.query(`select customer_id from customer where org_id = $1 order by customer_id limit 1`, [o.org_id])).rows[0] as { customer_id: number } | undefined;
  let warehouseId = w?.warehouse_id;
  if (!warehouseId) {
    warehouseId = (await db.query(`insert into warehouse (corp_id, org_id, name, code, warehouse_type) values ($1, $2, '基准仓', 'BENCH-W', 1) returning warehouse_id`, [o.corp_id, o.org_id])).rows[0].warehouse_id;
  }
  if (!c) c = (await db.query(`insert into customer (corp_id, org_id, name, short_name, customer_type, customer_level, verify_status) values ($1, $2, '基准客户', '基准', 1, 1, 15) returning customer_id`, [o.corp_id, o.org_id])).rows[0];
  return { orgId: o.org_id, corpId: o.corp_id, warehouseId: warehouseId!, customerId: c!.customer_id };
}

/** `count` parts of the organisation's customer, answered in id order. */
async function parts(db: pg.Client, o: Org, count: number, tag: string): Promise<number[]> {
  const r = await db.query(`insert into part_item (corp_id, org_id, customer_id, part_no, name, unit_weight)
    select $1::int, $2::int, $3::int, '${tag}-' || lpad(g::text, 4, '0'), '基准零件' || g, 12.5 from generate_series(1, $4::int) g returning part_item_id`, [o.corpId, o.orgId, o.customerId, count]);
  return (r.rows as { part_item_id: number }[]).map((x) => x.part_item_id).sort((a, b) => a - b);
}

/** Ledger rows number have+1 … rows over the parts × LOCATIONS positions: ins, with every 4th an out of one piece. */
async function ledger(db: pg.Client, o: Org, ids: number[], have: number, rows: number): Promise<void> {
  const step = 100_000;
  for (let from = have; from < rows; from += step) {
    const n = Math.min(step, rows - from);
    await db.query(`insert into stock_ledger (corp_id, org_id, warehouse_id, item_kind, part_item_id, customer_id, direction, qty, weight, qty_change, weight_change, doc_type, doc_id, doc_no, location_code, occurred_at)
      select $1::int, $2::int, $3::int, 1, ($5::int[])[1 + g % ${ids.length}], $4::int, case when g % 4 = 3 then 2 else 1 end, 1, 12.5,
             case when g % 4 = 3 then -1 else 1 end, case when g % 4 = 3 then -12.5 else 12.5 end, 1, g, 'RK' || g, 'B-' || (1 + (g / ${ids.length}) % ${LOCATIONS}), now() - (g % 365) * interval '1 day'
      from generate_series($6::int, $7::int) g`, [o.corpId, o.orgId, o.warehouseId, o.customerId, ids, from + 1, from + n]);
  }
  await db.query('analyze stock_ledger');
  await db.query('analyze stock_balance');
}

async function p50(url: string, token: string, n = 40): Promise<number> {
  const once = async () => {
    const r = await fetch(url, { headers: { 'access-token': token } });
    const b = (await r.json()) as { code: number; msg: string; data: { list: unknown[] } };
    if (b.code !== 0 || !b.data.list.length) throw new Error(`${url}: ${b.msg}`);
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function rawSum(db: pg.Client, orgId: number, n = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await db.query(`select warehouse_id, part_item_id, location_code, sum(qty_change) from stock_ledger where org_id = $1 and item_kind = 1
      group by 1, 2, 3 having sum(qty_change) <> 0 order by 1, 2, 3 limit 20`, [orgId]);
    times.push(performance.now() - t);
  }
  return median(times);
}

export async function runInventoryBench(): Promise<Record<string, unknown>[]> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_inventory_${Date.now()}`;
  const port = Number(process.env.BENCH_INV_PORT ?? 18941);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  // BENCH_INV_TEMPLATE: copy a database already prepared and seeded with the same definitions
  // instead of seeding a new one (under load the seeding outlasts the bench server's start-up limit).
  const template = process.env.BENCH_INV_TEMPLATE;
  if (template && !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error(`BENCH_INV_TEMPLATE: not a database name: ${template}`);
  await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const dbUrl = admin.replace(/\/[^/]*$/, `/${name}`);
  const out: Record<string, unknown>[] = [];
  const server = await startProduct(port, dbUrl);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // --- (a) a 200-line delivery-out ÷ the same ledger rows inserted raw
    const sz = await orgOf(db, '华运仓储(苏州)有限公司');
    const ids = await parts(db, sz, LINES, 'BENCH-D');
    // enough of each part for every sample (set-up)
    await db.query(`insert into stock_ledger (corp_id, org_id, warehouse_id, item_kind, part_item_id, customer_id, direction, qty, weight, qty_change, weight_change, doc_type, doc_id, doc_no, location_code, occurred_at)
      select $1::int, $2::int, $3::int, 1, p, $4::int, 1, 1000, 12500, 1000, 12500, 1, 0, 'BENCH-IN', 'B-01-01', now() from unnest($5::int[]) p`, [sz.corpId, sz.orgId, sz.warehouseId, sz.customerId, ids]);
    const whToken = await login(server.url, 'wh', 'Wh@123');
    const items = ids.map((partItemId) => ({ partItemId, qty: 1, locationCode: 'B-01-01' }));
    const viaProduct = async () => {
      const r = await fetch(`${server.url}/api/v1/inventory-base/delivery/delivery-out`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'access-token': whToken },
        body: JSON.stringify({ data: { warehouseId: sz.warehouseId, customerId: sz.customerId, deliveryType: 4, outAt: new Date().toISOString(), receiverName: '基准', items } }),
      });
      const b = (await r.json()) as { code: number; msg: string };
      if (b.code !== 0) throw new Error(`delivery-out: ${b.msg}`);
    };
    let docId = 1_000_000;
    const viaRaw = async () => {
      docId += 1;
      await db.query('begin');
      await db.query(`insert into stock_ledger (corp_id, org_id, warehouse_id, item_kind, part_item_id, customer_id, direction, qty, weight, qty_change, weight_change, doc_type, doc_id, doc_no, location_code, occurred_at)
        select $1::int, $2::int, $3::int, 1, p, $4::int, 2, 1, 12.5, -1, -12.5, 4, $6::int, 'CK-RAW', 'B-01-01', now() from unnest($5::int[]) p`, [sz.corpId, sz.orgId, sz.warehouseId, sz.customerId, ids, docId]);
      await db.query('commit');
    };
    for (let i = 0; i < 2; i++) { await viaProduct(); await viaRaw(); } // warm-up
    const productMs: number[] = [];
    const rawMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      for (const which of i % 2 ? ['raw', 'product'] : ['product', 'raw']) {
        const t = performance.now();
        if (which === 'product') { await viaProduct(); productMs.push(performance.now() - t); } else { await viaRaw(); rawMs.push(performance.now() - t); }
      }
    }
    const [pm, rm] = [median(productMs), median(rawMs)];
    out.push({ case: `${LINES}-line delivery-out (ms) ÷ the same ${LINES} ledger rows inserted raw with pg`, baseline: rm, ours: pm, ratio: +(pm / rm).toFixed(2), goal: '<= 1.5' });
    console.log(out[0]);
    track('inventory.delivery.of-raw-inserts', { label: `a ${LINES}-line delivery-out through the product's call ÷ the same ledger inserts done raw with pg (PostgreSQL; \`BENCH_ONLY=inventory\`)`, value: pm / rm, better: 'lower', goal: '≤ 1.5', detail: `${pm} ÷ ${rm} ms` });

    // --- (b) on-hand with BIG ledger rows ÷ with SMALL, the same positions
    // One organisation, measured at SMALL rows and again after it is filled up to BIG: the same
    // positions, the same session; only the ledger behind them grows.
    const other = (await db.query(`select name from organization where name <> '华运仓储(苏州)有限公司' and not coalesce(disabled, false) order by org_id limit 1`)).rows[0] as { name: string };
    const o = await orgOf(db, other.name);
    const ids2 = await parts(db, o, PARTS, 'BENCH-S');
    await ledger(db, o, ids2, 0, SMALL);
    const switchTo = async (orgId: number) => {
      const t = await login(server.url);
      const r = (await (await fetch(`${server.url}/api/v1/auth/switch-org`, { method: 'POST', headers: { 'access-token': t, 'content-type': 'application/json' }, body: JSON.stringify({ data: { orgId } }) })).json()) as { msg: string; data: { token: string } | null };
      return r.data?.token ?? t;
    };
    const smallMs = await p50(server.url + PAGE, await switchTo(o.orgId));
    const sumSmall = await rawSum(db, o.orgId);
    await ledger(db, o, ids2, SMALL, BIG);
    const bigMs = await p50(server.url + PAGE, await switchTo(o.orgId));
    const sumBig = await rawSum(db, o.orgId);
    out.push({ case: `on-hand (stock/page) p50: ${BIG.toLocaleString()} ledger rows ÷ ${SMALL.toLocaleString()}`, baseline: smallMs, ours: bigMs, ratio: +(bigMs / smallMs).toFixed(2), goal: '<= 2' });
    out.push({ case: `for comparison: summing the ledger itself (no balance), ${BIG.toLocaleString()} ÷ ${SMALL.toLocaleString()}`, baseline: sumSmall, ours: sumBig, ratio: +(sumBig / sumSmall).toFixed(2), goal: '—' });
    track('inventory.on-hand.big-of-small', { label: `on-hand query (stock screen) with ${BIG.toLocaleString('en-US')} ledger rows ÷ with ${SMALL.toLocaleString('en-US')} (PostgreSQL)`, value: bigMs / smallMs, better: 'lower', goal: '≤ 2', detail: `${bigMs} ÷ ${smallMs} ms (summing the ledger instead: ${sumBig} ÷ ${sumSmall} ms)` });
    return out;
  } finally {
    await db.end();
    await server.stop();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await runInventoryBench());
