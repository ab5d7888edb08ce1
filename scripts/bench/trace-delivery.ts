/**
 * Prints every SQL statement one 200-line delivery-out (the inventory bench's request) sends, on
 * the database DATABASE_URL names (or a fresh PGlite). Usage: tsx scripts/bench/trace-delivery.ts
 * [lines] — a profiling aid beside trace-list.ts, not a bench.
 */
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { tracedDatabase } from './traced';

const LINES = Number(process.argv[2] ?? 200);
const { database, db, statements, trace, close } = await tracedDatabase({ cut: 400 });
const raw = async (q: string, p: unknown[] = []) => (await sql.raw(q.replace(/\$(\d+)/g, (_, i) => JSON.stringify(p[Number(i) - 1]).replace(/^"|"$/g, "'").replace(/^\[(.*)\]$/, 'array[$1]'))).execute(database.db)).rows as any[];
const o = (await raw(`select org_id, corp_id from organization where name = '华运仓储(苏州)有限公司'`))[0];
const w = (await raw(`select warehouse_id from warehouse where org_id = ${o.orgId} order by warehouse_id limit 1`))[0];
const c = (await raw(`select customer_id from customer where org_id = ${o.orgId} order by customer_id limit 1`))[0];
const tag = `TRACE-${Date.now()}`;
const ids = (await raw(`insert into part_item (corp_id, org_id, customer_id, part_no, name, unit_weight)
  select ${o.corpId}, ${o.orgId}, ${c.customerId}, '${tag}-' || g, '基准零件' || g, 12.5 from generate_series(1, ${LINES}) g returning part_item_id`)).map((r) => Number(r.partItemId));
await raw(`insert into stock_ledger (corp_id, org_id, warehouse_id, item_kind, part_item_id, customer_id, direction, qty, weight, qty_change, weight_change, doc_type, doc_id, doc_no, location_code, occurred_at)
  select ${o.corpId}, ${o.orgId}, ${w.warehouseId}, 1, p, ${c.customerId}, 1, 1000, 12500, 1000, 12500, 1, 0, 'BENCH-IN', 'B-01-01', now() from unnest(array[${ids.join(',')}]::int[]) p`);
const app = await buildApp({ db, database, logger: false, realtime: false });
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { data: { username: 'wh', password: 'Wh@123' } } });
const token = login.json().data.token as string;
const items = ids.map((partItemId) => ({ partItemId, qty: 1, locationCode: 'B-01-01' }));
const send = () => app.inject({ method: 'POST', url: '/api/v1/inventory-base/delivery/delivery-out', headers: { 'access-token': token },
  payload: { data: { warehouseId: w.warehouseId, customerId: c.customerId, deliveryType: 4, outAt: new Date().toISOString(), receiverName: '基准', items } } });
await send();
// TRACE_REPEAT=n: n more requests unlogged first (for `node --cpu-prof`), their median time printed
const repeat = Number(process.env.TRACE_REPEAT ?? 0);
if (repeat) {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < repeat; i++) { const t = performance.now(); await send(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  const used = process.cpuUsage(cpu);
  // CPU of this process per request (the server's work, the inject's small share): steadier than wall time on a shared machine
  console.log(`# ${repeat} requests, median ${times[Math.floor(repeat / 2)]!.toFixed(1)} ms, ${((used.user + used.system) / 1000 / repeat).toFixed(1)} ms CPU each`);
}
for (const round of [1, 2]) {
  trace(true);
  const t = performance.now();
  const r = await send();
  const ms = performance.now() - t;
  trace(false);
  console.log(`\n# request ${round}: ${r.statusCode} ${r.json().msg}, ${ms.toFixed(1)} ms, ${statements.length} statements`);
  for (const s of statements) console.log(s);
}
await app.close();
await close();
