/**
 * 资金事项 (financeReview) state rules a definition can't state (DOMAIN §4.3): an approved matter
 * waits for the cashier (executeStatus 0, a 日常事项 to the holders of 财务:资金事项:执行); only the
 * applicant withdraws; 申请撤销 only before any execution, and once approved it gives back what
 * the matter held. Applying, executing and deleting are in server/finance/matters/core.ts.
 */
import { defineHooks } from '../types';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { hasPermission } from '../../../schemas/src/permission';
import { permissionHolders } from '../../crud/approval';
import { APPLY_PERMISSION, MATTER_TITLE, createRedFlush, releaseRedOriginal, releaseTargets } from '../../finance/matters/core';
import { yuan, toCents } from '../../finance/matters/money';

type Row = Record<string, any>;

function isApplicantOrHolder(ctx: { session: { staffId: number; permissions: string[] } | null }, row: Row): boolean {
  if (!ctx.session) return false;
  if (Number(row.applicantStaffId) === ctx.session.staffId) return true;
  const p = APPLY_PERMISSION[Number(row.matterType)];
  return Boolean(p && hasPermission(ctx.session.permissions, p));
}

export const financeReviewHooks = defineHooks('financeReview', {
  beforeTransition: {
    withdraw(ctx, row) {
      if (!ctx.system && Number(row.applicantStaffId) !== ctx.session?.staffId) throw new HttpError(403, '只有申请人可以撤回该事项');
    },
    /** A red matter rejected or withdrawn gave its original invoice back: it is not submitted again (a new 红冲 starts from the original). */
    async submit(ctx, row) {
      if (!row.redFlush || !row.originalReviewId) return;
      const original = await ctx.q.get('financeReview', Number(row.originalReviewId));
      if (!original || Number(original.redReviewId) !== Number(row.reviewId)) {
        throw conflict('该红冲事项已被驳回或撤回，原发票已恢复为已开票；如需红冲，请在原发票上重新发起红冲');
      }
    },
    applyCancel(ctx, row) {
      if (Number(row.auditState) !== 15) throw conflict('只有审核通过的事项可以申请撤销');
      if (Number(row.executeStatus ?? 0) !== 0) throw conflict('事项已执行，不能撤销');
      if (!ctx.system && !isApplicantOrHolder(ctx as any, row)) throw new HttpError(403, '只有申请人或经办会计可以申请撤销');
    },
    /** 红冲 only an issued invoice of an 申请开票 matter, never a red one; the row is locked and at 未红冲 (the transition's from). */
    redFlush(ctx, row, input) {
      if (Number(row.matterType) !== 4) throw conflict('只有申请开票事项的发票可以红冲');
      if (row.redFlush) throw conflict('红字发票不能再红冲');
      if (Number(row.executeStatus ?? 0) !== 10 || !row.issuedInvoiceNo) throw conflict('发票尚未开具，不能红冲；未开具的请撤回或申请撤销');
      const no = String(input.values.redInfoNo ?? '').trim();
      if (!/^\d{20}$/.test(no)) throw badRequest('红字发票信息确认单编号应为20位数字', { field: 'redInfoNo' });
      input.values.redInfoNo = no;
    },
  },
  onRejected: {
    /** A red matter rejected: the original invoice is 已开票 again (the red matter stays, rejected, for the record). */
    async submit(ctx, row) {
      await releaseRedOriginal(ctx, row, '已被驳回');
    },
  },
  afterTransition: {
    async submit(ctx, row) {
      await ctx.q.update('financeReview').set({ executeStatus: 0 }).where('reviewId', '=', Number(row.reviewId)).execute();
      if (!ctx.session) return;
      const cashiers = await permissionHolders(ctx.db, ctx.session.orgId, '财务:资金事项:执行');
      if (cashiers.length) {
        await ctx.notify({ recipients: cashiers, daily: true, eventType: 10, eventSubjectId: Number(row.reviewId),
          message: `${MATTER_TITLE[Number(row.matterType)]}「${row.reviewNo}」${yuan(toCents(row.totalAmount))} 元已审核通过，待执行` });
      }
    },
    async applyCancel(ctx, row) {
      await releaseTargets(ctx, row);
    },
    /** A red matter withdrawn from its approval: the original invoice is 已开票 again. */
    async withdraw(ctx, row) {
      if (await releaseRedOriginal(ctx, row, '已撤回')) ctx.say('红冲申请已撤回，原发票已恢复为已开票，可重新红冲');
    },
    async redFlush(ctx, row, _prev, input) {
      const red = await createRedFlush(ctx, row, { redInfoNo: String(input.values.redInfoNo), redReason: (input.values.redReason as string | undefined) ?? null });
      ctx.say(`已生成红冲开票事项「${red.reviewNo}」，审批通过后由出纳开具红字发票`);
    },
  },
});
