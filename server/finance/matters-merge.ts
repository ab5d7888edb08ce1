/**
 * 资金事项 calls of seed 002 §7.9 (`finance-matters-merge`) beyond the generic ones: apply per
 * matter type (批量付款/收款/收票, 申请开票), the open targets a new matter may take, execute (出纳),
 * 撤回删除, and 备用金/资金 summaries. The rules are in ./matters/core.ts, targets in ./matters/targets.
 */
import { badRequest, conflict, notFound, HttpError } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { lockParent } from '../crud/quantity';
import { runTransition } from '../crud/write';
import { pettyCashOf } from './matters/targets/petty-cash';
import { requireSession, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { present } from '../crud/values';
import type { WriteContext } from '../crud/write';
import { applyMatter, executeMatter, pendingOn } from './matters/core';
import { ctxOf, deletePending, deleteOwnDraft } from './matters/delete';
import { targetsFor } from './matters/targets';
import { fromCents, toCents } from './matters/money';
import { scopedQueries } from '../crud/scope';
import { titlesFor } from '../crud/refs';
import { sql } from 'kysely';

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

/** Who reads everyone's petty cash (备用金台账 of 资金管理); anyone else reads their own. */
const LEDGER_READERS = '财务|财务:合并管理|财务:资金事项|财务:资金事项:执行|财务:资金事项:审核';

/** 备用金台账: per staff, Σ executed 借支 − the offsets of executed 报销 (DOMAIN §3.6 type 6). */
const pettyCash: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  let staff = q.select('financeReview').select('applicantStaffId').distinct().where('matterType', '=', 6).where('executeStatus', 'in', [5, 10]);
  if (!hasPermission(session.permissions, LEDGER_READERS)) staff = staff.where('applicantStaffId', '=', session.staffId);
  const staffIds = ((await staff.execute()) as Row[]).map((r) => Number(r.applicantStaffId));
  const names = staffIds.length ? (await q.select('staff').select(['staffId', 'name']).where('staffId', 'in', staffIds).execute()) as Row[] : [];
  const out: Row[] = [];
  for (const id of staffIds.sort((a, b) => a - b)) {
    const pc = await pettyCashOf({ q }, id);
    out.push({ staffId: id, staffName: names.find((n) => Number(n.staffId) === id)?.name ?? null,
      borrowedAmount: fromCents(pc.borrowed), offsetAmount: fromCents(pc.offset), repaidAmount: fromCents(pc.repaid), balance: fromCents(pc.balance) });
  }
  return out;
};

/**
 * 备用金台账: each movement of a person's petty cash with the balance after it — 借支 paid out
 * (the executed amount of a type-6 line), 报销冲抵 (the offset of a type-5 claim once executed in
 * full) and 还款 (the executed amount of a type-2 line on the account) — oldest first per person.
 * The rows are derived from the matters (as the balance is), answered in the shape of financeReview
 * fields: executeDate 日期, executeAmount 借出, pettyCashOffset 归还/冲抵, unexecutedAmount 余额.
 * The balance runs over all of a person's movements, so a date filter shows true balances.
 */
const pettyCashLedger: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const query = ctx.query as Row;
  const mineOnly = query.mine === true || query.mine === 'true' || !hasPermission(session.permissions, LEDGER_READERS);
  const staffFilter = mineOnly ? session.staffId : Number(query.applicantStaffId) || null;
  const day = (r: Row) => String(r.executeDate ?? r.executedAt ?? '').slice(0, 10);
  const lineRows = async (matterType: number) => {
    let l = q.select('financeReviewItem').innerJoin('financeReview as r', 'r.reviewId', 'financeReviewItem.reviewId')
      .where('financeReviewItem.targetType', '=', 5).where('r.matterType', '=', matterType).where(sql<boolean>`finance_review_item.executed_amount > 0`)
      .select(['r.reviewId', 'r.reviewNo', 'r.title', 'r.matterType', 'r.executeDate', 'r.executedAt', 'financeReviewItem.targetId as staffId', 'financeReviewItem.executedAmount as amount', 'financeReviewItem.reviewItemId as seq'] as any);
    if (staffFilter) l = l.where('financeReviewItem.targetId', '=', staffFilter);
    return (await l.execute()) as Row[];
  };
  let offsets = q.select('financeReview').where('matterType', '=', 5).where('executeStatus', '=', 10).where(sql<boolean>`petty_cash_offset > 0`)
    .select(['reviewId', 'reviewNo', 'title', 'matterType', 'executeDate', 'executedAt', 'applicantStaffId as staffId', 'pettyCashOffset as amount'] as any);
  if (staffFilter) offsets = offsets.where('applicantStaffId', '=', staffFilter);
  const moves: Row[] = [
    ...(await lineRows(6)).map((r): Row => ({ ...r, kind: '借支', out: toCents(r.amount), back: 0 })),
    ...((await offsets.execute()) as Row[]).map((r): Row => ({ ...r, seq: 0, kind: '报销冲抵', out: 0, back: toCents(r.amount) })),
    ...(await lineRows(2)).map((r): Row => ({ ...r, kind: '还款', out: 0, back: toCents(r.amount) })),
  ].sort((a, b) => Number(a.staffId) - Number(b.staffId) || day(a).localeCompare(day(b)) || Number(a.reviewId) - Number(b.reviewId) || Number(a.seq) - Number(b.seq));
  const balances = new Map<number, number>();
  let rows = moves.map((m) => {
    const staffId = Number(m.staffId);
    const balance = (balances.get(staffId) ?? 0) + m.out - m.back;
    balances.set(staffId, balance);
    return {
      key: `${m.kind}:${m.reviewId}:${m.seq}`, reviewId: Number(m.reviewId), reviewNo: m.reviewNo, matterType: Number(m.matterType), applicantStaffId: staffId,
      title: `${m.kind}：${m.title ?? ''}`.slice(0, 100), executeDate: day(m) || null,
      executeAmount: m.out ? fromCents(m.out) : null, pettyCashOffset: m.back ? fromCents(m.back) : null, unexecutedAmount: fromCents(balance),
    };
  });
  const from = typeof query.executeDateStart === 'string' ? query.executeDateStart : '';
  const to = typeof query.executeDateEnd === 'string' ? query.executeDateEnd : '';
  if (from) rows = rows.filter((r) => (r.executeDate ?? '') >= from);
  if (to) rows = rows.filter((r) => (r.executeDate ?? '') <= to);
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.pageSize) || 20));
  const list = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  const refs = await titlesFor(ctx.db, session, ctx.entities, ctx.entities.financeReview!, list);
  return { list, total: rows.length, pageNo, pageSize, refs };
};

