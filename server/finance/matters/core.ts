/**
 * 资金事项 (financeReview) core, inside the caller's transaction: apply (create or resubmit a
 * rejected matter, its targets locked and their open amounts checked), execute (分次 allowed, the
 * matter row locked so two cashiers never pay it twice), delete a pending matter and release what
 * a deleted or cancelled matter held. Targets are the modules of ./targets, by targetType.
 */
import { sql } from 'kysely';
import { badRequest, conflict, notFound, HttpError } from '../../http/errors';
import { hasPermission } from '../../../schemas/src/permission';
import { lockParent } from '../../crud/quantity';
import type { HookContext } from '../../hooks/types';
import { fromCents, splitVat, toCents, yuan } from './money';
import { TARGETS, targetsFor } from './targets';
import type { TargetModule } from './targets/types';
import { checkReceivedInvoices, checkIssuedInvoiceNo } from './invoices';

type Row = Record<string, any>;

export const MATTER_TITLE: Record<number, string> = { 1: '批量付款', 2: '批量收款', 3: '批量收票', 4: '申请开票', 5: '项目费用', 6: '备用金借支', 7: '付款确认收入' };
/** who may apply for each type (types 5 and 6 are any staff member's own) */
export const APPLY_PERMISSION: Record<number, string | null> = { 1: '财务:资金事项:付款', 2: '财务:资金事项:收款', 3: '财务:资金事项:收票', 4: '财务:资金事项:开票', 5: null, 6: null, 7: null };
const VERB: Record<number, string> = { 1: '付', 2: '收', 3: '收票', 4: '开票', 7: '付' };
/** matter types whose execution moves money through one of our bank accounts */
const MONEY_TYPES = [1, 2, 5, 6, 7];
/** what only a 红冲 (createRedFlush) writes: an ordinary application never sets them */
const RED_FIELDS = ['redFlush', 'originalReviewId', 'originalInvoiceNo', 'redInfoNo', 'redReason', 'redFlushStatus', 'redReviewId'];
const PICK_FIELDS = ['paymentId', 'settleBillId', 'costItemId', 'incomeItemId', 'incomeId', 'waybillId', 'feeSubjectConfigId', 'pettyCashStaffId'] as const;

interface ItemInput { targetType: number; targetId: number; amount: number | null; remark: string | null; extra: Row }

function itemsOf(body: Row): ItemInput[] {
  const list = Array.isArray(body.items) ? (body.items as Row[]) : [];
  const out: ItemInput[] = [];
  list.forEach((it, i) => {
    let targetType = Number(it.targetType) || 0;
    let targetId = Number(it.targetId) || 0;
    for (const f of PICK_FIELDS) {
      if (it[f]) { targetId = Number(it[f]); targetType = Object.values(TARGETS).find((t) => t.pickField === f)!.targetType; }
    }
    if (!targetType || !targetId) throw badRequest(`事项明细第${i + 1}行：请选择付款/收款对象`, { field: 'items' });
    const amount = it.amount === null || it.amount === undefined || it.amount === '' ? null : toCents(it.amount, 'items', `事项明细第${i + 1}行：本次金额`);
    if (amount !== null && amount <= 0) throw badRequest(`事项明细第${i + 1}行：本次金额应大于0`, { field: 'items' });
    const module = TARGETS[targetType];
    if (module?.amountRequired && amount === null) throw badRequest(`事项明细第${i + 1}行：请输入金额`, { field: 'items' });
    const extra: Row = {};
    for (const f of module?.itemFields ?? []) if (it[f] !== undefined && it[f] !== '') extra[f] = it[f];
    out.push({ targetType, targetId, amount, remark: it.remark ? String(it.remark) : null, extra });
  });
  const single = out.filter((i) => !TARGETS[i.targetType]?.repeatable);
  const keys = new Set(single.map((i) => `${i.targetType}:${i.targetId}`));
  if (keys.size !== single.length) throw badRequest('同一对象不能在一个事项中出现两次', { field: 'items' });
  return out;
}

