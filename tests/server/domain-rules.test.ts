/**
 * DOMAIN §4 rules wired across documents: 标记中标 drafts the income contract from the quotation;
 * the contract's approval moves its clue to 已转合同 and its plan to 合同, and 全流程 shows where
 * the project came from; enquiries close at their deadline (hourly job); publishing an enquiry
 * texts the invited suppliers not on the platform (SMS bizType 5); clues, quotations and income
 * contracts take approved customers only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, staffIdOf, today } from './project-helpers';
import { closeExpiredEnquiries } from '../../server/biz/jobs';
import { loadEntities } from '../../server/schema/load';

const PB = '/api/v1/project-base';
const future = (days = 3) => new Date(Date.now() + days * 86400_000).toISOString();
type Row = Record<string, any>;

describe.each(await backends())('DOMAIN §4 rules on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let suppliers: Row[];
  let customerId: number;
  let pendingCustomer: Row;
  let temporaryCustomer: Row;
  let businessTypeId: number;
  let depId: number;
  let pmStaff: number;
  let orgId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['business', 'bizmgr', 'gm', 'pm']) t[u] = await login(h, u);
    t.planner = await h.login('planner', 'Planner@123');
    const db = h.database.db;
    orgId = ((await db.selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as Row).orgId;
    suppliers = (await h.call('GET', '/api/v1/user-base/supplier/list-org-active-supplier', { token: t.business })).body.data;
    const customers = (await db.selectFrom('customer').select(['customerId', 'name', 'verifyStatus', 'isTemporary']).where('orgId', '=', orgId).orderBy('customerId').execute()) as Row[];
    customerId = customers.find((c) => c.verifyStatus === 15)!.customerId;
    temporaryCustomer = customers.find((c) => c.isTemporary && c.verifyStatus === 0)!;
    // a regular customer still waiting for its approval (put back to 待审核 if the demo has none)
    pendingCustomer = customers.find((c) => !c.isTemporary && [0, 5].includes(c.verifyStatus)) ?? customers.filter((c) => !c.isTemporary && c.verifyStatus === 15).at(-1)!;
    if (pendingCustomer.verifyStatus === 15) await force(h, 'customer', 'customerId', pendingCustomer.customerId, { verifyStatus: 5 });
    businessTypeId = ((await db.selectFrom('businessType').select('businessTypeId').orderBy('businessTypeId').executeTakeFirstOrThrow()) as Row).businessTypeId;
    depId = ((await db.selectFrom('department').select('depId').where('orgId', '=', orgId).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as Row).depId;
    pmStaff = await staffIdOf(h, '沈国良');
  }, 240_000);
  afterAll(async () => h?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, data?: unknown) => h.call(method, `${PB}/${url}`, { token, data });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, data?: unknown) => {
    const r = await call(method, url, token, data);
    expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  const newClue = (over: Row = {}) => ok('POST', 'clue/save', t.business!, {
    name: `规则线索${Math.random().toString(36).slice(2, 7)}`, customerId, cargoName: '主变压器', maxPieceWeight: '220', length: '11.2', width: '3.6', height: '4.3', ...over,
  });
  const newEnquiry = async (clueId: number, over: Row = {}) => ok('POST', 'enquiry/save', t.business!, {
    title: '规则询价', clueId, serviceCategory: 1, quoteMode: 4, quantity: '1', deadline: future(), supplierIds: suppliers.map((s) => s.supplierId), ...over,
  });

  /** clue → plan → enquiry awarded → approved quotation (quoteMode 4 按车, one truck at 136,250 含税) */
  async function approvedQuotation() {
    const clue = await newClue();
    const plan = await ok('POST', 'technical-plan/save', t.planner!, { name: '规则测试方案', clueId: clue.clueId });
    await ok('POST', 'clue-follow/save', t.business!, { clueId: clue.clueId, followType: 2, content: '电话沟通运输方案', followAt: new Date(Date.now() - 3600_000).toISOString() });
    const e = await newEnquiry(clue.clueId, { planId: plan.planId });
    await ok('POST', 'enquiry/publish', t.business!, { enquiryId: e.enquiryId });
    const [q] = (await ok('GET', `enquiry-quote/page?enquiryId=${e.enquiryId}&seq=1&pageSize=100`, t.business!)).list as Row[];
    await ok('POST', 'enquiry-quote/save', t.business!, { quoteId: q!.quoteId, unitPrice: '109000', quantity: '1', taxRate: 9, transitDays: '3', quotedByName: '钱国强' });
    await ok('POST', 'enquiry/close', t.business!, { enquiryId: e.enquiryId });
    await ok('POST', 'enquiry/award', t.business!, { enquiryId: e.enquiryId, quoteIds: [q!.quoteId] });
    const quotation = await ok('POST', 'quotation/save', t.business!, {
      clueId: clue.clueId, customerId, planId: plan.planId, enquiryId: e.enquiryId, serviceCategory: 1, quoteMode: 4, quantity: '1', unitPrice: '136250', taxRate: 9, amountInclTax: '136250',
    });
    await ok('POST', 'quotation/submit', t.business!, { quotationId: quotation.quotationId });
    await ok('POST', 'quotation/audit', t.bizmgr!, { quotationId: quotation.quotationId, pass: true });
    return { clue, plan, quotation };
  }

  describe('标记中标 → income contract draft → approval → clue 已转合同, plan 合同', () => {
    it('marking a quotation won drafts the income contract from it, linked to the quotation and the clue', async () => {
      const { clue, quotation } = await approvedQuotation();
      await ok('POST', 'quotation/win', t.business!, { quotationId: quotation.quotationId });
      const won = await ok('GET', `quotation/${quotation.quotationId}`, t.business!);
      expect(won.contractId).toBeTruthy();
      const contract = await ok('GET', `contract/${won.contractId}`, t.bizmgr!);
      expect(contract).toMatchObject({
        contractType: 1, auditState: 0, contractState: 0, customerId, amount: '136250.00', taxRate: 9, quoteMode: 4, serviceCategory: 1,
        quotationId: quotation.quotationId, clueId: clue.clueId, name: clue.name, startDate: today(),
      });
      expect(contract.contractNo).toMatch(/^HTS\d{10}$/);
      expect(contract.rates).toEqual([expect.objectContaining({ unit: '车', unitPrice: 136250, taxRate: 9 })]);
      // one draft per won quotation: the clue's other documents are untouched until it is approved
      expect((await ok('GET', `clue/${clue.clueId}`, t.business!)).clueStatus).toBe(5);
      // in the operation log, as any other new contract
      const log = await h.database.db.selectFrom('operationLog').select(['action']).where('entity', '=', 'contract').where('subjectId', '=', contract.contractId).execute() as Row[];
      expect(log.map((l) => l.action)).toContain('新增');
    });

    it('its approval turns the clue 已转合同 and the plan 合同; 全流程 of its project shows the clue, plan and quotation', async () => {
      const { clue, plan, quotation } = await approvedQuotation();
      await ok('POST', 'quotation/win', t.business!, { quotationId: quotation.quotationId });
      const { contractId } = await ok('GET', `quotation/${quotation.quotationId}`, t.business!);
      await ok('POST', 'contract/submit', t.bizmgr!, { contractId });
      expect((await ok('GET', `clue/${clue.clueId}`, t.business!)).clueStatus).toBe(5);
      await ok('POST', 'contract/audit', t.gm!, { contractId, pass: true, comment: '同意' });
      expect(await ok('GET', `contract/${contractId}`, t.bizmgr!)).toMatchObject({ auditState: 15, contractState: 10 });
      expect((await ok('GET', `clue/${clue.clueId}`, t.business!)).clueStatus).toBe(10);
      expect((await ok('GET', `technical-plan/${plan.planId}`, t.planner!)).planStage).toBe(30);
      // the project from the contract: its whole process starts at the clue
      const p = await ok('POST', 'project/save', t.pm!, {
        name: `规则项目${Math.random().toString(36).slice(2, 7)}`, customerId, incomeContractId: contractId, businessTypeId, serviceCategory: 1,
        projectManagerStaffId: pmStaff, depId, startDate: today(),
      });
      const steps = await ok('GET', `project/${p.projectId}/whole-process`, t.pm!) as Row[];
      const stages = new Set(steps.map((s) => s.stage));
      for (const s of ['线索', '技术方案', '对客报价', '合同', '项目']) expect(stages, s).toContain(s);
      expect(steps.find((s) => s.stage === '对客报价' && s.title === '标记中标')).toMatchObject({ document: expect.stringContaining(quotation.quotationNo) });
      expect(steps.find((s) => s.stage === '线索' && s.toLabel === '已转合同')).toBeTruthy();
      expect(steps.find((s) => s.stage === '技术方案' && s.title === '签订合同')).toBeTruthy();
    });
  });

  describe('enquiries close at their deadline (hourly job)', () => {
    it('an open enquiry past its deadline is closed by the system, the silent suppliers waive and the initiator hears it', async () => {
      const clue = await newClue();
      const e = await newEnquiry(clue.clueId);
      await ok('POST', 'enquiry/publish', t.business!, { enquiryId: e.enquiryId });
      const open = await newEnquiry(clue.clueId);
      await ok('POST', 'enquiry/publish', t.business!, { enquiryId: open.enquiryId });
      const quotes = (await ok('GET', `enquiry-quote/page?enquiryId=${e.enquiryId}&pageSize=100`, t.business!)).list as Row[];
      await ok('POST', 'enquiry-quote/save', t.business!, { quoteId: quotes[0]!.quoteId, unitPrice: '50000', quantity: '1', taxRate: 9, transitDays: '2', quotedByName: '钱国强' });
      await force(h, 'enquiry', 'enquiryId', e.enquiryId, { deadline: new Date(Date.now() - 60_000).toISOString() });
      const closed = await closeExpiredEnquiries(h.database.db, loadEntities());
      expect(closed).toBeGreaterThanOrEqual(1);
      expect((await ok('GET', `enquiry/${e.enquiryId}`, t.business!)).status).toBe(10);
      expect((await ok('GET', `enquiry/${open.enquiryId}`, t.business!)).status).toBe(5);
      const after = (await ok('GET', `enquiry-quote/page?enquiryId=${e.enquiryId}&pageSize=100`, t.business!)).list as Row[];
      expect(after.find((q) => q.quoteId === quotes[0]!.quoteId)!.quoteStatus).toBe(5);
      expect(after.filter((q) => q.quoteId !== quotes[0]!.quoteId).every((q) => q.quoteStatus === 10)).toBe(true);
      const timeline = await h.database.db.selectFrom('transitionLog').select(['title', 'comment']).where('entity', '=', 'enquiry').where('subjectId', '=', e.enquiryId).execute() as Row[];
      expect(timeline.map((l) => l.comment)).toContain('报价截止时间已到，系统自动截止');
      const notice = await h.database.db.selectFrom('notice').select(['message', 'eventType']).where('eventSubjectId', '=', e.enquiryId).where('eventType', '=', 7)
        .where('recipientStaffId', '=', e.initiatorStaffId).execute() as Row[];
      expect(notice.map((n) => n.message).join()).toContain('已到报价截止时间，第1轮共1家供应商报价');
      // a second run (another process, the next hour) finds nothing more to do with it
      await closeExpiredEnquiries(h.database.db, loadEntities());
      const closes = await h.database.db.selectFrom('transitionLog').select('transitionLogId').where('entity', '=', 'enquiry').where('subjectId', '=', e.enquiryId).where('toState', '=', '10').execute();
      expect(closes).toHaveLength(1);
    });
  });

  describe('publishing an enquiry texts the invited suppliers not on the platform (SMS bizType 5)', () => {
    it('queues one SMS per unregistered invited supplier with a phone, none for a registered one', async () => {
      const [a, b] = suppliers as [Row, Row];
      await force(h, 'supplier', 'supplierId', a.supplierId, { registerStatus: 0, contactPhone: '13900001111' });
      await force(h, 'supplier', 'supplierId', b.supplierId, { registerStatus: 10, contactPhone: '13900002222' });
      const clue = await newClue();
      const e = await newEnquiry(clue.clueId, { supplierIds: [a.supplierId, b.supplierId] });
      const none = await h.database.db.selectFrom('smsRecord').select('smsId').where('bizType', '=', 5).where('bizId', '=', e.enquiryId).execute();
      expect(none).toHaveLength(0);
      await ok('POST', 'enquiry/publish', t.business!, { enquiryId: e.enquiryId });
      const sms = await h.database.db.selectFrom('smsRecord').select(['mobile', 'content', 'status', 'bizType']).where('bizType', '=', 5).where('bizId', '=', e.enquiryId).execute() as Row[];
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ mobile: '13900001111', status: 0 });
      expect(sms[0]!.content).toContain('规则询价');
      expect(sms[0]!.content).toContain('报价');
    });
  });

  describe('approved customers only', () => {
    it('the customer pickers of clue, quotation and contract are narrowed to approved customers', () => {
      const entities = loadEntities();
      for (const e of ['clue', 'quotation', 'contract']) expect(entities[e]!.fields.customerId!.filterBy, e).toEqual({ verifyStatus: 15 });
    });

    it('a clue, a quotation and an income contract refuse a customer not yet approved, on the field', async () => {
      const msg = `客户「${pendingCustomer.name}」尚未审核通过，不能选用`;
      const clue = await call('POST', 'clue/save', t.business!, { name: '未审客户线索', customerId: pendingCustomer.customerId });
      expect(clue.body).toMatchObject({ code: 400, msg, data: { field: 'customerId' } });
      const good = await newClue();
      const q = await call('POST', 'quotation/save', t.business!, { clueId: good.clueId, customerId: pendingCustomer.customerId, quoteMode: 4, amountInclTax: '1000' });
      expect(q.body).toMatchObject({ code: 400, msg, data: { field: 'customerId' } });
      const c = await call('POST', 'contract/save', t.bizmgr!, {
        name: '未审客户合同', contractType: 1, customerId: pendingCustomer.customerId, contractKind: 1, amount: '1000', taxRate: 9,
        signDate: today(), startDate: today(), endDate: today(30), ownerStaffId: pmStaff,
      });
      expect(c.body).toMatchObject({ code: 400, msg, data: { field: 'customerId' } });
      // a temporary customer (entered quickly, not verified) may carry a clue, but is not quoted
      const tempClue = await ok('POST', 'clue/save', t.business!, { name: '临时客户线索', customerId: temporaryCustomer.customerId });
      const tempQuote = await call('POST', 'quotation/save', t.business!, { clueId: tempClue.clueId, customerId: temporaryCustomer.customerId, quoteMode: 4, amountInclTax: '1000' });
      expect(tempQuote.body).toMatchObject({ code: 400, msg: `客户「${temporaryCustomer.name}」尚未审核通过，不能选用`, data: { field: 'customerId' } });
      // an approved customer is taken
      const fine = await call('POST', 'contract/save', t.bizmgr!, {
        name: '已审客户合同', contractType: 1, customerId, contractKind: 1, amount: '1000', taxRate: 9, signDate: today(), startDate: today(), endDate: today(30), ownerStaffId: pmStaff,
      });
      expect(fine.status).toBe(200);
    });
  });
});
