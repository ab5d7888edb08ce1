import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { approvedProject, force, login, shanghaiDemo, today, userWith } from './project-helpers';
import { dwellDaysBetween, storageFee } from '../../server/inventory/dwell';

const T = '/api/v1/inventory-base/transship-in';
const F = '/api/v1/project-base/transship-in';
const W = '/api/v1/inventory-base/warehouse';
const REFUSED = '当前状态不允许该操作';
const STATES = [0, 5, 10, 15, 20];

describe('堆存 arithmetic', () => {
  it('counts dwell days in Chinese calendar days, both the day in and the day out', () => {
    expect(dwellDaysBetween('2026-11-01T09:00:00+08:00', '2026-11-01T18:00:00+08:00')).toBe(1);
    expect(dwellDaysBetween('2026-11-01T09:00:00+08:00', '2026-11-10T08:00:00+08:00')).toBe(10);
    // 23:30 UTC is the next morning in China
    expect(dwellDaysBetween('2026-10-31T23:30:00Z', '2026-11-02T01:00:00+08:00')).toBe(2);
  });
  it('charges weight × days beyond the free ones × rate, rounded to the cent', () => {
    expect(storageFee('96.000', 13, 7, 3.5)).toBe('2016.00');
    expect(storageFee('96.000', 7, 7, 3.5)).toBe('0.00');
    expect(storageFee('96.000', 3, 7, 3.5)).toBe('0.00');
    expect(storageFee('0.333', 2, 0, '0.05')).toBe('0.03');
    expect(storageFee('12.345', 11, 7, '2.15')).toBe('106.17');
  });
});