/** What live matters of this type still hold on the target (submitted, approved, not yet executed), in cents. */
export async function pendingOn(ctx: HookContext, module: TargetModule, targetId: number, matterType: number, exceptReviewId: number | null): Promise<number> {
  let q = ctx.q.select('financeReviewItem')
    .innerJoin('financeReview as r', 'r.reviewId', 'financeReviewItem.reviewId')
    .where('financeReviewItem.targetType', '=', module.targetType).where('financeReviewItem.targetId', '=', targetId)
    .where('r.matterType', '=', matterType).where('r.cancelState', '<>', 15)
    // a 红冲 matter gives an invoiced amount back; it holds nothing a new matter could take
    .where(sql<boolean>`coalesce(r.red_flush, false) = false`);
  if (exceptReviewId) q = q.where('r.reviewId', '<>', exceptReviewId);
  // A ledger's own column already counts what was executed; a payment node counts it here.
  const expr = module.executionInDone
    ? sql<string>`coalesce(sum(finance_review_item.amount - coalesce(finance_review_item.executed_amount, 0)), 0)`
    : sql<string>`coalesce(sum(finance_review_item.amount), 0)`;
  const r = (await q.select(expr.as('held')).executeTakeFirst()) as { held: string } | undefined;
  return toCents(String(r?.held ?? '0'));
}

export interface ApplyResult { review: Row; said: string[] }

/**
 * Creates the matter (or changes a rejected one of the applicant's) and submits it: approval by the
 * organisation's process template for the matter type, amount thresholds on the total.
 */