/** 个人财务 summary of the caller: 借支余额, 待确认收入, 报销 in progress and paid. */
async function profileStat(ctx: HandlerContext) {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const mine = (await q.select('financeReview').select(['matterType', 'auditState', 'executeStatus', 'totalAmount', 'executedAmount'])
    .where('applicantStaffId', '=', session.staffId).where('matterType', 'in', [5, 6]).where('cancelState', '<>', 15).execute()) as Row[];
  const fees = mine.filter((r) => Number(r.matterType) === 5);
  const loans = mine.filter((r) => Number(r.matterType) === 6);
  const pc = await pettyCashOf({ q }, session.staffId);
  const reimbursing = fees.filter((r) => Number(r.auditState) !== 0 && Number(r.executeStatus ?? 0) !== 10).reduce((s, r) => s + toCents(r.totalAmount) - toCents(r.executedAmount), 0);
  const reimbursed = fees.reduce((s, r) => s + toCents(r.executedAmount), 0);
  const incomes = (await q.select('incomeReview').select(['amount']).where('staffId', '=', session.staffId).where('status', '=', 0).execute()) as Row[];
  return {
    pettyCashBalance: fromCents(pc.balance), borrowedAmount: fromCents(pc.borrowed), offsetAmount: fromCents(pc.offset),
    reimbursingAmount: fromCents(reimbursing), reimbursedAmount: fromCents(reimbursed),
    pendingIncomeCount: incomes.length, pendingIncomeAmount: fromCents(incomes.reduce((s, r) => s + toCents(r.amount), 0)),
    pendingReviewCount: mine.filter((r) => Number(r.auditState) === 5).length,
    feeCount: fees.length, loanCount: loans.length,
    draftCount: mine.filter((r) => [0, 10].includes(Number(r.auditState))).length,
  };
}

const statProfileMatter: Handler = async (ctx) => profileStat(ctx);

/** 个人财务管理's data: the summary, the caller's name and 所属单位, their petty-cash loans with what each still owes. */
const profileFinanceManageData: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const stat = await profileStat(ctx);
  const me = (await q.select('staff').select(['staffId', 'name', 'depId']).where('staffId', '=', session.staffId).executeTakeFirst()) as Row | undefined;
  const org = (await ctx.db.selectFrom('organization').select(['orgId', 'name']).where('orgId', '=', session.orgId).executeTakeFirst()) as Row | undefined;
  const loans = (await q.select('financeReview').select(['reviewId', 'reviewNo', 'title', 'totalAmount', 'executedAmount', 'auditState', 'executeStatus', 'expectedReturnDate', 'submittedAt'])
    .where('applicantStaffId', '=', session.staffId).where('matterType', '=', 6).where('cancelState', '<>', 15).orderBy('reviewId', 'desc').limit(50).execute()) as Row[];
  return { ...stat, staffId: session.staffId, staffName: me?.name ?? null, orgName: org?.name ?? null, loans };
};

async function myName(ctx: HandlerContext): Promise<string> {
  const r = (await ctx.db.selectFrom('staff').select('name').where('staffId', '=', ctx.session!.staffId).executeTakeFirst()) as Row | undefined;
  return String(r?.name ?? '').slice(0, 20);
}

