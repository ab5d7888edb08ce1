/**
 * Statistics (issue 20): every statistic of R5–R10 — each `crud.report` of the 统计报表 and
 * 资金事项统计 catalogues, read from the generated catalogue, so a new one is benched (or the bench
 * fails for want of its raw SQL) the day it is declared — called by its default dimension (what
 * its screen opens with) over a year of generated data (BENCH_STAT_ROWS schedules, default
 * 100,000, with their demands, nodes and 回单, and clues, enquiries, quotations, supplier quotes,
 * contracts, income items, staff settlements, payouts, page visits and fund matters in the
 * proportions of DOMAIN §8) ÷ the same aggregates as SQL written by hand and run directly with pg.
 * Goal ≤ 1.5. The product's call and the raw SQL are timed in alternating rounds (BENCH_ROUNDS,
 * default 5) and the median ratio kept, so a load drifting during the run moves both.
 * PostgreSQL (BENCH_PG_ADMIN_URL creates and drops its own database); port 4721.
 */
import pg from 'pg';
import { login, startProduct, type Running } from './servers';
import { track } from './guard';
import { loadCatalogue } from '../../server/schema/load';

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
  // 派车/装车/发车 for every schedule, 异常 + 异常处理 for one in 17 (a second 异常 for one in 51),
  // 到达 once arrived: about 3.2 nodes a schedule (the demo has ~6 with its payment nodes).
  await db.query(`insert into schedule_node (corp_id, org_id, schedule_id, demand_id, project_id, node, occurred_at)
    select s.corp_id, s.org_id, s.schedule_id, s.demand_id, s.project_id, x.node, s.departed_at + x.node * interval '1 hour'
      from transport_schedule s
      cross join lateral unnest(array[10, 15, 20]
        || case when s.schedule_id % 17 = 0 then array[25, 27] else '{}'::int[] end
        || case when s.schedule_id % 51 = 0 then array[25] else '{}'::int[] end
        || case when s.schedule_status >= 30 then array[30] else '{}'::int[] end) as x(node)
     where s.org_id = $1 and s.schedule_no like 'BS%'`, [orgId]);
  const ago = (g: string) => `now() - (${g} % 365) * interval '1 day' - (${g} % 24) * interval '1 hour'`;
  const ids = (col: string, table: string) => `(select array_agg(${col}) ids from ${table} where org_id = $2)`;
  const of = (alias: string, g = 'g') => `${alias}.ids[1 + ${g} % array_length(${alias}.ids, 1)]`;
  // 询价 (deadlines ahead: the hourly job would close open ones one by one before serving), 客户报价, 合同.
  await db.query(`insert into enquiry (corp_id, org_id, enquiry_no, title, clue_id, service_category, quote_mode, status, invited_count, quoted_count, current_seq, drop_rate, deadline, created_at)
    select $1, $2, 'BE' || g, '询价' || g, ${of('c')}, 1 + g % 5, 1, (array[0, 5, 10, 15, 15, 20])[1 + g % 6], 4, g % 5, 1 + g % 3,
           case when g % 6 in (3, 4) then (g % 30) / 2.0 end, now() + interval '30 days', ${ago('g')}
      from generate_series(1, ${Math.ceil(n / 10)}) g cross join ${ids('clue_id', 'clue')} c`, args);
  await db.query(`insert into enquiry_quote (corp_id, org_id, enquiry_id, supplier_id, seq, amount, quote_status, created_at)
    select e.corp_id, e.org_id, e.enquiry_id, s.ids[1 + (e.enquiry_id + k) % array_length(s.ids, 1)], 1 + k, 8000 + (e.enquiry_id * 7 + k) % 50000,
           (array[0, 5, 10, 15, 20])[1 + (e.enquiry_id + k) % 5], e.created_at + interval '1 day'
      from enquiry e cross join generate_series(0, 3) k cross join (select array_agg(supplier_id) ids from supplier where org_id = $1) s
     where e.org_id = $1 and e.enquiry_no like 'BE%'`, [orgId]);
  await db.query(`insert into quotation (corp_id, org_id, quotation_no, clue_id, customer_id, service_category, quote_mode, amount_incl_tax, margin_rate, audit_state, quote_result, created_at)
    select $1, $2, 'BQ' || g, ${of('c')}, ${of('u')}, 1 + g % 5, 1, 10000 + g % 90000, (g % 40) / 2.0, (array[0, 5, 10, 15, 15, 15])[1 + g % 6],
           case when g % 6 >= 3 then 1 + g % 4 end, ${ago('g')}
      from generate_series(1, ${Math.ceil(n / 10)}) g cross join ${ids('clue_id', 'clue')} c cross join ${ids('customer_id', 'customer')} u`, args);
  await db.query(`insert into contract (corp_id, org_id, contract_no, name, contract_type, contract_kind, clue_id, amount, sign_date, start_date, end_date, owner_staff_id, audit_state, contract_state, created_at)
    select $1, $2, 'BK' || g, '合同' || g, 1 + g % 2, 1, ${of('c')}, 100000 + g % 900000, t.d, t.d, t.d + 365, ${of('st')}, (array[0, 15, 15, 15])[1 + g % 4],
           case when g % 4 = 0 then 0 else 10 end, ${ago('g')}
      from generate_series(1, ${Math.ceil(n / 100)}) g cross join lateral (select (now() - (g % 365) * interval '1 day')::date d) t
      cross join ${ids('clue_id', 'clue')} c cross join ${ids('staff_id', 'staff')} st`, args);
  // 大件人员结算 on settle applications, 收入确认 (员工的发放), 页面访问, 资金事项.
  await db.query(`insert into bulk_cost_settle_apply (corp_id, org_id, apply_no, project_id, period_start, period_end, audit_state, created_at)
    select $1, $2, 'BA' || g, ${of('p')}, (now() - (g % 365) * interval '1 day')::date, (now() - (g % 365) * interval '1 day')::date + 30, (array[0, 5, 15, 15])[1 + g % 4], now()
      from generate_series(1, ${Math.ceil(n / 100)}) g cross join ${ids('project_id', 'project')} p`, args);
  await db.query(`insert into staff_cost_settle (corp_id, org_id, project_id, staff_id, post, start_date, end_date, days, daily_allowance, overtime_hours, overtime_amount,
                     meal_amount, lodging_amount, other_amount, total_amount, apply_id, summary, created_at)
    select $1, $2, ${of('p')}, ${of('st')}, 1 + g % 4, t.d, t.d + 3, 1 + g % 5, 150, g % 10, (g % 10) * 50, 60 + g % 40, 200 + g % 300, g % 100,
           150 * (1 + g % 5) + (g % 10) * 50 + 60 + g % 40 + 200 + g % 300 + g % 100, ${of('a')}, '结算' || g, now()
      from generate_series(1, ${Math.ceil(n / 5)}) g cross join lateral (select (now() - (g % 365) * interval '1 day')::date d) t
      cross join ${ids('project_id', 'project')} p cross join ${ids('staff_id', 'staff')} st
      cross join (select array_agg(apply_id) ids from bulk_cost_settle_apply where org_id = $2 and apply_no like 'BA%') a`, args);
  await db.query(`insert into income_review (corp_id, org_id, staff_id, subject, amount, income_date, status, confirmed_at)
    select $1, $2, ${of('st')}, '出车补贴' || g, 500 + g % 3000, (now() - (g % 365) * interval '1 day')::date, case when g % 5 = 0 then 0 else 1 end,
           case when g % 5 = 0 then null else now() - (g % 365) * interval '1 day' + interval '2 days' end
      from generate_series(1, ${Math.ceil(n / 5)}) g cross join ${ids('staff_id', 'staff')} st`, args);
  await db.query(`insert into page_visit (corp_id, org_id, staff_id, statistics_name, route_path, created_at)
    select $1, $2, ${of('st')}, (array['调度列表', '运输统计', '项目列表', '线索列表', '合并管理', '首页'])[1 + g % 6], '/bench', now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(1, ${3 * n}) g cross join ${ids('staff_id', 'staff')} st`, args);
  await db.query(`insert into finance_review (corp_id, org_id, review_no, matter_type, title, applicant_staff_id, total_amount, executed_amount, audit_state, execute_status, cancel_state, submitted_at, created_at)
    select $1, $2, 'BR' || g, 1 + g % 7, '事项' || g, ${of('st')}, 1000 + g % 100000, case when g % 4 in (0, 1) then 1000 + g % 100000 end,
           (array[0, 5, 10, 15, 15, 15, 15, 15])[1 + g % 8], (array[0, 5, 10, 10])[1 + g % 4], (array[0, 0, 0, 0, 0, 0, 5, 15])[1 + g % 8], ${ago('g')}, ${ago('g')}
      from generate_series(1, ${Math.ceil(n / 4)}) g cross join ${ids('staff_id', 'staff')} st`, args);
  for (const t of ['transport_demand', 'transport_schedule', 'receipt', 'income_item', 'clue', 'schedule_node', 'enquiry', 'enquiry_quote', 'quotation', 'contract',
    'bulk_cost_settle_apply', 'staff_cost_settle', 'income_review', 'page_visit', 'finance_review']) await db.query(`vacuum analyze ${t}`);
}