export async function applyMatter(ctx: HookContext, matterType: number, body: Row, opts: { system?: boolean } = {}): Promise<Row> {
  const session = ctx.session!;
  const permission = APPLY_PERMISSION[matterType];
  if (!opts.system && permission && !hasPermission(session.permissions, permission)) throw new HttpError(403, `没有${MATTER_TITLE[matterType]}的权限`);
  const reviewId = Number(body.reviewId) || null;
  let prev: Row | undefined;
  if (reviewId) {
    prev = await lockParent(ctx, 'financeReview', reviewId);
    if (!prev) throw notFound('资金事项不存在');
    if (Number(prev.matterType) !== matterType) throw badRequest('事项类型不符', { field: 'matterType' });
    if (Number(prev.applicantStaffId) !== session.staffId) throw new HttpError(403, '只有申请人可以修改该事项');
    if (![0, 10].includes(Number(prev.auditState))) throw conflict('只有待提交或已驳回的事项可以修改后重新提交');
    if (prev.redFlush) throw conflict('红冲事项不能修改，请撤回删除后在原发票上重新发起红冲');
  }
  const items = itemsOf(body);
  const hasTargets = targetsFor(matterType).length > 0;
  if (hasTargets && !items.length) throw badRequest('请至少选择一条明细', { field: 'items' });
  // Lock in one order (type, id) so two applications on the same targets queue instead of deadlocking.
  const ordered = [...items].sort((a, b) => a.targetType - b.targetType || a.targetId - b.targetId);
  const figures = new Map<ItemInput, { label: string; counterparty: string | null; projectId: number | null; amount: number; row: Row }>();
  for (const it of ordered) {
    const module = TARGETS[it.targetType];
    if (!module) throw badRequest(`暂不支持的事项对象类型：${it.targetType}`, { field: 'items' });
    if (!module.matterTypes.includes(matterType)) throw badRequest(`${MATTER_TITLE[matterType]}不能包含${module.title}`, { field: 'items' });
    const t = await module.lock(ctx, it.targetId, matterType);
    const held = await pendingOn(ctx, module, it.targetId, matterType, reviewId);
    const open = t.limit - t.done - held;
    const amount = it.amount ?? open;
    if (open <= 0) throw conflict(`${module.title}「${t.label}」已无未${VERB[matterType]}金额`);
    if (amount > open) throw conflict(`${module.title}「${t.label}」未${VERB[matterType]}金额 ${yuan(open)} 元，本次 ${yuan(amount)} 元超出`);
    figures.set(it, { label: t.label, counterparty: t.counterparty, projectId: Number(it.extra.projectId) || t.projectId, amount, row: t.row });
  }
  let total = items.reduce((s, it) => s + figures.get(it)!.amount, 0);
  if (!hasTargets) {
    total = toCents(body.totalAmount, 'totalAmount', '事项金额');
    if (total <= 0) throw badRequest('事项金额应大于0', { field: 'totalAmount' });
  }
  const parties = [...new Set([...figures.values()].map((f) => f.counterparty).filter(Boolean))] as string[];
  const counterpartyName = (body.counterpartyName && String(body.counterpartyName).trim()) || (parties.length > 3 ? `${parties.slice(0, 3).join('、')}等${parties.length}家` : parties.join('、')) || null;
  const projectIds = [...new Set([...figures.values()].map((f) => f.projectId).filter((p): p is number => Boolean(p)))];

  const extra: Row = {};
  if (matterType === 3) checkReceivedInvoices(body.invoices, total);
  if (matterType === 4) Object.assign(extra, await issueDetails(ctx, body, [...figures.values()]));
  for (const module of targetsFor(matterType)) Object.assign(extra, (await module.checkMatter?.(ctx, matterType, body, total, reviewId)) ?? {});

  const values: Row = { ...body, matterType, counterpartyName, title: body.title || `${MATTER_TITLE[matterType]}-${counterpartyName ?? ''}`.slice(0, 100) };
  for (const k of ['items', 'reviewId', 'version', 'matterType', ...RED_FIELDS]) delete values[k];
  values.matterType = matterType;
  let row = prev
    ? await ctx.update('financeReview', reviewId!, values)
    : await ctx.create('financeReview', values);
  const id = Number(row.reviewId);
  const staff = (await ctx.q.select('staff').select('depId').where('staffId', '=', session.staffId).executeTakeFirst()) as { depId: number | null } | undefined;
  await ctx.q.update('financeReview').set({
    totalAmount: fromCents(total), projectIds: JSON.stringify(projectIds), applicantStaffId: session.staffId, depId: staff?.depId ?? null,
    submittedAt: sql`now()`, executedAmount: '0.00', unexecutedAmount: fromCents(total), ...extra,
  }).where('reviewId', '=', id).execute();
  if (prev) {
    for (const old of (await ctx.q.select('financeReviewItem').selectAll().where('reviewId', '=', id).execute()) as Row[]) {
      await TARGETS[Number(old.targetType)]?.release?.(ctx, Number(old.targetId), id, matterType);
    }
    await ctx.q.delete('financeReviewItem').where('reviewId', '=', id).execute();
  }
  if (items.length) {
    await ctx.q.insert('financeReviewItem', items.map((it) => {
      const f = figures.get(it)!;
      const module = TARGETS[it.targetType]!;
      return { ...it.extra, reviewId: id, targetType: it.targetType, targetId: it.targetId, targetNo: f.label.slice(0, 100), [module.pickField]: it.targetId, amount: fromCents(f.amount), executedAmount: '0.00', remark: it.remark };
    }));
  }
  for (const it of ordered) await TARGETS[it.targetType]!.reserve?.(ctx, it.targetId, id, matterType);
  row = (await ctx.transition('financeReview', id, 'submit', { comment: body.comment ?? null }))!;
  return row;
}

/** 开票 details: buyer from the customer, VAT split per rate of the income items, transport fields in 备注 (types 1–3). */
async function issueDetails(ctx: HookContext, body: Row, figures: { amount: number; row: Row }[]): Promise<Row> {
  const byRate = new Map<number, number>();
  for (const f of figures) {
    const rate = Number(f.row.taxRate ?? 9);
    byRate.set(rate, (byRate.get(rate) ?? 0) + f.amount);
  }
  const vatLines = [...byRate].sort((a, b) => b[0] - a[0]).map(([rate, gross]) => {
    const { excl, tax } = splitVat(gross, rate);
    return { taxRate: rate, amount: fromCents(gross), amountExclTax: fromCents(excl), taxAmount: fromCents(tax) };
  });
  const out: Row = { vatLines: JSON.stringify(vatLines) };
  const customerIds = [...new Set(figures.map((f) => Number(f.row.customerId)).filter(Boolean))];
  if (customerIds.length > 1) throw badRequest('一张发票只能开给一个客户，请按客户分别申请', { field: 'items' });
  if (customerIds.length) {
    // Each buyer detail left blank comes from the customer's 开票信息 (what the user typed stands).
    const c = (await ctx.q.select('customer').selectAll().where('customerId', '=', customerIds[0]!).executeTakeFirst()) as Row | undefined;
    if (c) {
      const fill = (field: string, value: unknown) => { if (!body[field] && value) out[field] = value; };
      fill('buyerName', c.invoiceTitle || c.name);
      fill('buyerTaxNo', c.taxNo || c.creditCode);
      fill('buyerAddressPhone', c.invoiceAddress);
      fill('buyerBankAccount', [c.bankName, c.bankAccount].filter(Boolean).join(' '));
    }
  }
  if (!body.buyerName && !out.buyerName) throw badRequest('请填写购买方名称', { field: 'buyerName' });
  const invoiceType = Number(body.invoiceType ?? 0);
  if (!invoiceType) throw badRequest('请选择发票种类', { field: 'invoiceType' });
  const transport = [['起运地', body.fromPlace], ['到达地', body.toPlace], ['车种车号', body.vehicleInfo], ['货物', body.cargoName]].filter(([, v]) => v);
  // 数电票 carry these in the 货物运输服务 特定业务 fields; paper invoices in 备注.
  if (transport.length && invoiceType < 5) out.invoiceRemark = transport.map(([k, v]) => `${k}：${v}`).join('；').slice(0, 230);
  return out;
}