describe.each(await backends())('转运入库与转运财务 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let projectId: number;
  let yardId: number;
  let zpmcContractId: number;
  let keeper: string;
  let noWarehouse: string;
  let projectReader: string;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const body = (extra: Record<string, unknown> = {}) => ({
    projectId, warehouseId: yardId, fromPlace: '南通港', fromMode: 1, vesselOrTrain: '苏通驳2307', arrivalAt: `${today(-12)}T08:00:00+08:00`,
    items: [{ cargoName: '前大梁分段', qty: 2, weight: 48.5 }, { cargoName: '鞍梁', qty: 1, weight: 12.345 }], ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => ok(await h.call('POST', `${T}/save`, { token: t.admin, data: body(extra) }));
  /** a transshipment moved through the API to the state */
  const at = async (state: number, extra: Record<string, unknown> = {}) => {
    const r = await create(extra);
    const id = r.transshipId as number;
    if (state === 20) ok(await h.call('POST', `${T}/${id}/void`, { token: t.admin, data: { voidReason: '船期取消' } }));
    if (state >= 5 && state !== 20) ok(await h.call('POST', `${T}/${id}/arrive`, { token: t.admin, data: { arrivalAt: `${today(-11)}T08:00:00+08:00` } }));
    if (state >= 10 && state !== 20) ok(await h.call('POST', `${T}/${id}/store`, { token: t.admin, data: { storedAt: `${today(-10)}T14:00:00+08:00` } }));
    if (state === 15) ok(await h.call('POST', `${T}/${id}/transfer-out`, { token: t.admin, data: { outAt: `${today()}T09:00:00+08:00` } }));
    return id;
  };
  const newProject = async (name: string) => approvedProject(h, t.pm, await shanghaiDemo(h), name, { serviceCategory: 4, runState: 10, startDate: today(-30) });

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'pm', 'dispatch', 'suzhou']) t[u] = await login(h, u);
    const db = h.database.db;
    const sh = (await db.selectFrom('organization').select(['orgId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
    yardId = ((await db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sh.orgId).where('warehouseType', '=', 3).executeTakeFirstOrThrow()) as { warehouseId: number }).warehouseId;
    zpmcContractId = ((await db.selectFrom('project').select('incomeContractId').where('name', '=', '振华QC-2309岸桥部件仓储配送').executeTakeFirstOrThrow()) as { incomeContractId: number }).incomeContractId;
    projectId = await newProject('转运测试项目');
    keeper = (await userWith(h, ['仓库:转运入库'])).token;
    noWarehouse = (await userWith(h, ['仓库:入库', '仓库:工单', '项目管理:项目:编辑'])).token;
    projectReader = (await userWith(h, ['项目管理:项目:编辑', '项目管理:项目:开票', '仓库:转运入库'])).token;
  });
  afterAll(async () => h?.close());

  it('demo data: 华运苏州 keeps three warehouses; 15 transshipments in every state on the Shanghai projects, visible to the project manager on 转运财务', async () => {
    const sz = ok(await h.call('GET', `${W}/list?pageSize=100`, { token: t.suzhou })).list as any[];
    expect(sz.map((w) => w.name).sort()).toEqual(['太仓港中转堆场', '苏州物料库', '苏州零件库'].sort());
    const all = ok(await h.call('GET', `${T}/page?pageSize=100`, { token: t.admin })).list as any[];
    const count = (s: number) => all.filter((r) => r.status === s).length;
    expect(STATES.map(count)).toEqual([1, 2, 5, 6, 1]);
    expect(all.every((r) => /^ZY\d{10}$/.test(r.transshipNo))).toBe(true);
    const zpmc = all.find((r) => r.status === 15)!.projectId as number;
    const zpmcId = ((await h.database.db.selectFrom('project').select('projectId').where('name', '=', '振华QC-2309岸桥部件仓储配送').executeTakeFirstOrThrow()) as { projectId: number }).projectId;
    const fin = ok(await h.call('GET', `${F}/finance?projectId=${zpmcId}`, { token: t.pm }));
    expect(fin.list.length).toBeGreaterThan(0);
    const out = fin.list.filter((r: any) => r.status === 15);
    expect(out.length).toBeGreaterThan(0);
    for (const r of out) expect(r).toMatchObject({ storageRate: '3.50', freeDays: 7, rateSource: 1 });
    expect(out.some((r: any) => Number(r.storageFee) > 0)).toBe(true);
    expect(zpmc).toBeTruthy();
    // 明阳's were generated by the seed: their income lines exist
    const booked = ok(await h.call('GET', `/api/v1/project-base/income-item/page?source=5`, { token: t.pm }));
    expect(booked.total).toBeGreaterThan(0);
    // the project manager reads 转运财务 but not the warehouse's own screen
    expect((await h.call('GET', `${T}/page`, { token: t.pm })).status).toBe(403);
  });

  it('creates with totals from the items and the project\'s customer; refuses an unapproved project and another project\'s schedule', async () => {
    const r = await create();
    expect(r).toMatchObject({ status: 0, totalPieces: 3, totalWeight: '60.845', projectId });
    expect(r.customerId).toBeTruthy();
    expect(r.transshipNo).toMatch(/^ZY\d{10}$/);
    const noItems = await h.call('POST', `${T}/save`, { token: t.admin, data: body({ items: [] }) });
    expect(noItems.status).toBe(400);
    const draft = await newProject('未立项项目');
    await force(h, 'project', 'projectId', draft, { auditState: 0, runState: 0 });
    const refused = await h.call('POST', `${T}/save`, { token: t.admin, data: body({ projectId: draft }) });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('立项');
    const other = (await h.database.db.selectFrom('transportSchedule').select('scheduleId').where('projectId', '<>', projectId).orderBy('scheduleId').executeTakeFirstOrThrow()) as { scheduleId: number };
    const wrong = await h.call('POST', `${T}/save`, { token: t.admin, data: body({ scheduleId: other.scheduleId }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('短驳调度单不属于该项目');
  });

  it('edits only in transit or at the port, deletes only in transit', async () => {
    for (const state of STATES) {
      const id = await at(state);
      const { version } = ok(await h.call('GET', `${T}/${id}`, { token: t.admin }));
      const edit = await h.call('PUT', `${T}/${id}`, { token: t.admin, data: body({ remark: '改', version }) });
      expect(edit.status, `edit at ${state}: ${JSON.stringify(edit.body)}`).toBe([0, 5].includes(state) ? 200 : 409);
      const del = await h.call('DELETE', `${T}/${id}`, { token: t.admin });
      expect(del.status, `delete at ${state}`).toBe(state === 0 ? 200 : 409);
    }
  });

  const TRANSITIONS = [
    { name: 'arrive', path: 'arrive', from: [0], to: 5, data: { arrivalAt: `${today(-1)}T08:00:00+08:00` } },
    { name: 'store', path: 'store', from: [5], to: 10, data: { storedAt: `${today()}T08:00:00+08:00` } },
    { name: 'transferOut', path: 'transfer-out', from: [10], to: 15, data: { outAt: `${today()}T18:00:00+08:00` } },
    { name: 'void', path: 'void', from: [0, 5], to: 20, data: { voidReason: '货物改港' } },
  ];
  for (const c of TRANSITIONS) {
    it(`${c.name}: from ${c.from.join('/')} to ${c.to} with 仓库:转运入库 only; other states 409, other permissions 403`, async () => {
      for (const state of STATES) {
        const id = await at(state);
        const denied = await h.call('POST', `${T}/${id}/${c.path}`, { token: noWarehouse, data: c.data });
        expect(denied.status, `no permission at ${state}`).toBe(403);
        const r = await h.call('POST', `${T}/${id}/${c.path}`, { token: keeper, data: c.data });
        if (c.from.includes(state)) {
          expect(r.status, `${c.name} at ${state}: ${JSON.stringify(r.body)}`).toBe(200);
          expect(r.body.data.list[0].status).toBe(c.to);
        } else {
          expect(r.status, `${c.name} at ${state}`).toBe(409);
          expect(r.body.msg).toBe(REFUSED);
        }
      }
    });
  }

  it('asks for the time or the reason each step needs, and keeps the times in order', async () => {
    const id = await at(5);
    expect((await h.call('POST', `${T}/${id}/void`, { token: t.admin, data: {} })).status).toBe(400);
    const early = await h.call('POST', `${T}/${id}/store`, { token: t.admin, data: { storedAt: `${today(-20)}T08:00:00+08:00` } });
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe('入库时间不能早于到港时间');
    ok(await h.call('POST', `${T}/${id}/store`, { token: t.admin, data: { storedAt: `${today(-10)}T14:00:00+08:00` } }));
    const before = await h.call('POST', `${T}/${id}/transfer-out`, { token: t.admin, data: { outAt: `${today(-11)}T14:00:00+08:00` } });
    expect(before.status).toBe(400);
    expect(before.body.msg).toBe('转出时间不能早于入库时间');
    const out = ok(await h.call('POST', `${T}/${id}/transfer-out`, { token: t.admin, data: { outAt: `${today()}T09:00:00+08:00` } })).list[0];
    expect(out).toMatchObject({ status: 15, dwellDays: 11 });
  });

  it('转运财务: dwell, free days and rate from the settings, or from the income contract\'s 吨·天 line; 短驳 freight from the schedule', async () => {
    const pid = await newProject('转运财务计算项目');
    const out = await at(15, { projectId: pid });
    const stored = await at(10, { projectId: pid });
    const arrived = await at(5, { projectId: pid });
    await at(20, { projectId: pid });
    const fin = ok(await h.call('GET', `${F}/finance?projectId=${pid}`, { token: t.pm }));
    expect(fin.total).toBe(3);
    const row = (id: number) => fin.list.find((r: any) => r.transshipId === id);
    // settings: 3.00 元/吨·天, 7 days free; 60.845 t × (11 − 7) × 3
    expect(row(out)).toMatchObject({ dwellDays: 11, freeDays: 7, storageRate: '3.00', rateSource: 2, storageFee: '730.14' });
    expect(row(stored)).toMatchObject({ dwellDays: 11, storageFee: '730.14' });
    expect(row(stored).financeNote).toContain('估算');
    expect(row(arrived)).toMatchObject({ dwellDays: null, storageFee: null });
    await force(h, 'project', 'projectId', pid, { incomeContractId: zpmcContractId });
    const byContract = ok(await h.call('GET', `${F}/finance?projectId=${pid}`, { token: t.pm }));
    expect(byContract.list.find((r: any) => r.transshipId === out)).toMatchObject({ storageRate: '3.50', freeDays: 7, rateSource: 1, storageFee: '851.83' });
  });

  it('生成收入/成本 books 堆存费 income (source 5) and 短驳 cost (type 6) once; the schedule\'s receipt then books no second freight', async () => {
    const db = h.database.db;
    const sh = (await db.selectFrom('organization').select(['orgId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
    const pt = (await db.selectFrom('platformTruck as pt').innerJoin('supplier as s', 's.supplierId', 'pt.supplierId').select(['pt.platformTruckId', 'pt.supplierId'])
      .where('pt.orgId', '=', sh.orgId).where('s.supplierType', '=', 1).where('s.verifyStatus', '=', 15).orderBy('pt.platformTruckId').executeTakeFirstOrThrow()) as { platformTruckId: number; supplierId: number };
    const demand = ok(await h.call('POST', '/api/v1/project-base/transport-demand/save', { token: t.pm, data: {
      projectId, cargoName: '前大梁分段(短驳)', pieces: 2, weight: '60.845', truckCount: 1, loadRegionCode: '320585', loadAddress: '太仓港中转堆场B区',
      unloadRegionCode: '320585', unloadAddress: '太仓港中转堆场', planLoadTime: `${today(-12)}T20:00:00+08:00`, distanceKm: 12 } }));
    ok(await h.call('POST', '/api/v1/project-base/transport-demand/submit', { token: t.pm, data: { demandId: demand.demandId } }));
    const s = ok(await h.call('POST', '/api/v1/project-base/transport-schedule/save', { token: t.dispatch, data: {
      demandId: demand.demandId, carrierType: 2, supplierId: pt.supplierId, platformTruckId: pt.platformTruckId, driverName: '王师傅', driverPhone: '13812345678', freight: '3200.00', customerFreight: '0' } }));
    ok(await h.call('POST', `/api/v1/project-base/transport-schedule/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));

    const id = await at(15, { scheduleId: s.scheduleId });
    const done = await at(15);
    const before = ok(await h.call('GET', `${F}/finance?projectId=${projectId}&pageSize=100`, { token: t.pm }));
    expect(before.list.find((r: any) => r.transshipId === id)).toMatchObject({ shortHaulFreight: '3200.00', financeAt: null });

    // generating needs 项目管理:项目:成本结算 (or the whole 项目管理:项目)
    expect((await h.call('POST', `${F}/generate`, { token: projectReader, data: { projectId } })).status).toBe(403);
    const g = ok(await h.call('POST', `${F}/generate`, { token: t.pm, data: { projectId } }));
    expect(g.transships).toBeGreaterThanOrEqual(2);
    expect(g.costItems).toBe(1);
    expect(g.costAmount).toBe('3200.00');
    const income = ok(await h.call('GET', `/api/v1/project-base/income-item/page?projectId=${projectId}&source=5&pageSize=100`, { token: t.pm })).list as any[];
    const mine = income.filter((i) => [id, done].includes(i.transshipId));
    expect(mine.map((i) => i.amount)).toEqual(['730.14', '730.14']);
    expect(mine[0]).toMatchObject({ taxRate: 6, itemStatus: 10 });
    const cost = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${projectId}&source=5`, { token: t.pm })).list as any[];
    expect(cost).toHaveLength(1);
    expect(cost[0]).toMatchObject({ costType: 6, amount: '3200.00', scheduleId: s.scheduleId, transshipId: id, supplierId: pt.supplierId });
    const frozen = ok(await h.call('GET', `${F}/${id}`, { token: t.pm }));
    expect(frozen).toMatchObject({ storageFee: '730.14', shortHaulFreight: '3200.00', dwellDays: 11, incomeItemId: mine.find((i) => i.transshipId === id).incomeItemId, costItemId: cost[0].costItemId });
    expect(frozen.financeAt).toBeTruthy();

    // idempotent: nothing left, and it says so
    const again = await h.call('POST', `${F}/generate`, { token: t.pm, data: { projectId } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('没有需要生成');
    expect(ok(await h.call('GET', `/api/v1/project-base/income-item/page?projectId=${projectId}&source=5&pageSize=100`, { token: t.pm })).total).toBe(income.length);
    expect(ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${projectId}&source=5`, { token: t.pm })).total).toBe(1);

    // the short haul finishes: its receipt books no second freight cost
    const S = '/api/v1/project-base/transport-schedule';
    ok(await h.call('POST', `${S}/${s.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 2, loadedWeight: '60.845' } }));
    for (const step of ['depart', 'arrive', 'sign']) ok(await h.call('POST', `${S}/${s.scheduleId}/${step}`, { token: t.dispatch, data: {} }));
    const receipt = ok(await h.call('GET', `/api/v1/project-base/receipt/page?scheduleId=${s.scheduleId}`, { token: t.dispatch })).list[0];
    ok(await h.call('POST', `/api/v1/project-base/receipt/${receipt.receiptId}/upload`, { token: t.dispatch, data: { photos: [{ name: '回单.jpg', url: '/api/v1/file-base/file/r.jpg' }], signedBy: '李工' } }));
    ok(await h.call('POST', '/api/v1/project-base/receipt/audit-pass', { token: t.dispatch, data: { ids: [receipt.receiptId] } }));
    expect(ok(await h.call('GET', `${S}/${s.scheduleId}`, { token: t.dispatch })).scheduleStatus).toBe(40);
    const freight = ok(await h.call('GET', `/api/v1/project-base/cost-item/page?projectId=${projectId}&scheduleId=${s.scheduleId}`, { token: t.pm })).list as any[];
    expect(freight.map((c) => [c.source, c.amount])).toEqual([[5, '3200.00']]);
  });

  it('a closed project refuses 生成 with 409 项目已关账', async () => {
    const pid = await newProject('已关账转运项目');
    await at(15, { projectId: pid });
    await force(h, 'project', 'projectId', pid, { runState: 30 });
    const r = await h.call('POST', `${F}/generate`, { token: t.pm, data: { projectId: pid } });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('项目已关账');
    const n = ok(await h.call('GET', `/api/v1/project-base/income-item/page?projectId=${pid}`, { token: t.pm })).total;
    expect(n).toBe(0);
  });

  it('another organisation sees none of it: its lists, finance and generate answer nothing or 404, and it cannot point at our project', async () => {
    const id = await at(15);
    expect((await h.call('GET', `${T}/${id}`, { token: t.suzhou })).status).toBe(404);
    const theirs = ok(await h.call('GET', `${T}/page?pageSize=100`, { token: t.suzhou })).list as any[];
    expect(theirs.some((r) => r.transshipId === id)).toBe(false);
    expect((await h.call('POST', `${T}/${id}/void`, { token: t.suzhou, data: { voidReason: '越权' } })).status).toBe(404);
    expect((await h.call('GET', `${F}/finance?projectId=${projectId}`, { token: t.suzhou })).status).toBe(404);
    expect((await h.call('POST', `${F}/generate`, { token: t.suzhou, data: { projectId } })).status).toBe(404);
    const szYard = (ok(await h.call('GET', `${W}/list?pageSize=100`, { token: t.suzhou })).list as any[]).find((w) => w.warehouseType === 3);
    const cross = await h.call('POST', `${T}/save`, { token: t.suzhou, data: body({ warehouseId: szYard.warehouseId }) });
    expect(cross.status).toBe(400);
    const ourYard = await h.call('GET', `${W}/${yardId}`, { token: t.suzhou });
    expect(ourYard.status).toBe(404);
  });

  it('a warehouse that has held transshipments is disabled, not deleted; an unused one is deleted', async () => {
    const used = await h.call('DELETE', `${W}/${yardId}`, { token: t.admin });
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('该仓库已有转运入库记录，不能删除，请改为停用');
    const spare = ok(await h.call('POST', `${W}/save`, { token: t.admin, data: { name: '外高桥临时堆场', code: 'WGQ-01', warehouseType: 3 } }));
    const dup = await h.call('POST', `${W}/save`, { token: t.admin, data: { name: '外高桥临时堆场', code: 'WGQ-02', warehouseType: 3 } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('本单位已有同名仓库');
    expect((await h.call('POST', `${W}/save`, { token: t.pm, data: { name: '项目经理的堆场', code: 'PM-01', warehouseType: 3 } })).status).toBe(403);
    ok(await h.call('DELETE', `${W}/${spare.warehouseId}`, { token: t.admin }));
  });
});
