/**
 * 对账单 in 资金事项 (DOMAIN §3.6 target 2, §4.3): a confirmed bill is received/paid and invoiced
 * through matters, its 收付状态/开票状态 following what the cashier executed; a bill is never
 * taken beyond its 结算金额; a supplier bill is paid only after its invoices (先票后款); a draft or
 * sent bill is not offered, and a ledger row inside a bill is not offered or taken on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login } from './project-helpers';

const B = '/api/v1/finance-base/settle-bill';
const M = '/api/v1/finance-base/finance-matters-merge';
type Row = Record<string, any>;

describe.each(await backends())('对账单资金事项 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let org: { orgId: number; corpId: number };
  let projectId: number;
  let customerId: number;
  let supplierId: number;
  let bankAccountId: number;
  let day = 0;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  /** a period of its own per bill (the demo's and other tests' rows stay outside it) */
  const period = () => {
    day += 1;
    const d = new Date(Date.UTC(2019, 0, 1) + day * 86400_000 * 3).toISOString().slice(0, 10);
    return { periodStart: d, periodEnd: d };
  };
  /** a ledger row of the period (the arrangement) */
  const item = async (kind: 'cost' | 'income', occurredDate: string, amount: string) => {
    const table = kind === 'cost' ? 'costItem' : 'incomeItem';
    const base = kind === 'cost' ? { costType: 7, payeeKind: 1, supplierId } : { customerId };
    const r = (await db().insertInto(table).values({ ...org, projectId, summary: `对账资金${kind}${amount}-${day}`, amount, occurredDate, itemStatus: 10, itemSettleStatus: 0, source: 4, taxRate: 9, ...base })
      .returning(`${table}Id` as any).executeTakeFirstOrThrow()) as Row;
    return Number(r[`${table}Id`]);
  };
  /** a bill over one fresh row, left in the given state (0 draft, 5 sent, 15 confirmed) */
  const bill = async (kind: 'cost' | 'income', amount: string, state: 0 | 5 | 15) => {
    const p = period();
    const itemId = await item(kind, p.periodStart, amount);
    const party = kind === 'cost' ? { billType: 2, supplierId } : { billType: 1, customerId };
    const b = ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { ...party, ...p } }));
    if (state >= 5) ok(await h.call('POST', `${B}/send`, { token: t.finance, data: { settleBillId: b.settleBillId } }));
    if (state === 15) ok(await h.call('POST', `${B}/confirm`, { token: t.finance, data: { settleBillId: b.settleBillId, confirmedBy: '对方财务 李会计' } }));
    return { billId: Number(b.settleBillId), itemId };
  };
  const billRow = async (id: number) => ok(await h.call('GET', `${B}/${id}`, { token: t.finance }));
  const targets = async (matterType: number) => ok(await h.call('GET', `${M}/list-target-matters?matterType=${matterType}`, { token: t.xielina })) as Row[];
  const approve = async (reviewId: number) => {
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [reviewId], pass: true } }));
    const r = ok(await h.call('GET', `${M}/review/${reviewId}`, { token: t.finance }));
    if (r.auditState === 5) ok(await h.call('POST', `${M}/audit`, { token: t.gm, data: { ids: [reviewId], pass: true } }));
  };
  const invoice = (gross: number, no: string) => {
    const excl = Math.round((gross * 100) / 109);
    return { invoiceType: 5, invoiceNo: no, invoiceDate: '2026-11-02', amountExclTax: (excl / 100).toFixed(2), taxRate: 9, taxAmount: ((gross - excl) / 100).toFixed(2), verified: true };
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'gm', 'cashier', 'xielina']) t[u] = await login(h, u);
    org = (await db().selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as any;
    const p = (await db().selectFrom('project').select(['projectId', 'customerId']).where('orgId', '=', org.orgId).where('runState', '=', 10).orderBy('projectId').executeTakeFirstOrThrow()) as Row;
    projectId = Number(p.projectId);
    customerId = Number(p.customerId);
    supplierId = Number(((await db().selectFrom('supplier').select('supplierId').where('orgId', '=', org.orgId).where('supplierType', '=', 1).orderBy('supplierId').executeTakeFirstOrThrow()) as Row).supplierId);
    bankAccountId = Number(((await db().selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', org.orgId).orderBy('bankAccountId').executeTakeFirstOrThrow()) as Row).bankAccountId);
  }, 120_000);
  afterAll(async () => h?.close());

  it('a confirmed customer bill is received through 批量收款 in two parts: 收付状态 5 then 10, 已收 equal to what was executed; no more than its 结算金额', async () => {
    const { billId } = await bill('income', '30000.00', 15);
    const offered = (await targets(2)).find((c) => c.targetType === 2 && c.targetId === billId);
    expect(offered).toMatchObject({ settleBillId: billId, amount: '30000.00', openAmount: '30000.00' });
    // not offered to 付款 (a customer bill is received) and refused there
    expect((await targets(1)).some((c) => c.targetType === 2 && c.targetId === billId)).toBe(false);
    const wrong = await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ settleBillId: billId }] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^客户对账单DZ\d+只能收款或开票$/);

    const over = await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ settleBillId: billId, amount: '30000.01' }] } });
    expect(over.status).toBe(409);
    expect(over.body.msg).toContain('未收金额 30,000.00 元，本次 30,000.01 元超出');
    const m = ok(await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ settleBillId: billId }], payerName: '客户财务部' } }));
    expect(m).toMatchObject({ matterType: 2, totalAmount: '30000.00' });
    // the live matter holds the whole bill: a second one gets nothing, and the bill is no longer offered
    const second = await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ settleBillId: billId, amount: '1.00' }] } });
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/已无未收金额$/);
    expect((await targets(2)).some((c) => c.targetType === 2 && c.targetId === billId)).toBe(false);

    await approve(m.reviewId);
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, amount: '12000.00', ourBankAccountId: bankAccountId, voucherNo: 'DZSK01' } }));
    expect(await billRow(billId)).toMatchObject({ payStatus: 5, settledAmount: '12000.00' });
    const tooMuch = await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, amount: '18000.01', ourBankAccountId: bankAccountId } });
    expect(tooMuch.status).toBe(409);
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: m.reviewId, ourBankAccountId: bankAccountId, voucherNo: 'DZSK02' } }));
    expect(await billRow(billId)).toMatchObject({ payStatus: 10, settledAmount: '30000.00', invoiceStatus: 0 });
    // received in full: offered no more, a new receipt refused
    const after = await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ settleBillId: billId }] } });
    expect(after.status).toBe(409);
    expect(after.body.msg).toMatch(/已无未收金额$/);
  });

  it('先票后款: a supplier bill is paid only after its invoices are all received', async () => {
    const { billId } = await bill('cost', '10900.00', 15);
    expect((await targets(1)).some((c) => c.targetType === 2 && c.targetId === billId)).toBe(false);
    const early = await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ settleBillId: billId }], payeeName: '供应商', payChannel: 1 } });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/^对账单DZ\d+尚未收齐供应商发票，须先收票后付款（先票后款）$/);

    expect((await targets(3)).find((c) => c.targetType === 2 && c.targetId === billId)).toMatchObject({ openAmount: '10900.00' });
    const inv = ok(await h.call('POST', `${M}/batch-receive-invoice`, { token: t.xielina, data: { items: [{ settleBillId: billId }], invoices: [invoice(1090000, `2532199${String(billId).padStart(13, '0')}`)] } }));
    await approve(inv.reviewId);
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: inv.reviewId } }));
    expect(await billRow(billId)).toMatchObject({ invoiceStatus: 10, invoicedAmount: '10900.00' });

    expect((await targets(1)).some((c) => c.targetType === 2 && c.targetId === billId)).toBe(true);
    const pay = ok(await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ settleBillId: billId }], payeeName: '供应商', payChannel: 1 } }));
    await approve(pay.reviewId);
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId: pay.reviewId, ourBankAccountId: bankAccountId, voucherNo: 'DZFK01' } }));
    expect(await billRow(billId)).toMatchObject({ payStatus: 10, settledAmount: '10900.00' });
  });

  it('a draft or sent bill is not offered nor taken; a ledger row inside a bill is not offered or taken on its own', async () => {
    const draft = await bill('income', '500.00', 0);
    const sent = await bill('income', '600.00', 5);
    const offered = await targets(2);
    for (const b of [draft, sent]) {
      expect(offered.some((c) => c.targetType === 2 && c.targetId === b.billId)).toBe(false);
      const r = await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ settleBillId: b.billId }] } });
      expect(r.status).toBe(409);
      expect(r.body.msg).toMatch(/^对账单DZ\d+未经对方确认，不能纳入资金事项$/);
    }
    // the rows of those bills (draft, sent) and of a confirmed supplier bill
    const confirmed = await bill('cost', '700.00', 15);
    expect(offered.some((c) => c.targetType === 4 && [draft.itemId, sent.itemId].includes(c.targetId))).toBe(false);
    for (const mt of [1, 3]) expect((await targets(mt)).some((c) => c.targetType === 3 && c.targetId === confirmed.itemId)).toBe(false);
    const alone = await h.call('POST', `${M}/batch-receipt`, { token: t.xielina, data: { items: [{ incomeItemId: sent.itemId }] } });
    expect(alone.status).toBe(409);
    expect(alone.body.msg).toMatch(/^收入明细「.+」已在对账单中，请按对账单收付款或开票$/);
    const cost = await h.call('POST', `${M}/batch-receive-invoice`, { token: t.xielina, data: { items: [{ costItemId: confirmed.itemId }], invoices: [invoice(70000, '25321990000000000777')] } });
    expect(cost.status).toBe(409);
    expect(cost.body.msg).toMatch(/^成本明细「.+」已在对账单中/);
    // a row outside any bill is still offered alone
    const free = await item('income', period().periodStart, '800.00');
    expect((await targets(2)).some((c) => c.targetType === 4 && c.targetId === free)).toBe(true);
  });
});
