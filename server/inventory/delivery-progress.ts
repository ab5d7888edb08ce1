/**
 * 出库 side of the work order (DOMAIN §4.4 workOrder 15 → 20 → 25) and of 签收 (delivery 10 → 15 /
 * 20): each work-order line's 已发件数 is recounted from the lines of its deliveries that are not
 * 作废 — never incremented — and the order moves to 发运中 at its first delivery and to 已完成 once
 * every line has its planned pieces out and every delivery is 已签收 (back to 发运中 should a 作废
 * take pieces away again).
 */
import { lockParent } from '../crud/quantity';
import type { HookContext } from '../hooks/types';
import { WORK_ORDER, recountLines } from './work-order-progress';

export const DELIVERY = { cancelled: 5, out: 10, partial: 15, signed: 20 } as const;
export const DELIVERY_TYPE = { workOrder: 1, additional: 2, transship: 3, other: 4 } as const;

type Row = Record<string, any>;

export async function syncWorkOrderDelivery(ctx: HookContext, workOrderId: unknown): Promise<void> {
  const id = Number(workOrderId);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  const order = await lockParent(ctx, 'workOrder', id);
  if (!order) return;
  const orgId = Number(order.orgId);
  await recountLines(ctx, id, orgId, { field: 'deliveredQty', doc: 'delivery', docKey: 'deliveryId', lines: 'deliveryItem', status: ['<>', DELIVERY.cancelled] });
  const lines = (await ctx.q.select('workOrderItem').select(['planQty', 'deliveredQty']).where('workOrderItem.workOrderId', '=', id).execute()) as Row[];
  const delivered = lines.reduce((s, l) => s + Number(l.deliveredQty ?? 0), 0);
  const open = await ctx.q.select('delivery').select('delivery.deliveryId')
    .where('delivery.workOrderId', '=', id).where('delivery.status', 'in', [DELIVERY.out, DELIVERY.partial]).limit(1).executeTakeFirst();
  const done = lines.length > 0 && lines.every((l) => Number(l.deliveredQty ?? 0) >= Number(l.planQty ?? 0)) && !open;
  let status = Number(order.status);
  if ((status === WORK_ORDER.receiving || status === WORK_ORDER.complete) && delivered > 0) {
    await ctx.transition('workOrder', id, 'startShipping', { ifAllowed: true });
    status = WORK_ORDER.shipping;
  }
  if (status === WORK_ORDER.shipping && done) await ctx.transition('workOrder', id, 'finishShipping', { ifAllowed: true });
  else if (status === WORK_ORDER.done && !done) await ctx.transition('workOrder', id, 'reopenShipping', { ifAllowed: true });
}
