/**
 * 新建对账单 through the write pipeline (numbers, hooks, log), then its lines. Apart from
 * bills.ts so the hooks (which the write pipeline loads) don't import the pipeline back.
 */
import { badRequest } from '../../http/errors';
import { createRecord, hookContext, type WriteContext } from '../../crud/write';
import { attachItems } from './bills';

type Row = Record<string, any>;

/**
 * 新建对账单: the bill, then its lines — every candidate of its counterparty and period, or the
 * chosen `itemIds` (each must be one). A bill without a line is refused.
 */
export async function createBill(w: WriteContext, values: Row, itemIds?: number[]): Promise<Row> {
  const entity = w.entities.settleBill!;
  const bill = await createRecord(w, entity, values);
  const ctx = hookContext(w, entity);
  if (itemIds && !itemIds.every((id) => Number.isSafeInteger(Number(id)) && Number(id) > 0)) throw badRequest('明细编号不正确', { field: 'itemIds' });
  const n = await attachItems(ctx, bill, itemIds?.map(Number));
  if (!n) throw badRequest('该往来单位在所选期间没有未对账的明细', { field: 'periodEnd' });
  return (await ctx.q.get('settleBill', Number(bill.settleBillId)))!;
}

