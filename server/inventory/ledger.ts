/**
 * The stock ledger (库存流水, DOMAIN §3.5 stockLedger): every movement of stock is one row that is
 * never edited; on-hand per warehouse × item × 库位 is Σ qtyChange of the rows, and it never goes
 * negative. Corrections are made only by 作废冲回: the reversal rows of a document.
 *
 * The API every document that moves stock calls from its hooks (inside the request's transaction):
 *
 *   postIn(ctx, doc, lines)       — stock in (入库 验收, 转运入库, 物料入库)
 *   postOut(ctx, doc, lines)      — stock out (出库, 领用); refuses with 400
 *                                   `库存不足：<零件号> 库存N件，需M件` when a line does not fit
 *   reverse(ctx, doc, opts)       — 作废冲回 of every row a document posted (in becomes out and the
 *                                   reverse); an in-document whose stock is gone is refused
 *                                   (opts.shortMessage, e.g. 409 `库存不足，无法作废`)
 *   onHand(ctx, filter)           — the current figures, per warehouse × item × 库位
 *
 * Concurrency: every movement locks the item's own row first (partItem, or materialItem for
 * materials) `FOR UPDATE`, items in ascending id order so two documents touching the same items
 * queue instead of deadlocking. The on-hand read that decides an out therefore sees every
 * movement committed before it, and 20 parallel outs of the last pieces let exactly those that fit
 * pass. That read and the item's counters (stockQty / stockWeight) come from stock_balance, which
 * the database derives from the ledger rows in the inserting statement (migration 018), so a
 * document costs the same however long the ledger has grown.
 */
import { sql } from 'kysely';
import type { QuantityContext } from '../crud/quantity';
import { badRequest, conflict, HttpError } from '../http/errors';

type Row = Record<string, any>;

/** docType of stockLedger (enum stockDocType). */
export const DOC = { inStorage: 1, transshipIn: 2, materialIn: 3, delivery: 4, reversal: 5, materialUse: 6 } as const;
export type StockDocType = (typeof DOC)[keyof typeof DOC];

/** What is counted: its entity, its key on the ledger, its counters and how a message names it. */
interface ItemKindDef {
  entity: string;
  key: 'partItemId' | 'materialId';
  /** counter fields of the item's row recomputed from the ledger (absent ones are skipped) */
  qtyField: string;
  weightField?: string;
  label(row: Row): string;
  unit(row: Row): string;
}

export const ITEM_KINDS: Record<1 | 2, ItemKindDef> = {
  1: { entity: 'partItem', key: 'partItemId', qtyField: 'stockQty', weightField: 'stockWeight', label: (r) => String(r.partNo), unit: () => '件' },
  // materials (materialItem, built beside this) keep their figure in the same ledger
  2: { entity: 'materialItem', key: 'materialId', qtyField: 'stockQty', label: (r) => String(r.materialNo ?? r.name), unit: (r) => String(r.unit ?? '') },
};

/** The document a movement belongs to. */
export interface StockDoc {
  docType: StockDocType;
  docId: number;
  docNo?: string | null;
  /** when it happened (default now) */
  occurredAt?: Date | string | null;
  customerId?: number | null;
}

/** One line of a movement. */
export interface StockLine {
  warehouseId: number;
  /** 1 零件 (default) or 2 物料 */
  itemKind?: 1 | 2;
  /** the item's id: partItemId for parts, materialId for materials */
  itemId: number;
  qty: number;
  /** kg; blank is 0 */
  weight?: string | number | null;
  locationCode?: string | null;
  /** the line's value in yuan (materials: 入库 at its price; an out left blank is valued at the moving weighted average) */
  amount?: string | number | null;
}

export interface OnHandFilter {
  warehouseId?: number;
  itemKind?: 1 | 2;
  itemId?: number;
  /** undefined = every location; null = the lines without a 库位 */
  locationCode?: string | null;
}

const kindOf = (l: { itemKind?: 1 | 2 }) => (l.itemKind ?? 1) as 1 | 2;
const loc = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim());
const grams = (v: unknown) => Math.round(Number(v ?? 0) * 1000);
const kg = (g: number) => (g / 1000).toFixed(3);
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number) => (c / 100).toFixed(2);

