/**
 * 库存 (stock/page): on-hand of parts per warehouse × part × 库位, summed from the stock ledger
 * (never from a stored figure), so each number can be drilled down to the movements behind it
 * (stock-ledger/page with the same warehouse, part and 库位). Only the session's organisation.
 */
import { sql } from 'kysely';
import { requireEntity, requireSession, type Handler } from '../crud/context';
import { scopedQueries } from '../crud/scope';
import { titlesFor } from '../crud/refs';

type Row = Record<string, any>;

const int = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

/** GET inventory-base/stock/page: `{list: [{key, warehouseId, partItemId, customerId, locationCode, qty, weight, lastAt}], total, pageNo, pageSize, refs}`. */
const page: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const entity = requireEntity(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const query = ctx.query as Record<string, unknown>;
  const pageNo = Math.max(1, Number(query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.pageSize) || 20));
  const l = ctx.entities.stockLedger!.table;
  const p = ctx.entities.partItem!.table;
  const col = (c: string) => sql.ref(`${l}.${c}`);
  let base = q.select('stockLedger')
    .innerJoin(p, `${p}.partItemId`, `${l}.partItemId`)
    .where(`${l}.itemKind`, '=', 1);
  const warehouseId = int(query.warehouseId);
  const partItemId = int(query.partItemId);
  const customerId = int(query.customerId);
  if (warehouseId !== undefined) base = base.where(`${l}.warehouseId`, '=', warehouseId);
  if (partItemId !== undefined) base = base.where(`${l}.partItemId`, '=', partItemId);
  if (customerId !== undefined) base = base.where(`${p}.customerId`, '=', customerId);
  if (typeof query.locationCode === 'string' && query.locationCode.trim()) base = base.where(`${l}.locationCode`, '=', query.locationCode.trim());
  if (typeof query.keyword === 'string' && query.keyword.trim()) {
    const k = `%${query.keyword.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb: any) => eb.or([eb(`${p}.partNo`, 'ilike', k), eb(`${p}.name`, 'ilike', k), eb(`${l}.locationCode`, 'ilike', k)]));
  }
  let grouped = base
    .select([`${l}.warehouseId`, `${l}.partItemId`, `${p}.customerId`, `${p}.partNo`, `${l}.locationCode`,
      sql<string>`sum(${col('qtyChange')})`.as('qty'),
      sql<string>`coalesce(sum(${col('weightChange')}), 0)`.as('weight'),
      sql<string>`max(${col('occurredAt')})`.as('lastAt')] as any)
    .groupBy([`${l}.warehouseId`, `${l}.partItemId`, `${p}.customerId`, `${p}.partNo`, `${l}.locationCode`] as any);
  grouped = query.includeZero === true || query.includeZero === 'true' ? grouped : grouped.having(sql`sum(${col('qtyChange')})`, '<>', 0);
  const below = int(query.below);
  if (below !== undefined) grouped = grouped.having(sql`sum(${col('qtyChange')})`, '<', below);
  const { n } = (await ctx.db.selectFrom(grouped.as('g')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  const rows = (await grouped.orderBy(`${l}.warehouseId` as any).orderBy(`${p}.partNo` as any).orderBy(`${l}.locationCode` as any)
    .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Row[];
  const list = rows.map((r) => ({
    key: `${r.warehouseId}:${r.partItemId}:${r.locationCode ?? ''}`,
    warehouseId: Number(r.warehouseId), partItemId: Number(r.partItemId), customerId: r.customerId === null ? null : Number(r.customerId),
    locationCode: r.locationCode ?? null, qty: Number(r.qty), weight: Number(r.weight).toFixed(3),
    lastAt: r.lastAt ? new Date(r.lastAt).toISOString() : null,
  }));
  const refs = await titlesFor(ctx.db, session, ctx.entities, entity, list);
  return { list, total: Number(n), pageNo, pageSize, refs };
};

export const stockHandlers: Record<string, Handler> = {
  'stock.page': page,
};
