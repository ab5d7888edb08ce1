/**
 * 6 个体司机收入: a confirmed income (5 已确认) is paid by the type-7 matter its confirmation made,
 * through the 网货平台; execution adds to 已付金额 up to 实付金额.
 */
import { conflict, notFound } from '../../../http/errors';
import { lockParent } from '../../../crud/quantity';
import { fromCents, toCents } from '../money';
import type { TargetModule } from './types';

export const driverIncomeTarget: TargetModule = {
  targetType: 6,
  title: '个体司机收入',
  pickField: 'incomeId',
  entity: 'driverIncome',
  executionInDone: true,
  matterTypes: [7],
  async lock(ctx, id) {
    const row = await lockParent(ctx, 'driverIncome', id);
    if (!row) throw notFound(`收入 ${id} 不存在`);
    if (Number(row.confirmStatus) !== 5) throw conflict(`收入 ${row.incomeNo} 尚未确认`);
    return { limit: toCents(row.netAmount), done: toCents(row.paidAmount), row, label: `${row.incomeNo} ${row.payeeName} ${row.period}`, counterparty: row.payeeName ?? null, projectId: row.projectId ?? null };
  },
  async reserve(ctx, id, reviewId) {
    await ctx.q.update('driverIncome').set({ reviewId }).where('incomeId', '=', id).execute();
  },
  async release(ctx, id, reviewId) {
    await ctx.q.update('driverIncome').set({ reviewId: null }).where('incomeId', '=', id).where('reviewId', '=', reviewId).execute();
  },
  async apply(ctx, id, _matterType, delta) {
    const row = await ctx.q.get('driverIncome', id);
    await ctx.q.update('driverIncome').set({ paidAmount: fromCents(toCents(row?.paidAmount) + delta) }).where('incomeId', '=', id).execute();
  },
  async candidates(ctx, _matterType, filter) {
    let q = ctx.q.select('driverIncome').selectAll().where('confirmStatus', '=', 5).where('reviewId', 'is', null);
    if (filter.keyword) q = q.where('payeeName', 'like', `%${filter.keyword}%`);
    return (await q.orderBy('incomeId').limit(500).execute()).map((r: any) => ({
      targetType: 6, targetId: r.incomeId, incomeId: r.incomeId, label: `${r.incomeNo} ${r.payeeName} ${r.period}`, counterpartyName: r.payeeName,
      projectId: r.projectId, amount: r.netAmount, openAmount: fromCents(toCents(r.netAmount) - toCents(r.paidAmount)) }));
  },
};