function requireTransaction(ctx: QuantityContext) {
  if (!ctx.db.isTransaction) throw new Error('stock movements must run inside a transaction');
}

/**
 * Item rows this save already holds `FOR UPDATE`, by `kind:id`: a document's hook that locks its
 * items while validating (lockStockItems) spares the movement a second read of the same 200 rows.
 * Keyed by the hook context, which one save's validate and afterSave share and which ends with
 * that save (an Excel import's row rolled back to its savepoint, locks released, takes a new one).
 */
const lockedIn = new WeakMap<object, Map<string, Row>>();

/**
 * Locks each distinct item of the lines and answers their rows: one `FOR UPDATE` per kind over the
 * ids in ascending order (a 200-line delivery takes its 200 locks in one statement, in the same
 * order as every other document, so two documents still queue instead of deadlocking). Items this
 * transaction locked before are not read again.
 */
async function lockItems(ctx: QuantityContext, lines: StockLine[]): Promise<Map<string, Row>> {
  const rows = new Map<string, Row>();
  const held = lockedIn.get(ctx) ?? new Map<string, Row>();
  for (const kind of [1, 2] as const) {
    const ids = [...new Set(lines.filter((l) => kindOf(l) === kind).map((l) => Number(l.itemId)))].sort((a, b) => a - b);
    if (!ids.length) continue;
    if (ids.every((id) => held.has(`${kind}:${id}`))) {
      for (const id of ids) rows.set(`${kind}:${id}`, held.get(`${kind}:${id}`)!);
      continue;
    }
    const def = ITEM_KINDS[kind];
    const e = ctx.q.entity(def.entity);
    const got = (await ctx.q.select(def.entity).selectAll().where(`${e.table}.${e.idField}`, 'in', ids)
      .orderBy(`${e.table}.${e.idField}`).forUpdate().execute()) as Row[];
    if (got.length !== ids.length) throw badRequest(`${kind === 1 ? '零件' : '物料'}不存在`);
    for (const r of got) rows.set(`${kind}:${Number(r[e.idField])}`, r);
  }
  return rows;
}

/**
 * Locks the items a document is about to move, as the movement itself will (ascending ids,
 * `FOR UPDATE`), and answers the rows the session can see (missing ids are left out, for the
 * caller to name). A hook that reads its items to validate the lines reads them this way: the
 * later postOut/postIn of the same items in this transaction then takes them from here.
 */
export async function lockStockItems(ctx: QuantityContext, kind: 1 | 2, ids: number[]): Promise<Map<number, Row>> {
  requireTransaction(ctx);
  const out = new Map<number, Row>();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return out;
  const e = ctx.q.entity(ITEM_KINDS[kind].entity);
  const got = (await ctx.q.select(ITEM_KINDS[kind].entity).selectAll().where(`${e.table}.${e.idField}`, 'in', sorted)
    .orderBy(`${e.table}.${e.idField}`).forUpdate().execute()) as Row[];
  let held = lockedIn.get(ctx);
  if (!held) lockedIn.set(ctx, (held = new Map()));
  for (const r of got) {
    out.set(Number(r[e.idField]), r);
    held.set(`${kind}:${Number(r[e.idField])}`, r);
  }
  return out;
}

/**
 * On-hand of exact positions from stock_balance, which the database keeps from the ledger rows in
 * the same transaction (migration 018): one read for every position of a document, and its cost
 * does not grow with the ledger. Read after `lockItems`, so it counts every committed movement.
 */
async function balanceOf(ctx: QuantityContext, orgId: number, positions: { kind: 1 | 2; itemId: number; warehouseId: number; loc: string }[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!positions.length) return out;
  const rows = (await ctx.db.selectFrom('stockBalance').select(['itemKind', 'itemId', 'warehouseId', 'locationCode', 'qty'])
    .where('orgId', '=', orgId)
    .where('itemId', 'in', [...new Set(positions.map((p) => p.itemId))])
    .execute()) as Row[];
  for (const r of rows) out.set(`${r.itemKind}:${r.itemId}:${r.warehouseId}:${r.locationCode}`, Number(r.qty));
  return out;
}

