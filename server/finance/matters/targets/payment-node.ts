/**
 * 1 运费支付节点 (schedulePayment): paid through 批量付款 only (replacing the manual 登记已付). A node
 * the project applied for (10) or may apply for (5) is taken whole or in part; a submitted matter
 * holds it at 10 审批中 with its reviewId, deletion or cancellation gives it back (5), and the
 * execution that completes its item pays it (15: the truck's freight cost item follows).
 */
import { conflict, notFound } from '../../../http/errors';
import { lockParent } from '../../../crud/quantity';
import { toCents } from '../money';
import type { TargetModule } from './types';
import { refuseNodeOfPlatformSchedule } from '../../platform-freight';

const PAY_NODE: Record<number, string> = { 1: '预付', 2: '油卡', 3: '到付', 4: '回单付', 5: '尾款调整' };

export const paymentNodeTarget: TargetModule = {
  targetType: 1,
  title: '运费支付节点',
  pickField: 'paymentId',
  entity: 'schedulePayment',
  executionInDone: false,
  matterTypes: [1],
  async lock(ctx, id) {
    const row = await lockParent(ctx, 'schedulePayment', id);
    if (!row) throw notFound(`运费支付节点 ${id} 不存在`);
    const status = Number(row.payNodeStatus);
    if (status === 15) throw conflict(`运费支付节点 ${row.truckLicensePlate ?? ''}${PAY_NODE[Number(row.payNode)] ?? ''} 已支付`);
    if (status !== 5 && status !== 10) throw conflict(`运费支付节点 ${row.truckLicensePlate ?? ''}${PAY_NODE[Number(row.payNode)] ?? ''} 付款条件未满足`);
    await refuseNodeOfPlatformSchedule(ctx.q, row);
    return {
      limit: toCents(row.amount), done: 0, row,
      label: `${row.truckLicensePlate ?? ''} ${PAY_NODE[Number(row.payNode)] ?? ''}`.trim(),
      counterparty: row.payeeName ?? null, projectId: row.projectId ?? null,
    };
  },
  async reserve(ctx, id, reviewId) {
    const row = await ctx.q.get('schedulePayment', id);
    if (Number(row?.payNodeStatus) === 5) await ctx.transition('schedulePayment', id, 'apply', { comment: '纳入资金事项' });
    await ctx.q.update('schedulePayment').set({ reviewId }).where('paymentId', '=', id).execute();
  },
  async release(ctx, id, reviewId) {
    const row = await ctx.q.get('schedulePayment', id);
    if (!row || Number(row.reviewId) !== reviewId) return;
    await ctx.q.update('schedulePayment').set({ reviewId: null }).where('paymentId', '=', id).execute();
    await ctx.transition('schedulePayment', id, 'withdraw', { comment: '资金事项已删除或撤销', ifAllowed: true });
  },
  async apply(ctx, id, _matterType, _delta, complete) {
    if (complete) await ctx.transition('schedulePayment', id, 'pay', { values: {}, comment: '资金事项执行付款' });
  },
  async candidates(ctx, _matterType, filter) {
    // nodes of schedules paid through a bill platform are paid there (platform-freight.ts)
    let q = ctx.q.select('schedulePayment').selectAll().where('payNodeStatus', 'in', [5, 10]).where('reviewId', 'is', null)
      .where((eb: any) => eb.not(eb.exists(ctx.q.select('transportSchedule').select('scheduleId')
        .whereRef('transportSchedule.scheduleId', '=', 'schedulePayment.scheduleId').where('carrierType', '=', 3).where('billPlatformId', 'is not', null))));
    if (filter.projectId) q = q.where('projectId', '=', filter.projectId);
    if (filter.keyword) q = q.where((eb: any) => eb.or([eb('payeeName', 'like', `%${filter.keyword}%`), eb('truckLicensePlate', 'like', `%${filter.keyword}%`)]));
    return (await q.orderBy('paymentId').limit(500).execute()).map((r: any) => ({
      targetType: 1, targetId: r.paymentId, paymentId: r.paymentId, label: `${r.truckLicensePlate ?? ''} ${PAY_NODE[Number(r.payNode)] ?? ''}`.trim(),
      counterpartyName: r.payeeName, projectId: r.projectId, amount: r.amount, openAmount: r.amount, status: r.payNodeStatus,
    }));
  },
};
