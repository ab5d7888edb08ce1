/**
 * 仓库统计 R11–R16 (DOMAIN §7): each statistic's figures equal the aggregate of its records,
 * computed here independently on the demo data of 华运苏州 (SQL over the tables); 工时统计 splits
 * each person's day by its calendar type (劳动法 第四十四条: 工作日/调休 over 8 h → 150 %, 休息日 →
 * 200 %, 法定节假日 → 300 %); every statistic exports to Excel; a keeper of another organisation
 * sees none of 华运苏州's figures.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login } from './project-helpers';
import { splitDay } from '../../server/inventory/inventory-stat';
import { calendarOf } from '../../server/admin/holidays';

const S = '/api/v1/inventory-base/stat';

describe('工时 rates per day type (劳动法 第四十四条)', () => {
  it('工作日 and 调休上班: 8 h normal, the rest at 150 %; 休息日 200 %; 法定节假日 300 %', () => {
    expect(splitDay(10, 1)).toEqual({ normalHours: 8, overtime150: 2, overtime200: 0, overtime300: 0, paidHours: 11 });
    expect(splitDay(7.5, 1)).toEqual({ normalHours: 7.5, overtime150: 0, overtime200: 0, overtime300: 0, paidHours: 7.5 });
    expect(splitDay(9, 4)).toEqual({ normalHours: 8, overtime150: 1, overtime200: 0, overtime300: 0, paidHours: 9.5 });
    expect(splitDay(8, 2)).toEqual({ normalHours: 0, overtime150: 0, overtime200: 8, overtime300: 0, paidHours: 16 });
    expect(splitDay(8, 3)).toEqual({ normalHours: 0, overtime150: 0, overtime200: 0, overtime300: 8, paidHours: 24 });
  });
});

describe.each(await backends())('仓库统计 on %s', (backend) => {
  let h: Harness;
  let token: string;
  let sz: number;
  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const stat = async (path: string, query = '') => ok(await h.call('GET', `${S}/${path}${query}`, { token }));
  const byKey = (rows: any[], key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), r]));

  beforeAll(async () => {
    h = await startHarness(backend);
    token = await h.login('wh', 'Wh@123');
    sz = ((await h.database.db.selectFrom('organization').select('orgId').where('name', '=', '华运仓储(苏州)有限公司').executeTakeFirstOrThrow()) as any).orgId;
  }, 120_000);
  afterAll(async () => h?.close());

  it('工作量统计 by staff: 作业人次, 吨位, 系数工作量 and 点数 are the sums of the work records; staff with no document work are left out', async () => {
    const r = await stat('workload', '?dims=staffId');
    // the daily attendance rows (no document) carry no workload: their staff are not listed with zeros
    const rows = (await h.database.db.selectFrom('workRecord').where('orgId', '=', sz).where('docType', 'in', [1, 2, 3]).select(['staffId',
      sql<string>`count(*) filter (where doc_type in (1, 2, 3))`.as('jobs'), sql<string>`sum(tonnage)`.as('tonnage'),
      sql<string>`sum(weighted_load)`.as('load'), sql<string>`sum(points)`.as('points')]).groupBy('staffId').execute()) as any[];
    const got = byKey(r.rows, 'staffId');
    expect(r.rows).toHaveLength(rows.length);
    for (const x of rows) {
      expect(got[x.staffId].jobs).toBe(Number(x.jobs));
      expect(got[x.staffId].tonnage).toBeCloseTo(Number(x.tonnage), 3);
      expect(got[x.staffId].weightedLoad).toBeCloseTo(Number(x.load), 3);
      expect(got[x.staffId].points).toBeCloseTo(Number(x.points), 2);
    }
    expect(rows.some((x) => Number(x.load) > 0)).toBe(true);
    expect(r.rows.every((x: any) => x.jobs > 0)).toBe(true);
    const attending = (await h.database.db.selectFrom('workRecord').where('orgId', '=', sz).select(sql<string>`count(distinct staff_id)`.as('n')).executeTakeFirstOrThrow()) as any;
    expect(Number(attending.n)).toBeGreaterThan(r.rows.length);
  });

  it('工时统计 by staff and by day type: each day split by its calendar type', async () => {
    const perDay = (await h.database.db.selectFrom('workRecord').where('orgId', '=', sz)
      .select(['staffId', sql<string>`to_char(work_date, 'YYYY-MM-DD')`.as('day'), sql<string>`sum(hours)`.as('hours')])
      .groupBy(['staffId', sql`to_char(work_date, 'YYYY-MM-DD')`]).execute()) as any[];
    expect(perDay.length).toBeGreaterThan(800);
    const calendar = new Map<string, number>();
    for (const r of (await h.database.db.selectFrom('holidayCalendar').where('orgId', '=', sz).select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('d'), 'dayType']).execute()) as any[]) calendar.set(r.d, Number(r.dayType));
    const typeOf = (d: string) => calendar.get(d) ?? calendarOf(Number(d.slice(0, 4))).find((c) => c.day === d)!.dayType;
    const rate: Record<number, [string, number]> = { 1: ['150', 1.5], 4: ['150', 1.5], 2: ['200', 2], 3: ['300', 3] };
    const want = new Map<number, { hours: number; ot: Record<string, number> }>();
    const byType = new Map<number, number>();
    for (const r of perDay) {
      const t = typeOf(r.day);
      const hrs = Number(r.hours);
      const w = want.get(Number(r.staffId)) ?? { hours: 0, ot: { 150: 0, 200: 0, 300: 0 } };
      w.hours += hrs;
      w.ot[rate[t]![0]] += t === 1 || t === 4 ? Math.max(0, hrs - 8) : hrs;
      want.set(Number(r.staffId), w);
      byType.set(t, (byType.get(t) ?? 0) + hrs);
    }
    const r = await stat('work-time', '?dims=staffId');
    const got = byKey(r.rows, 'staffId');
    for (const [staffId, w] of want) {
      expect(got[staffId].hours).toBeCloseTo(w.hours, 2);
      expect(got[staffId].overtime150).toBeCloseTo(w.ot[150]!, 2);
      expect(got[staffId].overtime200).toBeCloseTo(w.ot[200]!, 2);
      expect(got[staffId].overtime300).toBeCloseTo(w.ot[300]!, 2);
    }
    // the demo has evening overtime, Saturday shifts and 国庆 duty
    expect(r.summary.overtime150).toBeGreaterThan(0);
    expect(r.summary.overtime200).toBeGreaterThan(0);
    expect(r.summary.overtime300).toBeGreaterThan(0);
    const t = await stat('work-time', '?dims=dayType');
    for (const row of t.rows) expect(row.hours).toBeCloseTo(byType.get(row.dayType)!, 2);
    expect(t.dimensions[0]).toMatchObject({ name: 'dayType', enum: 'dayType' });
  });

  it('物料统计 by material: 入库, 领用 (at the moving average) and 结存 are the sums of the material ledger; 结存 equals stock', async () => {
    const r = await stat('material', '?dims=materialId');
    const rows = (await h.database.db.selectFrom('stockLedger').where('orgId', '=', sz).where('itemKind', '=', 2).select(['materialId',
      sql<string>`coalesce(sum(qty) filter (where doc_type = 3), 0)`.as('inQty'), sql<string>`coalesce(sum(amount) filter (where doc_type = 3), 0)`.as('inAmount'),
      sql<string>`coalesce(sum(qty) filter (where doc_type = 6), 0)`.as('useQty'), sql<string>`coalesce(sum(amount) filter (where doc_type = 6), 0)`.as('useAmount'),
      sql<string>`sum(qty_change)`.as('balance')]).groupBy('materialId').execute()) as any[];
    const got = byKey(r.rows, 'materialId');
    expect(r.rows).toHaveLength(rows.length);
    for (const x of rows) {
      expect(got[x.materialId]).toMatchObject({ inQty: Number(x.inQty), useQty: Number(x.useQty), balanceQty: Number(x.balance) });
      expect(got[x.materialId].inAmount).toBeCloseTo(Number(x.inAmount), 2);
      expect(got[x.materialId].useAmount).toBeCloseTo(Number(x.useAmount), 2);
      const m = (await h.database.db.selectFrom('materialItem').select('stockQty').where('materialId', '=', x.materialId).executeTakeFirstOrThrow()) as any;
      expect(Number(m.stockQty)).toBe(Number(x.balance));
    }
    expect(r.summary.useQty).toBeGreaterThan(0);
  });

  it('入库统计 by month: 单数, 件数, 货损 of accepted in-storages by 到货时间', async () => {
    const r = await stat('storage-in', '?dims=month');
    const rows = (await h.database.db.selectFrom('inStorage').where('orgId', '=', sz).where('status', '=', 10)
      .select([sql<string>`to_char(arrival_at at time zone 'Asia/Shanghai', 'YYYY-MM')`.as('m'), sql<string>`count(*)`.as('n'), sql<string>`sum(total_pieces)`.as('p'), sql<string>`sum(damaged_pieces)`.as('d')])
      .groupBy(sql`1`).execute()) as any[];
    const got = byKey(r.rows, 'month');
    for (const x of rows) expect(got[x.m]).toMatchObject({ count: Number(x.n), pieces: Number(x.p), damaged: Number(x.d) });
    expect(r.summary.count).toBe(rows.reduce((s, x) => s + Number(x.n), 0));
  });

  it('出库统计 by customer: 单数 of live deliveries, 签收率, 补发率', async () => {
    const r = await stat('delivery-out', '?dims=customerId');
    const rows = (await h.database.db.selectFrom('delivery').where('orgId', '=', sz).select(['customerId',
      sql<string>`count(*) filter (where status in (10, 15, 20))`.as('n'), sql<string>`count(*) filter (where status = 20)`.as('signed'),
      sql<string>`count(*) filter (where status in (10, 15, 20) and delivery_type = 2)`.as('extra')]).groupBy('customerId').execute()) as any[];
    const got = byKey(r.rows, 'customerId');
    for (const x of rows) {
      expect(got[x.customerId]).toMatchObject({ count: Number(x.n), signed: Number(x.signed), additional: Number(x.extra) });
      expect(got[x.customerId].signRate).toBeCloseTo(Number(x.signed) / Number(x.n), 6);
    }
  });

  it('转运统计 by month: 进场, 出场, 场存 and 堆存费 of the transshipments', async () => {
    const r = await stat('transship', '?dims=month');
    const rows = (await h.database.db.selectFrom('transshipIn').where('orgId', '=', sz)
      .select([sql<string>`to_char(arrival_at at time zone 'Asia/Shanghai', 'YYYY-MM')`.as('m'),
        sql<string>`count(*) filter (where status in (10, 15))`.as('entered'), sql<string>`count(*) filter (where status = 15)`.as('left'),
        sql<string>`count(*) filter (where status = 10)`.as('stored'), sql<string>`coalesce(sum(storage_fee) filter (where status = 15), 0)`.as('fee')])
      .groupBy(sql`1`).execute()) as any[];
    const got = byKey(r.rows, 'month');
    for (const x of rows) {
      expect(got[x.m]).toMatchObject({ entered: Number(x.entered), left: Number(x.left), stored: Number(x.stored) });
      expect(got[x.m].storageFee).toBeCloseTo(Number(x.fee), 2);
    }
  });

  it('each statistic exports to Excel with its 合计 row', async () => {
    for (const path of ['workload', 'work-time', 'material', 'storage-in', 'delivery-out', 'transship']) {
      const res = await h.app.inject({ method: 'GET', url: `${S}/${path}?export=true`, headers: { 'access-token': token } });
      expect(res.statusCode, path).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      expect(sheet.getRow(sheet.rowCount).getCell(1).value, path).toBe('合计');
    }
  });

  it('another organisation sees none of 华运苏州 figures', async () => {
    const admin = await login(h, 'admin');
    const r = ok(await h.call('GET', `${S}/material?dims=materialId`, { token: admin }));
    const sh = ((await h.database.db.selectFrom('materialItem').select('materialId').where('orgId', '=', sz).execute()) as any[]).map((x) => String(x.materialId));
    for (const row of r.rows) expect(sh).not.toContain(String(row.materialId));
  });
});
