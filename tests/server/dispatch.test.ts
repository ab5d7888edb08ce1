import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { approvedProject, force, login, shanghaiDemo, today, userWith } from './project-helpers';

const D = '/api/v1/project-base/transport-demand';
const S = '/api/v1/project-base/transport-schedule';
const RC = '/api/v1/project-base/receipt';
const P = '/api/v1/project-base/schedule-payment';
const REFUSED = '当前状态不允许该操作';

const DEMAND_STATES = [0, 5, 10, 15, 20, 25, 30, 35];
const SCHEDULE_STATES = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45];

describe.each(await backends())('运输需求与调度 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let projectId: number;
  let customerId: number;
  let ownTruckId: number;
  let carrierId: number;
  let platformTruckId: number;
  let pmStaffId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const demandBody = (extra: Record<string, unknown> = {}) => ({
    projectId, cargoName: '220kV主变压器', pieces: 4, weight: '236.000', truckCount: 2, loadRegionCode: '310115', loadAddress: '上海临港重装备产业区江山路2800号',
    unloadRegionCode: '330522', unloadAddress: '湖州长兴500kV变电站', planLoadTime: `${today(1)}T20:00:00+08:00`, requiredArriveTime: `${today(3)}T08:00:00+08:00`,
    distanceKm: 186, customerUnitPrice: '0', ...extra,
  });
  const carrierBody = (demandId: number, extra: Record<string, unknown> = {}) => ({
    demandId, carrierType: 2, supplierId: carrierId, platformTruckId, driverName: '王师傅', driverPhone: '13812345678', freight: '18000.00', guidePrice: '18000.00', customerFreight: '26000.00', ...extra,
  });
  const newDemand = async (extra: Record<string, unknown> = {}, submit = true) => {
    const d = ok(await h.call('POST', `${D}/save`, { token: t.pm, data: demandBody(extra) }));
    if (submit) ok(await h.call('POST', `${D}/submit`, { token: t.pm, data: { demandId: d.demandId } }));
    return d.demandId as number;
  };
  const get = async (path: string) => ok(await h.call('GET', path, { token: t.admin }));

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'pm', 'dispatch', 'suzhou']) t[u] = await login(h, u);
    const demo = await shanghaiDemo(h);
    ({ customerId, ownTruckId, carrierId, platformTruckId, pmStaffId } = demo);
    projectId = await approvedProject(h, t.pm, demo, '调度测试项目');
  });
  afterAll(async () => h?.close());

  it('demo data fills every demand, schedule, receipt and payment state, visible to the dispatcher and the project manager', async () => {
    const states = async (path: string, field: string, token: string) => {
      const all = ok(await h.call('GET', `${path}/page?pageSize=200`, { token })).list as any[];
      return new Set(all.map((r) => r[field]));
    };
    for (const token of [t.dispatch, t.pm]) {
      const demand = await states(D, 'status', token);
      for (const s of DEMAND_STATES) expect(demand.has(s), `demand ${s}`).toBe(true);
      const schedule = await states(S, 'scheduleStatus', token);
      for (const s of SCHEDULE_STATES) expect(schedule.has(s), `schedule ${s}`).toBe(true);
    }
    const receipts = await states(RC, 'receiptStatus', t.dispatch);
    for (const s of [0, 5, 10, 15]) expect(receipts.has(s), `receipt ${s}`).toBe(true);
    const pays = await states(P, 'payNodeStatus', t.pm);
    for (const s of [0, 5, 10, 15]) expect(pays.has(s), `payment ${s}`).toBe(true);
    const nodes = ok(await h.call('GET', '/api/v1/project-base/schedule-node/page?node=25', { token: t.dispatch }));
    expect(nodes.total).toBeGreaterThan(0);
    const freight = ok(await h.call('GET', '/api/v1/project-base/cost-item/page?source=1&costType=7', { token: t.pm }));
    expect(freight.total).toBeGreaterThan(0);
  });

  it('runs a demand and two trucks from submit to settlement, booking the freight into the project', async () => {
    const demandId = await newDemand({ isOversize: true });
    let demand = await get(`${D}/${demandId}`);
    expect(demand).toMatchObject({ status: 10, customerId, submitterStaffId: pmStaffId });
    expect(demand.demandNo).toMatch(/^XQ\d{10}$/);
    expect((await get(`/api/v1/project-base/project/${projectId}`)).runState).toBe(10);

    const own = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: { demandId, carrierType: 1, companyTruckId: ownTruckId, driverName: '高志刚', driverPhone: '13912345678' } }));
    expect(own.scheduleNo).toMatch(/^DD\d{10}$/);
    expect(own.truckLicensePlate).toBeTruthy();
    const carrier = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { prepayAmount: '5000.00', receiptPayAmount: '13000.00' }) }));
    for (const s of [own, carrier]) ok(await h.call('POST', `${S}/${s.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    demand = await get(`${D}/${demandId}`);
    expect(demand).toMatchObject({ status: 15, dispatchedCount: 2 });
    expect((await get(`/api/v1/transport-resource/company-truck/${ownTruckId}`).catch(() => null)) ?? true).toBeTruthy();
    const truck = (await h.database.db.selectFrom('companyTruck').select(['status', 'currentScheduleId']).where('truckId', '=', ownTruckId).executeTakeFirstOrThrow()) as any;
    expect(truck).toMatchObject({ status: 2, currentScheduleId: own.scheduleId });
    const pays = (await get(`${P}/page?scheduleId=${carrier.scheduleId}`)).list;
    expect(pays.map((p: any) => [p.payNode, p.payNodeStatus, p.amount]).sort()).toEqual([[1, 5, '5000.00'], [4, 0, '13000.00']]);
    expect((await get(`${P}/page?scheduleId=${own.scheduleId}`)).total).toBe(0);

    // 大件: loading needs the permit
    const noPermit = await h.call('POST', `${S}/${own.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 3, loadedWeight: '220.000' } });
    expect(noPermit.status).toBe(400);
    expect(noPermit.body.msg).toContain('超限通行证号');
    ok(await h.call('POST', `${S}/${own.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 3, loadedWeight: '220.000', permitNo: '沪超限2026-0815', nodeAddress: '临港重装备码头' } }));
    const tooMany = await h.call('POST', `${S}/${carrier.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 2, loadedWeight: '16.000', permitNo: '沪超限2026-0816' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('不能超过需求件数4件');
    ok(await h.call('POST', `${S}/${carrier.scheduleId}/load`, { token: t.dispatch, data: { loadedPieces: 1, loadedWeight: '16.000', permitNo: '沪超限2026-0816' } }));
    for (const s of [own, carrier]) ok(await h.call('POST', `${S}/${s.scheduleId}/depart`, { token: t.dispatch, data: { nodeAddress: '临港' } }));
    expect((await get(`${D}/${demandId}`)).status).toBe(25);
    ok(await h.call('POST', `${S}/${carrier.scheduleId}/exception`, { token: t.dispatch, data: { exceptionType: 4, exceptionDesc: '嘉兴段道路管制，夜间通行', nodeAddress: '乍嘉苏高速嘉兴段' } }));
    expect((await get(`${D}/${demandId}`)).status).toBe(30);
    ok(await h.call('POST', `${S}/${carrier.scheduleId}/exception-handled`, { token: t.dispatch, data: { nodeRemark: '次日22:00放行' } }));
    expect((await get(`${D}/${demandId}`)).status).toBe(25);
    for (const s of [own, carrier]) {
      ok(await h.call('POST', `${S}/${s.scheduleId}/arrive`, { token: t.dispatch, data: {} }));
      ok(await h.call('POST', `${S}/${s.scheduleId}/sign`, { token: t.dispatch, data: {} }));
    }
    expect(((await h.database.db.selectFrom('companyTruck').select('status').where('truckId', '=', ownTruckId).executeTakeFirstOrThrow()) as any).status).toBe(1);
    const nodes = (await get(`/api/v1/project-base/schedule-node/page?scheduleId=${carrier.scheduleId}&pageSize=50`)).list.map((n: any) => n.node).sort((a: number, b: number) => a - b);
    expect(nodes).toEqual([10, 15, 20, 25, 27, 30, 35]);
    const exception = (await get(`/api/v1/project-base/schedule-node/page?scheduleId=${carrier.scheduleId}&node=25`)).list[0];
    expect(exception).toMatchObject({ exceptionType: 4, address: '乍嘉苏高速嘉兴段', remark: '嘉兴段道路管制，夜间通行' });

    const receipts = (await get(`${RC}/page?projectId=${projectId}&demandId=${demandId}`)).list;
    expect(receipts).toHaveLength(2);
    const noPhoto = await h.call('POST', `${RC}/${receipts[0].receiptId}/upload`, { token: t.dispatch, data: { signedBy: '李工' } });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.msg).toContain('回单照片');
    const photos = [{ name: '回单.jpg', url: '/api/v1/file-base/file/receipt.jpg' }];
    for (const r of receipts) ok(await h.call('POST', `${RC}/${r.receiptId}/upload`, { token: t.dispatch, data: { photos, signedBy: '李工' } }));
    const carrierReceipt = receipts.find((r: any) => r.scheduleId === carrier.scheduleId);
    ok(await h.call('POST', `${RC}/${carrierReceipt.receiptId}/reject`, { token: t.admin, data: { rejectReason: '照片模糊，看不清签字' } }));
    expect((await get(`${S}/${carrier.scheduleId}`)).receiptStatus).toBe(10);
    // the dispatcher hears of someone else's rejection as a 回单 matter (eventType 9) about the schedule
    const told = await h.database.db.selectFrom('notice').select('eventType').where('eventSubjectId', '=', carrier.scheduleId).where('message', 'like', '%回单被驳回%').execute() as { eventType: number }[];
    expect(told.map((n) => n.eventType)).toEqual([9]);
    ok(await h.call('POST', `${RC}/${carrierReceipt.receiptId}/upload`, { token: t.dispatch, data: { photos, signedBy: '李工' } }));
    ok(await h.call('POST', `${RC}/audit-pass`, { token: t.dispatch, data: { ids: receipts.map((r: any) => r.receiptId) } }));
    expect((await get(`${S}/${carrier.scheduleId}`))).toMatchObject({ scheduleStatus: 40, receiptStatus: 15 });
    expect((await get(`${D}/${demandId}`)).status).toBe(35);
    // 上海 requires the original receipt (回单须交原件): 回单付 opens once it is posted back
    let receiptPay = (await get(`${P}/page?scheduleId=${carrier.scheduleId}&payNode=4`)).list[0];
    expect(receiptPay.payNodeStatus).toBe(0);
    ok(await h.call('POST', `${RC}/${carrierReceipt.receiptId}/original-returned`, { token: t.dispatch, data: { expressCompany: '顺丰速运', expressNo: 'SF1409887766' } }));
    expect((await get(`${RC}/${carrierReceipt.receiptId}`))).toMatchObject({ originalReturned: true, receiptStatus: 15 });
    receiptPay = (await get(`${P}/page?scheduleId=${carrier.scheduleId}&payNode=4`)).list[0];
    expect(receiptPay.payNodeStatus).toBe(5);

    // ledger: carrier freight as cost 7 (own truck none), customer freight as income
    const costs = (await get(`/api/v1/project-base/cost-item/page?projectId=${projectId}&source=1`)).list;
    expect(costs).toHaveLength(1);
    expect(costs[0]).toMatchObject({ costType: 7, amount: '18000.00', supplierId: carrierId, scheduleId: carrier.scheduleId });
    const incomes = (await get(`/api/v1/project-base/income-item/page?projectId=${projectId}&source=1`)).list;
    expect(incomes.map((i: any) => i.amount)).toEqual(['26000.00']);
    const project = await get(`/api/v1/project-base/project/${projectId}`);
    expect(project.confirmedCost).toBe(costs[0].amountExclTax);
    expect(project.grossProfit).toBe((Number(incomes[0].amountExclTax) - Number(costs[0].amountExclTax)).toFixed(2));

    // payment nodes: 申请 → paid through a 批量付款 资金事项 (会计 applies, 财务经理 approves, 出纳 executes) → counts on the cost item
    ok(await h.call('POST', `${P}/apply`, { token: t.pm, data: { ids: [receiptPay.paymentId] } }));
    expect((await h.call('POST', `${P}/${receiptPay.paymentId}/pay`, { token: t.pm, data: {} })).status).toBe(404);
    const M = '/api/v1/finance-base/finance-matters-merge';
    const matter = ok(await h.call('POST', `${M}/batch-payment`, { token: await login(h, 'xielina'), data: { items: [{ paymentId: receiptPay.paymentId }] } }));
    ok(await h.call('POST', `${M}/audit`, { token: await login(h, 'finance'), data: { ids: [matter.reviewId], pass: true } }));
    const account = (await h.database.db.selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', ((await h.database.db.selectFrom('schedulePayment').select('orgId').where('paymentId', '=', receiptPay.paymentId).executeTakeFirstOrThrow()) as { orgId: number }).orgId).where('disabled', 'is not', true).orderBy('bankAccountId').executeTakeFirstOrThrow()) as { bankAccountId: number };
    ok(await h.call('POST', `${M}/execute`, { token: await login(h, 'cashier'), data: { reviewId: matter.reviewId, ourBankAccountId: account.bankAccountId, voucherNo: 'HX20260001' } }));
    expect((await get(`${P}/${receiptPay.paymentId}`)).payNodeStatus).toBe(15);
    expect((await get(`/api/v1/project-base/cost-item/${costs[0].costItemId}`)).paidAmount).toBe('13000.00');

    // 托运单: the demand printed with the trucks sent
    const printed = ok(await h.call('GET', `/api/v1/project-base/print/6/${demandId}`, { token: t.dispatch }));
    expect(printed).toMatchObject({ title: '货物运输托运单', docNo: demand.demandNo, docNoLabel: '需求编号' });
    expect(printed.tables[0].rows).toHaveLength(2);
    expect((await h.call('GET', `/api/v1/project-base/print/6/${demandId}`, { token: t.suzhou })).status).toBe(404);

    // 已结算 comes from finance: the carrier's bill with this freight, confirmed by the carrier (issue 19)
    const B = '/api/v1/finance-base/settle-bill';
    const bill = ok(await h.call('POST', `${B}/save`, { token: t.admin, data: { billType: 2, supplierId: carrierId, periodStart: costs[0].occurredDate, periodEnd: costs[0].occurredDate, itemIds: [costs[0].costItemId] } }));
    ok(await h.call('POST', `${B}/send`, { token: t.admin, data: { settleBillId: bill.settleBillId } }));
    expect((await get(`${S}/${carrier.scheduleId}`))).toMatchObject({ scheduleStatus: 40 });
    ok(await h.call('POST', `${B}/confirm`, { token: t.admin, data: { settleBillId: bill.settleBillId, confirmedBy: '承运商财务' } }));
    expect((await get(`${S}/${carrier.scheduleId}`))).toMatchObject({ scheduleStatus: 45 });
    const settleNodes = (await get(`/api/v1/project-base/schedule-node/page?scheduleId=${carrier.scheduleId}&node=45`)).total;
    expect(settleNodes).toBe(1);
  });

  it('refuses dispatching beyond the demand’s truck count', async () => {
    const demandId = await newDemand({ truckCount: 1, pieces: 2 });
    const a = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) }));
    ok(await h.call('POST', `${S}/${a.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    const b = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) });
    expect(b.status).toBe(409);
    expect(b.body.msg).toBe('运输需求需车1辆，已派1辆，不能超派');
    // a cancelled truck frees its place
    ok(await h.call('POST', `${S}/${a.scheduleId}/cancel`, { token: t.dispatch, data: { cancelReason: '车辆故障改派' } }));
    expect((await get(`${D}/${demandId}`))).toMatchObject({ status: 10, dispatchedCount: 0 });
    expect((await get(`${P}/page?scheduleId=${a.scheduleId}`)).total).toBe(0);
    const c = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) }));
    ok(await h.call('POST', `${S}/${c.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
  });

  it('派车 offers only demands that may still take trucks, and the picker refuses a malformed list', async () => {
    const open = await newDemand({ cargoName: '派车候选需求甲' });
    const draft = await newDemand({ cargoName: '派车候选需求乙' }, false);
    const full = await newDemand({ cargoName: '派车候选需求丙', truckCount: 1 });
    ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(full) })); // its only truck (a draft holds the slot)
    // the schedule form's picker: transportSchedule.demandId filterBy status [10, 15, 25, 30] and not slotsFull
    const offered = ok(await h.call('GET', `/api/v1/meta/options/transportDemand?filter=${encodeURIComponent('status:10|15|25|30')},slotsFull:false&keyword=${encodeURIComponent('派车候选需求')}`, { token: t.dispatch })) as { value: number }[];
    const ids = offered.map((o) => Number(o.value));
    expect(ids).toContain(open);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(full);
    const bad = await h.call('GET', `/api/v1/meta/options/transportDemand?filter=${encodeURIComponent('status:10|x')}`, { token: t.dispatch });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('筛选值不正确：status');
  });

  it('自有司机 is a staff member marked 驾驶员: the truck’s default driver unless another driver is chosen', async () => {
    const demandId = await newDemand({ truckCount: 2 });
    const tractor = (await h.database.db.selectFrom('companyTruck as c').innerJoin('staff as s', 's.staffId', 'c.defaultDriverStaffId')
      .select(['c.truckId', 's.staffId', 's.name', 's.isDriver']).where('c.status', '=', 1).where('c.orgId', '=', (await h.database.db.selectFrom('transportDemand').select('orgId').where('demandId', '=', demandId).executeTakeFirstOrThrow() as any).orgId)
      .orderBy('c.truckId').executeTakeFirstOrThrow()) as { truckId: number; staffId: number; name: string; isDriver: boolean };
    expect(tractor.isDriver).toBe(true); // the demo's tractors have A2 drivers as default drivers
    const own = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: { demandId, carrierType: 1, companyTruckId: tractor.truckId } }));
    expect(own).toMatchObject({ driverStaffId: tractor.staffId, driverName: tractor.name });
    const notDriver = await h.call('POST', `${S}/save`, { token: t.dispatch, data: { demandId, carrierType: 1, companyTruckId: tractor.truckId, driverStaffId: pmStaffId } });
    expect(notDriver.status).toBe(400);
    expect(notDriver.body.data).toMatchObject({ field: 'driverStaffId' });
  });

  it('checks what a schedule says before saving it', async () => {
    const demandId = await newDemand();
    const split = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { prepayAmount: '1000.00', receiptPayAmount: '1000.00' }) });
    expect(split.status).toBe(400);
    expect(split.body.msg).toContain('预付、油卡、到付、回单付之和应等于应付运费');
    const ownFreight = await h.call('POST', `${S}/save`, { token: t.dispatch, data: { demandId, carrierType: 1, companyTruckId: ownTruckId, freight: '100.00' } });
    expect(ownFreight.status).toBe(400);
    const noCarrier = await h.call('POST', `${S}/save`, { token: t.dispatch, data: { demandId, carrierType: 2, truckLicensePlate: '皖A8K339' } });
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.body.msg).toContain('请选择承运商');
    // a hired truck is paid: saved without freight it stays a draft, 派车确认 asks for the freight
    const unpaid = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId, { freight: '0.00', guidePrice: null }) }));
    const noFreight = await h.call('POST', `${S}/${unpaid.scheduleId}/dispatch`, { token: t.dispatch, data: {} });
    expect(noFreight.status).toBe(400);
    expect(noFreight.body.msg).toBe('派车前请填写应付运费');
    expect(noFreight.body.data).toMatchObject({ field: 'freight' });
    const draftDemand = await newDemand({}, false);
    const notSubmitted = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(draftDemand) });
    expect(notSubmitted.status).toBe(409);
  });

  it('a closed project refuses new demands, schedules and costs; a paused one new schedules', async () => {
    const demandId = await newDemand();
    await force(h, 'project', 'projectId', projectId, { runState: 5 });
    const paused = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) });
    expect(paused.status).toBe(409);
    expect(paused.body.msg).toBe('项目已暂停，不能派车');
    await force(h, 'project', 'projectId', projectId, { runState: 30 });
    try {
      const s = await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) });
      expect(s.status).toBe(409);
      expect(s.body.msg).toBe('项目已关账');
      const d = await h.call('POST', `${D}/save`, { token: t.pm, data: demandBody() });
      expect(d.status).toBe(409);
      expect(d.body.msg).toBe('项目已关账');
      const c = await h.call('POST', '/api/v1/project-base/cost-item/save', { token: t.pm, data: { projectId, costType: 7, summary: '运费', amount: '100.00', occurredDate: today() } });
      expect(c.status).toBe(409);
      expect(c.body.msg).toBe('项目已关账');
    } finally {
      await force(h, 'project', 'projectId', projectId, { runState: 10 });
    }
  });

  it('only the submitter revokes; 终止 cancels the trucks that have not left', async () => {
    const demandId = await newDemand();
    const other = await userWith(h, ['项目管理:运输需求']);
    const foreign = await h.call('POST', `${D}/${demandId}/revoke`, { token: other.token, data: { terminateReason: '客户取消' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.msg).toBe('只有提交人可以撤销运输需求');
    const noReason = await h.call('POST', `${D}/${demandId}/revoke`, { token: t.pm, data: {} });
    expect(noReason.status).toBe(400);
    ok(await h.call('POST', `${D}/${demandId}/revoke`, { token: t.pm, data: { terminateReason: '客户取消发运' } }));
    expect((await get(`${D}/${demandId}`)).status).toBe(5);

    const d2 = await newDemand();
    const a = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(d2) }));
    ok(await h.call('POST', `${S}/${a.scheduleId}/dispatch`, { token: t.dispatch, data: {} }));
    ok(await h.call('POST', `${D}/${d2}/terminate`, { token: t.dispatch, data: { terminateReason: '业主现场未具备卸货条件' } }));
    expect((await get(`${D}/${d2}`)).status).toBe(20);
    expect((await get(`${S}/${a.scheduleId}`)).scheduleStatus).toBe(5);
  });

  it('keeps demands and schedules inside the organisation', async () => {
    const demandId = await newDemand();
    const list = ok(await h.call('GET', `${D}/page?pageSize=100`, { token: t.suzhou }));
    expect(list.list.some((d: any) => d.demandId === demandId)).toBe(false);
    expect((await h.call('GET', `${D}/${demandId}`, { token: t.suzhou })).status).toBe(404);
  });

  describe('state machines: every transition only from its states and only for its permission', () => {
    type Case = { entity: 'demand' | 'schedule' | 'receipt' | 'payment'; name: string; path: (id: number) => string; from: number[]; permission: string; body: Record<string, unknown> };
    const cases: Case[] = [
      { entity: 'demand', name: 'submit', path: () => `${D}/submit`, from: [0], permission: '项目管理:运输需求', body: {} },
      { entity: 'demand', name: 'revoke', path: (id) => `${D}/${id}/revoke`, from: [10], permission: '项目管理:运输需求', body: { terminateReason: '取消' } },
      { entity: 'demand', name: 'terminate', path: (id) => `${D}/${id}/terminate`, from: [10, 15, 25, 30], permission: '调度:额外操作', body: { terminateReason: '终止' } },
      { entity: 'schedule', name: 'dispatch', path: (id) => `${S}/${id}/dispatch`, from: [0], permission: '调度:编辑', body: {} },
      { entity: 'schedule', name: 'load', path: (id) => `${S}/${id}/load`, from: [10], permission: '调度:编辑', body: { loadedPieces: 0, loadedWeight: '10.000' } },
      { entity: 'schedule', name: 'depart', path: (id) => `${S}/${id}/depart`, from: [15], permission: '调度:编辑', body: {} },
      { entity: 'schedule', name: 'reportException', path: (id) => `${S}/${id}/exception`, from: [20], permission: '调度:编辑', body: { exceptionType: 1, exceptionDesc: '爆胎' } },
      { entity: 'schedule', name: 'handleException', path: (id) => `${S}/${id}/exception-handled`, from: [25], permission: '调度:编辑', body: { nodeRemark: '已修复' } },
      { entity: 'schedule', name: 'arrive', path: (id) => `${S}/${id}/arrive`, from: [20], permission: '调度:编辑', body: {} },
      { entity: 'schedule', name: 'sign', path: (id) => `${S}/${id}/sign`, from: [30], permission: '调度:编辑', body: {} },
      { entity: 'schedule', name: 'cancel', path: (id) => `${S}/${id}/cancel`, from: [0, 10, 15], permission: '调度:额外操作', body: { cancelReason: '改派' } },
      { entity: 'receipt', name: 'upload', path: (id) => `${RC}/${id}/upload`, from: [0, 10], permission: '调度:编辑', body: { photos: [{ name: 'a.jpg', url: '/api/v1/file-base/file/a.jpg' }], signedBy: '张三' } },
      { entity: 'receipt', name: 'confirm', path: () => `${RC}/audit-pass`, from: [5], permission: '调度:编辑', body: {} },
      { entity: 'receipt', name: 'reject', path: (id) => `${RC}/${id}/reject`, from: [5], permission: '调度:编辑', body: { rejectReason: '模糊' } },
      { entity: 'receipt', name: 'returnOriginal', path: (id) => `${RC}/${id}/original-returned`, from: [5, 15], permission: '调度:编辑', body: { expressCompany: '顺丰', expressNo: 'SF1234567890' } },
      { entity: 'payment', name: 'apply', path: () => `${P}/apply`, from: [5], permission: '项目管理:项目:运费支付', body: {} },
      { entity: 'payment', name: 'withdraw', path: (id) => `${P}/${id}/withdraw`, from: [10], permission: '项目管理:项目:运费支付', body: {} },
    ];
    const STATES = { demand: DEMAND_STATES, schedule: SCHEDULE_STATES, receipt: [0, 5, 10, 15], payment: [0, 5, 10, 15] };
    const TABLE = { demand: ['transportDemand', 'demandId', 'status'], schedule: ['transportSchedule', 'scheduleId', 'scheduleStatus'], receipt: ['receipt', 'receiptId', 'receiptStatus'], payment: ['schedulePayment', 'paymentId', 'payNodeStatus'] } as const;

    it.each(cases.map((c) => [`${c.entity}.${c.name}`, c] as const))('%s', async (_title, c) => {
      const holder = await userWith(h, [c.permission, '调度:查看', '项目管理:运输需求']);
      const lacking = await userWith(h, ['调度:查看', ...(c.permission === '项目管理:运输需求' ? [] : ['项目管理:运输需求'])].filter((p) => p !== c.permission));
      // a fresh record of the kind, on a demand that may take trucks
      const demandId = await newDemand({ truckCount: 200, pieces: 1000, weight: '5000.000' });
      const schedule = ok(await h.call('POST', `${S}/save`, { token: t.dispatch, data: carrierBody(demandId) }));
      let id: number;
      if (c.entity === 'demand') id = demandId;
      else if (c.entity === 'schedule') id = schedule.scheduleId;
      else if (c.entity === 'receipt') {
        id = (await h.database.db.insertInto('receipt').values({ corpId: 1, orgId: (await h.database.db.selectFrom('transportSchedule').select('orgId').where('scheduleId', '=', schedule.scheduleId).executeTakeFirstOrThrow() as any).orgId, scheduleId: schedule.scheduleId, projectId, demandId, receiptStatus: 0 }).returning('receiptId').executeTakeFirstOrThrow() as any).receiptId;
        await force(h, 'receipt', 'receiptId', id, { corpId: (await h.database.db.selectFrom('transportSchedule').select('corpId').where('scheduleId', '=', schedule.scheduleId).executeTakeFirstOrThrow() as any).corpId });
      } else {
        const row = (await h.database.db.selectFrom('transportSchedule').select(['orgId', 'corpId']).where('scheduleId', '=', schedule.scheduleId).executeTakeFirstOrThrow()) as any;
        id = (await h.database.db.insertInto('schedulePayment').values({ corpId: row.corpId, orgId: row.orgId, scheduleId: schedule.scheduleId, projectId, demandId, payNode: 1, amount: '100.00', payNodeStatus: 0 }).returning('paymentId').executeTakeFirstOrThrow() as any).paymentId;
      }
      const [table, idField, field] = TABLE[c.entity];
      const body = (c.path(id).endsWith(`/${id}`) || c.path(id).includes(`/${id}/`)) ? c.body : { ...c.body, ids: [id] };
      for (const state of STATES[c.entity]) {
        await force(h, table, idField, id, { [field]: state, ...(c.entity === 'demand' ? { submitterStaffId: holder.staffId } : {}) });
        if (c.entity === 'schedule') {
          await force(h, 'transportDemand', 'demandId', demandId, { status: 10 });
          await force(h, 'transportSchedule', 'scheduleId', id, { receiptStatus: state >= 40 ? 15 : 0, loadedAt: null, departedAt: null, arrivedAt: null, signedAt: null });
        }
        const denied = await h.call('POST', c.path(id), { token: lacking.token, data: body });
        expect(denied.status, `${c.name} without ${c.permission} from ${state}`).toBe(403);
        const r = await h.call('POST', c.path(id), { token: holder.token, data: body });
        if (c.from.includes(state)) {
          expect(r.status, `${c.name} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
        } else {
          expect(r.status, `${c.name} from ${state}`).toBe(409);
          expect(r.body.msg).toBe(REFUSED);
        }
      }
    });

    it('system transitions have no call', async () => {
      const catalogue = (await import('../../schemas/generated/catalogue.json')).default as any;
      const entries = JSON.stringify(catalogue);
      for (const name of ['dispatched', 'undispatched', 'inTransit', 'abnormal', 'recovered', 'returned', 'receiptReturned']) {
        expect(entries.includes(`"transition":"${name}"`)).toBe(false);
      }
    });
  });
});
