/**
 * 在途车辆 position ingest (DOMAIN §3.4): the provider's key, per-point validation (bad points
 * refused with a reason, good ones kept), resends, the latest position, the day's kilometres, a
 * truck's path over a period in time order, the period limit, the organisation boundary and the
 * truck dashboard (§7 R17).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { forgetPlates } from '../../server/tracking/ingest';
import { summarise } from '../../pages/truck-track/pathSummary';
import { prunePositions } from '../../server/tracking/retention';

const KEY = 'test-gps-key';
const INGEST = '/api/v1/project-base/track/ingest';
const LOC = '/api/v1/project-base/truck-location/list';
const TRACK = '/api/v1/project-base/track/list';
const DASH = '/api/v1/project-base/stat/truck-dashboard';
const CT = '/api/v1/project-base/company-truck';

/** China wall-clock text of a moment, the seed's time format. */
const china = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe.each(await backends())('position ingest on %s', (backend) => {
  let h: Harness;
  let dispatch: string;
  let suzhou: string;
  let business: string;
  const before = process.env.GPS_INGEST_KEY;
  // A route from 上海临港 towards 湖州长兴, a point a minute.
  const t0 = Date.now() - 40 * 60_000;
  const route = Array.from({ length: 10 }, (_, i) => ({ lng: 121.93 - i * 0.01, lat: 30.9 + i * 0.004 }));

  const push = (points: unknown[], key: string | null = KEY) =>
    h.call('POST', INGEST, { data: { points }, headers: key === null ? {} : { 'x-gps-key': key } });

  beforeAll(async () => {
    process.env.GPS_INGEST_KEY = KEY;
    h = await startHarness(backend);
    dispatch = await h.login('dispatch', 'Dispatch@123');
    suzhou = await h.login('suzhou');
    business = await h.login('business');
    // Trucks of the test's own (the demo trucks have a history of their own): 上海 has two,
    // 苏州 registers the same 沪DT1001 (a shared plate) and one only it has.
    for (const [token, plate] of [[dispatch, '沪DT1001'], [dispatch, '沪DT1002'], [suzhou, '沪DT1001'], [suzhou, '苏E5T210']] as const) {
      const r = await h.call('POST', `${CT}/save`, { token, data: { truckLicensePlate: plate, plateColor: 2, vehicleKind: 1 } });
      expect(r.body.code, r.body.msg).toBe(0);
    }
    forgetPlates(h.database.db);
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.GPS_INGEST_KEY;
    else process.env.GPS_INGEST_KEY = before;
    await h?.close();
  });

  it('takes pushes only with the integration key', async () => {
    const point = { plate: '沪DT1002', time: china(t0), lng: 121.9, lat: 30.9, speed: 50, direction: 270 };
    const none = await push([point], null);
    expect(none.status).toBe(401);
    expect(none.body.msg).toBe('定位接入密钥不正确');
    const wrong = await push([point], 'guess');
    expect(wrong.status).toBe(401);
    delete process.env.GPS_INGEST_KEY;
    const off = await push([point]);
    expect(off.status).toBe(403);
    expect(off.body.msg).toBe('定位接入未启用');
    process.env.GPS_INGEST_KEY = KEY;
    // A session is no substitute for the key.
    const session = await h.call('POST', INGEST, { token: dispatch, data: { points: [point] } });
    expect(session.status).toBe(401);
  });

  it('keeps the good points of a batch and says why each bad one was refused', async () => {
    const r = await push([
      { plate: '沪DT1001', time: china(t0), lng: 121.93, lat: 30.9, speed: 0, direction: 0 },
      { plate: '沪DK735', time: china(t0), lng: 121.93, lat: 30.9, speed: 10, direction: 0 },
      { plate: '京A12345', time: china(t0), lng: 116.4, lat: 39.9, speed: 10, direction: 0 },
      { plate: '沪DT1001', time: china(Date.now() + 3600_000), lng: 121.9, lat: 30.9, speed: 10, direction: 0 },
      { plate: '沪DT1001', time: china(t0 + 1000), lng: 2.35, lat: 48.85, speed: 10, direction: 0 },
      { plate: '沪DT1001', time: china(t0 + 2000), lng: 121.9, lat: 30.9, speed: 400, direction: 0 },
      { plate: '沪DT1001', time: 'yesterday', lng: 121.9, lat: 30.9 },
      { plate: '沪DT1001', time: china(t0 + 60_000), lng: route[1]!.lng, lat: route[1]!.lat, speed: 48, direction: 280, mileage: 12000.5 },
    ]);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data.accepted).toBe(2);
    expect(r.body.data.rejected).toEqual([
      { index: 1, plate: '沪DK735', reason: '车牌号沪DK735格式不正确' },
      { index: 2, plate: '京A12345', reason: '车牌号京A12345未登记为自有车辆或平台车辆' },
      { index: 3, plate: '沪DT1001', reason: '定位时间晚于当前时间' },
      { index: 4, plate: '沪DT1001', reason: '经纬度(2.35,48.85)不在中国境内' },
      { index: 5, plate: '沪DT1001', reason: '速度应在0到220公里/小时之间' },
      { index: 6, plate: '沪DT1001', reason: '定位时间格式不正确' },
    ]);
    // A resent point is not stored twice.
    const again = await push([{ plate: '沪DT1001', time: china(t0), lng: 121.93, lat: 30.9, speed: 0, direction: 0 }]);
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    const tooMany = await push(Array.from({ length: 5001 }, () => ({})));
    expect(tooMany.status).toBe(400);
  });

  it('keeps the newest position per truck and adds up the day\'s kilometres', async () => {
    const points = route.slice(2).map((p, i) => ({ plate: '沪DT1002', time: china(t0 + (i + 2) * 60_000), ...p, speed: 52, direction: 285 }));
    expect((await push(points)).body.data.accepted).toBe(points.length);
    // A late point from before the newest one must not move the truck back.
    const late = await push([{ plate: '沪DT1002', time: china(t0 + 60_000), lng: route[1]!.lng, lat: route[1]!.lat, speed: 0, direction: 0 }]);
    expect(late.body.data.accepted).toBe(1);
    const list = await h.call('GET', `${LOC}?keyword=DT1002`, { token: dispatch });
    expect(list.body.code, list.body.msg).toBe(0);
    const row = list.body.data.list.find((x: any) => x.truckLicensePlate === '沪DT1002');
    expect(row).toMatchObject({ truckKind: 1, lng: route[9]!.lng, lat: route[9]!.lat, speed: 52, online: false, motion: 3 });
    // Half an hour old is offline (locationOnlineMinutes 10): push a fresh point and it is moving.
    await push([{ plate: '沪DT1002', time: china(Date.now() - 5000), lng: 121.83, lat: 30.94, speed: 60, direction: 280 }]);
    const now = (await h.call('GET', `${LOC}?keyword=DT1002`, { token: dispatch })).body.data;
    expect(now.list[0]).toMatchObject({ truckLicensePlate: '沪DT1002', online: true, motion: 1, speed: 60 });
    // The route was driven 30-40 minutes ago: shortly after midnight (China time) that was yesterday.
    if (china(t0).slice(0, 10) === china(Date.now()).slice(0, 10)) expect(now.list[0].kmToday).toBeGreaterThan(5);
    else expect(now.list[0].kmToday).toBeGreaterThanOrEqual(0);
    expect(now.summary.moving).toBeGreaterThanOrEqual(1);
    const moving = (await h.call('GET', `${LOC}?motion=1`, { token: dispatch })).body.data.list;
    expect(moving.map((x: any) => x.truckLicensePlate)).toContain('沪DT1002');
    // Own trucks that never reported are listed offline, without a position.
    const never = (await h.call('GET', `${LOC}?keyword=D1236`, { token: dispatch })).body.data.list[0];
    expect(never).toMatchObject({ truckLicensePlate: '沪D1236挂', gpsTime: null, motion: 3, online: false });
  });

  it('answers a truck\'s path over a period in time order, with its length and stops', async () => {
    // Pushed out of order, answered in order.
    const plate = '沪DT1001';
    const pts = Array.from({ length: 30 }, (_, i) => ({ plate, time: china(t0 + (i + 2) * 60_000), lng: 121.9 - i * 0.01, lat: 30.9, speed: i < 15 ? 0 : 55, direction: 270 }));
    await push(pts.slice(15));
    await push(pts.slice(0, 15));
    const r = await h.call('GET', `${TRACK}?plate=${encodeURIComponent(plate)}&start=${encodeURIComponent(china(t0 - 60_000))}&end=${encodeURIComponent(china(Date.now()))}`, { token: dispatch });
    expect(r.body.code, r.body.msg).toBe(0);
    const times = r.body.data.points.map((p: number[]) => p[0]);
    expect(times).toEqual([...times].sort((a: number, b: number) => a - b));
    expect(r.body.data.points).toHaveLength(32); // the two of the first batch and these 30
    expect(r.body.data).toMatchObject({ plate, truckKind: 1, count: 32 });
    expect(r.body.data.points[31]).toEqual([expect.any(Number), 121.61, 30.9, 55, 270]);
    // The screen's figures: about 25 km west, one stop of a quarter of an hour.
    const summary = summarise(r.body.data.points);
    expect(summary.km).toBeGreaterThan(10);
    expect(summary.stops.length).toBe(1);
    expect(summary.stops[0]!.minutes).toBeGreaterThanOrEqual(10);
    // Only the period asked for.
    const part = await h.call('GET', `${TRACK}?plate=${encodeURIComponent(plate)}&start=${encodeURIComponent(china(t0 + 10 * 60_000))}&end=${encodeURIComponent(china(t0 + 12 * 60_000))}`, { token: dispatch });
    expect(part.body.data.points).toHaveLength(3);

    const bad = (start: string, end: string) => h.call('GET', `${TRACK}?plate=${encodeURIComponent(plate)}&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`, { token: dispatch });
    expect((await bad(china(t0), china(t0 - 1000))).body.msg).toBe('结束时间应晚于开始时间');
    expect((await bad(china(t0 - 80 * 3600_000), china(t0))).body.msg).toBe('查询时段不能超过72小时');
    expect((await bad('前天', china(t0))).body.msg).toBe('开始时间格式不正确');
  });

  it('keeps organisations apart: a shared plate is stored for each, a plate of another organisation is unknown', async () => {
    await push([{ plate: '苏E5T210', time: china(Date.now() - 2000), lng: 120.62, lat: 31.32, speed: 0, direction: 0 }]);
    const sz = (await h.call('GET', LOC, { token: suzhou })).body.data.list.map((x: any) => x.truckLicensePlate);
    expect(sz).toContain('苏E5T210');
    expect(sz).toContain('沪DT1001');
    expect(sz).not.toContain('沪DT1002');
    const sh = (await h.call('GET', LOC, { token: dispatch })).body.data.list.map((x: any) => x.truckLicensePlate);
    expect(sh).not.toContain('苏E5T210');
    const q = (plate: string, token: string) => h.call('GET', `${TRACK}?plate=${encodeURIComponent(plate)}&start=${encodeURIComponent(china(t0 - 60_000))}&end=${encodeURIComponent(china(Date.now()))}`, { token });
    const foreign = await q('沪DT1002', suzhou);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('未找到车辆沪DT1002');
    expect((await q('苏E5T210', dispatch)).status).toBe(404);
    // 苏州's 沪DT1001 has the points pushed since it registered it; 上海's has its own copy.
    const shared = await q('沪DT1001', suzhou);
    expect(shared.body.data.points.length).toBe(32);
    expect(shared.body.data.truckId).not.toBe((await q('沪DT1001', dispatch)).body.data.truckId);
  });

  it('serves only the tracking roles', async () => {
    expect((await h.call('GET', LOC, { token: business })).status).toBe(403);
    expect((await h.call('GET', `${TRACK}?plate=x&start=a&end=b`, { token: business })).status).toBe(403);
    expect((await h.call('GET', DASH, { token: business })).status).toBe(403);
    expect((await h.call('GET', LOC)).status).toBe(401);
  });

  it('draws the truck dashboard: states, online rate, kilometres, licence warnings', async () => {
    const r = await h.call('GET', DASH, { token: dispatch });
    expect(r.body.code, r.body.msg).toBe(0);
    const d = r.body.data;
    expect(d.summary.trucks).toBe(14); // the demo's 12 and the test's 2
    expect(d.summary.inService).toBe(12); // 停用 1, 报废 1
    expect(d.summary.moving).toBeGreaterThanOrEqual(1);
    expect(d.summary.moving + d.summary.stopped + d.summary.offline).toBe(12);
    expect(d.summary.onlineRate).toBeCloseTo(((d.summary.moving + d.summary.stopped) / 12) * 100, 0);
    // The demo trucks' week on the road ranks them; the list is the top ten, longest first.
    expect(d.kmTop.length).toBeGreaterThan(3);
    expect(d.kmTop.length).toBeLessThanOrEqual(10);
    expect(d.kmTop.map((x: any) => x.km)).toEqual([...d.kmTop.map((x: any) => x.km)].sort((a: number, b: number) => b - a));
    expect(d.kmByDay).toHaveLength(7);
    expect(d.kmByDay[6].km).toBeGreaterThan(5);
    expect(d.byStatus.reduce((a: number, b: any) => a + b.count, 0)).toBe(14);
    // The demo data has an expired inspection (沪D1236挂) and expiring ones.
    expect(d.warnings.some((w: any) => w.plate === '沪D1236挂' && w.expired && w.item === '检验有效期')).toBe(true);
    const bad = await h.call('GET', `${DASH}?startDate=2026-02-01&endDate=2026-01-01`, { token: dispatch });
    expect(bad.body.msg).toBe('结束日期应不早于开始日期');
  });

  it('keeps positions for the organisation\'s 轨迹保留天数 and prunes older ones, each organisation by its own setting', async () => {
    const db = h.database.db;
    const orgOf = async (name: string) => ((await db.selectFrom('organization').select('orgId').where('name', '=', name).executeTakeFirstOrThrow()) as { orgId: number }).orgId;
    const sh = await orgOf('华运物流(上海)有限公司');
    const sz = await orgOf('华运仓储(苏州)有限公司');
    const truckOf = async (orgId: number) => (await db.selectFrom('truckLocation').select(['truckId', 'truckKind']).where('orgId', '=', orgId).where('truckLicensePlate', '=', '沪DT1001').executeTakeFirstOrThrow()) as { truckId: number; truckKind: number };
    const now = Date.now();
    const at = (days: number) => new Date(now - days * 86400_000).toISOString();
    for (const orgId of [sh, sz]) {
      const t = await truckOf(orgId);
      await db.insertInto('truckPosition').values([200, 100, 40, 20].map((days) => ({
        orgId, truckLicensePlate: '沪DT1001', gpsTime: at(days), lng: 121.5, lat: 31.2, speed: 0, direction: 0, truckKind: t.truckKind, truckId: t.truckId,
      }))).execute();
    }
    // 上海 keeps the default 180 days; 苏州 sets 30 (the lowest the setting takes: 29 is refused)
    const low = await h.call('PUT', '/api/v1/user-base/system-config/positionRetentionDays', { token: suzhou, data: { value: 29 } });
    expect(low.status).toBe(400);
    expect(low.body.msg).toContain('轨迹保留天数');
    const set = await h.call('PUT', '/api/v1/user-base/system-config/positionRetentionDays', { token: suzhou, data: { value: 30 } });
    expect(set.body.code, set.body.msg).toBe(0);
    const kept = async (orgId: number) => ((await db.selectFrom('truckPosition').select('gpsTime').where('orgId', '=', orgId).where('truckLicensePlate', '=', '沪DT1001')
      .where('gpsTime', '<', at(10) as never).orderBy('gpsTime').execute()) as { gpsTime: Date | string }[]).map((r) => Math.round((now - new Date(r.gpsTime).getTime()) / 86400_000));
    const locations = await db.selectFrom('truckLocation').select('truckLicensePlate').execute();
    expect(await prunePositions(db, new Date(now))).toBeGreaterThanOrEqual(3);
    expect(await kept(sh)).toEqual([100, 40, 20]);
    expect(await kept(sz)).toEqual([20]);
    // the latest positions stay, and a second run finds nothing left
    expect(await db.selectFrom('truckLocation').select('truckLicensePlate').execute()).toHaveLength(locations.length);
    expect(await prunePositions(db, new Date(now))).toBe(0);
  });
});
