/**
 * 3 成本明细 and 4 收入明细: a ledger row's own column is the account a matter type moves —
 * a cost item's 已付款 (批量付款) or 已收票 (批量收票), an income item's 已收款 (批量收款) or 已开票
 * (申请开票). Execution adds to the column under the row's lock; a cancelled or voided item takes
 * no new matter. The freight of a truck (来源 调度运费) is paid through its payment nodes instead.
 * A row inside a 对账单 (settleBillId set, any state: a bill releases its rows only when deleted or
 * a line is removed) is settled through its bill (target 2), so it is neither offered nor taken alone.
 */
import { badRequest, conflict, notFound } from '../../../http/errors';
import { sql } from 'kysely';
import { lockParent } from '../../../crud/quantity';
import { fromCents, toCents } from '../money';
import type { MatterCtx, TargetModule } from './types';

const COST_COLUMN: Record<number, string> = { 1: 'paidAmount', 3: 'receivedInvoiceAmount' };
const INCOME_COLUMN: Record<number, string> = { 2: 'receivedAmount', 4: 'invoicedAmount' };

async function names(ctx: MatterCtx, entity: 'supplier' | 'customer', ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const e = ctx.q.entity(entity);
  const rows = (await ctx.q.select(entity).select([e.idField, 'name']).where(e.idField, 'in', ids).execute()) as Record<string, any>[];
  return new Map(rows.map((r) => [Number(r[e.idField]), String(r.name)]));
}

function notInBill(row: Record<string, any>, what: string, id: number) {
  if (row.settleBillId) throw conflict(`${what}「${row.summary ?? id}」已在对账单中，请按对账单收付款或开票`);
}

async function addTo(ctx: MatterCtx, entity: string, id: number, column: string, delta: number) {
  const e = ctx.q.entity(entity);
  const row = await ctx.q.get(entity, id);
  const next = toCents(row?.[column]) + delta;
  const set: Record<string, unknown> = { [column]: fromCents(next) };
  // 开票状态 follows 已开票 against the item's amount (0 未开票 5 部分 10 已开票).
  if (entity === 'incomeItem' && column === 'invoicedAmount') set.invoiceStatus = next <= 0 ? 0 : next >= toCents(row?.amount) ? 10 : 5;
  await ctx.q.update(entity).set(set).where(e.idField, '=', id).execute();
}

export const costItemTarget: TargetModule = {
  targetType: 3,
  title: '成本明细',
  pickField: 'costItemId',
  entity: 'costItem',
  executionInDone: true,
  matterTypes: [1, 3],
  async lock(ctx, id, matterType) {
    const row = await lockParent(ctx, 'costItem', id);
    if (!row) throw notFound(`成本明细 ${id} 不存在`);
    if (Number(row.itemStatus) !== 10) throw conflict(`成本明细「${row.summary ?? id}」已取消或作废`);
    notInBill(row, '成本明细', id);
    if (matterType === 1 && Number(row.source) === 1) throw badRequest(`成本明细「${row.summary ?? id}」是调度运费，请按运费支付节点付款`, { field: 'items' });
    const supplier = row.supplierId ? (await names(ctx, 'supplier', [Number(row.supplierId)])).get(Number(row.supplierId)) : null;
    return { limit: toCents(row.amount), done: toCents(row[COST_COLUMN[matterType]!]), row, label: String(row.summary ?? `成本明细${id}`), counterparty: supplier ?? null, projectId: row.projectId ?? null };
  },
  async apply(ctx, id, matterType, delta) {
    await addTo(ctx, 'costItem', id, COST_COLUMN[matterType]!, delta);
  },
  async candidates(ctx, matterType, filter) {
    const column = COST_COLUMN[matterType]!;
    // 已付款/已收票 blank means nothing yet
    let q = ctx.q.select('costItem').selectAll().where('itemStatus', '=', 10).where('settleBillId', 'is', null).where(sql<boolean>`coalesce(${sql.ref(column)}, 0) < ${sql.ref('amount')}`);
    if (matterType === 1) q = q.where('source', '<>', 1);
    if (filter.projectId) q = q.where('projectId', '=', filter.projectId);
    if (filter.keyword) q = q.where('summary', 'like', `%${filter.keyword}%`);
    const rows = (await q.orderBy('costItemId').limit(500).execute()) as Record<string, any>[];
    const supplier = await names(ctx, 'supplier', [...new Set(rows.map((r) => Number(r.supplierId)).filter(Boolean))]);
    return rows.map((r) => ({ targetType: 3, targetId: r.costItemId, costItemId: r.costItemId, label: r.summary, counterpartyName: supplier.get(Number(r.supplierId)) ?? null,
      projectId: r.projectId, amount: r.amount, openAmount: fromCents(toCents(r.amount) - toCents(r[column])), taxRate: r.taxRate }));
  },
};

export const incomeItemTarget: TargetModule = {
  targetType: 4,
  title: '收入明细',
  pickField: 'incomeItemId',
  entity: 'incomeItem',
  executionInDone: true,
  matterTypes: [2, 4],
  async lock(ctx, id, matterType) {
    const row = await lockParent(ctx, 'incomeItem', id);
    if (!row) throw notFound(`收入明细 ${id} 不存在`);
    if (Number(row.itemStatus) !== 10) throw conflict(`收入明细「${row.summary ?? id}」已取消或作废`);
    notInBill(row, '收入明细', id);
    const customer = row.customerId ? (await names(ctx, 'customer', [Number(row.customerId)])).get(Number(row.customerId)) : null;
    return { limit: toCents(row.amount), done: toCents(row[INCOME_COLUMN[matterType]!]), row, label: String(row.summary ?? `收入明细${id}`), counterparty: customer ?? null, projectId: row.projectId ?? null };
  },
  async apply(ctx, id, matterType, delta) {
    await addTo(ctx, 'incomeItem', id, INCOME_COLUMN[matterType]!, delta);
  },
  async candidates(ctx, matterType, filter) {
    const column = INCOME_COLUMN[matterType]!;
    let q = ctx.q.select('incomeItem').selectAll().where('itemStatus', '=', 10).where('settleBillId', 'is', null).where(sql<boolean>`coalesce(${sql.ref(column)}, 0) < ${sql.ref('amount')}`);
    if (filter.projectId) q = q.where('projectId', '=', filter.projectId);
    if (filter.keyword) q = q.where('summary', 'like', `%${filter.keyword}%`);
    const rows = (await q.orderBy('incomeItemId').limit(500).execute()) as Record<string, any>[];
    const customer = await names(ctx, 'customer', [...new Set(rows.map((r) => Number(r.customerId)).filter(Boolean))]);
    return rows.map((r) => ({ targetType: 4, targetId: r.incomeItemId, incomeItemId: r.incomeItemId, label: r.summary, counterpartyName: customer.get(Number(r.customerId)) ?? null,
      projectId: r.projectId, amount: r.amount, openAmount: fromCents(toCents(r.amount) - toCents(r[column])), taxRate: r.taxRate }));
  },
};