/** A staff member's own 报销 (type 5): lines of fee subjects with date, project and cost type; the petty cash it offsets. */
const batchProjectFee: Handler = async (ctx) => {
  requireSession(ctx);
  const b = { ...body(ctx) };
  const lines = Array.isArray(b.items) ? (b.items as Row[]) : Array.isArray(b.feeLines) ? (b.feeLines as Row[]) : [];
  if (!lines.length) throw badRequest('请至少填写一条报销明细', { field: 'items' });
  b.items = lines.map((l) => ({ feeSubjectConfigId: l.feeSubjectConfigId, amount: l.amount, occurredDate: l.occurredDate ?? l.date, costType: l.costType ?? 6, projectId: l.projectId || undefined, clueId: l.clueId || undefined, remark: l.remark }));
  delete b.feeLines;
  const name = await myName(ctx);
  b.title = b.title || `报销-${name}`;
  // the person is paid: the cashier's lists show whom
  b.counterpartyName = name;
  b.payeeName = name;
  const row = await inTransaction(ctx.db, (trx) => applyMatter(ctxOf(wctx(ctx, trx)), 5, b));
  return present(ctx.entities.financeReview!, row);
};

/** 申请借支 (type 6): the caller's own petty-cash account, the amount, when it comes back. */
const pettyCashApply: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const b = { ...body(ctx) };
  const amount = b.borrowAmount ?? b.totalAmount;
  if (amount === undefined || amount === null || amount === '') throw badRequest('请输入借支金额', { field: 'totalAmount' });
  if (toCents(amount, 'totalAmount', '借支金额') <= 0) throw badRequest('借支金额应大于0', { field: 'totalAmount' });
  b.items = [{ pettyCashStaffId: session.staffId, amount, remark: b.remark ?? null }];
  delete b.borrowAmount;
  delete b.totalAmount;
  const name = await myName(ctx);
  b.title = b.title || `备用金借支-${name}`;
  b.counterpartyName = name;
  b.payeeName = name;
  const row = await inTransaction(ctx.db, (trx) => applyMatter(ctxOf(wctx(ctx, trx)), 6, b));
  return present(ctx.entities.financeReview!, row);
};

/** 删除草稿: the caller's own 报销/借支 while a draft (0) or rejected (10); anything else is refused. */
const deleteFeeApplyMatter: Handler = async (ctx) => {
  requireSession(ctx);
  const id = Number(body(ctx).reviewId ?? body(ctx).id ?? ctx.query.reviewId);
  if (!id) throw badRequest('请选择要删除的事项', { field: 'reviewId' });
  await inTransaction(ctx.db, (trx) => deleteOwnDraft(wctx(ctx, trx), id));
  return null;
};

/** 撤销 on 个人财务管理: the applicant takes a 报销/借支 back from approval (5 → 0), to change or delete it. */
const withdrawProfileMatter: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const id = Number(body(ctx).reviewId ?? body(ctx).id);
  if (!id) throw badRequest('请选择要撤销的事项', { field: 'reviewId' });
  const row = await inTransaction(ctx.db, async (trx) => {
    const w = wctx(ctx, trx);
    const review = await lockParent(ctxOf(w), 'financeReview', id);
    if (!review) throw notFound('事项不存在');
    if (Number(review.applicantStaffId) !== session.staffId) throw new HttpError(403, '只能撤销本人申请的事项');
    if (![5, 6].includes(Number(review.matterType))) throw conflict('这里只能撤销报销或借支，其他资金事项请在合并管理中撤回');
    if (Number(review.auditState) !== 5) throw conflict('只有审批中的事项可以撤销；已通过未执行的事项请联系财务申请撤销');
    return runTransition(w, ctx.entities.financeReview!, id, 'withdraw', { values: {}, comment: body(ctx).comment ?? '申请人撤销' }, { system: true });
  });
  return present(ctx.entities.financeReview!, row);
};

/** One of the caller's own 报销/借支 with its lines (the detail of 个人财务管理). */
const profileMatterGet: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const id = Number(ctx.params.reviewId);
  const row = (await q.select('financeReview').selectAll().where('reviewId', '=', id).executeTakeFirst()) as Row | undefined;
  // finance reads every claim (合并管理, 资金管理); anyone else only their own
  const reader = hasPermission(session.permissions, LEDGER_READERS);
  if (!row || ![5, 6].includes(Number(row.matterType)) || (!reader && Number(row.applicantStaffId) !== session.staffId)) throw notFound('事项不存在');
  row.items = await q.select('financeReviewItem').selectAll().where('reviewId', '=', id).orderBy('reviewItemId').execute();
  return present(ctx.entities.financeReview!, row);
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
  'mattersMerge.pettyCashLedger': pettyCashLedger,
  'mattersMerge.statProfileMatter': statProfileMatter,
  'mattersMerge.profileFinanceManageData': profileFinanceManageData,
  'mattersMerge.batchProjectFee': batchProjectFee,
  'mattersMerge.pettyCashApply': pettyCashApply,
  'mattersMerge.deleteFeeApplyMatter': deleteFeeApplyMatter,
  'mattersMerge.withdrawProfileMatter': withdrawProfileMatter,
  'mattersMerge.profileMatterGet': profileMatterGet,
};
