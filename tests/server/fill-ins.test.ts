/**
 * Declared fill-ins and formulas on the server (issue 17): create and update fill fetched fields
 * from the picked record (a value the body gives stays), required fetched fields may be left
 * out, formula fields are recomputed on every write, a won quotation's contract draft takes the
 * quotation's values by declaration, a project takes its income contract's (创建项目), and
 * meta/fetch gives only declared source fields of the caller's own organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

const PB = '/api/v1/project-base';
const future = (days = 3) => new Date(Date.now() + days * 86400_000).toISOString();
type Row = Record<string, any>;

describe('fill-ins and formulas', () => {
  let h: Harness;
  let business: string;
  let bizmgr: string;
  let dispatch: string;
  let customerId: number;
  let suppliers: Row[];
  beforeAll(async () => {
    h = await startHarness('pglite');
    [business, bizmgr, dispatch] = await Promise.all([h.login('business'), h.login('bizmgr', 'Bizmgr@123'), h.login('dispatch', 'Dispatch@123')]);
    suppliers = (await h.call('GET', '/api/v1/user-base/supplier/list-org-active-supplier', { token: business })).body.data;
    customerId = (await h.call('GET', '/api/v1/user-base/customer/list-local-customer?pageSize=5&verifyStatus=15', { token: business })).body.data.list[0].customerId;
  });
  afterAll(async () => h?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, data?: unknown) => h.call(method, url.startsWith('/') ? url : `${PB}/${url}`, { token, data });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, data?: unknown) => {
    const r = await call(method, url, token, data);
    expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  const newClue = (over: Row = {}) => ok('POST', 'clue/save', business, {
    name: `填充线索${Math.random().toString(36).slice(2, 7)}`, customerId, serviceCategory: 1, cargoName: '主变压器', pieces: 2, maxPieceWeight: '218.500', length: '11.20', width: '3.60', height: '4.30',
    fromRegionCode: '320585', fromAddress: '太仓港', toRegionCode: '310115', toAddress: '外高桥', expectedStartDate: '2027-03-01', ...over,
  });

  it('an enquiry from a clue takes its title, customer, cargo (its 重量 the clue\'s 最重件) and route; what the body gives stays; a new clue refills on update', async () => {
    const clue = await newClue();
    const e = await ok('POST', 'enquiry/save', business, { clueId: clue.clueId, quoteMode: 4, quantity: '1', deadline: future(), supplierIds: [suppliers[0].supplierId], cargoName: '变压器本体' });
    expect(e).toMatchObject({
      title: clue.name, customerId, serviceCategory: 1, cargoName: '变压器本体', pieces: 2, weight: '218.500', length: '11.20', width: '3.60', height: '4.30',
      fromRegionCode: '320585', fromAddress: '太仓港', toRegionCode: '310115', toAddress: '外高桥', loadDate: '2027-03-01',
    });
    const other = await newClue({ cargoName: '发电机定子', pieces: 1, maxPieceWeight: '96', toAddress: '洋山港' });
    const moved = await ok('PUT', `enquiry/${e.enquiryId}`, business, { version: e.version, clueId: other.clueId, cargoName: null, weight: null, title: '改过的标题' });
    expect(moved).toMatchObject({ title: '改过的标题', cargoName: '发电机定子', pieces: 1, weight: '96.000', toAddress: '洋山港' });
    // A weight the user typed stays: the heaviest piece is only the starting value.
    const typed = await ok('POST', 'enquiry/save', business, { clueId: clue.clueId, quoteMode: 4, quantity: '1', deadline: future(), supplierIds: [suppliers[0].supplierId], weight: '230' });
    expect(typed.weight).toBe('230.000');
    // Without a clue, the required title must be given.
    const bare = await call('POST', 'enquiry/save', business, { serviceCategory: 1, quoteMode: 4, deadline: future(), supplierIds: [suppliers[0].supplierId] });
    expect(bare.body).toMatchObject({ code: 400, msg: '缺少必填字段：询价标题', data: { field: 'title' } });
  });

  it('a quotation takes the customer from its clue and the cost from its awarded enquiry; without tax and margin follow every write; the won quotation’s contract takes its values', async () => {
    const clue = await newClue();
    const e = await ok('POST', 'enquiry/save', business, { clueId: clue.clueId, quoteMode: 4, quantity: '1', deadline: future(), supplierIds: [suppliers[0].supplierId] });
    await ok('POST', 'enquiry/publish', business, { enquiryId: e.enquiryId });
    const [q] = (await ok('GET', `enquiry-quote/page?enquiryId=${e.enquiryId}&pageSize=100`, business)).list as Row[];
    await ok('POST', 'enquiry-quote/save', business, { quoteId: q!.quoteId, unitPrice: '109000', quantity: '1', taxRate: 9, transitDays: '3', quotedByName: '钱国强' });
    await ok('POST', 'enquiry/close', business, { enquiryId: e.enquiryId });
    await ok('POST', 'enquiry/award', business, { enquiryId: e.enquiryId, quoteIds: [q!.quoteId] });
    expect((await ok('GET', `enquiry/${e.enquiryId}`, business)).awardedCostExclTax).toBe('100000.00');

    const quotation = await ok('POST', 'quotation/save', business, { clueId: clue.clueId, enquiryId: e.enquiryId, amountInclTax: '136250' });
    expect(quotation).toMatchObject({ customerId, quoteMode: 4, quantity: '1.000', costAmount: '100000.00', amountExclTax: '125000.00', marginRate: '20.00' });
    const edited = await ok('PUT', `quotation/${quotation.quotationId}`, business, { version: quotation.version, amountInclTax: '140000', costAmount: '90000' });
    // 140,000 / 1.09 = 128,440.37; (128,440.37 − 90,000) / 128,440.37 = 29.93 %
    expect(edited).toMatchObject({ costAmount: '90000.00', amountExclTax: '128440.37', marginRate: '29.93' });
    const zero = await ok('PUT', `quotation/${quotation.quotationId}`, business, { version: edited.version, amountInclTax: '0' });
    expect(zero).toMatchObject({ amountExclTax: '0.00', marginRate: null });
    const back = await ok('PUT', `quotation/${quotation.quotationId}`, business, { version: zero.version, amountInclTax: '136250', costAmount: '100000' });

    await ok('POST', 'quotation/submit', business, { quotationId: back.quotationId });
    await ok('POST', 'quotation/audit', bizmgr, { quotationId: back.quotationId, pass: true });
    const marked = await ok('POST', 'quotation/win', business, { quotationId: back.quotationId });
    const won = await ok('GET', `quotation/${back.quotationId}`, business);
    const contract = await h.database.db.selectFrom('contract').selectAll().where('contractId', '=', Number(won.contractId)).executeTakeFirstOrThrow() as Row;
    expect(contract).toMatchObject({ quotationId: back.quotationId, customerId, clueId: clue.clueId, amount: '136250.00', taxRate: 9, quoteMode: 4, serviceCategory: 1 });
    // The answer tells the salesperson what else happened (ctx.say): the draft's number.
    expect(marked.message).toBe(`已生成收入合同草稿 ${contract.contractNo}，请到收入合同完善后提交审核`);
    // A transition whose hooks say nothing answers no message.
    const submitted = await ok('POST', 'quotation/submit', business, { quotationId: (await ok('POST', 'quotation/save', business, { clueId: clue.clueId, enquiryId: e.enquiryId, amountInclTax: '120000' })).quotationId });
    expect(submitted).not.toHaveProperty('message');
  });

  it('meta/fetch gives a picked record’s declared source fields only, and refuses another organisation’s record', async () => {
    const clue = await newClue({ competitor: '某竞争对手' });
    const got = await ok('GET', `/api/v1/meta/fetch/clue/${clue.clueId}`, business);
    expect(got).toMatchObject({ customerId, cargoName: '主变压器', name: clue.name, toAddress: '外高桥' });
    expect(got).not.toHaveProperty('competitor');
    expect(got).not.toHaveProperty('remark');
    const me = (await ok('GET', '/api/v1/auth/me', business)) as Row;
    const foreign = await h.database.db.selectFrom('clue').select('clueId').where('orgId', '!=', me.orgId).executeTakeFirst() as Row | undefined;
    const foreignId = foreign?.clueId ?? (await h.database.db.insertInto('clue').values({
      // Set-up: a clue of another organisation, written directly (no one here may write there).
      corpId: me.corpId, orgId: Number(me.orgId) + 1000, name: '他单位线索', customerId, clueStatus: 0, clueNo: 'XS-OTHER-1',
    } as any).returning('clueId').executeTakeFirstOrThrow() as Row).clueId;
    expect((await call('GET', `/api/v1/meta/fetch/clue/${foreignId}`, business)).status).toBe(404);
    // An entity nobody fetches from answers nothing either.
    expect((await call('GET', `/api/v1/meta/fetch/role/1`, business)).status).toBe(404);
    // The server's fill reads the same scope: another organisation's clue brings nothing (and is refused as a reference).
    const r = await call('POST', 'enquiry/save', business, { clueId: foreignId, quoteMode: 4, deadline: future(), supplierIds: [suppliers[0].supplierId] });
    expect(r.status).toBe(400);
  });

  it('a project from an income contract takes its name, customer, category, dates and amount by declaration; a cleared contract takes its amount away', async () => {
    const [gm, pm] = await Promise.all([h.login('gm', 'Gm@123'), h.login('pm', 'Pm@123')]);
    const db = h.database.db;
    const me = (await ok('GET', '/api/v1/auth/me', pm)) as Row;
    const staff = async (name: string) => ((await db.selectFrom('staff').select('staffId').where('orgId', '=', me.orgId).where('name', '=', name).executeTakeFirstOrThrow()) as Row).staffId as number;
    const depId = ((await db.selectFrom('department').select('depId').where('orgId', '=', me.orgId).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as Row).depId as number;
    const businessTypeId = ((await db.selectFrom('businessType').select('businessTypeId').orderBy('businessTypeId').executeTakeFirstOrThrow()) as Row).businessTypeId as number;
    /** An approved income contract (an income contract takes one project, so each case has its own). */
    const approved = async () => {
      const made = await ok('POST', 'contract/save', bizmgr, {
        name: `填充收入合同${Math.random().toString(36).slice(2, 7)}`, contractType: 1, customerId, contractKind: 1, serviceCategory: 2, amount: '880000.00', taxRate: 9,
        signDate: '2026-01-05', startDate: '2026-01-10', endDate: '2027-12-31', ownerStaffId: await staff('杨帆'),
      });
      await ok('POST', 'contract/submit', bizmgr, { contractId: made.contractId });
      await ok('POST', 'contract/audit', gm, { contractId: made.contractId, pass: true, comment: '同意' });
      return made;
    };
    const c = await approved();
    // What 创建项目 sends: the contract and what the user adds; the rest is the contract's.
    const p = await ok('POST', 'project/save', pm, { incomeContractId: c.contractId, businessTypeId, projectManagerStaffId: await staff('沈国良'), depId });
    expect(p).toMatchObject({ name: c.name, customerId, serviceCategory: 2, startDate: '2026-01-10', endDate: '2027-12-31', contractAmount: '880000.00' });
    // A typed name stays (the user may override a fetched value); the read-only amount is always the contract's.
    const named = await ok('POST', 'project/save', pm, { incomeContractId: (await approved()).contractId, name: '自定项目名', businessTypeId, projectManagerStaffId: await staff('沈国良'), depId });
    expect(named).toMatchObject({ name: '自定项目名', contractAmount: '880000.00' });
    // A contract without a service category leaves the project's declared default (1) in place.
    const bare = await ok('POST', 'contract/save', bizmgr, {
      name: `填充收入合同${Math.random().toString(36).slice(2, 7)}`, contractType: 1, customerId, contractKind: 1, amount: '1000.00', taxRate: 9,
      signDate: '2026-01-05', startDate: '2026-01-10', endDate: '2027-12-31', ownerStaffId: await staff('杨帆'),
    });
    await ok('POST', 'contract/submit', bizmgr, { contractId: bare.contractId });
    await ok('POST', 'contract/audit', gm, { contractId: bare.contractId, pass: true, comment: '同意' });
    const fallback = await ok('POST', 'project/save', pm, { incomeContractId: bare.contractId, businessTypeId, projectManagerStaffId: await staff('沈国良'), depId });
    expect(fallback).toMatchObject({ serviceCategory: 1, contractAmount: '1000.00' });
    const cleared = await ok('PUT', `project/${p.projectId}`, pm, { version: p.version, incomeContractId: null });
    expect(cleared).toMatchObject({ incomeContractId: null, contractAmount: null, name: c.name, customerId });
  });

  it('a schedule’s driver record fills name, phone and ID number; a typed phone stays', async () => {
    const db = h.database.db;
    const me = (await ok('GET', '/api/v1/auth/me', dispatch)) as Row;
    const s = await db.selectFrom('transportSchedule').selectAll().where('orgId', '=', me.orgId).where('carrierType', '!=', 1).where('scheduleStatus', '=', 0)
      .orderBy('scheduleId').executeTakeFirst() as Row | undefined;
    expect(s, 'a draft schedule with an outside carrier in the demo data').toBeTruthy();
    const driver = await db.selectFrom('driver').selectAll().where('orgId', '=', me.orgId).orderBy('driverId').executeTakeFirstOrThrow() as Row;
    // A driver must belong to the schedule's carrier (filterBy supplierId): the carrier moves with it.
    const carrier = (d: Row) => ({ supplierId: d.supplierId ?? s!.supplierId, platformTruckId: null, costContractId: null });
    const saved = await ok('PUT', `transport-schedule/${s!.scheduleId}`, dispatch, { version: s!.version, ...carrier(driver), driverId: driver.driverId, driverName: null, driverPhone: null, driverIdCard: null });
    expect(saved).toMatchObject({ driverId: driver.driverId, driverName: driver.name, driverPhone: driver.mobile, driverIdCard: driver.idCardNo });
    const other = await db.selectFrom('driver').selectAll().where('orgId', '=', me.orgId).where('driverId', '!=', driver.driverId).orderBy('driverId').executeTakeFirstOrThrow() as Row;
    const typed = await ok('PUT', `transport-schedule/${s!.scheduleId}`, dispatch, { version: saved.version, ...carrier(other), driverId: other.driverId, driverPhone: '13900001111' });
    expect(typed).toMatchObject({ driverName: other.name, driverPhone: '13900001111' });
  });
});
