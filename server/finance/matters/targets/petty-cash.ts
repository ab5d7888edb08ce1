/**
 * 5 备用金: a staff member's petty-cash account (targetId = staffId). A type-6 借支 matter holds
 * the applicant's own account; executing it raises the balance. A type-5 报销 may offset the
 * balance (pettyCashOffset), counted once the 报销 is executed in full, and a type-2 收款 line on
 * the account is a repayment (还款), counted as the cashier receives it (DOMAIN §3.6: balance = Σ
 * executed 借支 − pettyCashOffset of executed 报销 − executed repayments). The balance is derived
 * from the matters, never stored, so a deleted or cancelled matter can't leave a stale figure
 * behind. Offsets and repayments are checked under the staff row's lock against the balance less
 * what live offsets and repayments already hold, so together they never exceed what is owed.
 */
import { sql } from 'kysely';
import { badRequest, conflict, notFound, HttpError } from '../../../http/errors';
import { lockParent } from '../../../crud/quantity';
import { fromCents, toCents, yuan } from '../money';
import type { MatterCtx, TargetModule } from './types';

/** what one 借支 may ask for at most; a bigger loan is no petty cash (and passes the 总经理's node anyway) */
const MAX_LOAN = 500_000_00;

type Row = Record<string, any>;

export interface PettyCash { borrowed: number; offset: number; repaid: number; balance: number; heldOffset: number; heldRepay: number }

/** Σ of the person's account lines in matters of this type: executed, or what live ones still hold (cents). */
async function lines(ctx: Pick<MatterCtx, 'q'>, staffId: number, matterType: number, what: 'executed' | 'held', exceptReviewId: number | null = null): Promise<number> {
  let q = ctx.q.select('financeReviewItem').innerJoin('financeReview as r', 'r.reviewId', 'financeReviewItem.reviewId')
    .where('financeReviewItem.targetType', '=', 5).where('financeReviewItem.targetId', '=', staffId).where('r.matterType', '=', matterType);
  if (what === 'held') q = q.where('r.cancelState', '<>', 15).where('r.auditState', 'in', [0, 5, 10, 15]);
  if (exceptReviewId) q = q.where('r.reviewId', '<>', exceptReviewId);
  const expr = what === 'executed'
    ? sql<string>`coalesce(sum(finance_review_item.executed_amount), 0)`
    : sql<string>`coalesce(sum(finance_review_item.amount - coalesce(finance_review_item.executed_amount, 0)), 0)`;
  const r = (await q.select(expr.as('v')).executeTakeFirst()) as { v: string } | undefined;
  return toCents(String(r?.v ?? '0'));
}

/** The person's petty-cash figures in cents: borrowed (executed 借支), offset (executed 报销), repaid (executed 还款), what live 报销 offsets and 还款 hold. */
export async function pettyCashOf(ctx: Pick<MatterCtx, 'q'>, staffId: number, exceptReviewId: number | null = null): Promise<PettyCash> {
  const borrowedCents = await lines(ctx, staffId, 6, 'executed');
  const repaid = await lines(ctx, staffId, 2, 'executed');
  const heldRepay = await lines(ctx, staffId, 2, 'held', exceptReviewId);
  const o = (await ctx.q.select('financeReview').where('matterType', '=', 5).where('applicantStaffId', '=', staffId).where('executeStatus', '=', 10)
    .select(sql<string>`coalesce(sum(petty_cash_offset), 0)`.as('v')).executeTakeFirst()) as { v: string } | undefined;
  let held = ctx.q.select('financeReview').where('matterType', '=', 5).where('applicantStaffId', '=', staffId)
    .where('auditState', 'in', [5, 15]).where('cancelState', '<>', 15).where(sql<boolean>`coalesce(execute_status, 0) <> 10`);
  if (exceptReviewId) held = held.where('reviewId', '<>', exceptReviewId);
  const h = (await held.select(sql<string>`coalesce(sum(petty_cash_offset), 0)`.as('v')).executeTakeFirst()) as { v: string } | undefined;
  const borrowed = borrowedCents;
  const offset = toCents(String(o?.v ?? '0'));
  return { borrowed, offset, repaid, balance: borrowed - offset - repaid, heldOffset: toCents(String(h?.v ?? '0')), heldRepay };
}

