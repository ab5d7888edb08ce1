/**
 * 备用金 repaid and read as a ledger (issue 19, DOMAIN §3.6 type 6: balance = Σ executed 借支 −
 * offsets of executed 报销 − executed type-2 repayments): a 收款 matter may take a person's
 * petty-cash account (还款), never beyond what they owe less what live offsets and repayments
 * already hold (also under 20 parallel requests on PostgreSQL); the 备用金台账 lists each 借支,
 * 还款 and 报销冲抵 with the balance after it, finance everyone's, anyone else their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login, today, userWith } from './project-helpers';

const M = '/api/v1/finance-base/finance-matters-merge';
type Row = Record<string, any>;

describe.each(await backends())('备用金还款与台账 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let bankAccountId: number;
  let travel: number;
  let projectId: number;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  const approve = async (id: number) => {
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [id], pass: true } }));
    const r = (await db().selectFrom('financeReview').select('auditState').where('reviewId', '=', id).executeTakeFirstOrThrow()) as Row;
    if (Number(r.auditState) === 5) ok(await h.call('POST', `${M}/audit`, { token: t.gm, data: { ids: [id], pass: true } }));
  };
  const execute = (id: number) => h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: id, ourBankAccountId: bankAccountId, executedDate: today(), voucherNo: `PC${id}` } });
  /** a staff member with an executed 借支 of this amount (the arrangement) */
  const borrower = async (amount: string) => {
    const u = await userWith(h, ['项目管理:项目']);
    const l = ok(await h.call('POST', `${M}/petty-cash-apply`, { token: u.token, data: { title: '出差借支', borrowAmount: amount, expectedReturnDate: today(30) } }));
    await approve(l.reviewId);
    ok(await execute(l.reviewId));
    return { ...u, loanId: Number(l.reviewId) };
  };
  const repay = (staffId: number, amount: string, token = t.xielina) =>
    h.call('POST', `${M}/batch-receipt`, { token, data: { items: [{ pettyCashStaffId: staffId, amount }], payerName: '还款人' } });
  const balance = async (token: string) => (ok(await h.call('GET', `${M}/stat-profile-matter`, { token })) as Row).pettyCashBalance;
  const ledger = async (token: string, query = '') => ok(await h.call('GET', `${M}/list-petty-cash-ledger?pageSize=100${query}`, { token })) as { list: Row[]; total: number; refs: Row };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'gm', 'cashier', 'xielina']) t[u] = await login(h, u);
    const org = (await db().selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
    ({ bankAccountId } = (await db().selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', org.orgId).orderBy('bankAccountId').executeTakeFirstOrThrow()) as { bankAccountId: number });
    travel = Number(((await db().selectFrom('financeFeeSubjectConfig').select('configId').where('name', '=', '差旅费').orderBy('configId').executeTakeFirstOrThrow()) as Row).configId);
    ({ projectId } = (await db().selectFrom('project').select('projectId').where('orgId', '=', org.orgId).orderBy('projectId').executeTakeFirstOrThrow()) as { projectId: number });
  }, 180_000);
  afterAll(async () => h?.close());

  it('a 收款 repays a loan, never beyond what is owed less live offsets and repayments; the ledger runs the balance', async () => {
    const b = await borrower('3000.00');
    expect(await balance(b.token)).toBe('3000.00');
    // offered for 收款 with what is owed
    const offered = (ok(await h.call('GET', `${M}/list-target-matters?matterType=2`, { token: t.xielina })) as Row[]).find((r) => r.targetType === 5 && r.targetId === b.staffId);
    expect(offered).toMatchObject({ openAmount: '3000.00' });

    const over = await repay(b.staffId, '3000.01');
    expect(over.status).toBe(409);
    expect(over.body.msg).toContain('未收金额 3,000.00 元，本次 3,000.01 元超出');
    const first = ok(await repay(b.staffId, '1000.00'));
    expect(first).toMatchObject({ matterType: 2, totalAmount: '1000.00', auditState: 5 });
    // held by the live repayment: only 2,000 left to repay or offset
    expect((await repay(b.staffId, '2000.01')).status).toBe(409);
    const claim = await h.call('POST', `${M}/batch-project-fee`, { token: b.token, data: { title: '出差报销', pettyCashOffset: '2000.01',
      items: [{ feeSubjectConfigId: travel, amount: '2500.00', occurredDate: today(-1), projectId }] } });
    expect(claim.status).toBe(409);
    expect(claim.body.msg).toBe('冲抵备用金 2,000.01 元超出借支余额 2,000.00 元');
    const fee = ok(await h.call('POST', `${M}/batch-project-fee`, { token: b.token, data: { title: '出差报销', pettyCashOffset: '500.00',
      items: [{ feeSubjectConfigId: travel, amount: '800.00', occurredDate: today(-1), projectId }] } }));
    expect((await repay(b.staffId, '1500.01')).status).toBe(409);

    // the repayment lowers the balance when the cashier receives it
    await approve(first.reviewId);
    expect(await balance(b.token)).toBe('3000.00');
    ok(await execute(first.reviewId));
    expect(await balance(b.token)).toBe('2000.00');
    await approve(fee.reviewId);
    ok(await execute(fee.reviewId));
    expect(await balance(b.token)).toBe('1500.00');
    const last = ok(await repay(b.staffId, '1500.00'));
    await approve(last.reviewId);
    ok(await execute(last.reviewId));
    expect(await balance(b.token)).toBe('0.00');
    expect((await repay(b.staffId, '0.01')).body.msg).toContain('已无未收金额');

    // the borrower's own ledger: each movement and the balance after it
    const mine = await ledger(b.token);
    expect(mine.list.map((r) => [r.title.split('：')[0], r.executeAmount, r.pettyCashOffset, r.unexecutedAmount])).toEqual([
      ['借支', '3000.00', null, '3000.00'],
      ['还款', null, '1000.00', '2000.00'],
      ['报销冲抵', null, '500.00', '1500.00'],
      ['还款', null, '1500.00', '0.00'],
    ]);
    expect(mine.list.every((r) => r.applicantStaffId === b.staffId)).toBe(true);
    // finance reads anyone's; the borrower reads no one else's
    const other = await borrower('100.00');
    const all = await ledger(t.finance, `&applicantStaffId=${b.staffId}`);
    expect(all.total).toBe(4);
    expect((await ledger(t.finance)).list.some((r) => r.applicantStaffId === other.staffId)).toBe(true);
    expect((await ledger(b.token, `&applicantStaffId=${other.staffId}`)).list.every((r) => r.applicantStaffId === b.staffId)).toBe(true);
    // a date range keeps the true balance of each row
    const later = await ledger(t.finance, `&applicantStaffId=${other.staffId}&executeDateStart=${today()}`);
    expect(later.list.map((r) => r.unexecutedAmount)).toEqual(['100.00']);
    expect((await ledger(t.finance, `&applicantStaffId=${other.staffId}&executeDateEnd=${today(-1)}`)).total).toBe(0);
  });

  it.runIf(backend === 'postgres')('20 repayments of one loan at once take no more than is owed', async () => {
    const b = await borrower('2000.00');
    const clerks = await Promise.all(Array.from({ length: 20 }, () => userWith(h, ['财务:资金事项:收款'])));
    const results = await Promise.all(clerks.map((c) => repay(b.staffId, '500.00', c.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(16);
    expect(results.find((r) => r.status === 409)!.body.msg).toContain('已无未收金额');
  });
});
