/**
 * 5 备用金: a staff member's petty-cash account (targetId = staffId). A type-6 借支 matter holds
 * the applicant's own account; executing it raises the balance. A type-5 报销 may offset the
 * balance (pettyCashOffset), counted once the 报销 is executed in full (DOMAIN §3.6: balance = Σ
 * executed 借支 − pettyCashOffset of executed 报销). The balance is derived from the matters, never
 * stored, so a deleted or cancelled matter can't leave a stale figure behind.
 */
import { sql } from 'kysely';
import { badRequest, conflict, notFound, HttpError } from '../../../http/errors';
import { lockParent } from '../../../crud/quantity';
import { fromCents, toCents, yuan } from '../money';
import type { MatterCtx, TargetModule } from './types';

/** what one 借支 may ask for at most; a bigger loan is no petty cash (and passes the 总经理's node anyway) */
const MAX_LOAN = 500_000_00;

type Row = Record<string, any>;

export interface PettyCash { borrowed: number; offset: number; balance: number; heldOffset: number }

/** The person's petty-cash figures in cents: borrowed (executed 借支), offset (executed 报销), offsets held by live 报销. */
export async function pettyCashOf(ctx: Pick<MatterCtx, 'q'>, staffId: number, exceptReviewId: number | null = null): Promise<PettyCash> {
  const b = (await ctx.q.select('financeReviewItem').innerJoin('financeReview as r', 'r.reviewId', 'financeReviewItem.reviewId')
    .where('financeReviewItem.targetType', '=', 5).where('financeReviewItem.targetId', '=', staffId).where('r.matterType', '=', 6)
    .select(sql<string>`coalesce(sum(finance_review_item.executed_amount), 0)`.as('v')).executeTakeFirst()) as { v: string } | undefined;
  const o = (await ctx.q.select('financeReview').where('matterType', '=', 5).where('applicantStaffId', '=', staffId).where('executeStatus', '=', 10)
    .select(sql<string>`coalesce(sum(petty_cash_offset), 0)`.as('v')).executeTakeFirst()) as { v: string } | undefined;
  let held = ctx.q.select('financeReview').where('matterType', '=', 5).where('applicantStaffId', '=', staffId)
    .where('auditState', 'in', [5, 15]).where('cancelState', '<>', 15).where(sql<boolean>`coalesce(execute_status, 0) <> 10`);
  if (exceptReviewId) held = held.where('reviewId', '<>', exceptReviewId);
  const h = (await held.select(sql<string>`coalesce(sum(petty_cash_offset), 0)`.as('v')).executeTakeFirst()) as { v: string } | undefined;
  const borrowed = toCents(String(b?.v ?? '0'));
  const offset = toCents(String(o?.v ?? '0'));
  return { borrowed, offset, balance: borrowed - offset, heldOffset: toCents(String(h?.v ?? '0')) };
}

export const pettyCashTarget: TargetModule = {
  targetType: 5,
  title: '备用金',
  pickField: 'pettyCashStaffId',
  entity: 'staff',
  executionInDone: true,
  amountRequired: true,
  matterTypes: [6],
  async lock(ctx, id) {
    const row = await lockParent(ctx, 'staff', id);
    if (!row) throw notFound('员工不存在');
    return { limit: MAX_LOAN, done: 0, row, label: `备用金借支 ${row.name}`, counterparty: String(row.name), projectId: null };
  },
  async checkMatter(ctx, _matterType, body) {
    // One's own account only: a loan is paid to its applicant (the cashier executes it later under their own session).
    const lines = Array.isArray(body.items) ? (body.items as Row[]) : [];
    if (lines.some((l) => Number(l.pettyCashStaffId ?? l.targetId) !== ctx.session?.staffId)) throw new HttpError(403, '只能为本人申请借支');
    if (!body.expectedReturnDate) throw badRequest('请选择预计归还日期', { field: 'expectedReturnDate' });
    return { payeeName: body.payeeName ?? null };
  },
  async apply() {
    // The balance is Σ executed 借支 lines (financeReviewItem.executedAmount, kept by the core).
  },
  async candidates() {
    return [];
  },
};

/** 报销 rule: the offset is the applicant's own balance, not beyond what other live 报销 already offset, and not beyond the 报销. */
export async function checkOffset(ctx: MatterCtx, body: Row, totalCents: number, reviewId: number | null): Promise<Row> {
  const offset = toCents(body.pettyCashOffset ?? 0, 'pettyCashOffset', '冲抵备用金');
  if (offset < 0) throw badRequest('冲抵备用金不能为负数', { field: 'pettyCashOffset' });
  if (offset > totalCents) throw badRequest(`冲抵备用金 ${yuan(offset)} 元超出报销金额 ${yuan(totalCents)} 元`, { field: 'pettyCashOffset' });
  if (offset > 0) {
    if (!ctx.session) throw new HttpError(403, '未登录');
    const pc = await pettyCashOf(ctx, ctx.session.staffId, reviewId);
    const open = pc.balance - pc.heldOffset;
    if (offset > open) throw conflict(`冲抵备用金 ${yuan(offset)} 元超出借支余额 ${yuan(Math.max(0, open))} 元`);
  }
  return { pettyCashOffset: fromCents(offset) };
}
