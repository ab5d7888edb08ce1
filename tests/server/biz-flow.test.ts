/**
 * 商务拓展 (DOMAIN §4.1, §5.1 steps 1–6): clue and follow-ups, technical plan, enquiry rounds
 * with supplier quotes and award, customer quotation through its approval (with the low-margin
 * node of the process template), results moving the plan and clue; 收入 confirm and dispute;
 * the enquiry statistics. Each transition: allowed only from its states and with its permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

const PB = '/api/v1/project-base';
const future = (days = 3) => new Date(Date.now() + days * 86400_000).toISOString();
type Row = Record<string, any>;

describe.each(await backends())('business development on %s', (backend) => {
  let h: Harness;
  let business: string;
  let bizmgr: string;
  let gm: string;
  let planner: string;
  let dispatch: string;
  let admin: string;
  let ids: Record<string, number>;
  let suppliers: Row[];
  let customerId: number;
  beforeAll(async () => {
    h = await startHarness(backend);
    [business, bizmgr, gm, planner, dispatch, admin] = await Promise.all([
      h.login('business'), h.login('bizmgr', 'Bizmgr@123'), h.login('gm', 'Gm@123'), h.login('planner', 'Planner@123'), h.login('dispatch', 'Dispatch@123'), h.login('admin'),
    ]);
    const staff = await h.database.db.selectFrom('staff as s').innerJoin('account as a', 'a.accountId', 's.accountId').select(['a.username', 's.staffId']).where('s.isDefault', '=', true).execute() as Row[];
    ids = Object.fromEntries(staff.map((r) => [r.username, r.staffId]));
    suppliers = (await h.call('GET', '/api/v1/user-base/supplier/list-org-active-supplier', { token: business })).body.data;
    const customers = (await h.call('GET', '/api/v1/user-base/customer/list-local-customer?pageSize=5&verifyStatus=15', { token: business })).body.data.list;
    customerId = customers[0].customerId;
  });
  afterAll(async () => h?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, data?: unknown) => h.call(method, `${PB}/${url}`, { token, data });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, data?: unknown) => {
    const r = await call(method, url, token, data);
    expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data;
  };
  const newClue = (over: Row = {}) => ok('POST', 'clue/save', business, {
    name: `测试线索${Math.random().toString(36).slice(2, 7)}`, customerId, cargoName: '主变压器', maxPieceWeight: '220', length: '11.2', width: '3.6', height: '4.3', ...over,
  });
  const clueOf = async (id: number) => ok('GET', `clue/${id}`, business);
  const quotesOf = async (enquiryId: number, seq?: number) =>
    (await ok('GET', `enquiry-quote/page?enquiryId=${enquiryId}${seq ? `&seq=${seq}` : ''}&pageSize=100`, business)).list as Row[];
  const quote = async (q: Row, unitPrice: string) => ok('POST', 'enquiry-quote/save', business, { quoteId: q.quoteId, unitPrice, quantity: '1', taxRate: 9, transitDays: '3', quotedByName: '钱国强' });
  const newEnquiry = async (clueId: number, over: Row = {}) => ok('POST', 'enquiry/save', business, {
    title: '测试询价', clueId, serviceCategory: 1, quoteMode: 4, quantity: '1', deadline: future(), supplierIds: suppliers.map((s) => s.supplierId), ...over,
  });
  const noticesOf = async (staffId: number, subjectId: number) => h.database.db.selectFrom('notice').select(['message', 'eventType'])
    .where('recipientStaffId', '=', staffId).where('eventSubjectId', '=', subjectId).orderBy('noticeId').execute() as Promise<Row[]>;

  describe('clues and follow-ups', () => {
    it('a new clue is numbered, owned by its author with their department, and suggested as 大件 over a 超限 limit', async () => {
      const c = await newClue();
      expect(c.clueNo).toMatch(/^XS\d{6}\d{4}$/);
      expect(c).toMatchObject({ clueStatus: 0, ownerStaffId: ids.business, isOversize: true });
      expect(c.depId).toBeTruthy();
      const small = await newClue({ maxPieceWeight: '8', length: '6', width: '2.3', height: '2.5' });
      expect(small.isOversize).toBe(false);
    });

    it('the first follow-up moves it 待跟进 → 跟进中 and sets the last and next follow-up', async () => {
      const c = await newClue();
      // As the form writes it: China time, no zone.
      const when = new Date(Date.now() - 3600_000);
      const china = new Date(when.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
      const at = new Date(Math.floor(when.getTime() / 1000) * 1000).toISOString();
      await ok('POST', 'clue-follow/save', business, { clueId: c.clueId, followType: 2, content: '拜访客户物流经理', followAt: china, nextFollowDate: '2099-01-05' });
      const after = await clueOf(c.clueId);
      expect(after).toMatchObject({ clueStatus: 5, nextFollowDate: '2099-01-05' });
      expect(new Date(after.lastFollowAt).getTime()).toBe(new Date(at).getTime());
      const list = await ok('GET', `clue-follow/list?clueId=${c.clueId}`, business);
      expect(list.list).toHaveLength(1);
      expect(list.list[0].staffId).toBe(ids.business);
      const future = await call('POST', 'clue-follow/save', business, { clueId: c.clueId, followType: 1, content: '未来的跟进', followAt: '2099-01-01T00:00:00Z' });
      expect(future.body).toMatchObject({ code: 400, data: { field: 'followAt' } });
    });

    it('closing needs a reason, cancels the clue’s open enquiries, and ends follow-ups', async () => {
      const c = await newClue();
      const draft = await newEnquiry(c.clueId);
      const open = await newEnquiry(c.clueId);
      await ok('POST', 'enquiry/publish', business, { enquiryId: open.enquiryId });
      const bare = await call('POST', 'clue/close', business, { clueId: c.clueId, closeReason: ' \u200b' });
      expect(bare.body).toMatchObject({ code: 400, msg: '关闭原因不能为空', data: { field: 'closeReason' } });
      await ok('POST', 'clue/close', business, { clueId: c.clueId, closeReason: '客户取消项目' });
      expect((await clueOf(c.clueId)).clueStatus).toBe(15);
      for (const e of [draft, open]) expect((await ok('GET', `enquiry/${e.enquiryId}`, business)).status).toBe(20);
      const follow = await call('POST', 'clue-follow/save', business, { clueId: c.clueId, followType: 1, content: '再联系', followAt: new Date().toISOString() });
      expect(follow.body).toMatchObject({ code: 400, msg: '已转合同或已关闭的线索不能再跟进' });
      expect((await call('PUT', `clue/${c.clueId}`, business, { version: (await clueOf(c.clueId)).version, name: '改名' })).status).toBe(409);
    });

    it.each([[0, true], [5, true], [10, false], [15, false]])('close from %s: allowed %s', async (state, allowed) => {
      const c = await newClue();
      await h.database.db.updateTable('clue').set({ clueStatus: state }).where('clueId', '=', c.clueId).execute();
      const r = await call('POST', 'clue/close', business, { clueId: c.clueId, closeReason: '测试' });
      if (allowed) expect(r.status).toBe(200);
      else expect(r.body).toMatchObject({ code: 409, msg: '当前状态不允许该操作' });
    });

    it('only holders of 商务:线索列表(:编辑) read and write clues; the system transitions are nobody’s action', async () => {
      const c = await newClue();
      expect((await call('GET', 'clue/page', planner)).status).toBe(403);
      expect((await call('POST', 'clue/close', dispatch, { clueId: c.clueId, closeReason: 'x' })).status).toBe(403);
      expect((await call('POST', 'clue/save', planner, { name: 'x', customerId })).status).toBe(403);
    });
  });

  describe('enquiry rounds (询价)', () => {
    it('publish invites the active suppliers (round 1 quotes), refuses an inactive one, and moves the plan to 询价', async () => {
      const c = await newClue();
      const plan = await ok('POST', 'technical-plan/save', planner, { name: '测试方案', clueId: c.clueId });
      expect(plan).toMatchObject({ customerId, cargoName: '主变压器', maxPieceWeight: '220.000', planStage: 5, authorStaffId: ids.planner, escortRequired: true });
      const all = await h.database.db.selectFrom('supplier').select(['supplierId', 'status']).where('orgId', '=', (await clueOf(c.clueId)).orgId).execute() as Row[];
      const stopped = all.find((s) => s.status === 2)!;
      const refused = await call('POST', 'enquiry/save', business, { title: '含停用供应商', clueId: c.clueId, serviceCategory: 1, quoteMode: 4, deadline: future(), supplierIds: [stopped.supplierId] });
      expect(refused.body).toMatchObject({ code: 400, data: { field: 'supplierIds' } });
      expect(refused.body.msg).toContain('未在合作中');
      const none = await call('POST', 'enquiry/save', business, { title: '无供应商', clueId: c.clueId, serviceCategory: 1, quoteMode: 4, deadline: future(), supplierIds: [] });
      expect(none.body).toMatchObject({ code: 400, msg: '请至少邀请一家供应商' });
      const e = await newEnquiry(c.clueId, { planId: plan.planId, clueId: undefined });
      expect(e).toMatchObject({ clueId: c.clueId, status: 0, currentSeq: 1, invitedCount: suppliers.length, initiatorStaffId: ids.business, cargoName: '主变压器' });
      // the organisation's 询价发布 bot rule (trigger 8, template 询价通知消息) tells its group
      const RULES = '/api/v1/message-base/wechat-bot-message-template-rule';
      const wrong = await h.call('POST', `${RULES}/save`, { token: admin, data: { templateId: 3, triggerType: 8, name: '错模板' } });
      expect(wrong.body.msg).toBe('该模板不支持此触发类型');
      const rule = (await h.call('POST', `${RULES}/save`, { token: admin, data: { templateId: 4, triggerType: 8, name: '商务询价群' } })).body.data;
      expect((await h.call('POST', `${RULES}/enable`, { token: admin, data: { ruleId: rule.ruleId } })).status).toBe(200);
      await ok('POST', 'enquiry/publish', business, { enquiryId: e.enquiryId });
      const posted = (await h.database.db.selectFrom('wechatBotMessage').select(['content', 'ruleId']).where('triggerType', '=', 8).execute()) as { content: string; ruleId: number }[];
      expect(posted).toHaveLength(1);
      expect(posted[0]!.ruleId).toBe(rule.ruleId);
      expect(posted[0]!.content.split('\n')[0]).toBe('【询价发布】');
      expect(posted[0]!.content).toContain(e.enquiryNo);
      expect(posted[0]!.content).toContain(`邀请供应商：${suppliers.length}家`);
      expect(posted[0]!.content).toMatch(/报价截止：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      const quotes = await quotesOf(e.enquiryId);
      expect(quotes.map((q) => q.supplierId).sort()).toEqual(suppliers.map((s) => s.supplierId).sort());
      expect(quotes.every((q) => q.seq === 1 && q.quoteStatus === 0)).toBe(true);
      expect((await ok('GET', `technical-plan/${plan.planId}`, planner)).planStage).toBe(10);
      // A published enquiry is no longer edited.
      const edit = await call('PUT', `enquiry/${e.enquiryId}`, business, { version: (await ok('GET', `enquiry/${e.enquiryId}`, business)).version, title: '改' });
      expect(edit.body).toMatchObject({ code: 409, msg: '只能修改草稿状态的询价' });
    });

    it('three suppliers quote in two rounds; the silent one waives; award picks a current-round quote; the drop is recorded', async () => {
      expect(suppliers.length).toBeGreaterThanOrEqual(3);
      const c = await newClue();
      const e = await newEnquiry(c.clueId);
      await ok('POST', 'enquiry/publish', business, { enquiryId: e.enquiryId });
      const [a, b, s] = await quotesOf(e.enquiryId, 1);
      // Round 2 needs somebody who quoted.
      expect((await call('POST', 'enquiry/next-round', business, { enquiryId: e.enquiryId, deadline: future(2) })).body).toMatchObject({ code: 409, msg: '本轮没有供应商报价，不能发起下一轮' });
      await quote(a!, '120000');
      await quote(b!, '110000.50');
      const q1 = await quotesOf(e.enquiryId, 1);
      expect(q1.find((q) => q.quoteId === b!.quoteId)).toMatchObject({ quoteStatus: 5, amount: '110000.50', recordedByStaffId: ids.business });
      expect((await ok('GET', `enquiry/${e.enquiryId}`, business)).quotedCount).toBe(2);
      const past = await call('POST', 'enquiry/next-round', business, { enquiryId: e.enquiryId, deadline: '2020-01-01T00:00:00Z' });
      expect(past.body).toMatchObject({ code: 400, data: { field: 'deadline' } });
      await ok('POST', 'enquiry/next-round', business, { enquiryId: e.enquiryId, deadline: future(2) });
      const after1 = await quotesOf(e.enquiryId, 1);
      expect(after1.find((q) => q.quoteId === s!.quoteId)!.quoteStatus).toBe(10);
      const round2 = await quotesOf(e.enquiryId, 2);
      expect(round2.map((q) => q.supplierId).sort()).toEqual([a!.supplierId, b!.supplierId].sort());
      expect((await ok('GET', `enquiry/${e.enquiryId}`, business))).toMatchObject({ currentSeq: 2, status: 5, quotedCount: 0, invitedCount: 2 });
      // The frozen round can't be quoted again.
      const frozen = await call('POST', 'enquiry-quote/save', business, { quoteId: a!.quoteId, unitPrice: '1', quantity: '1', taxRate: 9, transitDays: '1', quotedByName: 'x' });
      expect(frozen.body).toMatchObject({ code: 409, msg: '该询价不在报价中，或该轮报价已结束' });
      const a2 = round2.find((q) => q.supplierId === a!.supplierId)!;
      const b2 = round2.find((q) => q.supplierId === b!.supplierId)!;
      await quote(a2, '100000');
      await quote(b2, '105000');
      expect((await quotesOf(e.enquiryId, 2)).find((q) => q.quoteId === a2.quoteId)!.diffFromPrev).toBe('-20000.00');
      // Award only after closing, and only quotes of this round.
      expect((await call('POST', 'enquiry/award', business, { enquiryId: e.enquiryId, quoteIds: [a2.quoteId] })).body).toMatchObject({ code: 409 });
      await ok('POST', 'enquiry/close', business, { enquiryId: e.enquiryId });
      const stale = await call('POST', 'enquiry/award', business, { enquiryId: e.enquiryId, quoteIds: [a!.quoteId] });
      expect(stale.body).toMatchObject({ code: 400, msg: '只能选择本询价本轮已报价的报价', data: { field: 'quoteIds' } });
      await ok('POST', 'enquiry/award', business, { enquiryId: e.enquiryId, quoteIds: [a2.quoteId] });
      const final = await quotesOf(e.enquiryId, 2);
      expect(final.find((q) => q.quoteId === a2.quoteId)!.quoteStatus).toBe(15);
      expect(final.find((q) => q.quoteId === b2.quoteId)!.quoteStatus).toBe(20);
      // First-round lowest 110,000.50 → awarded 100,000: a drop of 9.09 %.
      expect(await ok('GET', `enquiry/${e.enquiryId}`, business)).toMatchObject({ status: 15, awardedAmount: '100000.00', firstLowestAmount: '110000.50', dropRate: '9.09' });
      const timeline = (await h.call('GET', `/api/v1/meta/activity/enquiry/${e.enquiryId}`, { token: business })).body.data.timeline as Row[];
      expect(timeline.map((t) => t.transition)).toEqual(['publish', 'nextRound', 'close', 'award']);
      // The initiator recorded these quotes: no notice to oneself.
      expect(await noticesOf(ids.business, e.enquiryId)).toEqual([]);
    });

    it('a quote recorded by a colleague notifies the initiator (event 7, opening the enquiry)', async () => {
      const c = await newClue();
      const e = await newEnquiry(c.clueId);
      await ok('POST', 'enquiry/publish', business, { enquiryId: e.enquiryId });
      const [q] = await quotesOf(e.enquiryId, 1);
      await ok('POST', 'enquiry-quote/save', planner, { quoteId: q!.quoteId, unitPrice: '88000', quantity: '1', taxRate: 9, transitDays: '2', quotedByName: '孙海峰' });
      const notes = await noticesOf(ids.business, e.enquiryId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ eventType: 7 });
      expect(notes[0]!.message).toContain('收到报价');
    });

    const table: [string, number[]][] = [
      ['publish', [0]], ['close', [5]], ['cancel', [0, 5, 10]],
    ];
    it.each(table)('%s is allowed only from %j', async (name, from) => {
      const c = await newClue();
      for (const state of [0, 5, 10, 15, 20]) {
        const e = await newEnquiry(c.clueId);
        await h.database.db.updateTable('enquiry').set({ status: state }).where('enquiryId', '=', e.enquiryId).execute();
        const r = await call('POST', `enquiry/${name}`, business, { enquiryId: e.enquiryId });
        if (from.includes(state)) expect(r.status, `${name} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
        else expect(r.body, `${name} from ${state}`).toMatchObject({ code: 409, msg: '当前状态不允许该操作' });
      }
      // Without 商务:询价 (a dispatcher) the call is refused.
      const e = await newEnquiry(c.clueId);
      expect((await call('POST', `enquiry/${name === 'publish' ? 'publish' : 'cancel'}`, dispatch, { enquiryId: e.enquiryId })).status).toBe(403);
    });
  });

  describe('customer quotation (对客报价, process bizType 18)', () => {
    const awarded = async () => {
      const c = await newClue();
      const plan = await ok('POST', 'technical-plan/save', planner, { name: '报价测试方案', clueId: c.clueId });
      const e = await newEnquiry(c.clueId, { planId: plan.planId });
      await ok('POST', 'enquiry/publish', business, { enquiryId: e.enquiryId });
      const [q] = await quotesOf(e.enquiryId, 1);
      await quote(q!, '109000');
      await ok('POST', 'enquiry/close', business, { enquiryId: e.enquiryId });
      await ok('POST', 'enquiry/award', business, { enquiryId: e.enquiryId, quoteIds: [q!.quoteId] });
      return { clue: c, plan, enquiry: e };
    };

    it('cost comes from the awarded quotes without tax; amounts without tax and the margin are derived', async () => {
      const { clue, plan, enquiry } = await awarded();
      const q = await ok('POST', 'quotation/save', business, { clueId: clue.clueId, customerId, planId: plan.planId, enquiryId: enquiry.enquiryId, quoteMode: 4, taxRate: 9, amountInclTax: '136250' });
      // 109,000 含9%税 → 100,000 cost; 136,250 → 125,000 without tax; margin 20 %.
      expect(q).toMatchObject({ costAmount: '100000.00', amountExclTax: '125000.00', marginRate: '20.00', auditState: 0, quoteResult: 0, quoterStaffId: ids.business });
      expect(q.quotationNo).toMatch(/^BJ/);
      const foreign = await call('POST', 'quotation/save', business, { clueId: (await newClue()).clueId, customerId, enquiryId: enquiry.enquiryId, quoteMode: 4, amountInclTax: '1' });
      expect(foreign.body).toMatchObject({ code: 400, msg: '成本依据应为本线索已定标的询价', data: { field: 'enquiryId' } });
    });

    it('submitted at a healthy margin: the manager (noticed) approves alone; only then a result, which moves the plan', async () => {
      const { clue, plan, enquiry } = await awarded();
      const q = await ok('POST', 'quotation/save', business, { clueId: clue.clueId, customerId, planId: plan.planId, enquiryId: enquiry.enquiryId, quoteMode: 4, amountInclTax: '136250' });
      expect((await call('POST', 'quotation/win', business, { quotationId: q.quotationId })).body).toMatchObject({ code: 409, msg: '对客报价审核通过后才能标记结果' });
      await ok('POST', 'quotation/submit', business, { quotationId: q.quotationId });
      expect((await noticesOf(ids.bizmgr, q.quotationId)).map((n) => n.message).join()).toContain('待您审批');
      const editing = await call('PUT', `quotation/${q.quotationId}`, business, { version: (await ok('GET', `quotation/${q.quotationId}`, business)).version, amountInclTax: '1' });
      expect(editing.body).toMatchObject({ code: 409, msg: '审核中或已审核通过的报价不能修改' });
      expect((await call('POST', 'quotation/audit', gm, { quotationId: q.quotationId, pass: true })).status).toBe(403);
      await ok('POST', 'quotation/audit', bizmgr, { quotationId: q.quotationId, pass: true, comment: '同意' });
      expect((await ok('GET', `quotation/${q.quotationId}`, business)).auditState).toBe(15);
      expect((await noticesOf(ids.business, q.quotationId)).map((n) => n.message).join()).toContain('已审核通过');
      await ok('POST', 'quotation/win', business, { quotationId: q.quotationId });
      expect((await ok('GET', `quotation/${q.quotationId}`, business)).quoteResult).toBe(1);
      expect((await ok('GET', `technical-plan/${plan.planId}`, planner)).planStage).toBe(25);
      expect((await call('POST', 'quotation/lose', business, { quotationId: q.quotationId, lostReason: 'x' })).body).toMatchObject({ code: 409 });
    });

    it('a margin below quoteMarginAlertPct (8 %) needs the general manager as a second node', async () => {
      const { clue, plan, enquiry } = await awarded();
      const q = await ok('POST', 'quotation/save', business, { clueId: clue.clueId, customerId, planId: plan.planId, enquiryId: enquiry.enquiryId, quoteMode: 4, amountInclTax: '114450' });
      expect(q.marginRate).toBe('4.76');
      await ok('POST', 'quotation/submit', business, { quotationId: q.quotationId });
      await ok('POST', 'quotation/audit', bizmgr, { quotationId: q.quotationId, pass: true });
      expect((await ok('GET', `quotation/${q.quotationId}`, business)).auditState).toBe(5);
      expect((await noticesOf(ids.gm, q.quotationId)).map((n) => n.message).join()).toContain('总经理审批(低毛利)');
      await ok('POST', 'quotation/audit', gm, { quotationId: q.quotationId, pass: true });
      expect((await ok('GET', `quotation/${q.quotationId}`, business)).auditState).toBe(15);
    });

    it('a lost quotation needs a reason; the lost plan closes its clue when no other plan is open', async () => {
      const { clue, plan, enquiry } = await awarded();
      const q = await ok('POST', 'quotation/save', business, { clueId: clue.clueId, customerId, planId: plan.planId, enquiryId: enquiry.enquiryId, quoteMode: 4, amountInclTax: '130000' });
      await ok('POST', 'quotation/submit', business, { quotationId: q.quotationId });
      await ok('POST', 'quotation/audit', bizmgr, { quotationId: q.quotationId, pass: true });
      expect((await call('POST', 'quotation/lose', business, { quotationId: q.quotationId })).body).toMatchObject({ code: 400, data: { field: 'lostReason' } });
      await ok('POST', 'quotation/lose', business, { quotationId: q.quotationId, lostReason: '价格高于竞争对手' });
      expect((await ok('GET', `technical-plan/${plan.planId}`, planner)).planStage).toBe(20);
      expect(await clueOf(clue.clueId)).toMatchObject({ clueStatus: 15, closeReason: '方案「报价测试方案」未中标' });
    });

    it('a rejected quotation goes back to 已驳回 with the opinion and can be edited and resubmitted', async () => {
      const { clue } = await awarded();
      const q = await ok('POST', 'quotation/save', business, { clueId: clue.clueId, customerId, quoteMode: 4, costAmount: '100000', amountInclTax: '130000' });
      await ok('POST', 'quotation/submit', business, { quotationId: q.quotationId });
      await ok('POST', 'quotation/audit', bizmgr, { quotationId: q.quotationId, pass: false, comment: '请补充护送费用' });
      const back = await ok('GET', `quotation/${q.quotationId}`, business);
      expect(back.auditState).toBe(10);
      const edited = await ok('PUT', `quotation/${q.quotationId}`, business, { version: back.version, amountInclTax: '140000' });
      expect(edited.marginRate).toBe('22.14');
      await ok('POST', 'quotation/submit', business, { quotationId: q.quotationId });
    });

    it('the plan’s 提交投标 needs an approved quotation', async () => {
      const { plan } = await awarded();
      const r = await call('POST', 'technical-plan/bid', planner, { planId: plan.planId, tenderDeadline: '2099-01-01' });
      expect(r.body).toMatchObject({ code: 409, msg: '提交投标前需要一份审核通过的对客报价' });
    });
  });

  describe('收入: individual-driver and subcontract incomes', () => {
    const FM = '/api/v1/finance-base';
    it('lists by kind, confirms (收入 holders), disputes with a reason noticed to finance; 商务 alone may not', async () => {
      const page = await h.call('GET', `${FM}/driver-income/page-individual?confirmStatus=0&pageSize=50`, { token: bizmgr });
      expect(page.status).toBe(200);
      const open = page.body.data.list as Row[];
      expect(open.length).toBeGreaterThan(1);
      expect(open.every((r) => r.incomeKind === 1 && r.confirmStatus === 0)).toBe(true);
      expect(open[0].idCardNo).toMatch(/\*/);
      expect((await h.call('GET', `${FM}/driver-income/page-individual`, { token: business })).status).toBe(403);
      const deny = await h.call('POST', `${FM}/finance-matters-merge/supplier-payment-confirm-income`, { token: business, data: { incomeIds: [open[0].incomeId] } });
      expect(deny.status).toBe(403);
      const r = await h.call('POST', `${FM}/finance-matters-merge/supplier-payment-confirm-income`, { token: bizmgr, data: { incomeIds: [open[0].incomeId] } });
      expect(r.body).toMatchObject({ code: 0, data: { count: 1 } });
      const got = (await h.call('GET', `${FM}/driver-income/${open[0].incomeId}`, { token: bizmgr })).body.data;
      expect(got.confirmStatus).toBe(5);
      expect(got.confirmedAt).toBeTruthy();
      const twice = await h.call('POST', `${FM}/finance-matters-merge/supplier-payment-confirm-income`, { token: bizmgr, data: { incomeIds: [open[0].incomeId] } });
      expect(twice.body).toMatchObject({ code: 409, msg: '当前状态不允许该操作' });
      const bare = await h.call('POST', `${FM}/driver-income/dispute`, { token: bizmgr, data: { incomeId: open[1].incomeId } });
      expect(bare.body).toMatchObject({ code: 400, data: { field: 'disputeReason' } });
      await h.call('POST', `${FM}/driver-income/dispute`, { token: bizmgr, data: { incomeId: open[1].incomeId, disputeReason: '油卡扣款有误' } });
      const finance = await h.database.db.selectFrom('staff as s').innerJoin('account as a', 'a.accountId', 's.accountId').select('s.staffId').where('a.username', '=', 'finance').executeTakeFirstOrThrow() as Row;
      const notes = await noticesOf(finance.staffId, open[1].incomeId);
      // subject ids are per event type: another notice (a money matter's) may share the number
      expect(notes.find((n) => String(n.message).includes('油卡扣款有误'))).toMatchObject({ eventType: 11 });
      // a subcontractor's disputed income is 18, which opens the 分包收入 list
      const sub = (await h.call('GET', `${FM}/driver-income/page-sub?confirmStatus=0&pageSize=5`, { token: bizmgr })).body.data.list as Row[];
      expect(sub.length).toBeGreaterThan(0);
      await h.call('POST', `${FM}/driver-income/dispute`, { token: bizmgr, data: { incomeId: sub[0].incomeId, disputeReason: '分包运费少算一车' } });
      expect((await noticesOf(finance.staffId, sub[0].incomeId)).find((n) => String(n.message).includes('分包运费少算一车'))).toMatchObject({ eventType: 18 });
      // Net = gross − deductions − tax, kept by the server.
      expect(Number(got.netAmount)).toBeCloseTo(Number(got.grossAmount) - Number(got.deductAmount) - Number(got.taxAmount), 2);
    });
  });

  describe('询价统计 (R7)', () => {
    it('aggregates enquiries by month with rates, and suppliers by responses', async () => {
      const r = await h.call('GET', `${PB}/stat/enquiry?dims=month`, { token: bizmgr });
      expect(r.status).toBe(200);
      expect(r.body.data.rows.length).toBeGreaterThan(3);
      expect(r.body.data.summary.count).toBeGreaterThan(20);
      expect(r.body.data.summary.awardRate).toBeGreaterThan(0);
      const s = await h.call('GET', `${PB}/stat/enquiry-supplier?dims=supplierId`, { token: bizmgr });
      expect(s.body.data.rows.every((row: Row) => row.responded <= row.invited)).toBe(true);
      expect(Object.keys(s.body.data.refs.supplier).length).toBeGreaterThan(0);
      expect((await h.call('GET', `${PB}/stat/enquiry`, { token: planner })).status).toBe(403);
    });
  });
});