function ledgerWhere(ctx: QuantityContext, f: OnHandFilter) {
  const e = ctx.q.entity('stockLedger');
  const col = (c: string) => `${e.table}.${c}`;
  let q = ctx.q.select('stockLedger');
  if (f.warehouseId !== undefined) q = q.where(col('warehouseId'), '=', f.warehouseId);
  if (f.itemKind !== undefined) q = q.where(col('itemKind'), '=', f.itemKind);
  if (f.itemId !== undefined) q = q.where(col(ITEM_KINDS[f.itemKind ?? 1].key), '=', f.itemId);
  if (f.locationCode !== undefined) q = f.locationCode === null ? q.where(col('locationCode'), 'is', null) : q.where(col('locationCode'), '=', f.locationCode);
  return { q, col };
}

/** On-hand quantity and weight of exactly one position (or of every position matching the filter). */
export async function onHandOf(ctx: QuantityContext, f: OnHandFilter): Promise<{ qty: number; weight: string }> {
  const { q, col } = ledgerWhere(ctx, f);
  const r = (await q.select([
    sql<string>`coalesce(sum(${sql.ref(col('qtyChange'))}), 0)`.as('qty'),
    sql<string>`coalesce(sum(${sql.ref(col('weightChange'))}), 0)`.as('weight'),
  ]).executeTakeFirstOrThrow()) as { qty: unknown; weight: unknown };
  return { qty: Number(r.qty), weight: Number(r.weight).toFixed(3) };
}

/** On-hand per warehouse × item × 库位 (non-zero positions unless includeZero). */
export async function onHand(ctx: QuantityContext, f: OnHandFilter & { includeZero?: boolean } = {}): Promise<{ warehouseId: number; itemKind: number; itemId: number; locationCode: string | null; qty: number; weight: string }[]> {
  const { q, col } = ledgerWhere(ctx, f);
  const rows = (await q.select([
    col('warehouseId'), col('itemKind'), col('partItemId'), col('materialId'), col('locationCode'),
    sql<string>`sum(${sql.ref(col('qtyChange'))})`.as('qty'),
    sql<string>`coalesce(sum(${sql.ref(col('weightChange'))}), 0)`.as('weight'),
  ] as any).groupBy([col('warehouseId'), col('itemKind'), col('partItemId'), col('materialId'), col('locationCode')] as any).execute()) as Row[];
  return rows
    .map((r) => ({ warehouseId: Number(r.warehouseId), itemKind: Number(r.itemKind), itemId: Number(r.itemKind === 2 ? r.materialId : r.partItemId), locationCode: r.locationCode ?? null, qty: Number(r.qty), weight: Number(r.weight).toFixed(3) }))
    .filter((r) => f.includeZero || r.qty !== 0);
}

async function insertRows(ctx: QuantityContext, doc: StockDoc, direction: 1 | 2, lines: StockLine[], extra: Row = {}) {
  const at = doc.occurredAt ? new Date(doc.occurredAt) : new Date();
  const sign = direction === 1 ? 1 : -1;
  await ctx.q.insert('stockLedger', lines.map((l) => {
    const kind = kindOf(l);
    const g = grams(l.weight);
    const valued = l.amount !== undefined && l.amount !== null && String(l.amount) !== '';
    return {
      amount: valued ? yuan(cents(l.amount)) : null, amountChange: valued ? yuan(sign * cents(l.amount)) : null,
      warehouseId: l.warehouseId, itemKind: kind,
      partItemId: kind === 1 ? l.itemId : null, materialId: kind === 2 ? l.itemId : null,
      customerId: doc.customerId ?? null, direction, qty: l.qty, weight: kg(g), qtyChange: sign * l.qty, weightChange: kg(sign * g),
      docType: doc.docType, docId: doc.docId, docNo: doc.docNo ?? null, locationCode: loc(l.locationCode), occurredAt: at, ...extra,
    };
  }), { returning: false });
}

