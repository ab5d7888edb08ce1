/**
 * Dispatch rules beyond the schedule's steps (DOMAIN §4.2): 改派, the 调度审批 of a freight above
 * the guide price's tolerance, and a terminated project ending its open demands.
 */
import { matchesWhen } from '../../schemas/src/when';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { approvedProject, force, login, shanghaiDemo, today, userWith, type ShanghaiDemo } from './project-helpers';
import { remindOverdueReceipts } from '../../server/dispatch/jobs';
import { loadEntities } from '../../server/schema/load';
import demandListPage from '../../pages/project/transport-demand-list.json';

const D = '/api/v1/project-base/transport-demand';
const S = '/api/v1/project-base/transport-schedule';
const P = '/api/v1/project-base/schedule-payment';
const REFUSED = '当前状态不允许该操作';
const SCHEDULE_STATES = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45];

describe.each(await backends())('调度规则 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let demo: ShanghaiDemo;
  let orgId: number;
  let projectId: number;
  let ownTruckId: number;
  let ownPlate: string;
  let carrierId: number;
  let platformTruckId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const get = async (path: string) => ok(await h.call('GET', path, { token: t.admin }));
  const newProject = (name: string) => approvedProject(h, t.pm, demo, name);
  const newDemand = async (extra: Record<string, unknown> = {}, submit = true) => {
    const d = ok(await h.call('POST', `${D}/save`, { token: t.pm, data: {
      projectId, cargoName: '500kV电抗器', pieces: 2, weight: '120.000', truckCount: 1, loadRegionCode: '310115', loadAddress: '上海临港重装备产业区江山路2800号',
      unloadRegionCode: '330522', unloadAddress: '湖州长兴500kV变电站', planLoadTime: `${today(1)}T20:00:00+08:00`, requiredArriveTime: `${today(3)}T08:00:00+08:00`,
      distanceKm: 186, customerUnitPrice: '0', ...extra } }));
    if (submit) ok(await h.call('POST', `${D}/submit`, { token: t.pm, data: { demandId: d.demandId } }));
    return d.demandId as number;
  };
  const carrierBody = (demandId: number, extra: Record<string, unknown> = {}) => ({
    demandId, carrierType: 2, supplierId: carrierId, platformTruckId, driverName: '王师傅', driverPhone: '13812345678', freight: '18000.00', guidePrice: '18000.00', customerFreight: '26000.00', ...extra,
  });
  const newSchedule = async (demandId: number, extra: Record<string, unknown> = {}, token = t.dispatch) =>
    ok(await h.call('POST', `${S}/save`, { token, data: carrierBody(demandId, extra) })) as Record<string, any>;
  const truckStatus = async () => ((await h.database.db.selectFrom('companyTruck').select('status').where('truckId', '=', ownTruckId).executeTakeFirstOrThrow()) as { status: number }).status;
  const setTolerance = async (pct: number) => {
    const r = await h.database.db.updateTable('systemConfig').set({ freightTolerancePct: String(pct) }).where('orgId', '=', orgId).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      ok(await h.call('PUT', '/api/v1/user-base/system-config/freightTolerancePct', { token: t.admin, data: { value: pct } }));
    }
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'pm', 'dispatch']) t[u] = await login(h, u);
    demo = await shanghaiDemo(h);
    ({ orgId, ownTruckId, ownPlate, carrierId, platformTruckId } = demo);
    projectId = await newProject('调度规则测试项目');
  });
  afterAll(async () => h?.close());

  describe('需车数: a draft holds a slot (docs/decisions.md)', () => {
    /** Whether the demand list shows 派车 on this row: its declared `when`, as the action module matches it. */
    const dispatchShown = (row: Record<string, unknown>) => {
      const action = (demandListPage.list.rowActions as { title?: string; when?: Record<string, unknown> }[]).find((a) => a.title === '派车')!;
      return matchesWhen(row, action.when);
    };

    it('drafts fill the demand: slotsFull set, 已派/需派 shown, 派车 hidden, and one more schedule refused', async () => {
      const demandId = await newDemand({ truckCount: 2 });
      const fresh = await get(`${D}/${demandId}`);
      expect(fresh).toMatchObject({ heldCount: 0, slotsFull: false, slotSummary: '0/2' });
      expect(dispatchShown(fresh)).toBe(true);
      const drafts = [await newSchedule(demandId), await newSchedule(demandId)];
      expect(drafts.map((d) => d.scheduleStatus)).toEqual([0, 0]);
      const full = await get(`${D}/${demandId}`);
      expect(full).toMatchObject({ heldCount: 2, slotsFull: true, slotSummary: '2/2', dispatchedCount: 0 });
      expect(dispatchShown(full)).toBe(false);
      // the list answers the same row the action is matched on
      const page = ok(await h.call('GET', `${D}/page?pageSize=50&projectId=${projectId}`, { token: t.dispatch }));
      expect(dispatchShown(page.list.find((r: any) => r.demandId === demandId))).toBe(false);
      const third = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) });
      expect(third.status).toBe(409);
      expect(third.body.msg).toBe('运输需求需车2辆，已派2辆，不能超派');
      // a deleted draft frees its slot, a cancelled schedule too
      ok(await h.call('DELETE', `${S}/${drafts[0]!.scheduleId}`, { token: t.dispatch }));
      expect(await get(`${D}/${demandId}`)).toMatchObject({ heldCount: 1, slotsFull: false, slotSummary: '1/2' });
      const again = await newSchedule(demandId);
      expect((await get(`${D}/${demandId}`)).slotsFull).toBe(true);
      ok(await h.call('POST', `${S}/${again.scheduleId}/cancel`, { token: t.dispatch, data: { cancelReason: '客户改期' } }));
      const freed = await get(`${D}/${demandId}`);
      expect(freed).toMatchObject({ heldCount: 1, slotsFull: false, slotSummary: '1/2' });
      expect(dispatchShown(freed)).toBe(true);
    });

    it('the carrier picker follows 承运类型 (承运商 → suppliers of the carrier kind), and the save holds the same rule', async () => {
      const demandId = await newDemand({ truckCount: 3 });
      const r = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { carrierType: 3, platformTruckId: null, truckLicensePlate: '皖A8K339' }) });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toBe('承运商与所选承运类型不符');
      const carriers = ok(await h.call('GET', '/api/v1/meta/options/supplier?filter=supplierType:1', { token: t.dispatch })) as { value: number; supplierType: number }[];
      expect(carriers.map((c) => c.value)).toContain(carrierId);
      expect(carriers.every((c) => Number(c.supplierType) === 1)).toBe(true);
      // a yes/no filter is read as one (staff who drive), and a value that is neither is a 400
      const drivers = ok(await h.call('GET', '/api/v1/meta/options/staff?filter=isDriver:true', { token: t.dispatch })) as { isDriver: boolean }[];
      expect(drivers.length).toBeGreaterThan(0);
      expect(drivers.every((d) => d.isDriver === true)).toBe(true);
      const bad = await h.call('GET', '/api/v1/meta/options/staff?filter=isDriver:maybe', { token: t.dispatch });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('筛选值不正确：isDriver');
    });

    it('fields of another 承运类型 are not kept: the save clears them', async () => {
      const demandId = await newDemand({ truckCount: 3 });
      const s = await newSchedule(demandId, { companyTruckId: ownTruckId, platformWaybillNo: 'LG20260101001' });
      expect(s).toMatchObject({ carrierType: 2, companyTruckId: null, platformWaybillNo: null, supplierId: carrierId });
      // switched to an own truck, the carrier, its truck and freight go
      const own = ok(await h.call('PUT', `${S}/${s.scheduleId}`, { token: t.dispatch, data: { carrierType: 1, companyTruckId: ownTruckId, freight: '0.00', version: s.version } }));
      expect(own).toMatchObject({ carrierType: 1, companyTruckId: ownTruckId, supplierId: null, platformTruckId: null, guidePrice: null, freight: '0.00' });
    });
  });

  describe('改派', () => {
    it('cancels the schedule and drafts its replacement with the new truck on the same demand, within the truck count', async () => {
      const demandId = await newDemand();
      const old = await newSchedule(demandId, { prepayAmount: '5000.00', receiptPayAmount: '13000.00', remark: '夜间通行' });
      ok(await h.call('POST', `${S}/${old.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      expect((await get(`${D}/${demandId}`))).toMatchObject({ status: 15, dispatchedCount: 1 });

      const r = ok(await h.call('POST', `${S}/${old.scheduleId}/reassign`, { token: t.dispatch, data: {
        cancelReason: '原车辆发动机故障', carrierType: 1, companyTruckId: ownTruckId, driverName: '高志刚', driverPhone: '13912345678' } }));
      const cancelled = await get(`${S}/${old.scheduleId}`);
      expect(cancelled).toMatchObject({ scheduleStatus: 5, cancelReason: '改派：原车辆发动机故障' });
      expect((await get(`${P}/page?scheduleId=${old.scheduleId}`)).total).toBe(0);
      const fresh = await get(`${S}/${r.schedule.scheduleId}`);
      expect(fresh).toMatchObject({
        scheduleStatus: 0, demandId, projectId, reassignedFromId: old.scheduleId, carrierType: 1, companyTruckId: ownTruckId, truckLicensePlate: ownPlate,
        driverName: '高志刚', supplierId: null, platformTruckId: null, freight: '0.00', customerFreight: '26000.00', remark: '夜间通行',
      });
      expect(fresh.scheduleId).not.toBe(old.scheduleId);
      // the demand has one truck: the draft takes the cancelled one's place, nothing more fits
      expect((await get(`${D}/${demandId}`))).toMatchObject({ status: 10, dispatchedCount: 0 });
      const extra = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) });
      expect(extra.status).toBe(409);
      expect(extra.body.msg).toContain('不能超派');
      const nodes = (await get(`/api/v1/project-base/schedule-node/page?scheduleId=${old.scheduleId}&node=5`)).list;
      expect(nodes[0].remark).toBe('改派：原车辆发动机故障');

      ok(await h.call('POST', `${S}/${fresh.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      expect(await truckStatus()).toBe(2);
      expect((await get(`${D}/${demandId}`))).toMatchObject({ status: 15, dispatchedCount: 1 });

      // 改派 away from the own truck releases it; a new freight without a split is paid on the receipt
      const back = ok(await h.call('POST', `${S}/${fresh.scheduleId}/reassign`, { token: t.dispatch, data: {
        cancelReason: '自有车辆调往急单', carrierType: 2, supplierId: carrierId, platformTruckId, driverName: '李师傅', driverPhone: '13812340000', freight: '19000.00' } }));
      expect(await truckStatus()).toBe(1);
      expect(await get(`${S}/${back.schedule.scheduleId}`)).toMatchObject({
        scheduleStatus: 0, carrierType: 2, supplierId: carrierId, companyTruckId: null, freight: '19000.00', receiptPayAmount: '19000.00', prepayAmount: null, reassignedFromId: fresh.scheduleId,
      });
    });

    it('claws back what was already paid by a negative 尾款调整 node', async () => {
      const demandId = await newDemand();
      const old = await newSchedule(demandId, { prepayAmount: '5000.00', receiptPayAmount: '13000.00' });
      ok(await h.call('POST', `${S}/${old.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      const prepay = (await get(`${P}/page?scheduleId=${old.scheduleId}&payNode=1`)).list[0];
      await force(h, 'schedulePayment', 'paymentId', prepay.paymentId, { payNodeStatus: 15 });
      ok(await h.call('POST', `${S}/${old.scheduleId}/reassign`, { token: t.dispatch, data: { cancelReason: '司机失联', carrierType: 2, supplierId: carrierId, platformTruckId, driverName: '赵师傅', driverPhone: '13812349999' } }));
      const pays = (await get(`${P}/page?scheduleId=${old.scheduleId}`)).list.map((p: any) => [p.payNode, p.payNodeStatus, p.amount]).sort();
      expect(pays).toEqual([[1, 15, '5000.00'], [5, 5, '-5000.00']]);
    });

    it('asks for the reason and the 调度:额外操作 permission, and keeps the new schedule’s rules', async () => {
      const demandId = await newDemand();
      const old = await newSchedule(demandId);
      const body = { cancelReason: '换车', carrierType: 2, supplierId: carrierId, platformTruckId, driverName: '赵师傅', driverPhone: '13812349999' };
      const editor = await userWith(h, ['调度:编辑', '调度:查看']);
      const denied = await h.call('POST', `${S}/${old.scheduleId}/reassign`, { token: editor.token, data: body });
      expect(denied.status).toBe(403);
      const noReason = await h.call('POST', `${S}/${old.scheduleId}/reassign`, { token: t.dispatch, data: { ...body, cancelReason: '  ' } });
      expect(noReason.status).toBe(400);
      const noTruck = await h.call('POST', `${S}/${old.scheduleId}/reassign`, { token: t.dispatch, data: { cancelReason: '换车', carrierType: 1 } });
      expect(noTruck.status).toBe(400);
      expect(noTruck.body.msg).toBe('请选择自有车辆');
      // refused as a whole: the old schedule is untouched
      expect((await get(`${S}/${old.scheduleId}`)).scheduleStatus).toBe(0);
      const holder = await userWith(h, ['调度:额外操作', '调度:查看']);
      const r = ok(await h.call('POST', `${S}/${old.scheduleId}/reassign`, { token: holder.token, data: body }));
      expect((await get(`${S}/${old.scheduleId}`)).scheduleStatus).toBe(5);
      // no freight given: the old freight and its split stay
      expect(await get(`${S}/${r.schedule.scheduleId}`)).toMatchObject({ driverName: '赵师傅', freight: '18000.00', receiptPayAmount: '18000.00', customerFreight: '26000.00' });
    });

    it('is allowed only from 0, 10 and 15', async () => {
      const demandId = await newDemand({ truckCount: 50 });
      const body = { cancelReason: '换车', carrierType: 2, supplierId: carrierId, platformTruckId, driverName: '赵师傅', driverPhone: '13812349999' };
      for (const state of SCHEDULE_STATES) {
        const s = await newSchedule(demandId, { freight: '0.00' });
        await force(h, 'transportSchedule', 'scheduleId', s.scheduleId, { scheduleStatus: state, receiptStatus: state >= 40 ? 15 : 0 });
        await force(h, 'transportDemand', 'demandId', demandId, { status: 10 });
        const r = await h.call('POST', `${S}/${s.scheduleId}/reassign`, { token: t.dispatch, data: body });
        if ([0, 10, 15].includes(state)) {
          expect(r.status, `from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
          expect(r.body.data.schedule).toMatchObject({ scheduleStatus: 0, reassignedFromId: s.scheduleId });
        } else {
          expect(r.status, `from ${state}`).toBe(409);
          expect(r.body.msg).toBe(REFUSED);
        }
      }
    });
  });

  describe('运费超指导价审批', () => {
    let applicant: { token: string; staffId: number };
    beforeAll(async () => {
      applicant = await userWith(h, ['调度:编辑', '调度:查看']);
    });
    const priced = async (freight: string, guidePrice: string | null = '10000.00') => {
      const demandId = await newDemand();
      return newSchedule(demandId, { freight, guidePrice, prepayAmount: null, receiptPayAmount: null }, applicant.token);
    };
    const dispatch = (id: number, token = applicant.token) => h.call('POST', `${S}/${id}/dispatch`, { token, data: {} });

    it('dispatches at once up to the guide price plus the tolerance (10% by default), or without a guide price', async () => {
      await setTolerance(10);
      for (const [freight, guide] of [['9000.00', '10000.00'], ['11000.00', '10000.00'], ['50000.00', null]] as const) {
        const s = await priced(freight, guide);
        // no guide price at all (the carrier's contract prices nothing of this truck)
        if (guide === null) await force(h, 'transportSchedule', 'scheduleId', s.scheduleId, { guidePrice: null });
        const r = ok(await dispatch(s.scheduleId));
        expect(r.message).toBeUndefined();
        expect(await get(`${S}/${s.scheduleId}`), `${freight} vs ${guide}`).toMatchObject({ scheduleStatus: 10, auditState: 0 });
      }
    });

    it('above the tolerance asks for 调度审批 first; approved, the dispatch goes ahead', async () => {
      await setTolerance(10);
      const s = await priced('11000.01');
      const r = ok(await dispatch(s.scheduleId));
      expect(r.message).toContain('已提交调度审批');
      let row = await get(`${S}/${s.scheduleId}`);
      expect(row).toMatchObject({ scheduleStatus: 0, auditState: 5 });
      expect((await get(`${P}/page?scheduleId=${s.scheduleId}`)).total).toBe(0);
      const again = await dispatch(s.scheduleId);
      expect(again.status).toBe(409);
      expect(again.body.msg).toContain('调度审批中');
      const edit = await h.call('PUT', `${S}/${s.scheduleId}`, { token: applicant.token, data: { ...carrierBody(row.demandId), freight: '10000.00', version: row.version } });
      expect(edit.status).toBe(409);
      // the applicant is not the approver; 调度主管 (process template bizType 17) is
      const self = await h.call('POST', `${S}/audit`, { token: applicant.token, data: { scheduleId: s.scheduleId, pass: true } });
      expect(self.status).toBe(403);
      const pending = ok(await h.call('GET', `${S}/page?auditState=5&pageSize=100`, { token: t.dispatch }));
      expect(pending.approvable).toContain(s.scheduleId);
      // the approvers' notice is a 调度审批 (eventType 14) about the schedule: it opens the schedule list on it
      const asked = await h.database.db.selectFrom('notice').select('message').where('eventType', '=', 14).where('eventSubjectId', '=', s.scheduleId).execute() as { message: string }[];
      expect(asked.length).toBeGreaterThan(0);
      expect(asked[0]!.message).toContain('待您审批');
      ok(await h.call('POST', `${S}/audit`, { token: t.dispatch, data: { scheduleId: s.scheduleId, pass: true, comment: '超限路段绕行，运费合理' } }));
      row = await get(`${S}/${s.scheduleId}`);
      expect(row).toMatchObject({ scheduleStatus: 10, auditState: 15, dispatcherStaffId: applicant.staffId });
      expect((await get(`${P}/page?scheduleId=${s.scheduleId}`)).list.map((p: any) => [p.payNode, p.amount])).toEqual([[4, '11000.01']]);
      expect((await get(`${D}/${row.demandId}`)).status).toBe(15);
      const sms = (await h.database.db.selectFrom('smsRecord').select('mobile').where('bizType', '=', 3).where('bizId', '=', s.scheduleId).execute()) as { mobile: string }[];
      expect(sms).toEqual([{ mobile: '13812345678' }]);
    });

    it('rejected, the schedule stays a draft (auditState 10); corrected, it dispatches', async () => {
      await setTolerance(10);
      const s = await priced('15000.00');
      ok(await dispatch(s.scheduleId));
      const noComment = await h.call('POST', `${S}/audit`, { token: t.dispatch, data: { scheduleId: s.scheduleId, pass: false } });
      expect(noComment.status).toBe(400);
      ok(await h.call('POST', `${S}/audit`, { token: t.dispatch, data: { scheduleId: s.scheduleId, pass: false, comment: '运费偏高，请重新询价' } }));
      let row = await get(`${S}/${s.scheduleId}`);
      expect(row).toMatchObject({ scheduleStatus: 0, auditState: 10 });
      // still too high: asks again
      ok(await dispatch(s.scheduleId));
      expect((await get(`${S}/${s.scheduleId}`)).auditState).toBe(5);
      ok(await h.call('POST', `${S}/audit`, { token: t.dispatch, data: { scheduleId: s.scheduleId, pass: false, comment: '仍偏高' } }));
      row = await get(`${S}/${s.scheduleId}`);
      ok(await h.call('PUT', `${S}/${s.scheduleId}`, { token: applicant.token, data: { ...carrierBody(row.demandId), guidePrice: '10000.00', freight: '10500.00', receiptPayAmount: '10500.00', version: row.version } }));
      ok(await dispatch(s.scheduleId));
      expect(await get(`${S}/${s.scheduleId}`)).toMatchObject({ scheduleStatus: 10, auditState: 10 });
    });

    it('follows the organisation’s freightTolerancePct', async () => {
      await setTolerance(20);
      const within = await priced('12000.00');
      ok(await dispatch(within.scheduleId));
      expect((await get(`${S}/${within.scheduleId}`)).scheduleStatus).toBe(10);
      const above = await priced('12000.01');
      ok(await dispatch(above.scheduleId));
      expect((await get(`${S}/${above.scheduleId}`))).toMatchObject({ scheduleStatus: 0, auditState: 5 });
      await setTolerance(10);
    });

    it('cancelling a schedule waiting for approval ends the approval', async () => {
      const s = await priced('20000.00');
      ok(await dispatch(s.scheduleId));
      ok(await h.call('POST', `${S}/${s.scheduleId}/cancel`, { token: t.dispatch, data: { cancelReason: '客户改期' } }));
      expect(await get(`${S}/${s.scheduleId}`)).toMatchObject({ scheduleStatus: 5, auditState: 0 });
      const late = await h.call('POST', `${S}/audit`, { token: t.dispatch, data: { scheduleId: s.scheduleId, pass: true } });
      expect(late.status).toBe(409);
    });

    it('demo data has schedules waiting for price approval', async () => {
      const pending = ok(await h.call('GET', `${S}/page?auditState=5&pageSize=100`, { token: t.dispatch }));
      const demo = pending.list.filter((r: any) => r.projectId !== projectId);
      expect(demo.length).toBeGreaterThanOrEqual(2);
      for (const r of demo) expect(r.scheduleStatus).toBe(0);
    });
  });

  describe('指导价', () => {
    let contractNo: string;
    const G = `${S}/guide-price`;
    // 2 trucks share 60 t of the demand's 120 t over 186 km
    const twoTrucks = () => newDemand({ truckCount: 2 });
    const kindOf = async () => ((await h.database.db.selectFrom('platformTruck').select('vehicleKind').where('platformTruckId', '=', platformTruckId)
      .executeTakeFirstOrThrow()) as { vehicleKind: number }).vehicleKind;

    beforeAll(async () => {
      const kinds: Record<number, string> = { 1: '牵引车', 2: '低平板半挂', 3: '高低板半挂', 4: '凹梁半挂', 5: '液压轴线车', 6: '自卸车', 7: '厢式货车', 8: '高栏/平板货车', 9: '汽车吊', 10: '护送车' };
      const kind = kinds[await kindOf()] ?? '低平板半挂';
      const c = ok(await h.call('POST', '/api/v1/project-base/contract/save', { token: t.admin, data: {
        name: '指导价测试运输框架合同', contractType: 2, supplierId: carrierId, contractKind: 2, amount: '0.00', signDate: today(), startDate: today(-1), endDate: today(30),
        ownerStaffId: demo.pmStaffId, rates: [
          { route: '临港—长兴', vehicleKind: '叶片举升车', unit: '车', unitPrice: 99000 },
          { route: '临港—长兴', vehicleKind: kind, unit: '吨公里', unitPrice: 0.8 },
          { route: '临港堆场', vehicleKind: null, unit: '吨·天', unitPrice: 3.5 },
        ] } }));
      await force(h, 'contract', 'contractId', c.contractId, { auditState: 15, contractState: 10 });
      contractNo = c.contractNo;
    });

    it('comes from the carrier\'s contract in force: its line for the truck\'s 车型 × the truck\'s share of the demand', async () => {
      const demandId = await twoTrucks();
      const g = ok(await h.call('GET', `${G}?demandId=${demandId}&platformTruckId=${platformTruckId}`, { token: t.dispatch }));
      // 0.8 元/吨公里 × 60 t × 186 km
      expect(g).toMatchObject({ guidePrice: '8928.00', source: 1 });
      expect(g.basis).toContain(contractNo);
      expect(g.basis).toContain('60 吨 × 186 公里');
      // saved without one, the schedule gets it; the freight is checked against it on 派车确认
      const within = await newSchedule(demandId, { guidePrice: null, freight: '9820.00', prepayAmount: null, receiptPayAmount: null });
      expect(within.guidePrice).toBe('8928.00');
      ok(await h.call('POST', `${S}/${within.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      expect(await get(`${S}/${within.scheduleId}`)).toMatchObject({ scheduleStatus: 10, auditState: 0 });
      const above = await newSchedule(demandId, { guidePrice: null, freight: '9821.00', prepayAmount: null, receiptPayAmount: null });
      const r = ok(await h.call('POST', `${S}/${above.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      expect(r.message).toContain('已提交调度审批');
      expect(await get(`${S}/${above.scheduleId}`)).toMatchObject({ scheduleStatus: 0, auditState: 5 });
    });

    it('a guide price the dispatcher gives is kept; a changed carrier or truck is priced again', async () => {
      const demandId = await twoTrucks();
      const given = await newSchedule(demandId, { guidePrice: '12000.00', freight: '12000.00', prepayAmount: null, receiptPayAmount: null });
      expect(given.guidePrice).toBe('12000.00');
      // the form sends the old guide back with the new truck: the old one no longer applies
      const other = (await h.database.db.selectFrom('platformTruck').select(['platformTruckId', 'supplierId']).where('supplierId', '<>', carrierId)
        .where('orgId', '=', orgId).orderBy('platformTruckId').executeTakeFirstOrThrow()) as { platformTruckId: number; supplierId: number };
      const moved = ok(await h.call('PUT', `${S}/${given.scheduleId}`, { token: t.dispatch, data: {
        ...carrierBody(demandId), supplierId: other.supplierId, platformTruckId: other.platformTruckId, guidePrice: '12000.00', freight: '12000.00',
        prepayAmount: null, receiptPayAmount: null, version: given.version } }));
      const expected = ok(await h.call('GET', `${G}?demandId=${demandId}&platformTruckId=${other.platformTruckId}`, { token: t.dispatch }));
      expect(moved.guidePrice).toBe(expected.guidePrice);
      expect(moved.guidePrice).not.toBe('12000.00');
    });

    it('else comes from the supplier\'s awarded quote on the project\'s enquiry; with neither there is none', async () => {
      const demandId = await twoTrucks();
      const db = h.database.db;
      // an awarded 按吨 quote of a carrier without a contract, on an enquiry of this project
      const other = (await db.selectFrom('platformTruck as pt').innerJoin('supplier as s', 's.supplierId', 'pt.supplierId')
        .select(['pt.platformTruckId', 'pt.supplierId']).where('pt.orgId', '=', orgId).where('pt.supplierId', '<>', carrierId)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('contract as c').select('c.contractId').whereRef('c.supplierId', '=', 'pt.supplierId').where('c.contractType', '=', 2))))
        .orderBy('pt.platformTruckId').executeTakeFirst()) as { platformTruckId: number; supplierId: number } | undefined;
      if (!other) throw new Error('the demo needs a carrier with a truck and no cost contract');
      const none = ok(await h.call('GET', `${G}?demandId=${demandId}&platformTruckId=${other.platformTruckId}`, { token: t.dispatch }));
      expect(none).toMatchObject({ guidePrice: null, source: null });
      // a copy of a demo row without its id; json columns go back as JSON text (pg sends arrays as SQL arrays)
      const strip = (row: Record<string, any>, id: string) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== id)
        .map(([k, v]) => [k, v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v]));
      const enquiry = (await db.selectFrom('enquiry').selectAll().where('orgId', '=', orgId).orderBy('enquiryId').executeTakeFirstOrThrow()) as Record<string, any>;
      const e = (await db.insertInto('enquiry').values({ ...strip(enquiry, 'enquiryId'), enquiryNo: `XJT${Date.now() % 1e9}`, projectId, clueId: null, status: 15 })
        .returning('enquiryId').executeTakeFirstOrThrow()) as { enquiryId: number };
      const q = (await db.selectFrom('enquiryQuote').selectAll().where('orgId', '=', orgId).orderBy('quoteId').executeTakeFirstOrThrow()) as Record<string, any>;
      await db.insertInto('enquiryQuote').values({ ...strip(q, 'quoteId'), enquiryId: e.enquiryId, supplierId: other.supplierId, seq: 2, quoteMode: 2, unitPrice: '150.00', quoteStatus: 15 }).execute();
      const g = ok(await h.call('GET', `${G}?demandId=${demandId}&platformTruckId=${other.platformTruckId}`, { token: t.dispatch }));
      // 150 元/吨 × 60 t
      expect(g).toMatchObject({ guidePrice: '9000.00', source: 2 });
      expect(g.basis).toContain('定标报价');
    });

    it('is read by dispatchers only, within the organisation', async () => {
      const demandId = await twoTrucks();
      const stranger = await userWith(h, ['商务:客户列表:查看']);
      expect((await h.call('GET', `${G}?demandId=${demandId}`, { token: stranger.token })).status).toBe(403);
      const missing = await h.call('GET', `${G}?demandId=99999999`, { token: t.dispatch });
      expect(missing.status).toBe(404);
      expect(missing.body.msg).toBe('运输需求不存在');
      expect((await h.call('GET', G, { token: t.dispatch })).status).toBe(400);
    });
  });

  it('派车确认 sends the driver a 派车通知 through the SMS outbox', async () => {
    const demandId = await newDemand();
    const s = await newSchedule(demandId, { driverName: '孙师傅', driverPhone: '13812345001' });
    const sms = async () => (await h.database.db.selectFrom('smsRecord').selectAll().where('bizType', '=', 3).where('bizId', '=', s.scheduleId).execute()) as Record<string, any>[];
    expect(await sms()).toHaveLength(0);
    ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    const rows = await sms();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orgId, mobile: '13812345001', status: 0, templateCode: 'DISPATCH_NOTICE' });
    expect(rows[0]!.content).toContain('孙师傅');
    expect(rows[0]!.content).toContain(s.scheduleNo);
    expect(rows[0]!.content).toContain('上海临港重装备产业区江山路2800号');
    const listed = ok(await h.call('GET', `/api/v1/message-base/sms-record/page?bizType=3&pageSize=200`, { token: t.admin }));
    expect(listed.list.some((r: any) => r.smsId === rows[0]!.smsId)).toBe(true);
  });

  it('派车, 发车, 异常 and 签收 are posted to the project group through the enabled bot rules of triggers 4, 5, 3 and 6', async () => {
    const RULES = '/api/v1/message-base/wechat-bot-message-template-rule';
    for (const [triggerType, templateId] of [[4, 3], [5, 3], [3, 2]] as const) {
      const rule = ok(await h.call('POST', `${RULES}/save`, { token: t.admin, data: { templateId, triggerType, name: `调度群通知${triggerType}` } }));
      ok(await h.call('POST', `${RULES}/enable`, { token: t.admin, data: { ruleId: rule.ruleId } }));
    }
    // 到达签收 (6) is offered for the dispatch template only.
    expect((await h.call('POST', `${RULES}/save`, { token: t.admin, data: { templateId: 1, triggerType: 6, name: '错模板' } })).body.msg).toBe('该模板不支持此触发类型');
    const bot = async () => (await h.database.db.selectFrom('wechatBotMessage').select(['triggerType', 'content']).where('orgId', '=', orgId)
      .where('triggerType', 'in', [3, 4, 5, 6]).orderBy('wechatBotMessageId').execute()) as { triggerType: number; content: string }[];
    const before = (await bot()).length;
    const s = await newSchedule(await newDemand());
    ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 2, loadedWeight: '120.000' } }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/depart`, { token: t.dispatch, data: {} }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/exception`, { token: t.dispatch, data: { exceptionType: 1, exceptionDesc: '前方道路临时管制' } }));
    const posted = (await bot()).slice(before);
    // Trigger 6 has no enabled rule: 签收 is still kept with the group's messages, but nothing is queued.
    expect(posted.map((m) => m.triggerType)).toEqual([4, 5, 3]);
    expect(posted[0]!.content).toContain('【派车通知】');
    expect(posted[0]!.content).toContain(s.scheduleNo);
    expect(posted[0]!.content).toContain('上海临港重装备产业区江山路2800号 → 湖州长兴500kV变电站');
    expect(posted[1]!.content).toContain('【发车通知】');
    expect(posted[2]!.content).toContain('前方道路临时管制');
    ok(await h.call('POST', `${S}/${s.scheduleId}/exception-handled`, { token: t.dispatch, data: { nodeRemark: '已绕行' } }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/arrive`, { token: t.dispatch, data: {} }));
    ok(await h.call('POST', `${S}/${s.scheduleId}/sign`, { token: t.dispatch, data: { signedPieces: 2 } }));
    const room = (await h.database.db.selectFrom('wechatRoomMessage').select('content').where('projectId', '=', projectId).orderBy('roomMessageId').execute()) as { content: string }[];
    expect(room.filter((m) => /【(派车通知|发车通知|运输异常|到达签收)】/.test(m.content) && m.content.includes(s.scheduleNo)).map((m) => m.content.split('\n')[0]))
      .toEqual(['【派车通知】', '【发车通知】', '【运输异常】', '【到达签收】']);
  });

  it('the demo\'s overdue receipts were chased before today: daily matters open, notices read, nothing left to pop up', async () => {
    const db = h.database.db;
    const chased = (await db.selectFrom('transportSchedule').select('scheduleId').where('orgId', '=', orgId).where('scheduleStatus', '=', 35)
      .where('receiptOverdueNotifiedAt', 'is not', null).execute()) as { scheduleId: number }[];
    expect(chased.length).toBeGreaterThanOrEqual(1);
    const ids = chased.map((c) => c.scheduleId);
    const notices = (await db.selectFrom('notice').select('status').where('eventType', '=', 9).where('eventSubjectId', 'in', ids).execute()) as { status: number }[];
    expect(notices.length).toBeGreaterThanOrEqual(ids.length);
    expect(notices.every((n) => n.status === 1)).toBe(true);
    expect((await db.selectFrom('message').select('handled').where('eventType', '=', 9).where('eventSubjectId', 'in', ids).execute()).length).toBeGreaterThanOrEqual(ids.length);
  });

  it('回单超期: a truck signed more than receiptOverdueDays ago without its receipt is chased once — notice, daily matter and group post', async () => {
    const RULES = '/api/v1/message-base/wechat-bot-message-template-rule';
    const rule = ok(await h.call('POST', `${RULES}/save`, { token: t.admin, data: { templateId: 3, triggerType: 7, name: '回单超期提醒' } }));
    ok(await h.call('POST', `${RULES}/enable`, { token: t.admin, data: { ruleId: rule.ruleId } }));
    const db = h.database.db;
    const signed = async () => {
      const s = await newSchedule(await newDemand());
      for (const step of ['dispatch', 'load', 'depart', 'arrive', 'sign']) {
        ok(await h.call('POST', `${S}/${s.scheduleId}/${step}`, { token: t.dispatch, data: step === 'load' ? { loadedPieces: 2, loadedWeight: '120.000' } : {} }));
      }
      return s;
    };
    const late = await signed();
    const fresh = await signed();
    const back = await signed();
    const now = Date.now();
    // the organisation's setting (15 days by default): late signed 16 days ago, fresh 14; back's receipt is in
    await force(h, 'transportSchedule', 'scheduleId', late.scheduleId, { signedAt: new Date(now - 16 * 86400_000).toISOString() });
    await force(h, 'transportSchedule', 'scheduleId', fresh.scheduleId, { signedAt: new Date(now - 14 * 86400_000).toISOString() });
    await force(h, 'transportSchedule', 'scheduleId', back.scheduleId, { signedAt: new Date(now - 20 * 86400_000).toISOString(), scheduleStatus: 40 });
    const notices = async (id: number) => (await db.selectFrom('notice').select(['recipientStaffId', 'message']).where('eventType', '=', 9)
      .where('eventSubjectId', '=', id).orderBy('noticeId').execute()) as { recipientStaffId: number; message: string }[];
    const dispatcher = ((await get(`${S}/${late.scheduleId}`)) as any).dispatcherStaffId as number;

    expect(await remindOverdueReceipts(db, loadEntities(), new Date(now))).toBe(1);
    const sent = await notices(late.scheduleId);
    expect(sent.map((n) => n.recipientStaffId).sort()).toEqual([dispatcher, demo.pmStaffId].sort());
    expect(sent[0]!.message).toContain(`调度单${late.scheduleNo}`);
    expect(sent[0]!.message).toContain('签收已16天');
    expect(await notices(fresh.scheduleId)).toEqual([]);
    expect(await notices(back.scheduleId)).toEqual([]);
    const matters = await db.selectFrom('message').select('staffId').where('eventType', '=', 9).where('eventSubjectId', '=', late.scheduleId).execute();
    expect(matters).toHaveLength(2);
    const posts = (await db.selectFrom('wechatBotMessage').select('content').where('orgId', '=', orgId).where('triggerType', '=', 7).execute()) as { content: string }[];
    expect(posts).toHaveLength(1);
    expect(posts[0]!.content).toContain('【回单超期】');
    expect(posts[0]!.content).toContain(late.scheduleNo);
    expect((await db.selectFrom('wechatRoomMessage').select('content').where('projectId', '=', projectId).where('content', 'like', '%【回单超期】%').execute())).toHaveLength(1);

    // once: the next hour reminds nothing again; fresh is reminded when it crosses the line
    expect(await remindOverdueReceipts(db, loadEntities(), new Date(now + 3600_000))).toBe(0);
    await remindOverdueReceipts(db, loadEntities(), new Date(now + 2 * 86400_000));
    expect(await notices(late.scheduleId)).toHaveLength(2);
    expect(await notices(fresh.scheduleId)).toHaveLength(2);
  });

  it('终止 a project terminates its open demands, cancelling the trucks that have not left', async () => {
    const keep = projectId;
    projectId = await newProject('调度规则终止项目');
    try {
      const waiting = await newDemand();
      const dispatched = await newDemand();
      const moving = await newDemand({ truckCount: 2 });
      const draft = await newDemand({}, false);
      const a = await newSchedule(dispatched);
      ok(await h.call('POST', `${S}/${a.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      const b = await newSchedule(moving);
      const c = await newSchedule(moving);
      for (const s of [b, c]) ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
      ok(await h.call('POST', `${S}/${b.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 1, loadedWeight: '60.000' } }));
      ok(await h.call('POST', `${S}/${b.scheduleId}/depart`, { token: t.dispatch, data: {} }));
      expect((await get(`${D}/${moving}`)).status).toBe(25);

      const noReason = await h.call('POST', '/api/v1/project-base/project/run-state/terminate', { token: t.admin, data: { projectId } });
      expect(noReason.status).toBe(400);
      ok(await h.call('POST', '/api/v1/project-base/project/run-state/terminate', { token: t.admin, data: { projectId, terminateReason: '业主取消工程' } }));
      expect((await get(`/api/v1/project-base/project/${projectId}`)).runState).toBe(15);
      for (const id of [waiting, dispatched, moving]) {
        expect(await get(`${D}/${id}`), `demand ${id}`).toMatchObject({ status: 20, terminateReason: '项目终止：业主取消工程' });
      }
      expect((await get(`${D}/${draft}`)).status).toBe(0);
      expect((await get(`${S}/${a.scheduleId}`))).toMatchObject({ scheduleStatus: 5, cancelReason: '需求终止：项目终止：业主取消工程' });
      expect((await get(`${S}/${c.scheduleId}`)).scheduleStatus).toBe(5);
      // departed: runs to completion
      expect((await get(`${S}/${b.scheduleId}`)).scheduleStatus).toBe(20);
    } finally {
      projectId = keep;
    }
  });
});
