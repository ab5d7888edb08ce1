/**
 * 运费支付节点 (DOMAIN §3.2 schedulePayment): 0 条件未满足 → 5 可申请 (by the schedule's steps)
 * → 10 审批中 (申请付款) → 15 已支付; a payment recorded also counts as paid on the truck's freight
 * cost item, so the project's 应付余额 follows.
 */
import { sql } from 'kysely';
import { defineHooks } from '../types';
import { assertProjectOpen, refreshProjectTotals } from '../../project/common';
import { blank, nowIso } from '../../dispatch/common';

export const schedulePaymentHooks = defineHooks('schedulePayment', {
  beforeTransition: {
    async apply(ctx, row) {
      await assertProjectOpen(ctx.q, row.projectId);
    },
    pay(ctx, row, input) {
      void row;
      if (blank(input.values.paidAt)) input.values.paidAt = nowIso();
    },
  },
  afterTransition: {
    async pay(ctx, row) {
      const paid = (await ctx.q.select('schedulePayment').select(sql<string>`coalesce(sum(amount), 0)`.as('paid'))
        .where('scheduleId', '=', Number(row.scheduleId)).where('payNodeStatus', '=', 15).executeTakeFirstOrThrow()) as { paid: string };
      await ctx.q.update('costItem').set({ paidAmount: paid.paid }).where('scheduleId', '=', Number(row.scheduleId)).where('source', '=', 1).where('itemStatus', '=', 10).execute();
      await refreshProjectTotals(ctx.q, row.projectId);
    },
  },
});
