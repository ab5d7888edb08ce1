/**
 * 个人财务 (issue 19, DOMAIN §4.3 types 5 and 6, /profile routes): a staff member's 报销 (项目费用)
 * and 借支 (备用金) go through the matters' approval and the cashier's execution; executing a
 * 借支 raises the person's petty-cash balance, executing a 报销 books its cost items (payee the
 * person) and takes the offset off the balance. Each person sees, withdraws and deletes only their
 * own, and only drafts are deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login, staffIdOf, today, userWith } from './project-helpers';

const M = '/api/v1/finance-base/finance-matters-merge';

describe.each(await backends())('个人财务 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let bankAccountId: number;
  let travel: number;
  let hosting: number;
  let pmId: number;
  let projectId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  const stat = async (token: string) => ok(await h.call('GET', `${M}/stat-profile-matter`, { token }));
  const approve = async (id: number) => {
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [id], pass: true, comment: '同意' } }));
    const r = (await db().selectFrom('financeReview').select('auditState').where('reviewId', '=', id).executeTakeFirstOrThrow()) as any;
    if (Number(r.auditState) === 5) ok(await h.call('POST', `${M}/audit`, { token: t.gm, data: { ids: [id], pass: true } }));
  };
  const execute = (id: number, extra: Record<string, unknown> = {}) =>
    h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: id, ourBankAccountId: bankAccountId, voucherNo: `T${id}`, ...extra } });
  const claim = (token: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    h.call('POST', `${M}/batch-project-fee`, { token, data: { title: '测试报销', items: lines.map((l) => ({ projectId, ...l })), ...extra } });
  const loan = (token: string, amount: string) =>
    h.call('POST', `${M}/petty-cash-apply`, { token, data: { title: '测试借支', borrowAmount: amount, expectedReturnDate: today(30) } });

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'gm', 'cashier', 'pm', 'dispatch', 'suzhou', 'xielina']) t[u] = await login(h, u);
    const org = (await db().selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
    ({ bankAccountId } = (await db().selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', org.orgId).orderBy('bankAccountId').executeTakeFirstOrThrow()) as { bankAccountId: number });
    const subject = async (name: string) => Number(((await db().selectFrom('financeFeeSubjectConfig').select('configId').where('name', '=', name).orderBy('configId').executeTakeFirstOrThrow()) as any).configId);
    travel = await subject('差旅费');
    hosting = await subject('业务招待费');
    pmId = await staffIdOf(h, '沈国良');
    ({ projectId } = (await db().selectFrom('project').select('projectId').where('orgId', '=', org.orgId).orderBy('projectId').executeTakeFirstOrThrow()) as { projectId: number });
  }, 180_000);
  afterAll(async () => h?.close());

  it('a 借支 approved and executed raises the balance; a 报销 executed in two parts books its costs and offsets it', async () => {
    const before = await stat(t.pm);
    const l = ok(await loan(t.pm, '2000.00'));
    expect(l).toMatchObject({ matterType: 6, auditState: 5, totalAmount: '2000.00', applicantStaffId: pmId });
    await approve(l.reviewId);
    // approval alone lends nothing: the money moves when the cashier pays
    expect((await stat(t.pm)).pettyCashBalance).toBe(before.pettyCashBalance);
    expect((await execute(l.reviewId, { amount: '1500.00' })).status).toBe(200);
    const mid = await stat(t.pm);
    expect(Number(mid.pettyCashBalance)).toBeCloseTo(Number(before.pettyCashBalance) + 1500, 2);
    ok(await execute(l.reviewId));
    const lent = await stat(t.pm);
    expect(Number(lent.pettyCashBalance)).toBeCloseTo(Number(before.pettyCashBalance) + 2000, 2);

    // 报销 of 1,700 offsetting 1,200 of the loan
    const c = ok(await claim(t.pm, [
      { feeSubjectConfigId: travel, amount: '1200.00', occurredDate: today(-3), remark: '高铁往返' },
      { feeSubjectConfigId: hosting, amount: '500.00', occurredDate: today(-2) },
    ], { pettyCashOffset: '1200.00' }));
    expect(c).toMatchObject({ matterType: 5, auditState: 5, totalAmount: '1700.00', pettyCashOffset: '1200.00' });
    const pending = await stat(t.pm);
    expect(Number(pending.reimbursingAmount)).toBeCloseTo(Number(lent.reimbursingAmount) + 1700, 2);
    await approve(c.reviewId);
    const part = ok(await execute(c.reviewId, { amount: '1000.00' }));
    expect(part).toMatchObject({ executeStatus: 5, executedAmount: '1000.00' });
    // the offset counts once the claim is executed in full
    expect((await stat(t.pm)).pettyCashBalance).toBe(lent.pettyCashBalance);
    ok(await execute(c.reviewId));
    const done = await stat(t.pm);
    expect(Number(done.pettyCashBalance)).toBeCloseTo(Number(lent.pettyCashBalance) - 1200, 2);
    expect(Number(done.reimbursedAmount)).toBeCloseTo(Number(lent.reimbursedAmount) + 1700, 2);
    const costs = (await db().selectFrom('costItem').selectAll().where('source', '=', 3).where('sourceId', '=', c.reviewId).orderBy('costItemId').execute()) as any[];
    expect(costs.map((x) => [x.amount, x.paidAmount, x.staffId, x.payeeKind, x.feeSubjectConfigId])).toEqual([
      ['1200.00', '1200.00', pmId, 2, travel], ['500.00', '500.00', pmId, 2, hosting]]);
    // the cashier's ledger shows the same balance
    const ledger = ok(await h.call('GET', `${M}/list-petty-cash-fee`, { token: t.cashier })) as any[];
    expect(ledger.find((r) => r.staffId === pmId)?.balance).toBe(done.pettyCashBalance);
  });

  it('an offset beyond the balance and a loan for someone else are refused', async () => {
    const s = await stat(t.dispatch);
    const over = (Number(s.pettyCashBalance) + 100).toFixed(2);
    const r = await claim(t.dispatch, [{ feeSubjectConfigId: travel, amount: '99999.00', occurredDate: today(-1) }], { pettyCashOffset: over });
    expect(r.status).toBe(409);
    expect(r.body.msg).toContain('超出借支余额');
    const undated = await claim(t.dispatch, [{ feeSubjectConfigId: travel, amount: '10.00' }]);
    expect(undated.status).toBe(400);
    expect(undated.body.msg).toBe('报销明细第1行：请选择发生日期');
    const noProject = await claim(t.dispatch, [{ feeSubjectConfigId: travel, amount: '10.00', occurredDate: today(-1), projectId: undefined }]);
    expect(noProject.body.msg).toBe('报销明细第1行：项目直接成本请选择项目');
    // a loan is always the caller's own: a staff id in the body changes nothing
    const l = ok(await h.call('POST', `${M}/petty-cash-apply`, { token: t.dispatch, data: { borrowAmount: '100.00', expectedReturnDate: today(10), items: [{ pettyCashStaffId: pmId, amount: '100.00' }] } }));
    const items = (await db().selectFrom('financeReviewItem').select(['targetType', 'targetId']).where('reviewId', '=', l.reviewId).execute()) as any[];
    expect(items).toEqual([{ targetType: 5, targetId: await staffIdOf(h, '何俊') }]);
  });

  it('a person sees, withdraws and deletes only their own; a submitted claim is not deleted', async () => {
    const mine = ok(await claim(t.dispatch, [{ feeSubjectConfigId: travel, amount: '300.00', occurredDate: today(-1) }]));
    const page = ok(await h.call('GET', `${M}/list-profile-finance-matters?pageSize=200`, { token: t.pm }));
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r: any) => r.applicantStaffId === pmId && [5, 6].includes(r.matterType))).toBe(true);
    expect(page.list.some((r: any) => r.reviewId === mine.reviewId)).toBe(false);
    expect((await h.call('GET', `${M}/profile-matter/${mine.reviewId}`, { token: t.pm })).status).toBe(404);
    expect((await h.call('GET', `${M}/batch-project-fee/${mine.reviewId}`, { token: t.pm })).status).toBe(404);
    // its owner and finance read it with its lines
    expect(ok(await h.call('GET', `${M}/batch-project-fee/${mine.reviewId}`, { token: t.dispatch })).items).toHaveLength(1);
    expect(ok(await h.call('GET', `${M}/batch-project-fee/${mine.reviewId}`, { token: t.finance })).reviewId).toBe(mine.reviewId);

    // not a draft: refused, for its owner too
    const busy = await h.call('POST', `${M}/delete-fee-apply-matter`, { token: t.dispatch, data: { reviewId: mine.reviewId } });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('只有草稿或已撤回、已驳回的事项可以删除，审批中的请先撤销');
    // someone else's: refused
    expect((await h.call('POST', `${M}/withdraw-profile-matter`, { token: t.pm, data: { reviewId: mine.reviewId } })).status).toBe(403);
    ok(await h.call('POST', `${M}/withdraw-profile-matter`, { token: t.dispatch, data: { reviewId: mine.reviewId } }));
    const theirs = await h.call('POST', `${M}/delete-fee-apply-matter`, { token: t.pm, data: { reviewId: mine.reviewId } });
    expect(theirs.status).toBe(403);
    expect(theirs.body.msg).toBe('只能删除本人申请的报销或借支');
    ok(await h.call('POST', `${M}/delete-fee-apply-matter`, { token: t.dispatch, data: { reviewId: mine.reviewId } }));
    expect(await db().selectFrom('financeReview').select('reviewId').where('reviewId', '=', mine.reviewId).executeTakeFirst()).toBeUndefined();
    // an approved one isn't deleted either
    const paid = (await db().selectFrom('financeReview').select('reviewId').where('applicantStaffId', '=', pmId).where('auditState', '=', 15).executeTakeFirstOrThrow()) as any;
    expect((await h.call('POST', `${M}/delete-fee-apply-matter`, { token: t.pm, data: { reviewId: paid.reviewId } })).status).toBe(409);
    // a 批量付款 is no personal matter to delete here, even for its applicant
    const xielina = await staffIdOf(h, '谢丽娜');
    const payment = (await db().selectFrom('financeReview').select(['reviewId']).where('matterType', '=', 1).where('auditState', '=', 10).where('applicantStaffId', '=', xielina).executeTakeFirstOrThrow()) as any;
    const other = await h.call('POST', `${M}/delete-fee-apply-matter`, { token: t.xielina, data: { reviewId: payment.reviewId } });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('这里只能删除报销或借支，其他资金事项请在合并管理中撤回删除');
  });

  it('every staff member may claim (no finance permission), only the cashier executes, and nothing crosses organisations', async () => {
    const plain = await userWith(h, ['首页']);
    const c = ok(await claim(plain.token, [{ feeSubjectConfigId: travel, amount: '88.00', occurredDate: today(-1) }]));
    expect(c.applicantStaffId).toBe(plain.staffId);
    expect((await stat(plain.token)).reimbursingAmount).toBe('88.00');
    // approving and executing are not the applicant's
    expect((await h.call('POST', `${M}/audit`, { token: plain.token, data: { ids: [c.reviewId], pass: true } })).status).toBe(403);
    await approve(c.reviewId);
    expect((await h.call('POST', `${M}/execute`, { token: t.pm, data: { reviewId: c.reviewId, ourBankAccountId: bankAccountId } })).status).toBe(403);
    // the cashier's ledger is the cashier's; a plain member reads only their own line
    const own = ok(await h.call('GET', `${M}/list-petty-cash-fee`, { token: plain.token })) as any[];
    expect(own).toEqual([]);
    // 苏州's staff see none of 上海's matters and can't touch them
    const sz = ok(await h.call('GET', `${M}/list-profile-finance-matters`, { token: t.suzhou }));
    expect(sz.list.some((r: any) => r.reviewId === c.reviewId)).toBe(false);
    expect((await h.call('POST', `${M}/delete-fee-apply-matter`, { token: t.suzhou, data: { reviewId: c.reviewId } })).status).toBe(404);
    expect((await h.call('GET', `${M}/profile-finance-manage-data`, { token: t.suzhou })).body.data.orgName).not.toContain('上海');
  });

  it('the demo shows 借支余额 and 报销 at several states for pm', async () => {
    const data = ok(await h.call('GET', `${M}/profile-finance-manage-data`, { token: t.pm }));
    expect(data).toMatchObject({ staffName: '沈国良', orgName: '华运物流(上海)有限公司' });
    const states = ok(await h.call('GET', `${M}/list-profile-finance-matters?pageSize=200&matterType=5`, { token: t.pm })).list.map((r: any) => r.auditState);
    expect(new Set(states)).toEqual(new Set([0, 5, 15]));
  });
});
