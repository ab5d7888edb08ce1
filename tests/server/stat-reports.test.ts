/**
 * 统计报表 R5–R9 on the generated demo data: every figure a statistic shows equals the SQL
 * aggregate of its entities written here by hand (states that don't count left out, the
 * entity's own date bucketed in China time), per group and in the summary; the 期间 filter
 * narrows every measure by its own date.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

const MONTH = (col: string, datetime = true) => (datetime ? `to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')` : `to_char(${col}, 'YYYY-MM')`);

describe.each(await backends())('statistics R5–R9 on %s', (backend) => {
  let h: Harness;
  let gm: string;
  let orgId: number;
  /** key → value of a raw GROUP BY (numbers) */
  const grouped = async (query: string): Promise<Map<string, number>> => {
    const rows = (await sql.raw<{ k: unknown; v: unknown }>(query).execute(h.database.db)).rows;
    return new Map(rows.map((r) => [String(r.k), Number(r.v)]));
  };
  const report = async (path: string, query: string) => {
    const r = await h.call('GET', `/api/v1/user-base/stat/${path}?${query}`, { token: gm });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { rows: Record<string, any>[]; summary: Record<string, any> };
  };
  /** every group's measure equals the SQL (a group the SQL lacks holds 0), and the summary is their total */
  const same = (rows: Record<string, any>[], dim: string, measure: string, expected: Map<string, number>, digits = 2) => {
    for (const r of rows) expect(Number(r[measure]), `${measure} of ${r[dim]}`).toBeCloseTo(expected.get(String(r[dim])) ?? 0, digits);
    const shown = new Set(rows.map((r) => String(r[dim])));
    for (const [k, v] of expected) if (v) expect(shown.has(k), `${measure}: group ${k} (${v}) missing`).toBe(true);
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    gm = await h.login('gm');
    orgId = ((await h.database.db.selectFrom('staff').select('orgId').where('name', '=', '沈伟民').executeTakeFirstOrThrow()) as { orgId: number }).orgId;
  });
  afterAll(async () => h?.close());

  it('R5 数据统计: each month\'s figures are the counts and sums of their own entities by their own dates', async () => {
    const { rows, summary } = await report('data', 'dims=month');
    expect(rows.length).toBeGreaterThan(3);
    const o = `org_id = ${orgId}`;
    same(rows, 'month', 'clues', await grouped(`select ${MONTH('created_at')} k, count(*) v from clue where ${o} group by 1`));
    same(rows, 'month', 'enquiries', await grouped(`select ${MONTH('created_at')} k, count(*) v from enquiry where ${o} and status in (5, 10, 15) group by 1`));
    same(rows, 'month', 'quotations', await grouped(`select ${MONTH('created_at')} k, count(*) v from quotation where ${o} and audit_state = 15 group by 1`));
    same(rows, 'month', 'won', await grouped(`select ${MONTH('created_at')} k, count(*) v from quotation where ${o} and audit_state = 15 and quote_result = 1 group by 1`));
    same(rows, 'month', 'contractAmount', await grouped(`select ${MONTH('sign_date', false)} k, sum(amount) v from contract where ${o} and contract_type = 1 and audit_state = 15 group by 1`));
    same(rows, 'month', 'projects', await grouped(`select ${MONTH('created_at')} k, count(*) v from project where ${o} and audit_state = 15 group by 1`));
    same(rows, 'month', 'demands', await grouped(`select ${MONTH('created_at')} k, count(*) v from transport_demand where ${o} and status in (10, 15, 20, 25, 30, 35) group by 1`));
    same(rows, 'month', 'trips', await grouped(`select ${MONTH('departed_at')} k, count(*) v from transport_schedule where ${o} and schedule_status >= 20 group by 1`));
    same(rows, 'month', 'tons', await grouped(`select ${MONTH('departed_at')} k, sum(loaded_weight) v from transport_schedule where ${o} and schedule_status >= 20 group by 1`), 3);
    same(rows, 'month', 'income', await grouped(`select ${MONTH('occurred_date', false)} k, sum(amount_excl_tax) v from income_item where ${o} and item_status = 10 group by 1`));
    // the demo has data behind every measure, and the summary is the total of the months
    for (const m of ['clues', 'enquiries', 'quotations', 'contractAmount', 'projects', 'demands', 'trips', 'tons', 'income']) {
      expect(summary[m], m).toBeGreaterThan(0);
      expect(summary[m]).toBeCloseTo(rows.reduce((s, r) => s + Number(r[m] ?? 0), 0), 2);
    }
    const won = rows.reduce((s, r) => s + r.won, 0);
    const decided = rows.reduce((s, r) => s + r.decided, 0);
    expect(summary.winRate).toBeCloseTo(won / decided, 6);
  });

  it('R5 期间: a month shortcut narrows every entity by its own date', async () => {
    const all = await report('data', 'dims=month');
    const month = all.rows.filter((r) => r.trips > 0 && r.clues > 0).at(-1)!.month as string;
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const one = await report('data', `dims=month&createdAtStart=${month}-01&createdAtEnd=${month}-${last}`);
    expect(one.rows.map((r) => r.month)).toEqual([month]);
    expect(one.rows[0]).toEqual(all.rows.find((r) => r.month === month));
  });

  it('R6 运输统计: trips, tons, ton-km, freight and exceptions of departed schedules', async () => {
    const o = `org_id = ${orgId} and schedule_status in (20, 25, 30, 35, 40, 45)`;
    const byMonth = await report('transport', 'dims=month');
    same(byMonth.rows, 'month', 'trips', await grouped(`select ${MONTH('departed_at')} k, count(*) v from transport_schedule where ${o} group by 1`));
    same(byMonth.rows, 'month', 'tonKm', await grouped(`select ${MONTH('departed_at')} k, sum(loaded_weight * distance_km) v from transport_schedule where ${o} group by 1`), 2);
    same(byMonth.rows, 'month', 'freight', await grouped(`select ${MONTH('departed_at')} k, sum(freight) v from transport_schedule where ${o} group by 1`));
    same(byMonth.rows, 'month', 'exceptions', await grouped(`select ${MONTH('departed_at')} k, count(*) v from transport_schedule where ${o} and exception_type is not null group by 1`));
    expect(byMonth.summary.tonKm).toBeGreaterThan(0);
    expect(byMonth.summary.margin).toBeCloseTo(byMonth.summary.customerFreight - byMonth.summary.freight, 2);
    const byCarrier = await report('transport', 'dims=carrierType');
    same(byCarrier.rows, 'carrierType', 'tons', await grouped(`select carrier_type k, sum(loaded_weight) v from transport_schedule where ${o} group by 1`), 3);
    expect(byCarrier.summary.trips).toBe(byMonth.summary.trips);
  });

  it('R7 询价统计: enquiries (cancelled and drafts left out), awards and supplier responses', async () => {
    const o = `org_id = ${orgId}`;
    const { rows, summary } = await report('enquiry', 'dims=month');
    same(rows, 'month', 'count', await grouped(`select ${MONTH('created_at')} k, count(*) v from enquiry where ${o} and status in (5, 10, 15) group by 1`));
    same(rows, 'month', 'awarded', await grouped(`select ${MONTH('created_at')} k, count(*) v from enquiry where ${o} and status = 15 group by 1`));
    same(rows, 'month', 'avgRounds', await grouped(`select ${MONTH('created_at')} k, avg(current_seq) v from enquiry where ${o} and status in (5, 10, 15) group by 1`), 6);
    expect(summary.awardRate).toBeCloseTo(summary.awarded / summary.count, 6);
    const sup = await report('enquiry-supplier', 'dims=supplierId');
    same(sup.rows, 'supplierId', 'responded', await grouped(`select q.supplier_id k, count(*) v from enquiry_quote q join enquiry e on e.enquiry_id = q.enquiry_id
      where q.${o} and e.status in (5, 10, 15) and q.quote_status in (5, 15, 20) group by 1`));
    expect(sup.summary.invited).toBeGreaterThan(0);
  });

  it('R8 员工结算统计: only lines of approved applications count; 补贴 is days × daily allowance', async () => {
    const { rows, summary } = await report('staff-settle', 'dims=staffId');
    const approved = `s.org_id = ${orgId} and exists (select 1 from bulk_cost_settle_apply a where a.apply_id = s.apply_id and a.audit_state = 15)`;
    same(rows, 'staffId', 'total', await grouped(`select staff_id k, sum(total_amount) v from staff_cost_settle s where ${approved} group by 1`));
    same(rows, 'staffId', 'allowance', await grouped(`select staff_id k, sum(days * daily_allowance) v from staff_cost_settle s where ${approved} group by 1`));
    same(rows, 'staffId', 'days', await grouped(`select staff_id k, sum(days) v from staff_cost_settle s where ${approved} group by 1`), 1);
    expect(summary.total).toBeGreaterThan(0);
    const all = Number((await sql.raw<{ v: string }>(`select coalesce(sum(total_amount), 0) v from staff_cost_settle s where s.org_id = ${orgId}`).execute(h.database.db)).rows[0]!.v);
    expect(all).toBeGreaterThan(summary.total); // the demo has lines of applications not approved (yet)
  });

  it('R9 活跃度统计: visits and distinct staff by day, staff and page', async () => {
    const o = `org_id = ${orgId}`;
    const byStaff = await report('activity', 'dims=staffId');
    same(byStaff.rows, 'staffId', 'visits', await grouped(`select staff_id k, count(*) v from page_visit where ${o} group by 1`));
    expect(byStaff.summary.visits).toBeGreaterThanOrEqual(3000);
    const byDay = await report('activity', 'dims=day');
    same(byDay.rows, 'day', 'staff', await grouped(`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') k, count(distinct staff_id) v from page_visit where ${o} group by 1`));
    const byPage = await report('activity', 'dims=statisticsName');
    same(byPage.rows, 'statisticsName', 'visits', await grouped(`select statistics_name k, count(*) v from page_visit where ${o} group by 1`));
    // the seed's by-page call agrees with the report
    const seed = await h.call('GET', '/api/v1/user-base/page-visit-statistics/by-page', { token: gm });
    expect(seed.status).toBe(200);
    const top = (seed.body.data as { statisticsName: string; count: number }[])[0]!;
    expect(byPage.rows.find((r) => r.statisticsName === top.statisticsName)!.visits).toBe(top.count);
  });

  it('exports a statistic as a spreadsheet and refuses a user without 统计报表', async () => {
    const x = await h.call('GET', '/api/v1/user-base/stat/data?dims=month&export=true', { token: gm });
    expect(x.status).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
    const business = await h.login('business');
    const no = await h.call('GET', '/api/v1/user-base/stat/data?dims=month', { token: business });
    expect(no.status).toBe(403);
  });
});