const DAY = (c: string) => `to_char(${c} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * Each statistic by its default dimension as a person would write it: one statement per entity it
 * reads, grouped by that entity's own date. Keyed by catalogue entry; a statistic without its SQL
 * stops the bench.
 */
const RAW: Record<string, (o: number) => string[]> = {
  /** R5 by month: each entity grouped by its own date, as the call does (one statement each). */
  'stat.data': (o) => [
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
  ],
  /** R6 by month: one pass over the schedules joined to their demands. */
  'stat.transport': (o) => [`
    select ${MONTH('s.departed_at')} as month, count(*) trips, coalesce(sum(s.loaded_weight), 0) tons, coalesce(sum(s.loaded_weight * s.distance_km), 0) ton_km,
           coalesce(sum(s.customer_freight), 0) customer_freight, coalesce(sum(s.freight), 0) freight,
           count(*) filter (where s.arrived_at is not null and d.required_arrive_time is not null) on_time_base,
           count(*) filter (where s.arrived_at <= d.required_arrive_time) on_time,
           count(*) filter (where exists (select 1 from schedule_node n where n.org_id = s.org_id and n.schedule_id = s.schedule_id and n.node = 25)) exceptions,
           count(*) filter (where s.signed_at <= now() - k.days * interval '1 day') receipt_due,
           count(*) filter (where s.signed_at <= now() - k.days * interval '1 day' and exists (select 1 from receipt r where r.org_id = s.org_id and r.schedule_id = s.schedule_id
                              and r.receipt_status = 15 and r.audited_at <= s.signed_at + k.days * interval '1 day')) receipt_in_time
      from transport_schedule s left join transport_demand d on d.demand_id = s.demand_id
      cross join (select coalesce((select receipt_overdue_days from system_config where org_id = ${o}), 15) days) k
     where s.org_id = ${o} and s.${LIVE}
     group by 1 order by 1`],
  /** R7 by month: the enquiries, and the quotations beside them. */
  'stat.enquiry': (o) => [
    `select ${MONTH('created_at')} m, count(*) filter (where status in (5, 10, 15)), coalesce(sum(invited_count) filter (where status in (5, 10, 15)), 0),
            coalesce(sum(quoted_count) filter (where status in (5, 10, 15)), 0), avg(current_seq) filter (where status in (5, 10, 15)),
            sum(current_seq) filter (where status in (5, 10, 15)), count(current_seq) filter (where status in (5, 10, 15)),
            avg(drop_rate) filter (where status = 15), sum(drop_rate) filter (where status = 15), count(drop_rate) filter (where status = 15),
            count(*) filter (where status = 15)
       from enquiry where org_id = ${o} group by 1 order by 1`,
    `select ${MONTH('created_at')} m, count(*) filter (where audit_state = 15 and quote_result = 1), count(*) filter (where audit_state = 15 and quote_result in (1, 2, 3)),
            avg(margin_rate) filter (where audit_state = 15 and quote_result = 1), sum(margin_rate) filter (where audit_state = 15 and quote_result = 1),
            count(margin_rate) filter (where audit_state = 15 and quote_result = 1)
       from quotation where org_id = ${o} group by 1 order by 1`,
  ],
  /** R7 supplier ranking: the quotes joined to their enquiries, by supplier (names looked up). */
  'stat.enquirySupplier': (o) => [
    `select q.supplier_id, count(*) filter (where e.status in (5, 10, 15)) invited,
            count(*) filter (where e.status in (5, 10, 15) and q.quote_status in (5, 15, 20)) responded,
            count(*) filter (where e.status in (5, 10, 15) and q.quote_status = 15) won,
            avg(q.amount) filter (where e.status in (5, 10, 15) and q.quote_status in (5, 15, 20)),
            sum(q.amount) filter (where e.status in (5, 10, 15) and q.quote_status in (5, 15, 20)),
            count(q.amount) filter (where e.status in (5, 10, 15) and q.quote_status in (5, 15, 20))
       from enquiry_quote q left join enquiry e on e.enquiry_id = q.enquiry_id where q.org_id = ${o} group by 1 order by 1`,
    `select supplier_id, name from supplier where org_id = ${o}`,
  ],
  /** R8 by staff: approved settlements joined to their applications, the confirmed payouts, the names. */
  'stat.staffSettle': (o) => [
    `select s.staff_id, coalesce(sum(s.days) filter (where a.audit_state = 15), 0), coalesce(sum(s.daily_allowance * s.days) filter (where a.audit_state = 15), 0),
            coalesce(sum(s.overtime_amount) filter (where a.audit_state = 15), 0), coalesce(sum(s.meal_amount) filter (where a.audit_state = 15), 0),
            coalesce(sum(s.lodging_amount) filter (where a.audit_state = 15), 0), coalesce(sum(s.other_amount) filter (where a.audit_state = 15), 0),
            coalesce(sum(s.total_amount) filter (where a.audit_state = 15), 0)
       from staff_cost_settle s left join bulk_cost_settle_apply a on a.apply_id = s.apply_id where s.org_id = ${o} group by 1 order by 1`,
    `select staff_id, coalesce(sum(amount) filter (where status = 1), 0) from income_review where org_id = ${o} group by 1 order by 1`,
    `select staff_id, name from staff where org_id = ${o}`,
  ],
  /** R9 by day. */
  'stat.activity': (o) => [
    `select ${DAY('created_at')} d, count(*), count(distinct staff_id) from page_visit where org_id = ${o} group by 1 order by 1`,
  ],
  /** R10 by matter type. */
  'financeMattersStat.matters': (o) => [
    `select matter_type, count(*) filter (where cancel_state in (0, 5)), coalesce(sum(total_amount) filter (where cancel_state in (0, 5)), 0),
            coalesce(sum(executed_amount), 0), count(*) filter (where audit_state = 10), count(*) filter (where audit_state = 5),
            count(*) filter (where audit_state = 15 and cancel_state = 0 and execute_status in (0, 5))
       from finance_review where org_id = ${o} group by 1 order by 1`,
  ],
};

/** Every statistic of R5–R10: the report entries of the 统计报表 and 资金事项统计 catalogues. */
export function statistics() {
  return loadCatalogue().filter((e) => e.handler === 'crud.report' && ['stat', 'financeMattersStat'].includes(e.catalogue)).map((e) => {
    const d = e.options!.report!.dimensions[0]!;
    const raw = RAW[e.id];
    if (!raw) throw new Error(`stat bench: ${e.id} has no hand-written SQL (scripts/bench/stat.ts RAW)`);
    return { id: e.id, title: e.summary!.split(/[：:]/)[0]!, dim: d.name ?? d.field, dimTitle: d.title ?? d.name ?? d.field, url: e.routeUrl, raw };
  });
}

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
    const all = statistics();
    // One pass over every statistic first: the server's start-up work and the fill's after-effects
    // (autovacuum) are over before the first one is timed.
    for (const st of all) { await timeCall(`${server.url}${st.url}?dims=${st.dim}`, token); await timeRaw(db, st.raw(orgId)); }
    for (const st of all) {
      const r = await compare(`${server.url}${st.url}?dims=${st.dim}`, token, db, st.raw(orgId));
      // The floor of any call on this machine now: an authenticated GET that reads no data.
      const floors: number[] = [];
      for (let i = 0; i < 5; i++) floors.push(await timeCall(`${server.url}/api/v1/auth/me`, token));
      const floor = +median(floors).toFixed(1);
      rows.push({ case: `${st.title} by ${st.dimTitle}, ${schedules.toLocaleString()} schedules: call ÷ raw SQL`, callMs: r.call, rawMs: r.raw, ratio: r.ratio, floorMs: floor, goal: '<= 1.5' });
      console.log(`  ${st.id} by ${st.dim}: ${r.call} ÷ ${r.raw} ms = ${r.ratio} (an authenticated GET reading nothing: ${floor} ms)`);
      track(`stat.${st.id.replace(/^stat\./, '')}.of-raw`, {
        label: `${st.title} by ${st.dimTitle} over a year of ${schedules.toLocaleString('en-US')} schedules (PostgreSQL; \`BENCH_ONLY=stat\`) ÷ the same aggregates as hand-written SQL run raw`,
        value: r.ratio, better: 'lower', goal: '≤ 1.5', detail: `${r.call} ÷ ${r.raw} ms (median of ${ROUNDS} alternating rounds; an authenticated call reading nothing took ${floor} ms then)`,
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
