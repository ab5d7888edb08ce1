/**
 * 运费支付节点 (DOMAIN §3.2 schedulePayment): 0 条件未满足 → 5 可申请 (by the schedule's steps)
 * → 10 审批中 (申请付款, or taken into a 批量付款 资金事项) → 15 已支付 (the matter executed, never by hand); a payment recorded also counts as paid on the truck's freight
 * cost item, so the project's 应付余额 follows.
 */
import { lockParent, total } from '../../crud/quantity';
import { defineHooks } from '../types';
import { conflict } from '../../http/errors';
import { assertProjectOpen, refreshProjectTotals } from '../../project/common';
import { blank, nowIso } from '../../dispatch/common';
import { refuseNodeOfPlatformSchedule } from '../../finance/platform-freight';

export const schedulePaymentHooks = defineHooks('schedulePayment', {
  beforeTransition: {
    async apply(ctx, row) {
      await assertProjectOpen(ctx.q, row.projectId);
      // a person's 申请付款; the platform's own payment settles these nodes as the system
      if (!ctx.system) await refuseNodeOfPlatformSchedule(ctx.q, row);
    },
    withdraw(ctx, row) {
      // A node inside a 资金事项 comes back only with the matter (撤回删除 / 撤销).
      if (!ctx.system && row.reviewId) throw conflict('该支付节点已纳入资金事项，请先撤回或撤销该资金事项');
    },
    pay(ctx, row, input) {
      void row;
      if (blank(input.values.paidAt)) input.values.paidAt = nowIso();
    },
  },
  afterTransition: {
    async pay(ctx, row) {
      // The schedule locked, its paid nodes summed afresh: two nodes paid at once both count.
      await lockParent(ctx, 'transportSchedule', row.scheduleId);
      const paid = await total(ctx, row.scheduleId, { entity: 'schedulePayment', key: 'scheduleId', agg: { sum: 'amount' }, where: { payNodeStatus: 15 } });
      await ctx.q.update('costItem').set({ paidAmount: paid }).where('scheduleId', '=', Number(row.scheduleId)).where('source', '=', 1).where('itemStatus', '=', 10).execute();
      await refreshProjectTotals(ctx.q, row.projectId);
    },
  },
});
