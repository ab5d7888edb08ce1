/**
 * Statistics R5–R10 on generated data: for every statistic (every `crud.report` of the 统计报表 and
 * 资金事项统计 catalogues), rows are generated from what its definition reads — the dimension,
 * filter, condition and measure fields of each entity it aggregates, the records one reference
 * away and the records naming a row — with seeded random values (states, nulls, dates across a
 * year and China's midnight, regions of several provinces). The API's figures, by every declared
 * dimension and under each declared filter, must equal the SQL written here by hand: one
 * row-level SELECT per entity a statistic reads (its states, joins and date buckets spelled out),
 * aggregated by SQL per group. A statistic or measure without its hand-written SQL fails the test
 * the day it is declared.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { loadCatalogue, loadEntities, loadEnums } from '../../server/schema/load';
import type { CatalogueEntry, EntityMap } from '../../server/schema/types';
import type { ReportMeasure } from '../../schemas/src/catalogue';
import { drillHref, type Drill } from '../../runtime/renderers/report/drill';
import transportPage from '../../pages/stat/stat-transport.json';
import mattersPage from '../../pages/stat/matters.json';
import mergeManagePage from '../../pages/finance/merge-manage.json';
import projectReportPage from '../../pages/finance/project-report.json';
import projectListPage from '../../pages/project/project-list.json';
import detailSumPage from '../../pages/finance/finance-detail-sum-report.json';
import detailReportPage from '../../pages/finance/finance-detail-report.json';
import staffSettlePage from '../../pages/stat/stat-staff-settle.json';
import staffSettleListPage from '../../pages/finance/settle-bill/staff-schedule-settle-list.json';
import { tabOf } from '../../runtime/renderers/list/tabs';
import type { PageTab } from '../../runtime/router/types';

const CATALOGUES = ['stat', 'financeMattersStat'];
const entries = loadCatalogue().filter((e) => e.handler === 'crud.report' && CATALOGUES.includes(e.catalogue));
const entities: EntityMap = loadEntities();
const enums = loadEnums();
const ROWS = 45;

/** mulberry32: the same rows on every run */
function rng(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// The hand-written SQL: per statistic, one row-level SELECT per entity it reads. Each selects
// every dimension under its name, each filter under its name (date ranges as the China day, a
// mapped filter as read through its reference), and per measure the row's contribution: 1 (or
// null) for a count, the value for a sum or avg, the distinct key for countDistinct.
// ---------------------------------------------------------------------------------------------
const M = (col: string) => `to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
const DAY = (col: string) => `(${col} at time zone 'Asia/Shanghai')::date`;
const PROVINCE = (col: string) => `substr(${col}, 1, 2) || '0000'`;
const LIVE_SCHEDULE = 'schedule_status in (20, 25, 30, 35, 40, 45)';
const OVERDUE = (o: number) => `coalesce((select receipt_overdue_days from system_config where org_id = ${o}), 15)`;

const VIEWS: Record<string, (o: number) => string[]> = {
  'stat.data': (o) => [
    `select ${M('c.created_at')} "month", ${DAY('c.created_at')} "createdAt", c.dep_id "depId", c.business_type_id "businessTypeId", 1 clues
       from clue c where c.org_id = ${o}`,
    `select ${M('e.created_at')} "month", ${DAY('e.created_at')} "createdAt", c.dep_id "depId", c.business_type_id "businessTypeId",
            case when e.status in (5, 10, 15) then 1 end enquiries
       from enquiry e left join clue c on c.clue_id = e.clue_id where e.org_id = ${o}`,
    `select ${M('q.created_at')} "month", ${DAY('q.created_at')} "createdAt", c.dep_id "depId", c.business_type_id "businessTypeId",
            case when q.audit_state = 15 then 1 end quotations,
            case when q.audit_state = 15 and q.quote_result = 1 then 1 end won,
            case when q.audit_state = 15 and q.quote_result in (1, 2, 3) then 1 end decided
       from quotation q left join clue c on c.clue_id = q.clue_id where q.org_id = ${o}`,
    `select to_char(k.sign_date, 'YYYY-MM') "month", k.sign_date "createdAt", c.dep_id "depId", c.business_type_id "businessTypeId",
            case when k.contract_type = 1 and k.audit_state = 15 then 1 end contracts,
            case when k.contract_type = 1 and k.audit_state = 15 then k.amount end "contractAmount"
       from contract k left join clue c on c.clue_id = k.clue_id where k.org_id = ${o}`,
    `select ${M('p.created_at')} "month", ${DAY('p.created_at')} "createdAt", p.dep_id "depId", p.business_type_id "businessTypeId",
            case when p.audit_state = 15 then 1 end projects
       from project p where p.org_id = ${o}`,
    `select ${M('d.created_at')} "month", ${DAY('d.created_at')} "createdAt", p.dep_id "depId", p.business_type_id "businessTypeId",
            case when d.status in (10, 15, 20, 25, 30, 35) then 1 end demands
       from transport_demand d left join project p on p.project_id = d.project_id where d.org_id = ${o}`,
    `select ${M('s.departed_at')} "month", ${DAY('s.departed_at')} "createdAt", p.dep_id "depId", p.business_type_id "businessTypeId",
            case when s.${LIVE_SCHEDULE} then 1 end trips, case when s.${LIVE_SCHEDULE} then s.loaded_weight end tons
       from transport_schedule s left join project p on p.project_id = s.project_id where s.org_id = ${o}`,
    `select to_char(i.occurred_date, 'YYYY-MM') "month", i.occurred_date "createdAt", p.dep_id "depId", p.business_type_id "businessTypeId",
            case when i.item_status = 10 then i.amount_excl_tax end income
       from income_item i left join project p on p.project_id = i.project_id where i.org_id = ${o}`,
  ],
  'stat.transport': (o) => [
    `select ${M('s.departed_at')} "month", ${DAY('s.departed_at')} "departedAt", s.carrier_type "carrierType", s.supplier_id "supplierId",
            s.vehicle_kind "vehicleKind", s.customer_id "customerId",
            case when d.load_region_code is not null or d.unload_region_code is not null
                 then coalesce(${PROVINCE('d.load_region_code')}, '') || '→' || coalesce(${PROVINCE('d.unload_region_code')}, '') end route,
            1 trips, s.loaded_weight tons, s.loaded_weight * s.distance_km "tonKm", s.customer_freight "customerFreight", s.freight,
            case when s.arrived_at is not null and d.required_arrive_time is not null then 1 end "onTimeBase",
            case when s.arrived_at <= d.required_arrive_time then 1 end "onTime",
            case when exists (select 1 from schedule_node n where n.schedule_id = s.schedule_id and n.node = 25) then 1 end exceptions,
            case when s.signed_at <= now() - ${OVERDUE(o)} * interval '1 day' then 1 end "receiptDue",
            case when s.signed_at <= now() - ${OVERDUE(o)} * interval '1 day'
                  and exists (select 1 from receipt r where r.schedule_id = s.schedule_id and r.receipt_status = 15
                                 and r.audited_at <= s.signed_at + ${OVERDUE(o)} * interval '1 day') then 1 end "receiptInTime"
       from transport_schedule s left join transport_demand d on d.demand_id = s.demand_id
      where s.org_id = ${o} and s.${LIVE_SCHEDULE}`,
  ],
  'stat.enquiry': (o) => [
    `select ${M('e.created_at')} "month", ${DAY('e.created_at')} "createdAt", e.service_category "serviceCategory",
            case when e.status in (5, 10, 15) then 1 end count,
            case when e.status in (5, 10, 15) then e.invited_count end invited,
            case when e.status in (5, 10, 15) then e.quoted_count end quoted,
            case when e.status in (5, 10, 15) then e.current_seq end "avgRounds",
            case when e.status = 15 then e.drop_rate end "avgDrop",
            case when e.status = 15 then 1 end awarded
       from enquiry e where e.org_id = ${o}`,
    `select ${M('q.created_at')} "month", ${DAY('q.created_at')} "createdAt", q.service_category "serviceCategory",
            case when q.audit_state = 15 and q.quote_result = 1 then 1 end won,
            case when q.audit_state = 15 and q.quote_result in (1, 2, 3) then 1 end decided,
            case when q.audit_state = 15 and q.quote_result = 1 then q.margin_rate end "marginRate"
       from quotation q where q.org_id = ${o}`,
  ],
  'stat.enquirySupplier': (o) => [
    `select q.supplier_id "supplierId", ${M('q.created_at')} "month", ${DAY('q.created_at')} "createdAt",
            case when e.status in (5, 10, 15) then 1 end invited,
            case when e.status in (5, 10, 15) and q.quote_status in (5, 15, 20) then 1 end responded,
            case when e.status in (5, 10, 15) and q.quote_status = 15 then 1 end won,
            case when e.status in (5, 10, 15) and q.quote_status in (5, 15, 20) then q.amount end "avgAmount"
       from enquiry_quote q left join enquiry e on e.enquiry_id = q.enquiry_id where q.org_id = ${o}`,
  ],
  'stat.staffSettle': (o) => [
    `select s.staff_id "staffId", s.post, to_char(s.start_date, 'YYYY-MM') "month", s.project_id "projectId", s.start_date "startDate",
            case when a.audit_state = 15 then s.days end days,
            case when a.audit_state = 15 then s.daily_allowance * s.days end allowance,
            case when a.audit_state = 15 then s.overtime_amount end overtime,
            case when a.audit_state = 15 then s.meal_amount end meal,
            case when a.audit_state = 15 then s.lodging_amount end lodging,
            case when a.audit_state = 15 then s.other_amount end other,
            case when a.audit_state = 15 then s.total_amount end total
       from staff_cost_settle s left join bulk_cost_settle_apply a on a.apply_id = s.apply_id where s.org_id = ${o}`,
    // 已发放: the payouts the staff member confirmed (收入确认 已确认) by 收入日期; a payout has no 岗位 or 项目
    `select i.staff_id "staffId", null::int post, to_char(i.income_date, 'YYYY-MM') "month", null::int "projectId", i.income_date "startDate",
            case when i.status = 1 then i.amount end paid
       from income_review i where i.org_id = ${o}`,
  ],
  'stat.activity': (o) => [
    `select to_char(v.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') "day", v.staff_id "staffId", v.statistics_name "statisticsName",
            ${M('v.created_at')} "month", ${DAY('v.created_at')} "createdAt", 1 visits, v.staff_id staff
       from page_visit v where v.org_id = ${o}`,
  ],
  'financeMattersStat.matters': (o) => [
    `select f.matter_type "matterType", ${M('f.submitted_at')} "month", f.applicant_staff_id "applicantStaffId", ${DAY('f.submitted_at')} "submittedAt",
            case when f.cancel_state in (0, 5) then 1 end count,
            case when f.cancel_state in (0, 5) then f.total_amount end amount,
            f.executed_amount executed,
            case when f.audit_state = 10 then 1 end rejected,
            case when f.audit_state = 5 then 1 end "pendingAudit",
            case when f.audit_state = 15 and f.cancel_state = 0 and f.execute_status in (0, 5) then 1 end "pendingExecute"
       from finance_review f where f.org_id = ${o}`,
  ],
};

// ---------------------------------------------------------------------------------------------
// Generation: what each entity needs, read from the definitions.
// ---------------------------------------------------------------------------------------------
/** entity → fields to fill; plus, per reference field, the entity its generated rows point to */
function plan(list: CatalogueEntry[]) {
  const fields = new Map<string, Set<string>>();
  const add = (entity: string, field: string | null) => {
    const e = entities[entity];
    if (field === null) return; // a field the entity lacks (mapped to null)
    if (!e) return;
    if (!fields.has(entity)) fields.set(entity, new Set());
    const [f, via] = field.split('.') as [string, string | undefined];
    if (!(f in e.fields) && f !== 'createdAt') return;
    fields.get(entity)!.add(f);
    if (via) add(e.fields[f]!.ref!, via);
  };
  const operands = (entity: string, v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return;
    for (const rhs of Object.values(v)) if (rhs && typeof rhs === 'object' && 'field' in rhs) add(entity, String((rhs as { field: string }).field));
  };
  for (const entry of list) {
    const o = entry.options!;
    const report = o.report!;
    const sources = new Map<string, ReportMeasure['fields']>([[entry.entity!, undefined]]);
    for (const m of report.measures) if (m.entity || m.fields) sources.set(m.entity ?? entry.entity!, m.fields);
    for (const [src, map] of sources) {
      const to = (f: string) => (map && f in map ? map[f]! : f);
      for (const d of report.dimensions) {
        add(src, to(d.field));
        if (d.via && to(d.field) !== null) add(src, `${to(d.field)}.${d.via}`);
        if (d.pair && to(d.field) !== null) add(src, d.via ? `${to(d.field)}.${d.pair}` : d.pair);
      }
      for (const f of o.filters ?? []) add(src, to(typeof f === 'string' ? f : f.field));
      for (const f of Object.keys(o.fixed ?? {})) add(src, to(f));
    }
    for (const m of report.measures) {
      const src = m.entity ?? entry.entity!;
      for (const f of [m.field, m.times, m.window?.field]) if (f) add(src, f);
      for (const [k, v] of Object.entries(m.where ?? {})) {
        const rev = /^(\w+)\((\w+)\)(?:\.(\w+))?$/.exec(k);
        if (!rev) { add(src, k); operands(src, v); continue; }
        const on = rev[3] ? { [rev[3]]: v } : (v as Record<string, unknown>);
        add(rev[1]!, rev[2]!);
        for (const [f, x] of Object.entries(on)) { add(rev[1]!, f); operands(src, x); }
      }
    }
  }
  return fields;
}

/** Referenced entities first, so a row can point to generated records. */
function order(fields: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (out.includes(name) || path.has(name)) return;
    path.add(name);
    for (const f of fields.get(name) ?? []) {
      const ref = entities[name]!.fields[f]?.ref;
      if (ref && fields.has(ref) && entities[name]!.fields[f]!.type === 'reference') visit(ref, path);
    }
    out.push(name);
  };
  for (const n of fields.keys()) visit(n, new Set());
  return out;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const REGIONS = ['310115', '310104', '320505', '320106', '330106', '330212', '370102', '440305', '110105', null];

async function generate(db: Kysely<any>, orgId: number, corpId: number, seed: number) {
  const random = rng(seed);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  const now = Date.now();
  const fields = plan(entries);
  const made = new Map<string, number[]>();
  const existing = async (table: string, idField: string): Promise<number[]> => {
    const e = Object.values(entities).find((x) => x.table === table)!;
    const rows = (await sql.raw<{ id: number }>(`select ${snake(idField)} id from ${table}${e.tenant === 'org' ? ` where org_id = ${orgId}` : ''} limit 30`).execute(db)).rows;
    return rows.map((r) => Number(r.id));
  };
  for (const name of order(fields)) {
    const e = entities[name]!;
    const ids: number[] = [];
    // a reference that is unique (one 回单 per 调度单) takes each record once
    const unique = new Set(e.indexes.filter((x) => x.unique && x.fields.length === 1).map((x) => x.fields[0]!));
    const left = new Map<string, number[]>();
    for (let i = 0; i < ROWS; i++) {
      const row: Record<string, unknown> = { org_id: orgId, corp_id: corpId };
      // createdAt near China's midnight now and then: the month bucket must be China's
      const when = () => {
        const t = new Date(now - random() * 400 * 86400_000);
        if (random() >= 0.2) return t.toISOString();
        // 00:30 on the 1st in China is still the previous month in UTC
        return new Date(`${t.toISOString().slice(0, 7)}-01T00:30:00+08:00`).toISOString();
      };
      row.created_at = when();
      for (const f of fields.get(name)!) {
        if (f === 'createdAt') continue;
        const def = e.fields[f]!;
        const col = def.column ?? f;
        if (random() < 0.12 && def.type !== 'enum') { row[col] = null; continue; }
        switch (def.type) {
          case 'enum': row[col] = random() < 0.08 ? null : pick(enums[def.enum!]!.values).value; break;
          case 'reference': {
            const pool = made.get(def.ref!) ?? (await existing(entities[def.ref!]!.table, entities[def.ref!]!.idField));
            if (!unique.has(f)) { row[col] = pool.length ? pick(pool) : null; break; }
            if (!left.has(f)) left.set(f, [...pool].sort(() => random() - 0.5));
            row[col] = left.get(f)!.pop() ?? null;
            break;
          }
          case 'datetime': row[col] = when(); break;
          case 'date': row[col] = when().slice(0, 10); break;
          case 'region': row[col] = pick(REGIONS); break;
          case 'integer': row[col] = Math.floor(random() * 20); break;
          case 'money': case 'number': {
            const room = def.precision && def.scale !== undefined ? Math.min(90, 10 ** (def.precision - def.scale) - 1) : 90;
            row[col] = Math.round(random() * room * 100) / 100;
            break;
          }
          case 'boolean': row[col] = random() < 0.5; break;
          default: row[col] = `${f}-${pick(['甲', '乙', '丙'])}`;
        }
      }
      const cols = Object.keys(row);
      const r = await sql<{ id: number }>`insert into ${sql.table(e.table)} (${sql.join(cols.map((c) => sql.id(c)))}) values (${sql.join(cols.map((c) => row[c]))}) returning ${sql.id(snake(e.idField))} as id`.execute(db);
      ids.push(Number(r.rows[0]!.id));
    }
    made.set(name, ids);
  }
}

/**
 * Schedules that tell 异常率's readings apart: two live schedules with two 25 nodes each (counted
 * once), two with an exception type but no 25 node (not counted), one with only a 27 异常处理 node.
 */
async function exceptionCases(db: Kysely<any>, orgId: number, corpId: number) {
  const ids = (await sql.raw<{ id: number }>(`select schedule_id id from transport_schedule where org_id = ${orgId} and ${LIVE_SCHEDULE} order by schedule_id desc limit 5`).execute(db)).rows.map((r) => Number(r.id));
  expect(ids.length).toBe(5);
  const node = (id: number, n: number) => sql`insert into schedule_node (corp_id, org_id, schedule_id, node, occurred_at) values (${corpId}, ${orgId}, ${id}, ${n}, now())`.execute(db);
  for (const id of ids.slice(0, 2)) { await node(id, 25); await node(id, 25); await node(id, 27); }
  for (const id of ids.slice(2)) await sql`delete from schedule_node where schedule_id = ${id} and node = 25`.execute(db);
  await sql`update transport_schedule set exception_type = 3 where schedule_id in (${sql.join(ids.slice(2, 4))})`.execute(db);
  await node(ids[4]!, 27);
}

// ---------------------------------------------------------------------------------------------

const AGG: Record<string, (v: string) => string> = {
  count: (v) => `count(${v})`, sum: (v) => `coalesce(sum(${v}), 0)`, avg: (v) => `avg(${v})`,
  countDistinct: (v) => `count(distinct ${v})`, min: (v) => `min(${v})`, max: (v) => `max(${v})`,
};
const key = (v: unknown) => (v === null || v === undefined ? 'null' : String(v));

describe.each(await backends())('statistics R5–R10 on generated data (%s)', (backend) => {
  let h: Harness;
  let gm: string;
  let orgId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    gm = await h.login('gm');
    const me = (await h.database.db.selectFrom('staff').select(['orgId', 'corpId']).where('name', '=', '沈伟民').executeTakeFirstOrThrow()) as { orgId: number; corpId: number };
    orgId = me.orgId;
    await generate(h.database.db, me.orgId, me.corpId, 20261128);
    await exceptionCases(h.database.db, me.orgId, me.corpId);
  });
  afterAll(async () => h?.close());

  it('R6 异常率 counts schedules with a 25 异常 node, each once, not schedules with an exception type', async () => {
    const entry = entries.find((e) => e.id === 'stat.transport')!;
    const { summary } = await call(entry, 'dims=month');
    const one = async (q: string) => Number((await sql.raw<{ n: number }>(q).execute(h.database.db)).rows[0]!.n);
    const live = `s.org_id = ${orgId} and s.${LIVE_SCHEDULE}`;
    const withNode = await one(`select count(*) n from transport_schedule s where ${live} and exists (select 1 from schedule_node n where n.schedule_id = s.schedule_id and n.node = 25)`);
    const nodeRows = await one(`select count(*) n from transport_schedule s join schedule_node n on n.schedule_id = s.schedule_id and n.node = 25 where ${live}`);
    const typed = await one(`select count(*) n from transport_schedule s where ${live} and s.exception_type is not null`);
    const trips = await one(`select count(*) n from transport_schedule s where ${live}`);
    // the data tells the three readings apart
    expect(nodeRows).toBeGreaterThan(withNode);
    expect(typed).not.toBe(withNode);
    expect(summary.exceptions).toBe(withNode);
    expect(summary.exceptionRate).toBeCloseTo(withNode / trips, 6);
  });

  it('R6 by 线路: each route row drills (as the screen links it) to the schedule list holding exactly its 车次', async () => {
    const entry = entries.find((e) => e.id === 'stat.transport')!;
    const drill = transportPage.report.drill as Drill;
    const list = loadCatalogue().find((e) => e.id === 'transportSchedule.page')!;
    expect(`${drill.to}`).toBe('/project/transport-schedule-list');
    const carrierType = Number((await sql.raw<{ v: number }>(`select carrier_type v from transport_schedule where org_id = ${orgId} and ${LIVE_SCHEDULE} and carrier_type is not null group by 1 order by count(*) desc limit 1`).execute(h.database.db)).rows[0]!.v);
    // unfiltered, and under a report filter the drill carries along
    for (const filters of [{}, { carrierType: String(carrierType) }] as Record<string, string>[]) {
      const r = await call(entry, `dims=route&${new URLSearchParams(filters)}`);
      const routes = r.rows.filter((row) => typeof row.route === 'string' && !/^→|→$/.test(row.route as string));
      expect(routes.length, 'routes with both ends').toBeGreaterThan(3);
      for (const row of routes) {
        const href = drillHref(drill, row, r.dimensions as { name: string; granularity: string | null }[], filters);
        const search = href.slice(href.indexOf('?') + 1);
        const page = await h.call('GET', `${list.routeUrl}?${search}&pageSize=200`, { token: gm });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        expect(page.body.data.total, `${String(row.route)} ${search}`).toBe(row.trips);
        // the schedules behind it: the demand's provinces are the route's
        const [from, to] = String(row.route).split('→');
        for (const s of page.body.data.list as { demandId: number }[]) {
          const d = (await sql.raw<{ a: string; b: string }>(`select load_region_code a, unload_region_code b from transport_demand where demand_id = ${s.demandId}`).execute(h.database.db)).rows[0]!;
          expect(`${d.a.slice(0, 2)}0000→${d.b.slice(0, 2)}0000`).toBe(`${from}→${to}`);
        }
      }
    }
  });

  /**
   * What the screen a drill opens asks for: the tab the address picks (by `?tab=` or by the tab's
   * fixed filters), that tab's fixed filters and the address's filters its query bar declares.
   */
  async function drillList(tabs: PageTab[], href: string, token = gm) {
    const search = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    const tab = tabs.find((t) => t.key === tabOf(tabs, search.get('tab'), search))!;
    const fields = (tab.list!.query ?? []).map((q) => (typeof q === 'string' ? q : q.field));
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(tab.list!.fixed ?? {})) q.set(k, String(v));
    for (const [k, v] of search) if (fields.some((f) => k === f || k === `${f}Start` || k === `${f}End`)) q.set(k, v);
    const list = loadCatalogue().find((e) => e.id === tab.list!.api.page)!;
    const page = await h.call('GET', `${list.routeUrl}?${q}&pageSize=200`, { token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return { tab, query: q.toString(), total: page.body.data.total as number, list: page.body.data.list as Record<string, unknown>[] };
  }

  it('R10 by 类型: each row drills (as the screen links it) to 合并管理\'s tab of that type holding exactly its 笔数, under the report filters too', async () => {
    const entry = entries.find((e) => e.id === 'financeMattersStat.matters')!;
    const drill = mattersPage.report.drill as Drill;
    expect(drill.to).toBe(mergeManagePage.path);
    const tabs = mergeManagePage.tabs as unknown as PageTab[];
    const top = (await sql.raw<{ v: number; m: string }>(`select applicant_staff_id v, to_char(min(submitted_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') m from finance_review where org_id = ${orgId} and applicant_staff_id is not null group by 1 order by count(*) desc limit 1`).execute(h.database.db)).rows[0]!;
    let checked = 0;
    for (const filters of [{}, { applicantStaffId: String(top.v) }, { submittedAtStart: top.m, submittedAtEnd: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) }] as Record<string, string>[]) {
      const r = await call(entry, `dims=matterType&${new URLSearchParams(filters)}`);
      for (const row of r.rows.filter((x) => x.matterType !== null && Number(x.count) > 0)) {
        const href = drillHref(drill, row, r.dimensions as { name: string; granularity: string | null }[], filters);
        const got = await drillList(tabs, href);
        expect(got.tab.list!.fixed?.matterType, href).toBe(row.matterType);
        expect(got.total, `${href} → ${got.query}`).toBe(row.count);
        for (const x of got.list) expect([0, 5]).toContain(x.cancelState);
        if (filters.applicantStaffId) for (const x of got.list) expect(x.applicantStaffId).toBe(top.v);
        checked++;
      }
    }
    expect(checked, 'rows drilled').toBeGreaterThan(3);
  });

  it('R1: each project row drills to that project\'s detail (项目列表 opened on it)', async () => {
    const entry = loadCatalogue().find((e) => e.id === 'projectReport.project')!;
    const drill = projectReportPage.report.drill as Drill;
    expect(drill.to).toBe(projectListPage.path);
    const get = loadCatalogue().find((e) => e.id === projectListPage.list.api.get)!;
    const r = await call(entry, 'dims=projectId');
    const rows = r.rows.filter((x) => x.projectId !== null);
    expect(rows.length, 'project rows').toBeGreaterThan(2);
    for (const row of rows.slice(0, 10)) {
      const href = drillHref(drill, row, r.dimensions as { name: string; granularity: string | null }[], {});
      // the list's row key in the address opens that record's detail
      const id = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('projectId');
      expect(id).toBe(String(row.projectId));
      const detail = await h.call('GET', get.routeUrl.replace(':projectId', id!), { token: gm });
      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      expect(detail.body.data.projectId).toBe(row.projectId);
      // the figure is that project's: its 收入 is the sum of its live income items
      const income = Number((await sql.raw<{ v: string }>(`select coalesce(sum(amount_excl_tax), 0) v from income_item where org_id = ${orgId} and project_id = ${Number(id)} and item_status = 10`).execute(h.database.db)).rows[0]!.v);
      expect(Number(row.income ?? 0)).toBeCloseTo(income, 2);
    }
  });

  it('R3 by 收支类型: each type drills to 财务明细\'s 收入明细 holding exactly its 收入笔数', async () => {
    const entry = loadCatalogue().find((e) => e.id === 'financeReport.detailSum')!;
    const drill = detailSumPage.report.drill as Drill;
    expect(drill.to).toBe(detailReportPage.path);
    const r = await call(entry, 'dims=typeId');
    const rows = r.rows.filter((x) => x.typeId !== null && Number(x.items) > 0);
    expect(rows.length, 'type rows').toBeGreaterThan(0);
    for (const row of rows) {
      const href = drillHref(drill, row, r.dimensions as { name: string; granularity: string | null }[], {});
      const got = await drillList(detailReportPage.tabs as unknown as PageTab[], href);
      expect(got.total, `${href} → ${got.query}`).toBe(row.items);
      const sum = got.list.reduce((a, x) => a + Number(x.amountExclTax ?? 0), 0);
      if (got.total <= 200) expect(sum).toBeCloseTo(Number(row.income), 2);
    }
  });

  it('R8 by 员工: each staff row drills to 员工结算单 filtered to that staff (their bills only)', async () => {
    const entry = entries.find((e) => e.id === 'stat.staffSettle')!;
    const drill = staffSettlePage.report.drill as Drill;
    expect(drill.to).toBe(staffSettleListPage.path);
    const r = await call(entry, 'dims=staffId');
    const rows = r.rows.filter((x) => x.staffId !== null);
    expect(rows.length).toBeGreaterThan(0);
    // 员工结算单 is a 财务 list: the 财务 user follows the link
    const finance = await h.login('finance');
    for (const row of rows.slice(0, 5)) {
      const href = drillHref(drill, row, r.dimensions as { name: string; granularity: string | null }[], {});
      const got = await drillList([{ key: 'only', title: '', list: staffSettleListPage.list } as unknown as PageTab], href, finance);
      expect(got.query, href).toContain(`staffId=${String(row.staffId)}`);
      const want = Number((await sql.raw<{ n: number }>(`select count(*) n from settle_bill where org_id = ${orgId} and bill_type = 4 and staff_id = ${Number(row.staffId)}`).execute(h.database.db)).rows[0]!.n);
      expect(got.total, href).toBe(want);
      for (const x of got.list) expect(x.staffId).toBe(row.staffId);
    }
  });

  it('R8 已发放: the payouts staff confirmed, by 收入日期 month; pending ones and other organisations not', async () => {
    const entry = entries.find((e) => e.id === 'stat.staffSettle')!;
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const staffId = Number((await sql.raw<{ v: number }>(`select staff_id v from staff where org_id = ${orgId} order by staff_id limit 1`).execute(h.database.db)).rows[0]!.v);
    const before = (await call(entry, `dims=staffId&dims=month&staffId=${staffId}`)).rows.find((r) => r.month === month)?.paid ?? 0;
    const other = Number((await sql.raw<{ v: number }>(`select org_id v from organization where org_id <> ${orgId} order by org_id limit 1`).execute(h.database.db)).rows[0]!.v);
    const day = `${month}-01`;
    await sql`insert into income_review (corp_id, org_id, staff_id, subject, amount, income_date, status) values
      (1, ${orgId}, ${staffId}, '出车补贴', 1234.5, ${day}, 1), (1, ${orgId}, ${staffId}, '加班费', 99, ${day}, 0), (1, ${other}, ${staffId}, '出车补贴', 500, ${day}, 1)`.execute(h.database.db);
    const after = (await call(entry, `dims=staffId&dims=month&staffId=${staffId}`)).rows.find((r) => r.month === month)!;
    expect(Number(after.paid) - Number(before)).toBeCloseTo(1234.5, 2);
    // by 岗位 the payouts, which have none, fall in the blank group; filtered by a 岗位, none count
    const byPost = await call(entry, 'dims=post');
    expect(byPost.rows.find((r) => r.post === null)?.paid).toBeGreaterThan(0);
    expect((await call(entry, 'dims=post&post=1')).summary.paid).toBe(0);
  });

  it('every statistic and each of its measures has its hand-written SQL', () => {
    expect(entries.map((e) => e.id).sort()).toEqual(Object.keys(VIEWS).sort());
  });

  /** measure → SQL aggregate by `dim` (or in total without), over the union of the entry's views */
  async function expected(entry: CatalogueEntry, dim: string | null, where = 'true'): Promise<Map<string, Record<string, number | null>>> {
    const report = entry.options!.report!;
    const out = new Map<string, Record<string, number | null>>();
    for (const view of VIEWS[entry.id]!(orgId)) {
      const names = Object.keys((await sql.raw<Record<string, unknown>>(`select * from (${view}) t limit 1`).execute(h.database.db)).rows[0] ?? {});
      const ms = report.measures.filter((m) => !m.ratio && !m.diff && names.includes(m.name));
      if (!ms.length) continue;
      const sel = ms.map((m) => `${AGG[m.agg]!(`t."${m.name}"`)} as "${m.name}"`).join(', ');
      const q = dim ? `select t."${dim}" k, ${sel} from (${view}) t where ${where} group by 1` : `select 'all' k, ${sel} from (${view}) t where ${where}`;
      for (const r of (await sql.raw<Record<string, unknown>>(q).execute(h.database.db)).rows) {
        const o = out.get(key(r.k)) ?? {};
        for (const m of ms) o[m.name] = r[m.name] === null ? null : Number(r[m.name]);
        out.set(key(r.k), o);
      }
    }
    // a group an entity lacks holds none of its rows; derived measures from their parts
    for (const o of out.values()) {
      for (const m of report.measures) if (!m.ratio && !m.diff && !(m.name in o)) o[m.name] = m.agg === 'count' || m.agg === 'sum' || m.agg === 'countDistinct' ? 0 : null;
      for (const m of report.measures.filter((x) => x.ratio || x.diff)) {
        const [a, b] = (m.ratio ?? m.diff)!.map((x) => o[x] as number | null);
        o[m.name] = m.diff ? (a ?? 0) - (b ?? 0) : a === null || a === undefined || !b ? null : a / b;
      }
    }
    return out;
  }

  const check = (label: string, entry: CatalogueEntry, got: Record<string, unknown>, want: Record<string, number | null> | undefined) => {
    for (const m of entry.options!.report!.measures) {
      const w = want?.[m.name] ?? (m.agg === 'count' || m.agg === 'sum' || m.agg === 'countDistinct' ? (m.ratio ? null : 0) : null);
      const g = got[m.name] as number | null;
      if (w === null || g === null) expect(g, `${label} ${m.name}`).toBe(w);
      else expect(g, `${label} ${m.name}`).toBeCloseTo(w, 4);
    }
  };

  async function call(entry: CatalogueEntry, query: string) {
    const r = await h.call('GET', `${entry.routeUrl}?${query}`, { token: gm });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { rows: Record<string, unknown>[]; summary: Record<string, unknown>; dimensions: unknown[] };
  }

  for (const entry of entries) {
    const report = entry.options!.report!;
    for (const d of report.dimensions) {
      const dim = d.name ?? d.field;
      it(`${entry.summary?.split('：')[0]} by ${dim}: every group and the total equal the SQL`, async () => {
        const r = await call(entry, `dims=${dim}`);
        const { rows, summary } = r;
        const want = await expected(entry, dim);
        expect(rows.map((r) => key(r[dim])).sort()).toEqual([...want.keys()].sort());
        for (const r of rows) check(`${dim}=${key(r[dim])}`, entry, r, want.get(key(r[dim])));
        const total = (await expected(entry, null)).get('all');
        // the generated rows give every measure something to count
        for (const m of report.measures.filter((x) => !x.ratio && !x.diff)) expect(Number(total?.[m.name] ?? 0), `generated rows for ${m.name}`).toBeGreaterThan(0);
        // region values come back named (上海市→江苏省)
        const shown = (r.dimensions as { name: string; type: string; labels?: Record<string, string> }[]).find((x) => x.name === dim)!;
        if (shown.type === 'region') for (const row of rows) if (row[dim] !== null) expect(shown.labels?.[String(row[dim])], `label of ${String(row[dim])}`).toMatch(/[省市区]/);
        for (const m of report.measures.filter((x) => x.agg !== 'countDistinct' && x.agg !== 'min' && x.agg !== 'max')) {
          const w = total?.[m.name] ?? null;
          if (w === null) expect(summary[m.name], `total ${m.name}`).toBe(null);
          else expect(summary[m.name], `total ${m.name}`).toBeCloseTo(w, 4);
        }
      });
    }
    for (const raw of entry.options!.filters ?? []) {
      const f = typeof raw === 'string' ? raw : raw.field;
      it(`${entry.summary?.split('：')[0]} filtered by ${f}: the figures of the matching rows only`, async () => {
        const dim = report.dimensions[0]!.name ?? report.dimensions[0]!.field;
        const def = entities[entry.entity!]!.fields[f];
        let query: string;
        let where: string;
        if (f === 'createdAt' || def?.type === 'date' || def?.type === 'datetime') {
          query = `${f}Start=${dayAgo(200)}&${f}End=${dayAgo(60)}`;
          where = `t."${f}" between '${dayAgo(200)}' and '${dayAgo(60)}'`;
        } else {
          // the most frequent value among the rows the first view reads
          const v = (await sql.raw<{ v: unknown }>(`select t."${f}" v from (${VIEWS[entry.id]!(orgId)[0]}) t where t."${f}" is not null group by 1 order by count(*) desc, 1 limit 1`).execute(h.database.db)).rows[0]?.v;
          expect(v, `a value of ${f}`).not.toBeUndefined();
          query = `${f}=${encodeURIComponent(String(v))}`;
          where = `t."${f}" = '${String(v).replace(/'/g, "''")}'`;
        }
        const { rows } = await call(entry, `dims=${dim}&${query}`);
        const want = await expected(entry, dim, where);
        expect(rows.map((r) => key(r[dim])).sort()).toEqual([...want.keys()].sort());
        for (const r of rows) check(`${f} ${dim}=${key(r[dim])}`, entry, r, want.get(key(r[dim])));
      });
    }
  }
});

const dayAgo = (n: number) => new Date(Date.now() + 8 * 3600_000 - n * 86400_000).toISOString().slice(0, 10);
