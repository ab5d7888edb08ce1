/**
 * 派车轨迹 of a schedule (DOMAIN §6.5, `track/schedule/{id}`): its truck's path from 发车 to
 * 到达/签收 (to now while on the road), its nodes placed on the path, its stops, the
 * maxTrackHours cap, the organisation boundary; and the truck dashboard's 出勤率 (§7 R17), the
 * days each own truck had a schedule in 15–35 over the period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login, today } from './project-helpers';
import { forgetPlates } from '../../server/tracking/ingest';

const KEY = 'schedule-gps-key';
const D = '/api/v1/project-base/transport-demand';
const S = '/api/v1/project-base/transport-schedule';
const CT = '/api/v1/project-base/company-truck';
const TRACK = '/api/v1/project-base/track/schedule';
const DASH = '/api/v1/project-base/stat/truck-dashboard';
const MIN = 60_000;
const HOUR = 3600_000;

/** An instant as ISO text (what the transitions' time fields take). */
const iso = (ms: number) => new Date(ms).toISOString();
/** A China calendar day, offset from today. */
const dayAt = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
/** 10:00 China time, `daysAgo` days back. */
const tenOClock = (daysAgo: number) => Date.parse(`${today(-daysAgo)}T10:00:00+08:00`);

describe.each(await backends())('schedule track and attendance on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let projectId: number;
  let orgId: number;
  const trucks: Record<string, number> = {};
  const before = process.env.GPS_INGEST_KEY;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const push = async (points: unknown[]) => {
    const r = await h.call('POST', '/api/v1/project-base/track/ingest', { data: { points }, headers: { 'x-gps-key': KEY } });
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.rejected).toEqual([]);
  };
  const demand = async (truckCount: number) => {
    const d = ok(await h.call('POST', `${D}/save`, { token: t.pm, data: {
      projectId, cargoName: '岸桥联系梁', pieces: 4, weight: '40.000', truckCount, loadRegionCode: '310115', loadAddress: '洋山港四期码头',
      unloadRegionCode: '330206', unloadAddress: '宁波北仑港区穿山码头', planLoadTime: iso(Date.now() + 86400_000), distanceKm: 235 } }));
    ok(await h.call('POST', `${D}/submit`, { token: t.pm, data: { demandId: d.demandId } }));
    return d.demandId as number;
  };
  /** An own truck's schedule, dispatched, then through the given steps with their times. */
  const schedule = async (demandId: number, plate: string, steps: [string, Record<string, unknown>][]) => {
    const s = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: { demandId, carrierType: 1, companyTruckId: trucks[plate], driverName: '高志刚', driverPhone: '13912345678' } }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    for (const [name, values] of steps) ok(await h.call('POST', `${S}/${s.scheduleId}/${name}`, { token: t.dispatch, data: values }));
    return s.scheduleId as number;
  };
  const track = (id: number, token = t.dispatch) => h.call('GET', `${TRACK}/${id}`, { token });

  beforeAll(async () => {
    process.env.GPS_INGEST_KEY = KEY;
    h = await startHarness(backend);
    for (const u of ['pm', 'dispatch', 'suzhou', 'business']) t[u] = await login(h, u);
    const db = h.database.db;
    orgId = ((await db.selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number }).orgId;
    projectId = ((await db.selectFrom('project').select('projectId').where('orgId', '=', orgId).where('name', '=', '中远海运岸桥配件运输').executeTakeFirstOrThrow()) as { projectId: number }).projectId;
    // Trucks of the test's own: the demo trucks have schedules and a history of their own.
    for (const plate of ['沪DS3001', '沪DS3002', '沪DS3003', '沪DS3004']) {
      trucks[plate] = ok(await h.call('POST', `${CT}/save`, { token: t.dispatch, data: { truckLicensePlate: plate, plateColor: 2, vehicleKind: 1 } })).truckId;
    }
    forgetPlates(db);
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.GPS_INGEST_KEY;
    else process.env.GPS_INGEST_KEY = before;
    await h?.close();
  });

  it('answers a schedule\'s path from 发车, to now on the road, to 到达 and then to 签收, with its nodes and stops', async () => {
    const plate = '沪DS3001';
    const t0 = Date.now() - 5 * HOUR;
    const departed = t0 + 30 * MIN;
    const demandId = await demand(2);
    const id = await schedule(demandId, plate, [
      ['load', { loadedAt: iso(t0), loadedPieces: 2, loadedWeight: '20.000', nodeAddress: '洋山港四期码头' }],
      ['depart', { departedAt: iso(departed), nodeAddress: '洋山港四期码头' }],
    ]);
    // In the yard before 发车 (not the trip), then a point every 5 minutes; 20 minutes stopped at a 服务区.
    const points = [{ plate, time: t0 + 10 * MIN, lng: 121.9, lat: 30.6, speed: 0, direction: 0 }];
    let lng = 121.9;
    for (let m = 30; m <= 290; m += 5) {
      const stopped = m >= 90 && m <= 110;
      if (!stopped && m !== 30) lng -= 0.02;
      points.push({ plate, time: t0 + m * MIN, lng: Number(lng.toFixed(5)), lat: 30.6, speed: stopped ? 0 : 60, direction: 270 });
    }
    await push(points);
    const trip = points.slice(1);

    let r = await track(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    let a = r.body.data;
    expect(a).toMatchObject({ scheduleId: id, plate, truckKind: 1, truckId: trucks[plate], scheduleStatus: 20, inTransit: true, capped: false, start: iso(departed) });
    expect(a.count).toBe(trip.length);
    expect(a.points[0]).toEqual([departed, 121.9, 30.6, 60, 270]);
    expect(a.points.map((p: number[]) => p[0])).toEqual(trip.map((p) => p.time));
    expect(a.stops).toHaveLength(1);
    expect(a.stops[0]).toMatchObject({ start: t0 + 90 * MIN, end: t0 + 110 * MIN, minutes: 20 });
    // Each node where it happened: 发车 at the truck's first point of the trip; 装车 before the path, without a place.
    const node = (n: number) => a.nodes.find((x: any) => x.node === n);
    expect(node(20)).toMatchObject({ occurredAt: iso(departed), address: '洋山港四期码头', lng: 121.9, lat: 30.6 });
    expect(node(15)).toMatchObject({ occurredAt: iso(t0), lng: null, lat: null });
    expect(a.nodes.map((x: any) => x.node).sort()).toEqual([10, 15, 20]);

    // 到达 an hour ago: the path ends there.
    const arrived = t0 + 240 * MIN;
    ok(await h.call('POST', `${S}/${id}/arrive`, { token: t.dispatch, data: { arrivedAt: iso(arrived), nodeAddress: '穿山码头' } }));
    a = (await track(id)).body.data;
    expect(a).toMatchObject({ scheduleStatus: 30, inTransit: false, end: iso(arrived) });
    expect(a.count).toBe(trip.filter((p) => p.time <= arrived).length);
    expect(a.nodes.find((x: any) => x.node === 30)).toMatchObject({ address: '穿山码头', lng: a.points[a.count - 1][1] });
    // 签收 later: the path runs to the signature.
    const signed = t0 + 270 * MIN;
    ok(await h.call('POST', `${S}/${id}/sign`, { token: t.dispatch, data: { signedAt: iso(signed) } }));
    a = (await track(id)).body.data;
    expect(a).toMatchObject({ scheduleStatus: 35, end: iso(signed) });
    expect(a.count).toBe(trip.filter((p) => p.time <= signed).length);

    // No longer than the organisation's maxTrackHours: the latest part is kept.
    await h.database.db.updateTable('systemConfig').set({ maxTrackHours: 2 }).where('orgId', '=', orgId).execute();
    try {
      a = (await track(id)).body.data;
      expect(a).toMatchObject({ capped: true, maxTrackHours: 2, start: iso(signed - 2 * HOUR), end: iso(signed) });
      expect(a.count).toBe(trip.filter((p) => p.time >= signed - 2 * HOUR && p.time <= signed).length);
    } finally {
      await h.database.db.updateTable('systemConfig').set({ maxTrackHours: 72 }).where('orgId', '=', orgId).execute();
    }

    // Not yet departed: no path, the nodes so far.
    const waiting = await schedule(demandId, '沪DS3002', []);
    r = await track(waiting);
    expect(r.body.data).toMatchObject({ scheduleStatus: 10, count: 0, points: [], start: null, inTransit: false });
    expect(r.body.data.nodes.map((x: any) => x.node)).toEqual([10]);
    ok(await h.call('POST', `${S}/${waiting}/cancel`, { token: t.dispatch, data: { cancelReason: '客户改期' } }));
  });

  it('keeps schedules inside their organisation and to the tracking roles', async () => {
    const id = ((await h.database.db.selectFrom('transportSchedule').select('scheduleId').where('orgId', '=', orgId).where('scheduleStatus', '=', 20).executeTakeFirstOrThrow()) as { scheduleId: number }).scheduleId;
    expect((await track(id)).status).toBe(200);
    const foreign = await track(id, t.suzhou);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('未找到调度单');
    expect((await track(99_999_999)).status).toBe(404);
    expect((await track(id, t.business)).status).toBe(403);
    expect((await h.call('GET', `${TRACK}/${id}`)).status).toBe(401);
  });

  it('counts 出勤率 as the days an own truck had a schedule between 装车 and 签收', async () => {
    const demandId = await demand(3);
    // 沪DS3003: a trip loaded five days ago and signed three days ago (3 days), then one loaded yesterday, still on the road (2 days).
    await schedule(demandId, '沪DS3003', [
      ['load', { loadedAt: iso(tenOClock(5)), loadedPieces: 1, loadedWeight: '10.000' }],
      ['depart', { departedAt: iso(tenOClock(5) + 2 * HOUR) }],
      ['arrive', { arrivedAt: iso(tenOClock(4)) }],
      ['sign', { signedAt: iso(tenOClock(3)) }],
    ]);
    await schedule(demandId, '沪DS3003', [
      ['load', { loadedAt: iso(tenOClock(1)), loadedPieces: 1, loadedWeight: '10.000' }],
      ['depart', { departedAt: iso(tenOClock(1) + HOUR) }],
    ]);
    // 沪DS3004: dispatched but not loaded, on no day; it drove, which is not attendance.
    await schedule(demandId, '沪DS3004', []);
    await push([0, 5, 10, 15].map((m) => ({ plate: '沪DS3004', time: Date.now() - (40 - m) * MIN, lng: 121.5 - m * 0.01, lat: 31.2, speed: 60, direction: 270 })));

    const dash = async (q = '') => ok(await h.call('GET', `${DASH}${q}`, { token: t.dispatch }));
    let d = await dash();
    const row = (plate: string) => d.attendance.find((x: any) => x.plate === plate);
    expect(d.days).toBe(7);
    expect(row('沪DS3003')).toMatchObject({ days: 5, rate: 71.4 });
    expect(row('沪DS3004')).toMatchObject({ days: 0, rate: 0 });
    expect(row('沪DS3001')).toMatchObject({ days: dayAt(Date.now() - 5 * HOUR) === today() ? 1 : 2 });
    const truckDays = d.attendance.reduce((s: number, x: any) => s + x.days, 0);
    expect(d.attendance).toHaveLength(d.summary.inService);
    expect(d.summary.attendanceRate).toBeCloseTo(Math.round((truckDays / (d.summary.inService * 7)) * 1000) / 10, 5);

    // The signed trip alone: both of its full days in a two-day period.
    d = await dash(`?startDate=${today(-4)}&endDate=${today(-3)}`);
    expect(row('沪DS3003')).toMatchObject({ days: 2, rate: 100 });
    // A period before any of it.
    d = await dash(`?startDate=${today(-30)}&endDate=${today(-20)}`);
    expect(row('沪DS3003')).toMatchObject({ days: 0 });
  });
});