export interface ExecuteInput { reviewId: number; amount?: unknown; ourBankAccountId?: number; executedDate?: string; voucherNo?: string; issuedInvoiceNo?: string; remark?: string }

/** 执行 by the cashier: the matter row locked first, the amount within what is left, spread over the items in order. */
export async function executeMatter(ctx: HookContext, input: ExecuteInput, opts: { bankStatementId?: number } = {}): Promise<Row> {
  const review = await lockParent(ctx, 'financeReview', input.reviewId);
  if (!review) throw notFound('资金事项不存在');
  if (Number(review.auditState) !== 15) throw conflict('事项尚未审核通过，不能执行');
  if (Number(review.cancelState) !== 0) throw conflict('事项已申请撤销，不能执行');
  if (![0, 5].includes(Number(review.executeStatus))) throw conflict('事项已执行完毕');
  const matterType = Number(review.matterType);
  const total = toCents(review.totalAmount);
  const executed = toCents(review.executedAmount);
  const left = total - executed;
  const amount = input.amount === undefined || input.amount === null || input.amount === '' ? left : toCents(input.amount, 'amount', '本次执行金额');
  if (amount <= 0) throw badRequest('本次执行金额应大于0', { field: 'amount' });
  if (amount > left) throw conflict(`本次执行 ${yuan(amount)} 元超出未执行金额 ${yuan(left)} 元`);
  if (MONEY_TYPES.includes(matterType) && !input.ourBankAccountId) throw badRequest('请选择我方账户', { field: 'ourBankAccountId' });
  if (input.ourBankAccountId) {
    const acct = await ctx.q.get('bankAccount', Number(input.ourBankAccountId));
    if (!acct || acct.disabled) throw badRequest('我方账户不存在或已停用', { field: 'ourBankAccountId' });
  }
  const extra: Row = {};
  if (matterType === 4) {
    if (amount !== left) throw badRequest('开票须一次开具事项全部金额', { field: 'amount' });
    extra.issuedInvoiceNo = checkIssuedInvoiceNo(input.issuedInvoiceNo, Number(review.invoiceType));
    if (review.redFlush && extra.issuedInvoiceNo === review.originalInvoiceNo) throw badRequest('请填写红字发票的号码（不是原发票号码）', { field: 'issuedInvoiceNo' });
    extra.issuedAt = sql`now()`;
  }
  // Spread over the items in order, each to what it still lacks.
  const items = (await ctx.q.select('financeReviewItem').selectAll().where('reviewId', '=', review.reviewId).orderBy('reviewItemId').execute()) as Row[];
  let rest = amount;
  const sign = review.redFlush ? -1 : 1;
  for (const it of items) {
    if (rest <= 0) break;
    const lacks = toCents(it.amount) - toCents(it.executedAmount);
    if (lacks <= 0) continue;
    const delta = Math.min(lacks, rest);
    rest -= delta;
    const module = TARGETS[Number(it.targetType)];
    if (!module) throw conflict(`暂不支持的事项对象类型：${it.targetType}`);
    // A 红冲 gives back what was invoiced, whatever became of the item since (voided, in a bill): lock only.
    if (review.redFlush) await lockParent(ctx, module.entity, Number(it.targetId));
    else await module.lock(ctx, Number(it.targetId), matterType).catch((e) => {
      // A node paid or an item voided after approval: the cashier hears which.
      throw e instanceof HttpError ? new HttpError(409, `不能执行：${e.message}`) : e;
    });
    await ctx.q.update('financeReviewItem').set({ executedAmount: fromCents(toCents(it.executedAmount) + delta) }).where('reviewItemId', '=', it.reviewItemId).execute();
    await module.apply(ctx, Number(it.targetId), matterType, sign * delta, delta === lacks, { review, item: it });
  }
  const now = new Date().toISOString();
  const done = executed + amount;
  const executions = [...(Array.isArray(review.executions) ? review.executions : []), {
    at: now, date: input.executedDate ?? now.slice(0, 10), amount: fromCents(amount), ourBankAccountId: input.ourBankAccountId ?? null,
    voucherNo: input.voucherNo ?? null, staffId: ctx.session!.staffId, bankStatementId: opts.bankStatementId ?? null, remark: input.remark ?? null,
  }];
  const updated = (await ctx.q.update('financeReview').set({
    executedAmount: fromCents(done), unexecutedAmount: fromCents(total - done), executeAmount: fromCents(amount), executeDate: input.executedDate ?? now.slice(0, 10), executeStatus: done >= total ? 10 : 5, executedAt: sql`now()`, executions: JSON.stringify(executions),
    ourBankAccountId: input.ourBankAccountId ?? review.ourBankAccountId ?? null, voucherNo: input.voucherNo ?? review.voucherNo ?? null,
    ...(opts.bankStatementId ? { bankStatementId: opts.bankStatementId } : {}), ...extra,
    version: sql`version + 1`, updatedAt: sql`now()`, updatedBy: ctx.session!.staffId,
  }).where('reviewId', '=', review.reviewId).returningAll().executeTakeFirstOrThrow()) as Row;
  await ctx.q.insert('transitionLog', {
    entity: 'financeReview', subjectId: review.reviewId, field: 'executeStatus', transition: 'execute', title: done >= total ? '执行完毕' : '部分执行',
    fromState: review.executeStatus === null ? null : String(review.executeStatus), toState: String(updated.executeStatus),
    operatorStaffId: ctx.session!.staffId, comment: `本次${yuan(amount)}元${input.voucherNo ? `，流水号${input.voucherNo}` : ''}`,
  });
  if (done >= total && review.redFlush && review.originalReviewId) {
    await ctx.transition('financeReview', Number(review.originalReviewId), 'redFlushDone', { comment: `红字发票${updated.issuedInvoiceNo}（${review.reviewNo}）` });
  }
  if (done >= total && review.applicantStaffId) {
    await ctx.notify({ recipients: [Number(review.applicantStaffId)], message: `资金事项「${review.reviewNo}」已执行完毕（${yuan(total)} 元）`, eventType: 10, eventSubjectId: Number(review.reviewId) });
  }
  return updated;
}