/**
 * Recomputes the counters of the items from their positions (never incremented): one UPDATE per
 * kind over the balance rows, which sum every ledger row of the item.
 */
async function recount(ctx: QuantityContext, items: Map<string, Row>) {
  for (const kind of [1, 2] as const) {
    const ids = [...items.keys()].filter((k) => k.startsWith(`${kind}:`)).map((k) => Number(k.split(':')[1]));
    if (!ids.length) continue;
    const def = ITEM_KINDS[kind];
    const item = ctx.q.entity(def.entity);
    const orgId = Number(items.get(`${kind}:${ids[0]}`)!.orgId);
    const set: Row = {};
    if (item.fields[def.qtyField]) set[def.qtyField] = sql`coalesce(b.qty, 0)`;
    if (def.weightField && item.fields[def.weightField]) set[def.weightField] = sql`coalesce(b.weight, 0)`;
    if (!Object.keys(set).length) continue;
    const sums = ctx.db.selectFrom('stockBalance').select(['itemId', sql`sum(qty)`.as('qty'), sql`sum(weight)`.as('weight')] as any)
      .where('orgId', '=', orgId).where('itemKind', '=', kind).where('itemId', 'in', ids).groupBy('itemId');
    await (ctx.db.updateTable(`${item.table} as t`) as any).set(set).from(sums.as('b'))
      .whereRef(`t.${item.idField}`, '=', 'b.itemId').where(`t.${item.idField}`, 'in', ids).execute();
  }
}

function checkLines(lines: StockLine[]) {
  for (const l of lines) {
    if (!Number.isSafeInteger(l.qty) || l.qty <= 0) throw badRequest('数量必须为正整数');
    if (!Number.isSafeInteger(Number(l.warehouseId)) || !Number.isSafeInteger(Number(l.itemId))) throw badRequest('请选择仓库和物品');
  }
}

/** Stock in: one row per line. */
export async function postIn(ctx: QuantityContext, doc: StockDoc, lines: StockLine[]): Promise<void> {
  requireTransaction(ctx);
  checkLines(lines);
  if (!lines.length) return;
  const items = await lockItems(ctx, lines);
  await insertRows(ctx, doc, 1, lines);
  await recount(ctx, items);
}

/** Groups lines by position so two lines taking from one 库位 are checked together. */
function byPosition(lines: StockLine[]) {
  const need = new Map<string, { line: StockLine; qty: number }>();
  for (const l of lines) {
    const k = `${kindOf(l)}:${l.itemId}:${l.warehouseId}:${loc(l.locationCode) ?? ''}`;
    const cur = need.get(k);
    if (cur) cur.qty += l.qty;
    else need.set(k, { line: l, qty: l.qty });
  }
  return [...need.values()];
}

/**
 * Stock out: locks the items, checks each position holds what the lines take, then writes the rows.
 * `shortage` builds the refusal (default 400 `库存不足：<零件号> 库存N件，需M件`).
 */
export async function postOut(
  ctx: QuantityContext, doc: StockDoc, lines: StockLine[],
  opts: { shortage?: (item: Row, have: number, need: number, line: StockLine) => HttpError; extra?: Row } = {},
): Promise<void> {
  requireTransaction(ctx);
  checkLines(lines);
  if (!lines.length) return;
  const items = await lockItems(ctx, lines);
  const positions = byPosition(lines);
  const orgId = Number(items.values().next().value!.orgId);
  const balance = await balanceOf(ctx, orgId, positions.map(({ line }) => ({ kind: kindOf(line), itemId: Number(line.itemId), warehouseId: Number(line.warehouseId), loc: loc(line.locationCode) ?? '' })));
  for (const { line, qty } of positions) {
    const kind = kindOf(line);
    const have = balance.get(`${kind}:${Number(line.itemId)}:${Number(line.warehouseId)}:${loc(line.locationCode) ?? ''}`) ?? 0;
    if (have < qty) {
      const item = items.get(`${kind}:${line.itemId}`)!;
      const def = ITEM_KINDS[kind];
      throw opts.shortage?.(item, have, qty, line) ?? badRequest(`库存不足：${def.label(item)} 库存${have}${def.unit(item)}，需${qty}${def.unit(item)}`);
    }
  }
  await insertRows(ctx, doc, 2, await valueMaterials(ctx, lines), opts.extra);
  await recount(ctx, items);
}

