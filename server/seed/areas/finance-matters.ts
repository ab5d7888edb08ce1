/**
 * Demo 资金事项 of 华运上海 (DOMAIN §8): matters of the 会计 (谢丽娜) over the payment nodes,
 * income and cost items the earlier areas booked — 批量付款, 批量收款, 批量收票, 申请开票 — at
 * every state: waiting for 财务经理 (潘文娟), for 总经理 (沈伟民) above 200,000 元, rejected,
 * withdrawn, approved and waiting for the cashier (徐静), executed in part and in full, a cancel
 * pending and one cancelled. The type-7 matters come from the confirmed driver incomes.
 * Everything goes through core.ts as the screens do.
 */
import { inTransaction } from '../../db/connect';
import type { WriteContext } from '../../crud/write';
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';
import { applyMatter, executeMatter } from '../../finance/matters/core';
import { ctxOf } from '../../finance/matters/delete';
import { confirmIncomeBody } from '../../finance/matters/confirm-income';
import { targetsFor } from '../../finance/matters/targets';
import { fromCents, toCents } from '../../finance/matters/money';
import { suggestFor } from '../../finance/matters/bank';

type Row = Record<string, any>;
type Fate = 'node1' | 'node2' | 'rejected' | 'withdrawn' | 'waiting' | 'partial' | 'executed' | 'cancelPending' | 'cancelled';

const tx = <T>(w: WriteContext, fn: (w: WriteContext) => Promise<T>) => inTransaction(w.db, (trx) => fn({ ...w, db: trx }));

/** one 数电票 covering a target's whole open amount (its tax rate, 9 % by default) */
function invoiceOf(c: Row, date: Date, prefix = '2532000000'): Row {
  const gross = toCents(c.openAmount);
  const rate = Number(c.taxRate ?? 9) || 0;
  const excl = Math.round((gross * 100) / (100 + rate));
  const no = `${c.targetType === 2 ? '2532100000' : prefix}${String(1000000000 + Number(c.targetId)).slice(-10)}`;
  return { invoiceType: 5, invoiceNo: no, invoiceDate: date.toISOString().slice(0, 10), amountExclTax: fromCents(excl), taxRate: rate, taxAmount: fromCents(gross - excl), verified: true };
}