/** Gives back what a matter held (deleted, cancelled); executed parts stay. */
export async function releaseTargets(ctx: HookContext, review: Row): Promise<void> {
  const items = (await ctx.q.select('financeReviewItem').selectAll().where('reviewId', '=', review.reviewId).orderBy('targetType').orderBy('targetId').execute()) as Row[];
  for (const it of items) await TARGETS[Number(it.targetType)]?.release?.(ctx, Number(it.targetId), Number(review.reviewId), Number(review.matterType));
  // A 红冲 matter withdrawn or cancelled: its original invoice may be red-flushed again.
  await releaseRedOriginal(ctx, review, '已撤回或撤销');
}

/**
 * A 红冲 matter that will not issue its red invoice (rejected, withdrawn, cancelled, deleted):
 * the original invoice goes back from 红冲中 to 已开票 (未红冲), so it can be red-flushed again.
 * Only while the original still waits for this red matter; anything else is left alone.
 */
export async function releaseRedOriginal(ctx: HookContext, review: Row, why: string): Promise<boolean> {
  if (!review.redFlush || !review.originalReviewId) return false;
  const originalId = Number(review.originalReviewId);
  const current = await ctx.q.get('financeReview', originalId);
  if (!current || Number(current.redReviewId) !== Number(review.reviewId)) return false;
  const original = await ctx.transition('financeReview', originalId, 'redFlushRelease', { ifAllowed: true, comment: `红冲事项${review.reviewNo}${why}` });
  if (!original) return false;
  await ctx.q.update('financeReview').set({ redReviewId: null }).where('reviewId', '=', originalId).execute();
  return true;
}