/**
 * 移动加权平均: a material leaving without a value is valued at the material's average price now —
 * Σ value ÷ Σ quantity of its ledger rows (every warehouse), read under the item lock, so each
 * in at its own price moves the average and each out takes it. Cents, rounded half up.
 */
export async function valueMaterials(ctx: QuantityContext, lines: StockLine[]): Promise<StockLine[]> {
  const out: StockLine[] = [];
  const taken = new Map<number, { qty: number; cents: number }>();
  for (const l of lines) {
    if (kindOf(l) !== 2 || (l.amount !== undefined && l.amount !== null && String(l.amount) !== '')) { out.push(l); continue; }
    const e = ctx.q.entity('stockLedger');
    const r = (await ctx.q.select('stockLedger').select([
      sql<string>`coalesce(sum(${sql.ref(`${e.table}.qtyChange`)}), 0)`.as('qty'),
      sql<string>`coalesce(sum(${sql.ref(`${e.table}.amountChange`)}), 0)`.as('value'),
    ] as any).where(`${e.table}.itemKind`, '=', 2).where(`${e.table}.materialId`, '=', l.itemId).executeTakeFirstOrThrow()) as { qty: unknown; value: unknown };
    const before = taken.get(l.itemId) ?? { qty: 0, cents: 0 };
    const qty = Number(r.qty) - before.qty;
    const value = cents(r.value) - before.cents;
    const c = qty > 0 ? Math.round((value * l.qty) / qty) : 0;
    taken.set(l.itemId, { qty: before.qty + l.qty, cents: before.cents + c });
    out.push({ ...l, amount: yuan(c) });
  }
  return out;
}

/**
 * 作废冲回: writes the opposite of every row the document posted (docType 5, reversedDocType the
 * original type, the same docId/docNo). Reversing an in takes the stock out again and is refused
 * when it is no longer there (`shortMessage`, 409 by default `库存不足，无法作废`). A document
 * already reversed is left as it is (answers false).
 */
export async function reverse(ctx: QuantityContext, doc: StockDoc, opts: { shortMessage?: string } = {}): Promise<boolean> {
  requireTransaction(ctx);
  const e = ctx.q.entity('stockLedger');
  const col = (c: string) => `${e.table}.${c}`;
  const rows = (await ctx.q.select('stockLedger').selectAll()
    .where(col('docId'), '=', doc.docId)
    .where((eb: any) => eb.or([eb(col('docType'), '=', doc.docType), eb.and([eb(col('docType'), '=', DOC.reversal), eb(col('reversedDocType'), '=', doc.docType)])]))
    .execute()) as Row[];
  const posted = rows.filter((r) => Number(r.docType) === doc.docType);
  if (!posted.length || rows.some((r) => Number(r.docType) === DOC.reversal)) return false;
  const toLine = (r: Row): StockLine => ({
    warehouseId: Number(r.warehouseId), itemKind: Number(r.itemKind) as 1 | 2, itemId: Number(r.itemKind === 2 ? r.materialId : r.partItemId),
    qty: Number(r.qty), weight: r.weight, locationCode: r.locationCode, amount: r.amount,
  });
  const reversal: StockDoc = { ...doc, docType: DOC.reversal, docNo: doc.docNo ?? posted[0]!.docNo, customerId: doc.customerId ?? posted[0]!.customerId };
  const extra = { reversedDocType: doc.docType };
  const ins = posted.filter((r) => Number(r.direction) === 1).map(toLine);
  const outs = posted.filter((r) => Number(r.direction) === 2).map(toLine);
  const message = opts.shortMessage ?? '库存不足，无法作废';
  if (ins.length) await postOut(ctx, reversal, ins, { shortage: () => conflict(message), extra });
  if (outs.length) {
    const items = await lockItems(ctx, outs);
    await insertRows(ctx, reversal, 1, outs, extra);
    await recount(ctx, items);
  }
  return true;
}
