/**
 * Statistics (issue 20): the R5 数据统计 and R6 运输统计 data calls over a year of generated
 * dispatch data (BENCH_STAT_ROWS schedules, default 100,000, with a demand for every four, a 回单
 * for most, income items and clues) ÷ the same aggregates as SQL written by hand and run directly
 * with pg. Goal ≤ 1.5. The product's call and the raw SQL are timed in alternating rounds
 * (BENCH_ROUNDS, default 5) and the median ratio kept, so a load drifting during the run moves both.
 * PostgreSQL (BENCH_PG_ADMIN_URL creates and drops its own database); ports 4721.
 */
import pg from 'pg';
import { login, startProduct, type Running } from './servers';
import { track } from './guard';

const ROWS = Number(process.env.BENCH_STAT_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = 5;
const PORT = Number(process.env.BENCH_STAT_PORT ?? 4721);

const LIVE = 'schedule_status in (20, 25, 30, 35, 40, 45)';
const MONTH = (c: string) => `to_char(${c} at time zone 'Asia/Shanghai', 'YYYY-MM')`;

/**
 * One year of dispatch data in the organisation, by INSERT … SELECT. Old signed schedules are
 * marked reminded: the start-up 回单超期 job would otherwise send thousands of reminders first.
 */
async function fill(db: pg.Client, orgId: number, corpId: number, n: number): Promise<void> {
  const args = [corpId, orgId];
  await db.query(`insert into transport_demand (corp_id, org_id, demand_no, project_id, customer_id, status, load_region_code, unload_region_code, required_arrive_time, created_at)
    select $1, $2, 'BD' || g, p.ids[1 + g % array_length(p.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)], (array[10, 15, 20, 25, 30, 35])[1 + g % 6],
           (array['310115', '320505', '330106', '370102', '440305', '110105'])[1 + g % 6], (array['320506', '310104', '340102', '330212', '420102'])[1 + g % 5],
           case when g % 5 = 0 then null else now() - (g % 365) * interval '1 day' + interval '2 days' end, now() - (g % 365) * interval '1 day' - interval '3 days'
      from generate_series(1, ${Math.ceil(n / 4)}) g
      cross join (select array_agg(project_id) ids from project where org_id = $2) p
      cross join (select array_agg(customer_id) ids from customer where org_id = $2) c`, args);
  await db.query(`insert into transport_schedule (corp_id, org_id, schedule_no, demand_id, project_id, customer_id, carrier_type, supplier_id, vehicle_kind, schedule_status,
                     departed_at, arrived_at, signed_at, loaded_weight, distance_km, freight, customer_freight, exception_type, receipt_status, receipt_overdue_notified_at, created_at)
    select $1, $2, 'BS' || g, d.demand_id, d.project_id, d.customer_id, 1 + g % 4, s.ids[1 + g % array_length(s.ids, 1)], 1 + g % 10, (array[10, 20, 25, 30, 35, 40, 45, 45])[1 + g % 8],
           t.departed, t.departed + interval '30 hours' + (g % 48) * interval '1 hour', t.departed + interval '2 days', 5 + g % 60, 50 + g % 1500, 1000 + g % 9000, 1200 + g % 11000,
           case when g % 17 = 0 then 1 + g % 7 end, case when g % 10 < 7 then 15 else 0 end, now(), t.departed - interval '1 day'
      from generate_series(1, ${n}) g
      cross join lateral (select now() - (g % 365) * interval '1 day' - (g % 24) * interval '1 hour' as departed) t
      join (select demand_id, project_id, customer_id, row_number() over (order by demand_id) rn from transport_demand where org_id = $2 and demand_no like 'BD%') d
        on d.rn = 1 + g % ${Math.ceil(n / 4)}
      cross join (select array_agg(supplier_id) ids from supplier where org_id = $2) s`, args);
  await db.query(`insert into receipt (corp_id, org_id, schedule_id, demand_id, project_id, receipt_status, signed_at, audited_at)
    select corp_id, org_id, schedule_id, demand_id, project_id, 15, signed_at, signed_at + (schedule_id % 25) * interval '1 day'
      from transport_schedule where org_id = $1 and schedule_no like 'BS%' and receipt_status = 15`, [orgId]);
  await db.query(`insert into income_item (corp_id, org_id, project_id, item_status, occurred_date, amount_excl_tax, amount)
    select $1, $2, p.ids[1 + g % array_length(p.ids, 1)], (array[0, 10, 10, 10, 5])[1 + g % 5], (now() - (g % 365) * interval '1 day')::date, 100 + g % 5000, 109 + g % 5450
      from generate_series(1, ${Math.ceil(n / 2)}) g cross join (select array_agg(project_id) ids from project where org_id = $2) p`, args);
  await db.query(`insert into clue (corp_id, org_id, clue_no, dep_id, business_type_id, created_at)
    select $1, $2, 'BC' || g, d.ids[1 + g % array_length(d.ids, 1)], b.ids[1 + g % array_length(b.ids, 1)], now() - (g % 365) * interval '1 day'
      from generate_series(1, ${Math.ceil(n / 20)}) g
      cross join (select array_agg(dep_id) ids from department where org_id = $2) d
      cross join (select array_agg(business_type_id) ids from business_type) b`, args);
  for (const t of ['transport_demand', 'transport_schedule', 'receipt', 'income_item', 'clue']) await db.query(`analyze ${t}`);
}

/** R6 by month, as a person would write it: one pass over the schedules joined to their demands. */
const R6 = (orgId: number) => [`
  select ${MONTH('s.departed_at')} as month, count(*) trips, coalesce(sum(s.loaded_weight), 0) tons, coalesce(sum(s.loaded_weight * s.distance_km), 0) ton_km,
         coalesce(sum(s.customer_freight), 0) customer_freight, coalesce(sum(s.freight), 0) freight,
         count(*) filter (where s.arrived_at is not null and d.required_arrive_time is not null) on_time_base,
         count(*) filter (where s.arrived_at <= d.required_arrive_time) on_time,
         count(*) filter (where s.exception_type in (1, 2, 3, 4, 5, 6, 7)) exceptions,
         count(*) filter (where s.signed_at <= now() - k.days * interval '1 day') receipt_due,
         count(*) filter (where s.signed_at <= now() - k.days * interval '1 day' and exists (select 1 from receipt r where r.org_id = s.org_id and r.schedule_id = s.schedule_id
                            and r.receipt_status = 15 and r.audited_at <= s.signed_at + k.days * interval '1 day')) receipt_in_time
    from transport_schedule s left join transport_demand d on d.demand_id = s.demand_id
    cross join (select coalesce((select receipt_overdue_days from system_config where org_id = ${orgId}), 15) days) k
   where s.org_id = ${orgId} and s.${LIVE}
   group by 1 order by 1`];

/** R5 by month: each entity grouped by its own date, as the call does (one statement each). */
const R5 = (o: number) => [
  `select ${MONTH('created_at')} m, count(*) from clue where org_id = ${o} group by 1`,
  `select ${MONTH('created_at')} m, count(*) filter (where status in (5, 10, 15)) from enquiry where org_id = ${o} group by 1`,
  `select ${MONTH('created_at')} m, count(*) filter (where audit_state = 15), count(*) filter (where audit_state = 15 and quote_result = 1),
          count(*) filter (where audit_state = 15 and quote_result in (1, 2, 3)) from quotation where org_id = ${o} group by 1`,
  `select to_char(sign_date, 'YYYY-MM') m, count(*) filter (where contract_type = 1 and audit_state = 15), coalesce(sum(amount) filter (where contract_type = 1 and audit_state = 15), 0)
     from contract where org_id = ${o} group by 1`,
  `select ${MONTH('created_at')} m, count(*) filter (where audit_state = 15) from project where org_id = ${o} group by 1`,
  `select ${MONTH('created_at')} m, count(*) filter (where status in (10, 15, 20, 25, 30, 35)) from transport_demand where org_id = ${o} group by 1`,
  `select ${MONTH('departed_at')} m, count(*) filter (where ${LIVE}), coalesce(sum(loaded_weight) filter (where ${LIVE}), 0) from transport_schedule where org_id = ${o} group by 1`,
  `select to_char(occurred_date, 'YYYY-MM') m, coalesce(sum(amount_excl_tax) filter (where item_status = 10), 0) from income_item where org_id = ${o} group by 1`,
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeCall(url: string, token: string): Promise<number> {
  const t = performance.now();
  const r = await fetch(url, { headers: { 'access-token': token } });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
  return performance.now() - t;
}

async function timeRaw(db: pg.Client, statements: string[]): Promise<number> {
  const t = performance.now();
  for (const s of statements) await db.query(s);
  return performance.now() - t;
}

/** Alternating rounds: each round's p50 of the call ÷ p50 of the raw SQL; the median round kept. */
async function compare(url: string, token: string, db: pg.Client, statements: string[]) {
  for (let i = 0; i < 3; i++) { await timeCall(url, token); await timeRaw(db, statements); }
  const rounds: { call: number; raw: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const call: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < PER_ROUND; i++) { call.push(await timeCall(url, token)); raw.push(await timeRaw(db, statements)); }
    rounds.push({ call: median(call), raw: median(raw) });
  }
  const ratios = rounds.map((x) => x.call / x.raw);
  const mid = rounds[ratios.indexOf(median(ratios))]!;
  return { call: +mid.call.toFixed(1), raw: +mid.raw.toFixed(1), ratio: +median(ratios).toFixed(2) };
}

export async function runStatBench(): Promise<Record<string, unknown>[]> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_stat_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  const rows: Record<string, unknown>[] = [];
  let server: Running | undefined;
  const db = new pg.Client({ connectionString: url });
  try {
    server = await startProduct(PORT, url);
    await db.connect();
    let token = await login(server.url);
    const me = (await (await fetch(`${server.url}/api/v1/auth/me`, { headers: { 'access-token': token } })).json()) as { data: { orgId: number } };
    const orgId = me.data.orgId;
    const corpId = Number((await db.query('select corp_id from organization where org_id = $1', [orgId])).rows[0].corp_id);
    await server.stop();
    await fill(db, orgId, corpId, ROWS);
    const schedules = Number((await db.query('select count(*)::int n from transport_schedule where org_id = $1', [orgId])).rows[0].n);
    server = await startProduct(PORT, url);
    token = await login(server.url);
    for (const [key, title, path, statements] of [
      ['transport', 'R6 运输统计 by month', '/api/v1/user-base/stat/transport?dims=month', R6(orgId)],
      ['data', 'R5 数据统计 by month', '/api/v1/user-base/stat/data?dims=month', R5(orgId)],
    ] as const) {
      const r = await compare(server.url + path, token, db, [...statements]);
      rows.push({ case: `${title}, ${schedules.toLocaleString()} schedules: call ÷ raw SQL`, callMs: r.call, rawMs: r.raw, ratio: r.ratio, goal: '<= 1.5' });
      track(`stat.${key}.of-raw`, {
        label: `${title} over ${schedules.toLocaleString('en-US')} schedules (PostgreSQL; \`BENCH_ONLY=stat\`) ÷ the same aggregates as hand-written SQL run raw`,
        value: r.ratio, better: 'lower', goal: '≤ 1.5', detail: `${r.call} ÷ ${r.raw} ms (median of ${ROUNDS} alternating rounds)`,
      });
    }
  } finally {
    await server?.stop();
    await db.end().catch(() => undefined);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  return rows;
}