/**
 * 红冲 of an issued invoice (数电票 practice): a type-4 matter of the same buyer and targets with
 * redFlush set, its lines the amounts the original invoiced, the VAT lines negative (the red
 * invoice reads as a negative invoice); it goes through the 开票 approval and the cashier issues
 * it with the red invoice's number, which gives the invoiced amounts back (core execute, sign −1).
 * The original is locked and at 红冲中 (its transition) before this runs, so it happens once.
 */
export async function createRedFlush(ctx: HookContext, original: Row, input: { redInfoNo: string; redReason: string | null }): Promise<Row> {
  const session = ctx.session!;
  const lines = (await ctx.q.select('financeReviewItem').selectAll().where('reviewId', '=', original.reviewId).orderBy('reviewItemId').execute()) as Row[];
  const items = lines.filter((l) => toCents(l.executedAmount) > 0);
  const total = items.reduce((s, l) => s + toCents(l.executedAmount), 0);
  if (total <= 0) throw conflict('原发票没有已开票金额，无需红冲');
  const copy: Row = {};
  for (const f of ['invoiceType', 'taxConfigId', 'goodsName', 'buyerName', 'buyerTaxNo', 'buyerAddressPhone', 'buyerBankAccount', 'fromPlace', 'toPlace', 'vehicleInfo', 'cargoName', 'counterpartyName']) copy[f] = original[f] ?? null;
  let row = await ctx.create('financeReview', {
    ...copy, matterType: 4, title: `红冲-${original.title ?? original.reviewNo}`.slice(0, 100), redInfoNo: input.redInfoNo, redReason: input.redReason,
    remark: `红冲原发票${original.issuedInvoiceNo}（${original.reviewNo}）${input.redReason ? `：${input.redReason}` : ''}`.slice(0, 500),
  });
  const id = Number(row.reviewId);
  const vat = (Array.isArray(original.vatLines) ? original.vatLines : []) as Row[];
  const negate = (v: unknown) => fromCents(-toCents(v));
  const staff = (await ctx.q.select('staff').select('depId').where('staffId', '=', session.staffId).executeTakeFirst()) as { depId: number | null } | undefined;
  await ctx.q.update('financeReview').set({
    redFlush: true, originalReviewId: Number(original.reviewId), originalInvoiceNo: original.issuedInvoiceNo ?? null,
    totalAmount: fromCents(total), executedAmount: '0.00', unexecutedAmount: fromCents(total), projectIds: JSON.stringify(original.projectIds ?? []),
    applicantStaffId: session.staffId, depId: staff?.depId ?? null, submittedAt: sql`now()`, invoiceRemark: original.invoiceRemark ?? null,
    vatLines: JSON.stringify(vat.map((l) => ({ ...l, amount: negate(l.amount), amountExclTax: negate(l.amountExclTax), taxAmount: negate(l.taxAmount) }))),
  }).where('reviewId', '=', id).execute();
  const pick = (l: Row) => TARGETS[Number(l.targetType)]!.pickField;
  await ctx.q.insert('financeReviewItem', items.map((l) => ({
    reviewId: id, targetType: l.targetType, targetId: l.targetId, targetNo: l.targetNo, [pick(l)]: l.targetId, projectId: l.projectId ?? null,
    amount: l.executedAmount, executedAmount: '0.00', remark: `红冲 ${original.issuedInvoiceNo}`.slice(0, 200),
  })));
  await ctx.q.update('financeReview').set({ redReviewId: id }).where('reviewId', '=', Number(original.reviewId)).execute();
  row = (await ctx.transition('financeReview', id, 'submit', { comment: `红冲原发票${original.issuedInvoiceNo}` }))!;
  return row;
}
