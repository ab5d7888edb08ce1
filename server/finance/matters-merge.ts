/**
 * 资金事项 calls of seed 002 §7.9 (`finance-matters-merge`) beyond the generic ones: apply per
 * matter type (批量付款/收款/收票, 申请开票), the open targets a new matter may take, execute (出纳),
 * 撤回删除, and 备用金/资金 summaries. The rules are in ./matters/core.ts, targets in ./matters/targets.
 */
import { badRequest } from '../http/errors';
import { requireSession, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { present } from '../crud/values';
import type { WriteContext } from '../crud/write';
import { applyMatter, executeMatter, pendingOn } from './matters/core';
import { ctxOf, deletePending } from './matters/delete';
import { targetsFor } from './matters/targets';
import { fromCents, toCents } from './matters/money';
import { scopedQueries } from '../crud/scope';

type Row = Record<string, any>;
const body = (ctx: HandlerContext) => (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Row;
const wctx = (ctx: HandlerContext, db: WriteContext['db']): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request, said: [] });

const applyOf = (matterType: number): Handler => async (ctx) => {
  requireSession(ctx);
  const row = await inTransaction(ctx.db, (trx) => applyMatter(ctxOf(wctx(ctx, trx)), matterType, body(ctx)));
  return present(ctx.entities.financeReview!, row);
};

const listTargets: Handler = async (ctx) => {
  requireSession(ctx);
  const matterType = Number(ctx.query.matterType);
  if (![1, 2, 3, 4, 7].includes(matterType)) throw badRequest('请选择事项类型', { field: 'matterType' });
  const w = wctx(ctx, ctx.db);
  const hctx = ctxOf(w);
  const out: Row[] = [];
  for (const t of targetsFor(matterType)) {
    const list = await t.candidates(hctx, matterType, { keyword: ctx.query.keyword || undefined, projectId: Number(ctx.query.projectId) || undefined });
    // What live matters already hold is not open: a target fully held is not offered.
    for (const c of list) {
      const held = await pendingOn(hctx, t, Number(c.targetId), matterType, null);
      const base = t.executionInDone ? toCents(c.openAmount) : toCents(c.amount);
      const open = base - held;
      if (open > 0) out.push({ ...c, openAmount: fromCents(open) });
    }
  }
  return out;
};

const execute: Handler = async (ctx) => {
  requireSession(ctx);
  const b = body(ctx);
  const row = await inTransaction(ctx.db, (trx) => executeMatter(ctxOf(wctx(ctx, trx)), {
    reviewId: Number(b.reviewId), amount: b.amount ?? b.executeAmount, ourBankAccountId: b.ourBankAccountId ? Number(b.ourBankAccountId) : undefined,
    executedDate: b.executedDate ?? b.executeDate, voucherNo: b.voucherNo, issuedInvoiceNo: b.issuedInvoiceNo, remark: b.remark,
  }));
  return present(ctx.entities.financeReview!, row);
};

const deletePendingReview: Handler = async (ctx) => {
  requireSession(ctx);
  await inTransaction(ctx.db, (trx) => deletePending(wctx(ctx, trx), Number(ctx.params.reviewId)));
  return null;
};

/** 备用金台账: per staff, Σ executed 借支 − offsets of executed 报销 − executed repayments (DOMAIN §3.6 type 6). */
const pettyCash: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const rows = (await q.select('financeReview').select(['applicantStaffId', 'matterType', 'executedAmount', 'totalAmount'])
    .where('matterType', 'in', [6]).where('executeStatus', 'in', [5, 10]).execute()) as Row[];
  const by = new Map<number, number>();
  for (const r of rows) by.set(Number(r.applicantStaffId), (by.get(Number(r.applicantStaffId)) ?? 0) + toCents(r.executedAmount));
  const staffIds = [...by.keys()];
  const names = staffIds.length ? (await q.select('staff').select(['staffId', 'name']).where('staffId', 'in', staffIds).execute()) as Row[] : [];
  return staffIds.map((id) => ({ staffId: id, staffName: names.find((n) => Number(n.staffId) === id)?.name ?? null, balance: fromCents(by.get(id)!) }));
};

/** 个人财务 summary of the caller: 借支余额, 待确认收入, 报销 in progress. */
const statProfileMatter: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const mine = (await q.select('financeReview').select(['matterType', 'auditState', 'executeStatus', 'totalAmount', 'executedAmount'])
    .where('applicantStaffId', '=', session.staffId).where('cancelState', '<>', 15).execute()) as Row[];
  const borrowed = mine.filter((r) => Number(r.matterType) === 6).reduce((s, r) => s + toCents(r.executedAmount), 0);
  const reimbursing = mine.filter((r) => Number(r.matterType) === 5 && Number(r.executeStatus ?? 0) !== 10).reduce((s, r) => s + toCents(r.totalAmount), 0);
  const incomes = (await q.select('incomeReview').select(['amount']).where('staffId', '=', session.staffId).where('status', '=', 0).execute()) as Row[];
  return {
    pettyCashBalance: fromCents(borrowed), reimbursingAmount: fromCents(reimbursing),
    pendingIncomeCount: incomes.length, pendingIncomeAmount: fromCents(incomes.reduce((s, r) => s + toCents(r.amount), 0)),
    pendingReviewCount: mine.filter((r) => Number(r.auditState) === 5).length,
  };
};

export const mattersMergeHandlers: Record<string, Handler> = {
  'mattersMerge.batchPayment': applyOf(1),
  'mattersMerge.batchReceipt': applyOf(2),
  'mattersMerge.batchReceiveInvoice': applyOf(3),
  'mattersMerge.applyIssueInvoice': applyOf(4),
  'mattersMerge.listTargets': listTargets,
  'mattersMerge.execute': execute,
  'mattersMerge.deletePendingReview': deletePendingReview,
  'mattersMerge.pettyCash': pettyCash,
  'mattersMerge.statProfileMatter': statProfileMatter,
};
