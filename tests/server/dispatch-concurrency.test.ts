/**
 * 需车数 holds under parallel requests (issue 16): schedules saved and trucks dispatched at the
 * same moment on one demand never exceed its truck count, and 已派车 always equals the rows.
 * Measured on PostgreSQL before the demand was locked: 20 parallel saves on a one-truck demand
 * saved 9, 20 parallel dispatches dispatched 8, and a two-truck demand ended with 11 dispatched
 * while 已派车 read 1. PGlite (one connection) serialises transactions anyway; the same rules run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { approvedProject, force, login, shanghaiDemo, today, type ShanghaiDemo } from './project-helpers';

const D = '/api/v1/project-base/transport-demand';
const S = '/api/v1/project-base/transport-schedule';
const PARALLEL = 20;

describe.each(await backends())('需车数 under parallel requests on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let demo: ShanghaiDemo;
  let projectId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const newDemand = async (truckCount: number) => {
    const d = ok(await h.call('POST', `${D}/save`, { token: t.pm, data: {
      projectId, cargoName: '主变压器附件', pieces: 40, weight: '60.000', truckCount, loadRegionCode: '310115', loadAddress: '上海临港重装备产业区江山路2800号',
      unloadRegionCode: '330522', unloadAddress: '湖州长兴500kV变电站', planLoadTime: `${today(1)}T20:00:00+08:00`, distanceKm: 186 } }));
    ok(await h.call('POST', `${D}/submit`, { token: t.pm, data: { demandId: d.demandId } }));
    return d.demandId as number;
  };
  const body = (demandId: number, i: number) => ({
    demandId, carrierType: 2, supplierId: demo.carrierId, platformTruckId: demo.platformTruckId, truckLicensePlate: `沪D${String(10000 + i)}`,
    driverName: `司机${i}`, driverPhone: `138${String(10000000 + i)}`, freight: '8000.00', guidePrice: '8000.00',
  });
  const parallelSaves = (demandId: number) =>
    Promise.all(Array.from({ length: PARALLEL }, (_, i) => h.call('POST', `${S}/save`, { token: t.dispatch, data: body(demandId, i) })));
  const parallelDispatches = (ids: number[]) =>
    Promise.all(ids.map((id) => h.call('POST', `${S}/${id}/dispatch`, { token: t.dispatch, data: {} })));
  /** 已派车 as stored, and the schedules that are dispatched (not 草稿, not 已取消), counted. */
  const counts = async (demandId: number) => {
    const demand = (await h.database.db.selectFrom('transportDemand').select(['dispatchedCount', 'status']).where('demandId', '=', demandId).executeTakeFirstOrThrow()) as { dispatchedCount: number; status: number };
    const rows = (await h.database.db.selectFrom('transportSchedule').select('scheduleStatus').where('demandId', '=', demandId).execute()) as { scheduleStatus: number }[];
    return {
      dispatchedCount: Number(demand.dispatchedCount), status: Number(demand.status),
      live: rows.filter((r) => ![0, 5].includes(Number(r.scheduleStatus))).length, held: rows.filter((r) => Number(r.scheduleStatus) !== 5).length,
    };
  };
  /** 20 drafts on a demand, then its 需车数 lowered (the arrangement the dispatch race needs). */
  const draftsBeyond = async (truckCount: number) => {
    const demandId = await newDemand(PARALLEL);
    const saved = await parallelSaves(demandId);
    expect(saved.every((r) => r.status === 200), JSON.stringify(saved.find((r) => r.status !== 200)?.body)).toBe(true);
    await force(h, 'transportDemand', 'demandId', demandId, { truckCount });
    return { demandId, ids: saved.map((r) => Number(r.body.data.scheduleId)) };
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['pm', 'dispatch']) t[u] = await login(h, u);
    demo = await shanghaiDemo(h);
    projectId = await approvedProject(h, t.pm, demo, '并发派车测试项目');
  }, 120_000);
  afterAll(async () => h?.close());

  for (const truckCount of [1, 2]) {
    it(`${PARALLEL} parallel saves on a ${truckCount}-truck demand save exactly ${truckCount}; the rest are refused`, async () => {
      const demandId = await newDemand(truckCount);
      const results = await parallelSaves(demandId);
      const saved = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status !== 200);
      expect(saved.length, JSON.stringify(refused.find((r) => r.status !== 409)?.body)).toBe(truckCount);
      expect(refused.map((r) => r.status)).toEqual(Array(PARALLEL - truckCount).fill(409));
      for (const r of refused) expect(r.body.msg).toBe(`运输需求需车${truckCount}辆，已派${truckCount}辆，不能超派`);
      expect((await counts(demandId)).held).toBe(truckCount);
      // the demand's held-slot figures agree with the rows: full, so 派车 is no longer offered
      const demand = await h.database.db.selectFrom('transportDemand').select(['heldCount', 'slotsFull', 'slotSummary']).where('demandId', '=', demandId).executeTakeFirstOrThrow() as { heldCount: number; slotsFull: boolean; slotSummary: string };
      expect({ ...demand, heldCount: Number(demand.heldCount) }).toEqual({ heldCount: truckCount, slotsFull: true, slotSummary: `${truckCount}/${truckCount}` });
    });

    it(`${PARALLEL} parallel 派车确认 on a ${truckCount}-truck demand dispatch exactly ${truckCount}, and 已派车 equals the rows`, async () => {
      const { demandId, ids } = await draftsBeyond(truckCount);
      const results = await parallelDispatches(ids);
      const dispatched = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status !== 200);
      expect(dispatched.length, JSON.stringify(refused.find((r) => r.status !== 409)?.body)).toBe(truckCount);
      expect(refused.map((r) => r.status)).toEqual(Array(PARALLEL - truckCount).fill(409));
      for (const r of refused) expect(r.body.msg).toBe(`运输需求需车${truckCount}辆，已派${truckCount}辆，不能超派`);
      expect(await counts(demandId)).toMatchObject({ live: truckCount, dispatchedCount: truckCount, status: 15 });
    });
  }

  it('已派车 is recounted from the rows when trucks are dispatched and cancelled in parallel (no lost update)', async () => {
    const { demandId, ids } = await draftsBeyond(PARALLEL);
    const results = await parallelDispatches(ids);
    expect(results.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
    expect(await counts(demandId)).toMatchObject({ live: PARALLEL, dispatchedCount: PARALLEL, status: 15 });
    const cancelled = await Promise.all(ids.slice(0, 15).map((id) => h.call('POST', `${S}/${id}/cancel`, { token: t.dispatch, data: { cancelReason: '客户改期' } })));
    expect(cancelled.map((r) => r.status)).toEqual(Array(15).fill(200));
    expect(await counts(demandId)).toMatchObject({ live: 5, dispatchedCount: 5, status: 15 });
    const rest = await Promise.all(ids.slice(15).map((id) => h.call('POST', `${S}/${id}/cancel`, { token: t.dispatch, data: { cancelReason: '客户改期' } })));
    expect(rest.map((r) => r.status)).toEqual(Array(5).fill(200));
    // every truck cancelled: the demand waits for trucks again
    expect(await counts(demandId)).toMatchObject({ live: 0, dispatchedCount: 0, status: 10 });
  });
});
