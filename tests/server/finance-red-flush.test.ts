/**
 * 红冲 of an issued invoice (issue 19, 数电票 practice): on an executed 申请开票 matter finance
 * records the 红字发票信息确认单编号 and starts a red matter (a negative invoice referencing the
 * original) that goes through the 开票 approval; the cashier issues it with the red invoice's
 * number; the original is then 已红冲 and its income items may be invoiced again. An invoice is
 * red-flushed once (also under 20 parallel requests on PostgreSQL); withdrawing, deleting,
 * cancelling or rejecting the red matter lets it be red-flushed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login, userWith } from './project-helpers';

const M = '/api/v1/finance-base/finance-matters-merge';
type Row = Record<string, any>;
const RED_INFO = '31000026110100012345';

describe.each(await backends())('红冲 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let base: Row;
  let serial = 0;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  const review = async (id: number) => ok(await h.call('GET', `${M}/review/${id}`, { token: t.finance })) as Row;
  const incomeItem = async (id: number) => (await db().selectFrom('incomeItem').select(['invoicedAmount', 'invoiceStatus']).where('incomeItemId', '=', id).executeTakeFirstOrThrow()) as Row;
  /** a fresh income item of the demo's customer and project (the arrangement) */
  const item = async (amount: string, taxRate: number) => {
    serial += 1;
    const r = (await db().insertInto('incomeItem').values({ ...base, summary: `红冲测试收入${serial}-${Date.now()}`, amount, taxRate, occurredDate: '2026-11-02', itemStatus: 10, itemSettleStatus: 0, source: 4 })
      .returning('incomeItemId').executeTakeFirstOrThrow()) as { incomeItemId: number };
    return r.incomeItemId;
  };
  /** an issued 数电票 over fresh items: applied, approved, executed (the arrangement) */
  const issued = async (no: string) => {
    const a = await item('10900.00', 9);
    const b = await item('1060.00', 6);
    const m = ok(await h.call('POST', `${M}/apply-issue-invoice`, { token: t.xielina, data: {
      items: [{ incomeItemId: a }, { incomeItemId: b }], invoiceType: 5, fromPlace: '上海临港', toPlace: '湖州长兴', cargoName: '220kV主变压器' } }));
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [m.reviewId], pass: true } }));
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, issuedInvoiceNo: no } }));
    return { reviewId: Number(m.reviewId), a, b };
  };
  const redFlush = (reviewId: number, redInfoNo = RED_INFO, token = t.xielina) =>
    h.call('POST', `${M}/red-flush`, { token, data: { reviewId, redInfoNo, redReason: '开票信息有误' } });

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'cashier', 'xielina', 'pm']) t[u] = await login(h, u);
    const org = (await db().selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as Row;
    const any = (await db().selectFrom('incomeItem').select(['customerId', 'projectId']).where('orgId', '=', org.orgId).where('customerId', 'is not', null)
      .where('projectId', 'is not', null).orderBy('incomeItemId').executeTakeFirstOrThrow()) as Row;
    base = { orgId: org.orgId, corpId: org.corpId, customerId: any.customerId, projectId: any.projectId };
  }, 120_000);
  afterAll(async () => h?.close());

  it('红冲 issues a negative invoice after approval; the original is 已红冲 and its items can be invoiced again', async () => {
    const o = await issued('25312000000000000101');
    expect(await incomeItem(o.a)).toMatchObject({ invoicedAmount: '10900.00', invoiceStatus: 10 });
    // the 确认单 number has 20 digits; a colleague without 开票 may not red-flush
    expect((await redFlush(o.reviewId, '3100002611010001')).body.msg).toContain('红字发票信息确认单编号应为20位数字');
    expect((await redFlush(o.reviewId, RED_INFO, t.pm)).status).toBe(403);

    const started = await redFlush(o.reviewId);
    ok(started);
    expect(started.body.data.message).toMatch(/已生成红冲开票事项「ZJ\d+」/);
    const original = await review(o.reviewId);
    expect(original).toMatchObject({ redFlushStatus: 5, redInfoNo: RED_INFO });
    const red = await review(original.redReviewId);
    expect(red).toMatchObject({
      matterType: 4, redFlush: true, originalReviewId: o.reviewId, originalInvoiceNo: '25312000000000000101', redInfoNo: RED_INFO,
      totalAmount: '11960.00', auditState: 5, invoiceType: 5, fromPlace: '上海临港',
    });
    expect(red.vatLines).toEqual([
      { taxRate: 9, amount: '-10900.00', amountExclTax: '-10000.00', taxAmount: '-900.00' },
      { taxRate: 6, amount: '-1060.00', amountExclTax: '-1000.00', taxAmount: '-60.00' },
    ]);
    // once only: the original is 红冲中; a red invoice is never red-flushed
    expect((await redFlush(o.reviewId)).status).toBe(409);
    expect((await redFlush(red.reviewId)).body.msg).toBe('红字发票不能再红冲');
    // nothing given back before the red invoice is issued
    expect(await incomeItem(o.a)).toMatchObject({ invoicedAmount: '10900.00' });

    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [red.reviewId], pass: true } }));
    const same = await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: red.reviewId, issuedInvoiceNo: '25312000000000000101' } });
    expect(same.body.msg).toBe('请填写红字发票的号码（不是原发票号码）');
    const done = ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: red.reviewId, issuedInvoiceNo: '25312000000000000102' } }));
    expect(done).toMatchObject({ executeStatus: 10, issuedInvoiceNo: '25312000000000000102' });
    expect(await incomeItem(o.a)).toMatchObject({ invoicedAmount: '0.00', invoiceStatus: 0 });
    expect(await incomeItem(o.b)).toMatchObject({ invoicedAmount: '0.00', invoiceStatus: 0 });
    expect(await review(o.reviewId)).toMatchObject({ redFlushStatus: 15, redReviewId: red.reviewId });
    expect((await redFlush(o.reviewId)).status).toBe(409);

    // the items are open for 开票 again, in full
    const open = (ok(await h.call('GET', `${M}/list-target-matters?matterType=4`, { token: t.xielina })) as Row[]).filter((r) => [o.a, o.b].includes(Number(r.targetId)));
    expect(open.map((r) => r.openAmount).sort()).toEqual(['10900.00', '1060.00'].sort());
    const again = ok(await h.call('POST', `${M}/apply-issue-invoice`, { token: t.xielina, data: { items: [{ incomeItemId: o.a }], invoiceType: 5 } }));
    expect(again).toMatchObject({ totalAmount: '10900.00', auditState: 5 });
  });

  it('only an issued invoice is red-flushed; withdrawing the red matter lets it be red-flushed again', async () => {
    const a = await item('500.00', 9);
    const pending = ok(await h.call('POST', `${M}/apply-issue-invoice`, { token: t.xielina, data: { items: [{ incomeItemId: a }], invoiceType: 5 } }));
    expect((await redFlush(pending.reviewId)).body.msg).toBe('发票尚未开具，不能红冲；未开具的请撤回或申请撤销');

    const o = await issued('25312000000000000201');
    ok(await redFlush(o.reviewId));
    const red = Number((await review(o.reviewId)).redReviewId);
    // a red matter is not changed through the ordinary application
    const change = await h.call('POST', `${M}/apply-issue-invoice`, { token: t.xielina, data: { reviewId: red, items: [{ incomeItemId: o.a }], invoiceType: 5 } });
    expect(change.status).toBe(409);
    ok(await h.call('DELETE', `${M}/delete-pending-review/${red}`, { token: t.xielina }));
    expect(await review(o.reviewId)).toMatchObject({ redFlushStatus: 0, redReviewId: null });
    ok(await redFlush(o.reviewId));
    expect((await review(o.reviewId)).redFlushStatus).toBe(5);
    // an approved red matter cancelled before it is issued gives the invoice back too
    const red2 = Number((await review(o.reviewId)).redReviewId);
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [red2], pass: true } }));
    ok(await h.call('POST', `${M}/apply-cancel`, { token: t.xielina, data: { reviewId: red2, cancelReason: '购买方未确认红字信息' } }));
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [red2], pass: true } }));
    expect((await review(red2)).cancelState).toBe(15);
    expect((await review(o.reviewId)).redFlushStatus).toBe(0);
    expect(await incomeItem(o.a)).toMatchObject({ invoicedAmount: '10900.00' });
  });

  it('a red matter rejected or withdrawn puts the original back to 已开票, to be red-flushed again', async () => {
    const o = await issued('25312000000000000401');
    // rejected by 财务经理: the original is 已开票 again (未红冲), its invoice and amounts as issued
    ok(await redFlush(o.reviewId));
    const red1 = Number((await review(o.reviewId)).redReviewId);
    const rejected = await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [red1], pass: false } });
    expect(rejected.body.msg).toBe('驳回时请填写审核意见');
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [red1], pass: false, comment: '红字信息确认单编号有误' } }));
    expect(await review(red1)).toMatchObject({ auditState: 10, redFlush: true });
    expect(await review(o.reviewId)).toMatchObject({ redFlushStatus: 0, redReviewId: null, executeStatus: 10, issuedInvoiceNo: '25312000000000000401' });
    expect(await incomeItem(o.a)).toMatchObject({ invoicedAmount: '10900.00' });
    // the rejected red matter is not changed and resubmitted: a new 红冲 starts from the original
    const resubmit = await h.call('POST', `${M}/apply-issue-invoice`, { token: t.xielina, data: { reviewId: red1, items: [{ incomeItemId: o.a }], invoiceType: 5 } });
    expect(resubmit.status).toBe(409);
    expect((await review(red1)).auditState).toBe(10);

    // red-flushed again, then withdrawn by the applicant while waiting for approval
    ok(await redFlush(o.reviewId, '31000026110100054321'));
    const red2 = Number((await review(o.reviewId)).redReviewId);
    expect(red2).not.toBe(red1);
    expect((await review(o.reviewId)).redFlushStatus).toBe(5);
    ok(await h.call('POST', `${M}/withdraw`, { token: t.xielina, data: { reviewId: red2 } }));
    expect((await review(red2)).auditState).toBe(0);
    expect(await review(o.reviewId)).toMatchObject({ redFlushStatus: 0, redReviewId: null });

    // and a third time, approved and issued: the original reads 已红冲
    ok(await redFlush(o.reviewId, '31000026110100099999'));
    const red3 = Number((await review(o.reviewId)).redReviewId);
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [red3], pass: true } }));
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: red3, issuedInvoiceNo: '25312000000000000402' } }));
    expect(await review(o.reviewId)).toMatchObject({ redFlushStatus: 15, redReviewId: red3 });
    expect(await incomeItem(o.a)).toMatchObject({ invoicedAmount: '0.00' });
    // the earlier red matters stay as they were: rejected (10) and withdrawn (0), never approved nor issued
    expect(await review(red1)).toMatchObject({ auditState: 10, executeStatus: null, issuedInvoiceNo: null });
    expect(await review(red2)).toMatchObject({ auditState: 0, executeStatus: null, issuedInvoiceNo: null });
  });

  it.runIf(backend === 'postgres')('20 red-flush requests on one invoice at once start one red matter', async () => {
    const o = await issued('25312000000000000301');
    const clerks = await Promise.all(Array.from({ length: 20 }, () => userWith(h, ['财务:资金事项:开票'])));
    const results = await Promise.all(clerks.map((c) => redFlush(o.reviewId, RED_INFO, c.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const reds = await db().selectFrom('financeReview').select('reviewId').where('originalReviewId', '=', o.reviewId).execute();
    expect(reds).toHaveLength(1);
    expect((await review(o.reviewId)).redFlushStatus).toBe(5);
  });
});
