/**
 * Manual review decisions (DOMAIN §4.1): passing makes the truck or driver 2 已认证 (人工审核);
 * rejecting keeps it 3 认证失败 with the reason, and tells the supplier's manager.
 */
import { sql } from 'kysely';
import { defineHooks } from '../types';
import { badRequest } from '../../http/errors';
import { EVENT_AUTH, REVIEW_TYPE } from '../../resources/verify';

const SUBJECT: Record<number, 'platformTruck' | 'driver'> = { [REVIEW_TYPE.truck]: 'platformTruck', [REVIEW_TYPE.driver]: 'driver' };

export const manualReviewHooks = defineHooks('manualReview', {
  beforeTransition: {
    reject(_ctx, _row, input) {
      const reason = input.values.rejectReason;
      if (typeof reason !== 'string' || !reason.trim()) throw badRequest('驳回原因不能为空', { field: 'rejectReason' });
    },
  },
  afterTransition: {
    async '*'(ctx, row) {
      await ctx.q.update('manualReview').set({ reviewerStaffId: ctx.session?.staffId ?? null, reviewedAt: sql`now()` })
        .where('manualReviewId', '=', row.manualReviewId).execute();
    },
    async pass(ctx, row) {
      const kind = SUBJECT[Number(row.reviewType)];
      if (!kind) return;
      const done = await ctx.transition(kind, Number(row.subjectId), 'manualPass', { ifAllowed: true, comment: '人工审核通过' });
      if (done) await ctx.q.update(kind).set({ authSource: 2, authFailReason: null }).where(ctx.q.entity(kind).idField, '=', Number(row.subjectId)).execute();
    },
    async reject(ctx, row) {
      const kind = SUBJECT[Number(row.reviewType)];
      if (kind) {
        await ctx.q.update(kind).set({ authFailReason: `人工审核驳回：${row.rejectReason ?? ''}`.slice(0, 200) })
          .where(ctx.q.entity(kind).idField, '=', Number(row.subjectId)).execute();
      }
      if (row.supplierId) {
        const s = await ctx.q.get('supplier', Number(row.supplierId));
        if (s?.managerStaffId) {
          await ctx.notify({
            recipients: [Number(s.managerStaffId)], eventType: EVENT_AUTH, eventSubjectId: Number(row.subjectId), daily: true,
            message: `「${row.subjectName ?? ''}」的认证被驳回：${row.rejectReason ?? ''}，请通知供应商${s.name}补充证照`,
          });
        }
      }
    },
  },
});
