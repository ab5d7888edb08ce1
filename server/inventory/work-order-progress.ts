/**
 * 工单到货进度 (DOMAIN §4.4 workOrder 5 → 10 → 15): each line's 已到件数 is recounted from the
 * accepted (验收入库) in-storage lines of the work order — never incremented — then the totals,
 * 到货率 (Σ min(已到, 计划) ÷ Σ 计划) and the automatic state: 已下达 → 收货中 at the first piece,
 * 收货中 → 已齐套 once every line has its planned pieces, and back to 收货中 should a 作废 take
 * pieces away again. The work order is locked first, so two acceptances of one order queue.
 */
import { sql } from 'kysely';
import { lockParent } from '../crud/quantity';
import type { HookContext } from '../hooks/types';

export const WORK_ORDER = { draft: 0, released: 5, receiving: 10, complete: 15, shipping: 20, done: 25, closed: 30 } as const;
export const IN_STORAGE = { draft: 0, submitted: 5, accepted: 10, void: 15 } as const;

type Row = Record<string, any>;

/**
 * One work-order figure per line (已到件数, 已发件数) recounted in one UPDATE from the lines of the
 * documents that count — never incremented: the documents of `doc` naming the work order, their
 * lines of the same part, their status `=` or `<>` the given one.
 */
export async function recountLines(ctx: HookContext, workOrderId: number, orgId: number, o: {
  field: 'receivedQty' | 'deliveredQty'; doc: string; docKey: string; lines: string; status: ['=' | '<>', number];
}): Promise<void> {
  await ctx.q.update('workOrderItem')
    .set({
      [o.field]: (eb: any) => eb.selectFrom(`${o.lines} as i`).innerJoin(`${o.doc} as d`, `d.${o.docKey}`, `i.${o.docKey}`)
        .select(sql`coalesce(sum(i.qty), 0)`.as('n'))
        .whereRef('d.workOrderId', '=', 'workOrderItem.workOrderId').whereRef('i.partItemId', '=', 'workOrderItem.partItemId')
        .where('d.status', o.status[0], o.status[1]).where('d.orgId', '=', orgId).where('i.orgId', '=', orgId),
    } as any)
    .where('workOrderItem.workOrderId', '=', workOrderId).execute();
}

export async function syncWorkOrder(ctx: HookContext, workOrderId: unknown): Promise<Row | undefined> {
  const id = Number(workOrderId);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const order = await lockParent(ctx, 'workOrder', id);
  if (!order) return undefined;
  const orgId = Number(order.orgId);
  await recountLines(ctx, id, orgId, { field: 'receivedQty', doc: 'inStorage', docKey: 'inStorageId', lines: 'inStorageItem', status: ['=', IN_STORAGE.accepted] });
  const lines = (await ctx.q.select('workOrderItem').select(['planQty', 'receivedQty']).where('workOrderItem.workOrderId', '=', id).execute()) as Row[];
  const plan = lines.reduce((s, l) => s + Number(l.planQty ?? 0), 0);
  const received = lines.reduce((s, l) => s + Number(l.receivedQty ?? 0), 0);
  const counted = lines.reduce((s, l) => s + Math.min(Number(l.receivedQty ?? 0), Number(l.planQty ?? 0)), 0);
  const progress = plan > 0 ? ((counted * 100) / plan).toFixed(2) : '0.00';
  await ctx.q.update('workOrder').set({ totalPlanQty: plan, totalReceivedQty: received, progress }).where('workOrder.workOrderId', '=', id).execute();
  const full = lines.length > 0 && lines.every((l) => Number(l.receivedQty ?? 0) >= Number(l.planQty ?? 0));
  let status = Number(order.status);
  if (status === WORK_ORDER.released && received > 0) {
    await ctx.transition('workOrder', id, 'startReceiving', { ifAllowed: true });
    status = WORK_ORDER.receiving;
  }
  if (status === WORK_ORDER.receiving && full) await ctx.transition('workOrder', id, 'complete', { ifAllowed: true });
  else if (status === WORK_ORDER.complete && !full) await ctx.transition('workOrder', id, 'reopenReceiving', { ifAllowed: true });
  return order;
}
