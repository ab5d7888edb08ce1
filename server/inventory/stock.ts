/**
 * 库存 (stock/page): on-hand of parts per warehouse × part × 库位, read from stock_balance, which
 * the database derives from the stock ledger's rows in the same transaction (migration 018; never
 * written by code), so each number can be drilled down to the movements behind it
 * (stock-ledger/page with the same warehouse, part and 库位). Only the session's organisation.
 */
import { sql } from 'kysely';
import { requireEntity, requireSession, type Handler } from '../crud/context';
import { titlesFor } from '../crud/refs';

type Row = Record<string, any>;

const int = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

/** GET inventory-base/stock/page: `{list: [{key, warehouseId, partItemId, customerId, locationCode, qty, weight, lastAt}], total, pageNo, pageSize, refs}`. */
const page: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const entity = requireEntity(ctx);
  const query = ctx.query as Record<string, unknown>;
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.pageSize) || 20));
  // Read from the balance the database keeps from the ledger (migration 018): one row per
  // position, so a page costs the same with 10,000 or 1,000,000 movements behind it.
  const p = ctx.entities.partItem!.table;
  let base = ctx.db.selectFrom('stockBalance as b')
    .innerJoin(`${p} as p`, 'p.partItemId', 'b.itemId')
    .where('b.orgId', '=', session.orgId)
    .where('p.orgId', '=', session.orgId)
    .where('b.itemKind', '=', 1);
  const warehouseId = int(query.warehouseId);
  const partItemId = int(query.partItemId);
  const customerId = int(query.customerId);
  if (warehouseId !== undefined) base = base.where('b.warehouseId', '=', warehouseId);
  if (partItemId !== undefined) base = base.where('b.itemId', '=', partItemId);
  if (customerId !== undefined) base = base.where('p.customerId', '=', customerId);
  if (typeof query.locationCode === 'string' && query.locationCode.trim()) base = base.where('b.locationCode', '=', query.locationCode.trim());
  if (typeof query.keyword === 'string' && query.keyword.trim()) {
    const k = `%${query.keyword.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb: any) => eb.or([eb('p.partNo', 'ilike', k), eb('p.name', 'ilike', k), eb('b.locationCode', 'ilike', k)]));
  }
  if (!(query.includeZero === true || query.includeZero === 'true')) base = base.where('b.qty', '<>', 0);
  const below = int(query.below);
  if (below !== undefined) base = base.where('b.qty', '<', below);
  const { n } = (await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  const rows = (await base
    .select(['b.warehouseId', 'b.itemId as partItemId', 'p.customerId', 'b.locationCode', 'b.qty', 'b.weight', 'b.lastAt'] as any)
    .orderBy('b.warehouseId').orderBy('p.partNo').orderBy('b.locationCode')
    .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Row[];
  const list = rows.map((r) => ({
    key: `${r.warehouseId}:${r.partItemId}:${r.locationCode ?? ''}`,
    warehouseId: Number(r.warehouseId), partItemId: Number(r.partItemId), customerId: r.customerId === null ? null : Number(r.customerId),
    locationCode: r.locationCode || null, qty: Number(r.qty), weight: Number(r.weight).toFixed(3),
    lastAt: r.lastAt ? new Date(r.lastAt).toISOString() : null,
  }));
  const refs = await titlesFor(ctx.db, session, ctx.entities, entity, list);
  return { list, total: Number(n), pageNo, pageSize, refs };
};

/**
 * GET inventory-base/stock/materials: each material of the organisation with its on-hand (the
 * counter the ledger keeps), its 安全库存 and `below` when on-hand is under it; `belowSafety=true`
 * lists only those — what the warehouse manager must reorder. Sorted with those below first.
 */
const materials: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const m = ctx.entities.materialItem!;
  const query = ctx.query as Record<string, unknown>;
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.pageSize) || 20));
  const belowExpr = sql<boolean>`(safety_stock is not null and stock_qty < safety_stock)`;
  let base = ctx.db.selectFrom(m.table).where('orgId', '=', session.orgId);
  if (typeof query.keyword === 'string' && query.keyword.trim()) {
    const k = `%${query.keyword.trim().replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    base = base.where((eb: any) => eb.or([eb('materialNo', 'ilike', k), eb('name', 'ilike', k), eb('spec', 'ilike', k)]));
  }
  if (query.belowSafety === true || query.belowSafety === 'true') base = base.where(belowExpr as any);
  const { n } = (await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  const rows = (await base.select(['materialId', 'materialNo', 'name', 'spec', 'unit', 'category', 'stockQty', 'safetyStock', 'disabled', belowExpr.as('below')] as any)
    .orderBy(sql`(safety_stock is not null and stock_qty < safety_stock) desc`).orderBy('materialNo')
    .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Row[];
  const list = rows.map((r) => ({ ...r, materialId: Number(r.materialId), below: Boolean(r.below), belowText: r.below ? '低于安全库存' : '' }));
  return { list, total: Number(n), pageNo, pageSize };
};

export const stockHandlers: Record<string, Handler> = {
  'stock.page': page,
  'stock.materials': materials,
};
