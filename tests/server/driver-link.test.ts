import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { approvedProject, force, login, shanghaiDemo, today } from './project-helpers';
import { LIMITS, resetDriverLimits } from '../../server/dispatch/driver-rate';
import { hashOf } from '../../server/dispatch/driver-token';
import { forgetPlates } from '../../server/tracking/ingest';
import { wgs84ToGcj02 } from '../../schemas/src/geo/gcj02';
import { verifyToken } from '../../server/auth/sessions';
import { inTransaction } from '../../server/db/connect';
import { runTransition } from '../../server/crud/write';
import { loadEntities } from '../../server/schema/load';

// The driver's page (issue 21): a link per schedule, its calls, and what they must never reveal.
const D = '/api/v1/project-base/transport-demand';
const S = '/api/v1/project-base/transport-schedule';
const DRV = '/api/v1/project-base/driver-page';

/** Keys no reply of a driver call may carry anywhere in it (money, the customer, other records). */
const FORBIDDEN_KEYS = /price|freight|amount|cost|income|customer|supplier|contract|project|demandId|scheduleId|payment|prepay|oilCard|idCard|tax/i;

function keysOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.push(k); keysOf(x, out); }
  return out;
}

function multipart(name: string, data: Buffer) {
  const boundary = '----driver' + Date.now();
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

describe.each(await backends())('司机链接 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let projectId: number;
  let demo: Awaited<ReturnType<typeof shanghaiDemo>>;
  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;

  /** A dispatched carrier truck on a fresh demand; answers the schedule and its link's token (from the SMS). */
  async function dispatched(extra: Record<string, unknown> = {}) {
    const d = ok(await h.call('POST', `${D}/save`, { token: t.pm, data: {
      projectId, cargoName: '岸桥大车行走机构', pieces: 3, weight: '45.000', truckCount: 1, loadRegionCode: '310115', loadAddress: '洋山港四期码头',
      loadContact: '周工', loadPhone: '13900001111', unloadRegionCode: '330206', unloadAddress: '宁波北仑港区穿山码头', unloadContact: '吴工', unloadPhone: '13900002222',
      maxLength: '12.50', maxWidth: '3.20', maxHeight: '3.00', planLoadTime: `${today(1)}T08:00:00+08:00`, distanceKm: 235, customerUnitPrice: '0',
    } }));
    ok(await h.call('POST', `${D}/submit`, { token: t.pm, data: { demandId: d.demandId } }));
    const s = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: {
      demandId: d.demandId, carrierType: 2, supplierId: demo.carrierId, platformTruckId: demo.platformTruckId, driverName: '王建国', driverPhone: '13812345678',
      freight: '18000.00', guidePrice: '18000.00', customerFreight: '26000.00', ...extra,
    } }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    const sms = (await db().selectFrom('smsRecord').select(['content']).where('bizType', '=', 3).where('bizId', '=', s.scheduleId).orderBy('smsId', 'desc').executeTakeFirstOrThrow()) as { content: string };
    const token = /\/driver\/([A-Za-z0-9_-]{32})/.exec(sms.content)![1]!;
    return { scheduleId: s.scheduleId as number, demandId: d.demandId as number, token, sms: sms.content };
  }
  const view = (token: string, ip?: string) => h.call('GET', `${DRV}/${token}`, { ip });
  const step = (token: string, data: Record<string, unknown>) => h.call('POST', `${DRV}/${token}/step`, { data });
  /** Every reply of a driver call is checked for what it must not carry. */
  const clean = (body: unknown, scheduleId?: number) => {
    const keys = keysOf(body);
    expect(keys.filter((k) => FORBIDDEN_KEYS.test(k)), JSON.stringify(body)).toEqual([]);
    const json = JSON.stringify(body);
    expect(json).not.toMatch(/18000|26000|18,000|26,000/);
    if (scheduleId) expect(json).not.toContain(`"${scheduleId}"`);
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['pm', 'dispatch']) t[u] = await login(h, u);
    demo = await shanghaiDemo(h);
    projectId = await approvedProject(h, t.pm, demo, '司机链接测试项目');
  });
  afterAll(async () => h?.close());
  beforeEach(() => resetDriverLimits());

  it('派车 stores only the hash of a random token, puts the link in the SMS and shows it to the dispatcher', async () => {
    const { scheduleId, token, sms } = await dispatched();
    expect(sms).toContain(`/driver/${token}`);
    const rows = await db().selectFrom('driverLink').selectAll().where('scheduleId', '=', scheduleId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashOf(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const status = ok(await h.call('GET', `${S}/${scheduleId}/driver-link`, { token: t.dispatch }));
    expect(status).toMatchObject({ state: 1, stateLabel: '有效', firstOpenedAt: null });
    expect(status.url).toMatch(new RegExp(`/driver/${token}$`));
    // not opened yet; opened twice: first and last times
    ok(await view(token));
    ok(await view(token));
    const after = ok(await h.call('GET', `${S}/${scheduleId}/driver-link`, { token: t.dispatch }));
    expect(after.firstOpenedAt).toBeTruthy();
    expect(after.lastOpenedAt).toBeTruthy();
    expect(after.openCount).toBe(2);
    const s = ok(await h.call('GET', `${S}/${scheduleId}`, { token: t.dispatch }));
    expect(s.driverOpenedAt).toBeTruthy();
  });

  it('the page shows this schedule\'s 托运单 and nothing of prices, the customer or other schedules', async () => {
    const a = await dispatched();
    const b = await dispatched();
    const page = ok(await view(a.token));
    clean(page, a.scheduleId);
    expect(page).toMatchObject({
      statusLabel: '已派车', driverName: '王建国', next: [{ step: 'load', title: '装车' }],
      cargo: { name: '岸桥大车行走机构', pieces: 3, weight: '45', size: '12.5×3.2×3 米' },
      load: { contact: '周工', phone: '13900001111' }, unload: { contact: '吴工', phone: '13900002222' },
    });
    expect(page.load.address).toContain('洋山港四期码头');
    expect(page.dispatcher.name).toBeTruthy();
    const other = ok(await view(b.token));
    expect(other.scheduleNo).not.toBe(page.scheduleNo);
    expect(JSON.stringify(page)).not.toContain(other.scheduleNo);
  });

  it('moves the schedule as the dispatcher does, recorded as the driver; a step out of order is refused in Chinese', async () => {
    const { scheduleId, token } = await dispatched();
    const early = await step(token, { step: 'depart' });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('当前状态为「已派车」，不能发车，请先装车');
    const noPieces = await step(token, { step: 'load' });
    expect(noPieces.status).toBe(400);
    expect(noPieces.body.msg).toBe('请填写实装件数');
    const tooMany = await step(token, { step: 'load', loadedPieces: 9, loadedWeight: '45' });
    expect(tooMany.status).toBe(400); // the dispatcher's own rule: Σ 实装件数 ≤ 需求件数
    expect(tooMany.body.msg).toContain('实装件数合计不能超过需求件数3件');
    clean(ok(await step(token, { step: 'load', loadedPieces: 3, loadedWeight: '45' })));
    clean(ok(await step(token, { step: 'depart' })));
    // 异常 with photos taken on the phone
    const { payload, type } = multipart('异常.jpg', JPEG);
    const up = await h.app.inject({ method: 'POST', url: `${DRV}/${token}/upload`, headers: { 'content-type': type }, payload });
    expect(up.statusCode, up.body).toBe(200);
    const photo = JSON.parse(up.body).data;
    const ex = ok(await step(token, { step: 'reportException', exceptionType: 4, exceptionDesc: '嘉兴段道路管制', photos: [photo] }));
    expect(ex.waiting).toBe('运输异常已上报，等待调度员处理');
    const twice = await step(token, { step: 'arrive' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('当前状态为「运输异常」，不能到达，运输异常已上报，等待调度员处理');
    ok(await h.call('POST', `${S}/${scheduleId}/exception-handled`, { token: t.dispatch, data: { nodeRemark: '已放行' } }));
    clean(ok(await step(token, { step: 'arrive' })));
    const signed = ok(await step(token, { step: 'sign' }));
    expect(signed.next).toEqual([{ step: 'receipt', title: '上传回单' }]);

    const s = ok(await h.call('GET', `${S}/${scheduleId}`, { token: t.dispatch }));
    expect(s).toMatchObject({ scheduleStatus: 35, loadedPieces: 3, signedPieces: 3 });
    const nodes = ok(await h.call('GET', `/api/v1/project-base/schedule-node/page?scheduleId=${scheduleId}&pageSize=50`, { token: t.dispatch })).list as any[];
    const byDriver = nodes.filter((n) => n.byDriver).map((n) => n.node).sort();
    expect(byDriver).toEqual([15, 20, 25, 30, 35]);
    expect(nodes.find((n) => n.node === 15).operatorName).toBe('司机 王建国');
    expect(nodes.find((n) => n.node === 25).photos).toHaveLength(1);
    expect(nodes.find((n) => n.node === 27).byDriver).toBe(false); // the dispatcher's 处理异常
    const status = ok(await h.call('GET', `${S}/${scheduleId}/driver-link`, { token: t.dispatch }));
    expect(status.driverSteps.map((x: any) => x.title)).toEqual(['装车', '发车', '异常', '到达', '签收']);
    // the timeline names the driver
    const log = (await db().selectFrom('transitionLog').select(['title', 'operatorName']).where('entity', '=', 'transportSchedule').where('subjectId', '=', scheduleId).where('transition', '=', 'load').executeTakeFirstOrThrow()) as any;
    expect(log.operatorName).toBe('司机 王建国');

    // 回单: photographed pages enter the review as an upload does
    const pages = [];
    for (const n of [1, 2]) {
      const m = multipart(`回单${n}.jpg`, JPEG);
      const r = await h.app.inject({ method: 'POST', url: `${DRV}/${token}/upload`, headers: { 'content-type': m.type }, payload: m.payload });
      pages.push(JSON.parse(r.body).data);
    }
    const foreign = await h.call('POST', `${DRV}/${token}/receipt`, { data: { signedBy: '吴工', photos: [{ name: 'x.jpg', url: '/api/v1/file-base/file/other_abc.jpg' }] } });
    expect(foreign.status).toBe(400);
    const done = ok(await h.call('POST', `${DRV}/${token}/receipt`, { data: { signedBy: '吴工', photos: pages } }));
    clean(done);
    expect(done.receipt).toMatchObject({ status: 5, statusLabel: '待审核' });
    const receipt = ok(await h.call('GET', `/api/v1/project-base/receipt/page?scheduleId=${scheduleId}`, { token: t.dispatch })).list[0];
    expect(receipt).toMatchObject({ receiptStatus: 5, signedBy: '吴工' });
    expect(receipt.photos).toHaveLength(2);
    const again = await h.call('POST', `${DRV}/${token}/receipt`, { data: { signedBy: '吴工', photos: pages } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('回单已上传，正在等待审核');
  });

  it('stops working at 结算, 取消, 改派 and the dispatcher\'s 撤销; a renewed link works again', async () => {
    // 撤销 and 重新生成
    const a = await dispatched();
    ok(await h.call('POST', `${S}/${a.scheduleId}/driver-link/revoke`, { token: t.dispatch, data: {} }));
    const revoked = await view(a.token);
    expect(revoked.status).toBe(410);
    expect(revoked.body.msg).toBe('该链接已被调度员撤销，请联系调度员');
    expect((await step(a.token, { step: 'load', loadedPieces: 1, loadedWeight: '1' })).status).toBe(410);
    ok(await h.call('POST', `${S}/${a.scheduleId}/driver-link/renew`, { token: t.dispatch, data: {} }));
    const status = ok(await h.call('GET', `${S}/${a.scheduleId}/driver-link`, { token: t.dispatch }));
    const renewed = /\/driver\/(.+)$/.exec(status.url)![1]!;
    expect(renewed).not.toBe(a.token);
    ok(await view(renewed));
    expect((await view(a.token)).status).toBe(410);

    // 取消
    const b = await dispatched();
    ok(await h.call('POST', `${S}/${b.scheduleId}/cancel`, { token: t.dispatch, data: { cancelReason: '客户推迟' } }));
    const cancelled = await view(b.token);
    expect(cancelled.status).toBe(410);
    expect(cancelled.body.msg).toBe('该调度单已取消，链接已失效');
    expect(ok(await h.call('GET', `${S}/${b.scheduleId}`, { token: t.dispatch })).driverLinkState).toBe(10);

    // 改派: the old truck's link ends; the new truck gets its own on 派车确认
    const c = await dispatched();
    const moved = ok(await h.call('POST', `${S}/${c.scheduleId}/reassign`, { token: t.dispatch, data: {
      cancelReason: '车辆故障', carrierType: 2, supplierId: demo.carrierId, truckLicensePlate: '沪A77889', driverName: '李四', driverPhone: '13812340000', freight: '18000.00' } }));
    const gone = await view(c.token);
    expect(gone.status).toBe(410);
    expect(gone.body.msg).toBe('该调度单已改派其他车辆，链接已失效');
    expect(moved.schedule.driverLinkState).toBe(0);

    // 结算
    const d = await dispatched();
    await force(h, 'transportSchedule', 'scheduleId', d.scheduleId, { scheduleStatus: 40, receiptStatus: 15 });
    ok(await view(d.token));
    // 结算 is finance's step (a confirmed 对账单 runs it, issue 19): the arrangement runs that
    // system transition directly, as the bill's confirmation does.
    const entities = loadEntities();
    const session = (await verifyToken(h.database.db, t.pm))!;
    await inTransaction(h.database.db, (trx) => runTransition({ db: trx, session, entities, request: undefined as never }, entities.transportSchedule!, d.scheduleId, 'settle', { values: {} }, { system: true }));
    expect(ok(await h.call('GET', `${S}/${d.scheduleId}`, { token: t.dispatch })).scheduleStatus).toBe(45);
    const settled = await view(d.token);
    expect(settled.status).toBe(410);
    expect(settled.body.msg).toBe('该调度单已结算，链接已失效');

    // unknown tokens: one message, and a guessing address is slowed down
    const unknown = await view('A'.repeat(32), '10.9.9.9');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('链接无效，请核对短信中的链接或联系调度员');
    const statuses = [];
    for (let i = 0; i < LIMITS.missPerAddress + 2; i++) statuses.push((await view(`${i}`.padStart(32, 'B'), '10.9.9.9')).status);
    expect(statuses.at(-1)).toBe(429);
    // another address is not slowed down by it
    expect((await view(renewed, '10.9.9.10')).status).toBe(200);
  });

  it('a link opens only its own schedule: no call reaches another schedule by its id', async () => {
    const a = await dispatched();
    const b = await dispatched();
    // The body names no schedule: extra keys are refused by the call's schema.
    const sneaky = await step(a.token, { step: 'load', loadedPieces: 1, loadedWeight: '1', scheduleId: b.scheduleId });
    expect(sneaky.status).toBe(400);
    ok(await step(a.token, { step: 'load', loadedPieces: 1, loadedWeight: '1' }));
    expect(ok(await h.call('GET', `${S}/${b.scheduleId}`, { token: t.dispatch })).scheduleStatus).toBe(10);
    expect(ok(await h.call('GET', `${S}/${a.scheduleId}`, { token: t.dispatch })).scheduleStatus).toBe(15);
  });

  it('positions: converted to GCJ-02, stored as 司机端 track points; a replayed batch is stored once', async () => {
    const plate = '沪D' + String(Date.now()).slice(-5);
    await db().insertInto('platformTruck').values({
      orgId: demo.orgId, corpId: (await db().selectFrom('organization').select('corpId').where('orgId', '=', demo.orgId).executeTakeFirstOrThrow() as any).corpId,
      truckLicensePlate: plate, plateColor: 1, vehicleKind: 1, supplierId: demo.carrierId, authState: 2,
    }).execute();
    forgetPlates(db());
    const { token } = await dispatched({ platformTruckId: null, truckLicensePlate: plate });
    const now = Date.now();
    const batch = [0, 1, 2].map((i) => ({ id: `p-${i}`, time: now - (3 - i) * 60_000, lng: 121.4737 + i * 0.01, lat: 31.2304, speed: 50, direction: 90 }));
    const first = ok(await h.call('POST', `${DRV}/${token}/positions`, { data: { points: batch } }));
    clean(first);
    expect(first).toMatchObject({ accepted: 3, duplicates: 0, rejected: 0 });
    // the same batch again (the answer was lost on a bad network), plus one new point
    const replay = ok(await h.call('POST', `${DRV}/${token}/positions`, { data: { points: [...batch, { id: 'p-3', time: now, lng: 121.51, lat: 31.2304 }] } }));
    expect(replay).toMatchObject({ accepted: 1, duplicates: 3 });
    const rows = (await db().selectFrom('truckPosition').selectAll().where('truckLicensePlate', '=', plate).orderBy('gpsTime').execute()) as any[];
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => Number(r.source) === 2)).toBe(true);
    const [lng, lat] = wgs84ToGcj02(121.4737, 31.2304);
    expect(Number(rows[0].lng)).toBeCloseTo(lng, 5);
    expect(Number(rows[0].lat)).toBeCloseTo(lat, 5);
    const loc = (await db().selectFrom('truckLocation').selectAll().where('truckLicensePlate', '=', plate).executeTakeFirstOrThrow()) as any;
    expect(Number(loc.source)).toBe(2);
    const list = ok(await h.call('GET', `/api/v1/project-base/truck-location/list?keyword=${encodeURIComponent(plate)}`, { token: t.dispatch }));
    expect(list.list.find((r: any) => r.truckLicensePlate === plate)?.source).toBe(2);
  });
});