export const pettyCashTarget: TargetModule = {
  targetType: 5,
  title: '备用金',
  pickField: 'pettyCashStaffId',
  entity: 'staff',
  executionInDone: true,
  amountRequired: true,
  matterTypes: [6, 2],
  async lock(ctx, id, matterType) {
    const row = await lockParent(ctx, 'staff', id);
    if (!row) throw notFound('员工不存在');
    if (matterType === 2) {
      // 还款: at most what is owed less the offsets live 报销 hold; the core takes off live 还款 (pendingOn).
      const pc = await pettyCashOf(ctx, id);
      return { limit: pc.balance - pc.heldOffset, done: 0, row, label: `${row.name} 借支余额`, counterparty: String(row.name), projectId: null };
    }
    return { limit: MAX_LOAN, done: 0, row, label: `备用金借支 ${row.name}`, counterparty: String(row.name), projectId: null };
  },
  async checkMatter(ctx, matterType, body) {
    if (matterType !== 6) return;
    // One's own account only: a loan is paid to its applicant (the cashier executes it later under their own session).
    const lines = Array.isArray(body.items) ? (body.items as Row[]) : [];
    if (lines.some((l) => Number(l.pettyCashStaffId ?? l.targetId) !== ctx.session?.staffId)) throw new HttpError(403, '只能为本人申请借支');
    if (!body.expectedReturnDate) throw badRequest('请选择预计归还日期', { field: 'expectedReturnDate' });
    return { payeeName: body.payeeName ?? null };
  },
  async apply() {
    // The balance is Σ executed 借支 lines (financeReviewItem.executedAmount, kept by the core).
  },
  /** 还款 candidates: who owes petty cash (the core takes off what live 还款 hold). */
  async candidates(ctx, matterType, filter) {
    if (matterType !== 2) return [];
    const q = ctx.q.select('financeReviewItem').innerJoin('financeReview as r', 'r.reviewId', 'financeReviewItem.reviewId')
      .where('financeReviewItem.targetType', '=', 5).where('r.matterType', '=', 6).where(sql<boolean>`finance_review_item.executed_amount > 0`)
      .select('financeReviewItem.targetId').distinct();
    const ids = ((await q.execute()) as Row[]).map((r) => Number(r.targetId));
    if (!ids.length) return [];
    let staff = ctx.q.select('staff').select(['staffId', 'name']).where('staffId', 'in', ids);
    if (filter.keyword) staff = staff.where('name', 'like', `%${filter.keyword}%`);
    const out: Row[] = [];
    for (const s of (await staff.orderBy('staffId').execute()) as Row[]) {
      const pc = await pettyCashOf(ctx, Number(s.staffId));
      const open = pc.balance - pc.heldOffset;
      if (open > 0) out.push({ targetType: 5, targetId: s.staffId, pettyCashStaffId: s.staffId, label: `${s.name} 借支余额`, counterpartyName: s.name, projectId: null, amount: fromCents(pc.balance), openAmount: fromCents(open), taxRate: null });
    }
    return out;
  },
};

/** 报销 rule: the offset is the applicant's own balance, not beyond what other live 报销 already offset, and not beyond the 报销. */
export async function checkOffset(ctx: MatterCtx, body: Row, totalCents: number, reviewId: number | null): Promise<Row> {
  const offset = toCents(body.pettyCashOffset ?? 0, 'pettyCashOffset', '冲抵备用金');
  if (offset < 0) throw badRequest('冲抵备用金不能为负数', { field: 'pettyCashOffset' });
  if (offset > totalCents) throw badRequest(`冲抵备用金 ${yuan(offset)} 元超出报销金额 ${yuan(totalCents)} 元`, { field: 'pettyCashOffset' });
  if (offset > 0) {
    if (!ctx.session) throw new HttpError(403, '未登录');
    // the account's lock: a 还款 of the same person waits, so the two never take the same yuan
    await lockParent(ctx, 'staff', ctx.session.staffId);
    const pc = await pettyCashOf(ctx, ctx.session.staffId, reviewId);
    const open = pc.balance - pc.heldOffset - pc.heldRepay;
    if (offset > open) throw conflict(`冲抵备用金 ${yuan(offset)} 元超出借支余额 ${yuan(Math.max(0, open))} 元`);
  }
  return { pettyCashOffset: fromCents(offset) };
}
