/**
 * 7 网货平台运单 (platformWaybill, 资金流水管理): an uploaded waybill (1 已上传) is paid to its
 * platform — freight plus the platform's service fee — by a 批量付款 matter (type 1, 网货平台).
 * A submitted matter holds it through its reviewId; deletion or cancellation gives it back; the
 * execution that completes its item marks it 2 已支付.
 */
import { conflict, notFound } from '../../../http/errors';
import { lockParent } from '../../../crud/quantity';
import { fromCents, toCents } from '../money';
import type { TargetModule } from './types';
import { nodesPaidDirectly, settleNodesPaidViaPlatform } from '../../platform-freight';

export const platformWaybillTarget: TargetModule = {
  targetType: 7,
  title: '网货平台运单',
  pickField: 'waybillId',
  entity: 'platformWaybill',
  executionInDone: true,
  matterTypes: [1],
  async lock(ctx, id) {
    const row = await lockParent(ctx, 'platformWaybill', id);
    if (!row) throw notFound(`网货平台运单 ${id} 不存在`);
    if (Number(row.platformStatus) !== 1) throw conflict(`运单 ${row.platformWaybillNo} 不是已上传状态，不能付款`);
    if (await nodesPaidDirectly(ctx.q, row.scheduleId)) throw conflict(`运单 ${row.platformWaybillNo} 的调度单已按支付节点付款或在付款事项中，不能再经网货平台付款`);
    return {
      limit: toCents(row.payAmount), done: toCents(row.paidAmount), row,
      label: `${row.platformWaybillNo} ${row.truckLicensePlate ?? ''} ${row.driverName ?? ''}`.trim(),
      counterparty: null, projectId: row.projectId ?? null,
    };
  },
  async reserve(ctx, id, reviewId) {
    await ctx.q.update('platformWaybill').set({ reviewId }).where('waybillId', '=', id).execute();
  },
  async release(ctx, id, reviewId) {
    await ctx.q.update('platformWaybill').set({ reviewId: null }).where('waybillId', '=', id).where('reviewId', '=', reviewId).execute();
  },
  async apply(ctx, id, _matterType, delta, complete) {
    const row = await ctx.q.get('platformWaybill', id);
    await ctx.q.update('platformWaybill').set({ paidAmount: fromCents(toCents(row?.paidAmount) + delta) }).where('waybillId', '=', id).execute();
    if (complete) {
      await ctx.transition('platformWaybill', id, 'pay', { comment: '资金事项执行完毕', ifAllowed: true });
      await settleNodesPaidViaPlatform(ctx, row?.scheduleId);
    }
  },
  async candidates(ctx, _matterType, filter) {
    let q = ctx.q.select('platformWaybill').selectAll().where('platformStatus', '=', 1).where('reviewId', 'is', null);
    if (filter.keyword) q = q.where('platformWaybillNo', 'like', `%${filter.keyword}%`);
    if (filter.projectId) q = q.where('projectId', '=', filter.projectId);
    return (await q.orderBy('waybillId').limit(500).execute()).map((r: any) => ({
      targetType: 7, targetId: r.waybillId, waybillId: r.waybillId, label: `${r.platformWaybillNo} ${r.truckLicensePlate ?? ''} ${r.driverName ?? ''}`.trim(),
      counterpartyName: null, projectId: r.projectId, amount: r.payAmount, openAmount: fromCents(toCents(r.payAmount) - toCents(r.paidAmount)) }));
  },
};