async function seed(ctx: SeedContext): Promise<void> {
  let acct: WriteContext, mgr: WriteContext, gm: WriteContext, cashier: WriteContext;
  try {
    acct = await ctx.as('sh', '谢丽娜');
    mgr = await ctx.as('sh', '潘文娟');
    gm = await ctx.as('sh', '沈伟民');
    cashier = await ctx.as('sh', '徐静');
  } catch { return; } // a base seed without these people has no matters
  const account = (await ctx.db.selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', ctx.orgIds.sh).orderBy('bankAccountId').executeTakeFirst()) as Row | undefined;
  if (!account) return;
  const bankAccountId = Number(account.bankAccountId);

  const candidates = async (matterType: number) => {
    const out: Row[] = [];
    for (const t of targetsFor(matterType)) out.push(...await t.candidates(ctxOf(acct), matterType, {}));
    return out.filter((c) => toCents(c.openAmount) > 0);
  };
  const decideAll = async (id: number, pass: boolean, comment?: string) => {
    for (const w of [mgr, gm]) {
      const row = (await ctx.db.selectFrom('financeReview').select('auditState').where('reviewId', '=', id).executeTakeFirstOrThrow()) as Row;
      if (Number(row.auditState) !== 5) return;
      try { await tx(w, (x) => ctx.decide(x, 'financeReview', id, pass, comment)); } catch { /* not this approver's node */ }
    }
  };
  const play = async (matterType: number, body: Row, fate: Fate, daysAgo: number) => {
    const m = await tx(acct, (w) => applyMatter(ctxOf(w), matterType, body));
    const id = Number(m.reviewId);
    if (fate === 'node1') return ctx.backdate('financeReview', id, ctx.daysAgo(daysAgo));
    if (fate === 'node2') {
      await tx(mgr, (w) => ctx.decide(w, 'financeReview', id, true, '同意'));
      return ctx.backdate('financeReview', id, ctx.daysAgo(daysAgo));
    }
    if (fate === 'rejected') {
      await tx(mgr, (w) => ctx.decide(w, 'financeReview', id, false, '请补充供应商对账确认单'));
      return ctx.backdate('financeReview', id, ctx.daysAgo(daysAgo));
    }
    if (fate === 'withdrawn') {
      await tx(acct, (w) => ctx.transition(w, 'financeReview', id, 'withdraw', {}, '金额有误，撤回修改'));
      return ctx.backdate('financeReview', id, ctx.daysAgo(daysAgo));
    }
    await decideAll(id, true, '同意');
    if (fate === 'cancelPending' || fate === 'cancelled') {
      await tx(acct, (w) => ctx.transition(w, 'financeReview', id, 'applyCancel', { cancelReason: '收款方账户变更，重新发起' }));
      if (fate === 'cancelled') await tx(mgr, (w) => ctx.decide(w, 'financeReview', id, true, '同意撤销'));
    }
    if (fate === 'partial' || fate === 'executed') {
      const total = toCents(m.totalAmount);
      const first = fate === 'partial' ? Math.max(1, Math.floor(total / 2)) : total;
      await tx(cashier, (w) => executeMatter(ctxOf(w), {
        reviewId: id, amount: fromCents(first), ourBankAccountId: matterType === 3 || matterType === 4 ? undefined : bankAccountId,
        voucherNo: matterType === 4 ? undefined : `HX${String(20260000 + id)}`, issuedInvoiceNo: matterType === 4 ? `2531200000${String(1000000000 + id).slice(-10)}` : undefined,
        executedDate: ctx.daysAgo(Math.max(0, daysAgo - 2)).toISOString().slice(0, 10),
      }));
    }
    await ctx.backdate('financeReview', id, ctx.daysAgo(daysAgo));
  };

  // 批量付款 over payment nodes: two big ones (> 200,000 元, the 总经理's node), the rest by carrier.
  const nodes = (await candidates(1)).filter((c) => c.targetType === 1);
  const byPayee = new Map<string, Row[]>();
  for (const n of nodes) byPayee.set(String(n.counterpartyName ?? '其他'), [...(byPayee.get(String(n.counterpartyName ?? '其他')) ?? []), n]);
  const groups = [...byPayee.values()].flatMap((list) => { const out: Row[][] = []; for (let i = 0; i < list.length; i += 2) out.push(list.slice(i, i + 2)); return out; });
  // about half of the open nodes: the rest stay for the screens
  const payFates: Fate[] = ['node1', 'node2', 'rejected', 'withdrawn', 'waiting', 'partial', 'executed', 'executed', 'executed', 'cancelPending', 'cancelled', 'executed'];
  for (const [i, fate] of payFates.entries()) {
    const g = groups[i];
    if (!g) break;
    await play(1, { items: g.map((n) => ({ paymentId: n.targetId })), payeeName: g[0]!.counterpartyName, payChannel: 1, expectedPayDate: ctx.daysAgo(-3).toISOString().slice(0, 10) }, fate, 40 - i * 2);
  }

  // 批量收款 and 申请开票 over income items, grouped by customer; 批量收票 over cost items.
  const incomes = (await candidates(2)).filter((c) => c.targetType === 4);
  const byCustomer = new Map<string, Row[]>();
  for (const n of incomes) byCustomer.set(String(n.counterpartyName ?? ''), [...(byCustomer.get(String(n.counterpartyName ?? '')) ?? []), n]);
  const customerGroups = [...byCustomer.values()].flatMap((list) => { const out: Row[][] = []; for (let i = 0; i < list.length; i += 2) out.push(list.slice(i, i + 2)); return out; });
  const invoiceFates: Fate[] = ['node1', 'executed', 'executed', 'executed', 'waiting', 'rejected'];
  for (const [i, fate] of invoiceFates.entries()) {
    const g = customerGroups[i];
    if (!g) break;
    await play(4, { items: g.map((n) => ({ incomeItemId: n.targetId })), invoiceType: 5, goodsName: '*运输服务*国内道路货物运输服务', fromPlace: '上海市浦东新区临港', toPlace: '浙江省湖州市长兴县', vehicleInfo: '重型半挂牵引车 沪DK7352', cargoName: '电力设备' }, fate, 50 - i * 3);
  }
  const receiptFates: Fate[] = ['node1', 'executed', 'executed', 'executed', 'partial', 'waiting', 'waiting', 'executed'];
  for (const [i, fate] of receiptFates.entries()) {
    const g = customerGroups[invoiceFates.length + i];
    if (!g) break;
    await play(2, { items: g.map((n) => ({ incomeItemId: n.targetId })), payerName: g[0]!.counterpartyName, receivedAt: ctx.daysAgo(10 - i).toISOString().slice(0, 10) }, fate, 30 - i * 2);
  }
  // 对账单: a confirmed customer bill received in part, a confirmed supplier bill's invoices received.
  const customerBill = (await candidates(2)).find((c) => c.targetType === 2);
  if (customerBill) await play(2, { items: [{ settleBillId: customerBill.targetId }], payerName: customerBill.counterpartyName, receivedAt: ctx.daysAgo(6).toISOString().slice(0, 10) }, 'partial', 8);
  const supplierBill = (await candidates(3)).find((c) => c.targetType === 2);
  if (supplierBill) await play(3, { items: [{ settleBillId: supplierBill.targetId }], invoices: [invoiceOf(supplierBill, ctx.daysAgo(12))] }, 'executed', 10);
  const costs = (await candidates(3)).filter((c) => c.targetType === 3).slice(0, 6);
  const receiveFates: Fate[] = ['executed', 'executed', 'executed', 'waiting', 'node1', 'executed'];
  for (const [i, fate] of receiveFates.entries()) {
    const c = costs[i];
    if (!c) break;
    await play(3, { items: [{ costItemId: c.targetId }], invoices: [invoiceOf(c, ctx.daysAgo(20))] }, fate, 35 - i * 3);
  }

  // 付款确认收入 of the incomes the business seeder confirmed (a request makes it in the confirm hook): most approved, some paid.
  const confirmed = (await ctx.db.selectFrom('driverIncome').selectAll().where('orgId', '=', ctx.orgIds.sh).where('confirmStatus', '=', 5).where('reviewId', 'is', null).orderBy('incomeId').execute()) as Row[];
  for (const income of confirmed) await tx(acct, (w) => applyMatter(ctxOf(w), 7, confirmIncomeBody(income), { system: true }));
  const sevens = (await ctx.db.selectFrom('financeReview').select('reviewId').where('orgId', '=', ctx.orgIds.sh).where('matterType', '=', 7).where('auditState', '=', 5).orderBy('reviewId').execute()) as Row[];
  for (const [i, r] of sevens.entries()) {
    if (i % 4 === 3) continue; // some still wait for 财务经理
    await decideAll(Number(r.reviewId), true, '同意');
    if (i % 4 !== 2) {
      await tx(cashier, (w) => executeMatter(ctxOf(w), { reviewId: Number(r.reviewId), ourBankAccountId: bankAccountId, voucherNo: `LG${String(20260000 + Number(r.reviewId))}` }));
    }
  }
  await personal(ctx, { mgr, gm, cashier, bankAccountId });
  await statements(ctx, cashier);
}

/**
 * 个人财务 of 沈国良 (pm) and 何俊 (dispatch): 借支 executed and waiting for the cashier, 报销 of
 * project travel and entertainment — one offsetting petty cash and paid, one waiting for 财务经理,
 * one taken back by its applicant (a draft to change or delete), one rejected.
 */
async function personal(ctx: SeedContext, o: { mgr: WriteContext; gm: WriteContext; cashier: WriteContext; bankAccountId: number }) {
  let pm: WriteContext, dispatch: WriteContext;
  try {
    pm = await ctx.as('sh', '沈国良');
    dispatch = await ctx.as('sh', '何俊');
  } catch { return; }
  const subject = async (name: string) => {
    const r = (await ctx.db.selectFrom('financeFeeSubjectConfig').select('configId').where('corpId', '=', ctx.corpId).where('name', '=', name).executeTakeFirst()) as Row | undefined;
    return r ? Number(r.configId) : null;
  };
  const travel = await subject('差旅费');
  const hosting = await subject('业务招待费');
  if (!travel || !hosting) return;
  const project = (await ctx.db.selectFrom('project').select('projectId').where('orgId', '=', ctx.orgIds.sh).orderBy('projectId').executeTakeFirst()) as Row | undefined;
  const projectId = project ? Number(project.projectId) : undefined;
  const day = (n: number) => ctx.daysAgo(n).toISOString().slice(0, 10);
  const approve = async (id: number) => {
    for (const w of [o.mgr, o.gm]) {
      const row = (await ctx.db.selectFrom('financeReview').select('auditState').where('reviewId', '=', id).executeTakeFirstOrThrow()) as Row;
      if (Number(row.auditState) !== 5) return;
      await tx(w, (x) => ctx.decide(x, 'financeReview', id, true, '同意'));
    }
  };
  const pay = (id: number, daysAgo: number) => tx(o.cashier, (w) => executeMatter(ctxOf(w), { reviewId: id, ourBankAccountId: o.bankAccountId, voucherNo: `BX${String(20260000 + id)}`, executedDate: day(daysAgo) }));
  const loan = (w: WriteContext, amount: string, title: string, back: number) => tx(w, (x) => applyMatter(ctxOf(x), 6, { title, expectedReturnDate: day(-back), items: [{ pettyCashStaffId: x.session!.staffId, amount }] }));
  const claim = (w: WriteContext, title: string, lines: Row[], offset = '0') => tx(w, (x) => applyMatter(ctxOf(x), 5, { title, pettyCashOffset: offset, items: lines }));

  // 沈国良: 5,000 borrowed for a site survey trip; a 1,840 claim offsets 1,000 of it (balance 4,000).
  const l1 = await loan(pm, '5000.00', '备用金借支-临港项目现场踏勘', 30);
  await approve(Number(l1.reviewId));
  await pay(Number(l1.reviewId), 24);
  await ctx.backdate('financeReview', Number(l1.reviewId), ctx.daysAgo(26));
  const c1 = await claim(pm, '报销-临港项目现场差旅', [
    { feeSubjectConfigId: travel, amount: '1280.00', occurredDate: day(20), costType: 6, projectId, remark: '上海-湖州往返及住宿' },
    { feeSubjectConfigId: hosting, amount: '560.00', occurredDate: day(19), costType: 6, projectId, remark: '业主现场协调工作餐' }], '1000.00');
  await approve(Number(c1.reviewId));
  await pay(Number(c1.reviewId), 12);
  await ctx.backdate('financeReview', Number(c1.reviewId), ctx.daysAgo(15));
  const c2 = await claim(pm, '报销-吊装方案评审差旅', [{ feeSubjectConfigId: travel, amount: '860.00', occurredDate: day(6), costType: 6, projectId, remark: '评审会高铁票' }]);
  await ctx.backdate('financeReview', Number(c2.reviewId), ctx.daysAgo(4));
  const c3 = await claim(pm, '报销-客户拜访招待', [{ feeSubjectConfigId: hosting, amount: '420.00', occurredDate: day(3), costType: 6, projectId }]);
  await tx(pm, (w) => ctx.transition(w, 'financeReview', Number(c3.reviewId), 'withdraw', {}, '发票抬头有误，撤回修改'));

  // 何俊: a 3,000 loan approved and waiting for the cashier; a paid claim; a rejected one.
  const l2 = await loan(dispatch, '3000.00', '备用金借支-干线车辆应急维修', 20);
  await approve(Number(l2.reviewId));
  await ctx.backdate('financeReview', Number(l2.reviewId), ctx.daysAgo(2));
  const c4 = await claim(dispatch, '报销-跟车押运差旅', [{ feeSubjectConfigId: travel, amount: '2150.00', occurredDate: day(14), costType: 6, projectId, remark: '押运往返及住宿' }]);
  await approve(Number(c4.reviewId));
  await pay(Number(c4.reviewId), 8);
  await ctx.backdate('financeReview', Number(c4.reviewId), ctx.daysAgo(10));
  const c5 = await claim(dispatch, '报销-司机招待', [{ feeSubjectConfigId: hosting, amount: '980.00', occurredDate: day(5), costType: 6, projectId }]);
  await tx(o.mgr, (w) => ctx.decide(w, 'financeReview', Number(c5.reviewId), false, '招待费须附事前审批单'));
}

/**
 * 银行流水 of the 招商银行 basic account: lines for executed matters, matched; and 12 unmatched —
 * the receipts still waiting for their money (each with its suggestion) and some bank charges and
 * interest nobody applied for.
 */
async function statements(ctx: SeedContext, w: WriteContext) {
  const acct = (await ctx.db.selectFrom('bankAccount').select(['bankName', 'accountNo']).where('orgId', '=', ctx.orgIds.sh).where('isDefault', '=', true).executeTakeFirst()) as Row | undefined;
  if (!acct) return;
  const executed = (await ctx.db.selectFrom('financeReview').select(['reviewId', 'matterType', 'executedAmount', 'counterpartyName', 'payerName', 'payeeName', 'voucherNo', 'executedAt'])
    .where('orgId', '=', ctx.orgIds.sh).where('matterType', 'in', [1, 2, 7]).where('executeStatus', 'in', [5, 10]).orderBy('reviewId').limit(28).execute()) as Row[];
  const base = { corpId: ctx.corpId, orgId: ctx.orgIds.sh, bankName: acct.bankName, accountNo: acct.accountNo };
  for (const r of executed) {
    await ctx.db.insertInto('bankStatement').values({ ...base, tradeDate: String(new Date(r.executedAt).toISOString()).slice(0, 10), direction: Number(r.matterType) === 2 ? 1 : 2,
      amount: r.executedAmount, counterparty: r.payerName ?? r.payeeName ?? r.counterpartyName, summary: Number(r.matterType) === 2 ? '货款' : '运费', serialNo: r.voucherNo ?? `CMB${r.reviewId}`,
      matchedReviewId: r.reviewId, matchedAt: r.executedAt }).execute();
  }
  const waiting = (await ctx.db.selectFrom('financeReview').select(['reviewId', 'unexecutedAmount', 'counterpartyName', 'payerName'])
    .where('orgId', '=', ctx.orgIds.sh).where('matterType', '=', 2).where('auditState', '=', 15).where('executeStatus', 'in', [0, 5]).where('cancelState', '=', 0).orderBy('reviewId').limit(6).execute()) as Row[];
  const open: Row[] = waiting.map((r, i) => ({ tradeDate: ctx.daysAgo(1 + i).toISOString().slice(0, 10), direction: 1, amount: r.unexecutedAmount,
    counterparty: `${r.payerName ?? r.counterpartyName ?? ''}`.replace(/有限公司$/, '有限公司'), summary: '运输费', serialNo: `CMB2026${String(910000 + i)}` }));
  const fees: [number, string, string, string][] = [[2, '16.00', '招商银行上海分行', '跨行汇款手续费'], [1, '238.51', '招商银行上海分行', '活期结息'], [2, '50.00', '招商银行上海分行', '网银年费'],
    [1, '12000.00', '上海某物流设备有限公司', '往来款'], [2, '3260.00', '中国石化销售股份有限公司上海石油分公司', '加油卡充值'], [1, '880.00', '个人', '退押金']];
  for (const [i, [direction, amount, counterparty, summary]] of fees.entries()) {
    if (open.length >= 12) break;
    open.push({ tradeDate: ctx.daysAgo(2 + i * 3).toISOString().slice(0, 10), direction, amount, counterparty, summary, serialNo: `CMB2026${String(920000 + i)}` });
  }
  const q = ctxOf(w);
  for (const line of open) {
    const row = (await ctx.db.insertInto('bankStatement').values({ ...base, ...line }).returningAll().executeTakeFirstOrThrow()) as Row;
    await suggestFor(q, row);
  }
}

export const financeMattersSeeder: AreaSeeder = { name: 'finance-matters', seed };
