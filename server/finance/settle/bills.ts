/**
 * 对账单 (DOMAIN §3.6, §4.3): which ledger rows a bill of each type covers, picking them (an
 * item sits in one open bill only), the bill's Σ figures, and what confirming does to the items
 * and the schedules they belong to. Used by the settleBill hooks and handlers, the demo seeder
 * and the tests; every statement goes through the session-scoped builders.
 */
import { sql } from 'kysely';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { HookContext } from '../../hooks/types';
import type { ScopedQueries } from '../../crud/scope';

type Row = Record<string, any>;

export const BILL = { draft: 0, sent: 5, disputed: 10, confirmed: 15 } as const;
export const ITEM = { open: 0, inBill: 5, settled: 15 } as const;
/** ledgerStatus 10 有效: void and cancelled rows are never reconciled */
const VALID = 10;
/** transportSchedule 40 回单已返 → 45 已结算 */
const RECEIPT_RETURNED = 40;

export interface BillSource {
  /** settleItemKind of the lines */
  kind: number;
  entity: 'incomeItem' | 'costItem';
  idField: 'incomeItemId' | 'costItemId';
  /** the bill's counterparty field, also the ledger row's */
  party: 'customerId' | 'supplierId' | 'projectId' | 'staffId';
  partyTitle: string;
}

/**
 * 1 客户对账: the customer's income rows · 2 供应商对账: cost rows payable to the supplier ·
 * 3 项目费用对账: the project's cost rows without a supplier or staff payee (项目费用, own trucks'
 * 燃油/路桥/折旧, manual expenses) · 4 员工调度对账: cost rows payable to the staff member (大件人员结算).
 */
const SOURCES: Record<number, BillSource> = {
  1: { kind: 1, entity: 'incomeItem', idField: 'incomeItemId', party: 'customerId', partyTitle: '客户' },
  2: { kind: 2, entity: 'costItem', idField: 'costItemId', party: 'supplierId', partyTitle: '供应商' },
  3: { kind: 4, entity: 'costItem', idField: 'costItemId', party: 'projectId', partyTitle: '项目' },
  4: { kind: 3, entity: 'costItem', idField: 'costItemId', party: 'staffId', partyTitle: '员工' },
};

export function sourceOf(billType: unknown): BillSource {
  const s = SOURCES[Number(billType)];
  if (!s) throw badRequest('请选择对账类型', { field: 'billType' });
  return s;
}

/** Exact cents of a decimal text (money never goes through a float sum). */
export function toCents(v: unknown): number {
  const s = String(v ?? '0').trim() || '0';
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw badRequest('金额格式不正确');
  const neg = s.startsWith('-');
  const [i, f = ''] = s.replace('-', '').split('.');
  const c = Number(i) * 100 + Number((f + '00').slice(0, 2)) + (Number(f[2] ?? 0) >= 5 ? 1 : 0);
  return neg ? -c : c;
}
export const fromCents = (c: number): string => (c < 0 ? '-' : '') + (Math.abs(c) / 100).toFixed(2);

export interface BillScope { billType?: unknown; customerId?: unknown; supplierId?: unknown; projectId?: unknown; staffId?: unknown; periodStart?: unknown; periodEnd?: unknown }

/** Checks the counterparty and the period a bill (or a candidates call) names. */
export function checkScope(b: BillScope): { source: BillSource; partyId: number; start: string; end: string } {
  const source = sourceOf(b.billType);
  const partyId = Number(b[source.party] ?? 0);
  if (!Number.isSafeInteger(partyId) || partyId <= 0) throw badRequest(`请选择${source.partyTitle}`, { field: source.party });
  const start = String(b.periodStart ?? '').slice(0, 10);
  const end = String(b.periodEnd ?? '').slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) throw badRequest('请选择对账期间起', { field: 'periodStart' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end)) throw badRequest('请选择对账期间止', { field: 'periodEnd' });
  if (start > end) throw badRequest('对账期间起不能晚于对账期间止', { field: 'periodEnd' });
  return { source, partyId, start, end };
}

/**
 * The open ledger rows of the counterparty in the period: valid, not reconciled, in no bill.
 * With `lock`, the rows are taken FOR UPDATE: a parallel request building a bill over the same
 * rows waits, then re-reads them and no longer sees the ones this one took.
 */
export async function candidateRows(q: ScopedQueries, b: BillScope, opts: { lock?: boolean; ids?: number[] } = {}): Promise<Row[]> {
  const { source, partyId, start, end } = checkScope(b);
  let qb = q.select(source.entity).selectAll()
    .where(source.party, '=', partyId)
    .where('itemStatus', '=', VALID).where('itemSettleStatus', '=', ITEM.open).where('settleBillId', 'is', null)
    .where('occurredDate', '>=', start).where('occurredDate', '<=', end);
  if (source.entity === 'costItem') {
    if (source.party === 'supplierId') qb = qb.where('payeeKind', '<>', 2);
    if (source.party === 'staffId') qb = qb.where('payeeKind', '=', 2);
    if (source.party === 'projectId') qb = qb.where('supplierId', 'is', null).where('payeeKind', '<>', 2);
  }
  // a customer, supplier or staff bill may be narrowed to one project
  if (source.party !== 'projectId' && Number(b.projectId) > 0) qb = qb.where('projectId', '=', Number(b.projectId));
  if (opts.ids) qb = qb.where(source.idField, 'in', opts.ids.length ? opts.ids : [-1]);
  qb = qb.orderBy('occurredDate').orderBy(source.idField);
  if (opts.lock) qb = qb.forUpdate();
  const rows = (await qb.execute()) as Row[];
  // A row a money matter names on its own (批量付款, 收款, 收票 or 开票 of the item) is settled item by
  // item: in a bill as well it would be paid or received twice. Read in a statement of its own,
  // after the lock: a matter taken while this request waited is committed and seen here.
  const held = await heldByMatters(q, source, rows.map((r) => Number(r[source.idField])));
  return held.size ? rows.filter((r) => !held.has(Number(r[source.idField]))) : rows;
}

/** The money-matter target type of a ledger row taken on its own (server/finance/matters/targets/ledger.ts). */
const MATTER_TARGET: Record<BillSource['entity'], number> = { costItem: 3, incomeItem: 4 };

/** Which of the rows a matter not cancelled (申请中, 已通过, 已执行) names. */
async function heldByMatters(q: ScopedQueries, source: BillSource, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const held = new Set<number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = (await q.select('financeReviewItem')
      .innerJoin('financeReview as r', 'r.reviewId', 'financeReviewItem.reviewId')
      .select('financeReviewItem.targetId')
      .where('financeReviewItem.targetType', '=', MATTER_TARGET[source.entity])
      .where('financeReviewItem.targetId', 'in', ids.slice(i, i + 1000))
      .where('r.cancelState', '<>', 15).execute()) as Row[];
    for (const r of rows) held.add(Number(r.targetId));
  }
  return held;
}

/** A candidate as a bill line (the shape the candidates call answers and the lines keep). */
export function lineOf(source: BillSource, r: Row): Row {
  return {
    itemKind: source.kind, itemId: Number(r[source.idField]), projectId: r.projectId ?? null, scheduleId: r.scheduleId ?? null,
    summary: r.summary ?? null, occurredDate: r.occurredDate ?? null, amount: String(r.amount ?? '0'),
  };
}

/**
 * Puts the open rows into the bill (all candidates, or only `ids`, each of which must be one):
 * lines inserted, rows marked with the bill, Σ recomputed. The unique (itemKind, itemId) index
 * of the lines backs the lock: one item can never be in two bills.
 */
export async function attachItems(ctx: HookContext, bill: Row, ids?: number[]): Promise<number> {
  const source = sourceOf(bill.billType);
  const rows = await candidateRows(ctx.q, bill, { lock: true, ids });
  if (ids) {
    const found = new Set(rows.map((r) => Number(r[source.idField])));
    const missing = ids.filter((id) => !found.has(Number(id)));
    if (missing.length) throw conflict(`明细${missing.join('、')}不属于该往来单位和期间的未对账明细，或已在其他对账单或资金事项中`);
  }
  if (rows.length) {
    const billId = Number(bill.settleBillId);
    const table = ctx.q.entity(source.entity).table;
    const staff = ctx.session?.staffId ?? null;
    // The lines are copied from the locked rows by INSERT … SELECT and the rows marked by one
    // UPDATE, the ids sent once as an array: a 10,000-item bill was 10 inserts of 90,000
    // parameters and 10 updates (docs/decisions.md, finance bench).
    for (let i = 0; i < rows.length; i += 20_000) {
      const chunk = rows.slice(i, i + 20_000).map((r) => Number(r[source.idField]));
      const picked = sql`any(${chunk}::int[])`;
      await ctx.db.insertInto(ctx.q.entity('settleBillItem').table)
        .columns(['corpId', 'orgId', 'createdBy', 'updatedBy', 'settleBillId', 'itemKind', 'itemId', 'projectId', 'scheduleId', 'summary', 'occurredDate', 'amount', 'adjustAmount'] as any)
        .expression(ctx.q.select(source.entity).select([
          `${table}.corpId`, `${table}.orgId`, sql`${staff}::int`.as('createdBy'), sql`${staff}::int`.as('updatedBy'), sql`${billId}::int`.as('settleBillId'),
          sql`${source.kind}::int`.as('itemKind'), `${table}.${source.idField}`, `${table}.projectId`, `${table}.scheduleId`, `${table}.summary`,
          `${table}.occurredDate`, sql`coalesce(${sql.ref(`${table}.amount`)}, 0)`.as('amount'), sql`0`.as('adjustAmount'),
        ] as any).where(`${table}.${source.idField}`, '=', picked).orderBy(`${table}.occurredDate`).orderBy(`${table}.${source.idField}`) as any)
        .execute();
      await ctx.q.update(source.entity).set({ settleBillId: billId, updatedAt: sql`now()` } as any).where(source.idField, '=', picked).execute();
    }
  }
  await recount(ctx, Number(bill.settleBillId));
  return rows.length;
}

/** itemCount, itemAmount and finalAmount (= items + adjustment) recomputed from the lines. */
export async function recount(ctx: HookContext, billId: number): Promise<Row> {
  const lines = ctx.q.entity('settleBillItem').table;
  await ctx.q.update('settleBill').set({
    itemCount: sql`(select count(*) from ${sql.table(lines)} where settle_bill_id = ${billId})`,
    itemAmount: sql`(select coalesce(sum(amount), 0) from ${sql.table(lines)} where settle_bill_id = ${billId})`,
  } as any).where('settleBillId', '=', billId).execute();
  await ctx.q.update('settleBill').set({ finalAmount: sql`item_amount + coalesce(adjust_amount, 0)` } as any).where('settleBillId', '=', billId).execute();
  return (await ctx.q.get('settleBill', billId))!;
}

/** Sets the reconciliation state of the bill's ledger rows (released rows leave the bill). */
export async function markItems(ctx: HookContext, bill: Row, status: number, release = false): Promise<void> {
  const source = sourceOf(bill.billType);
  const billId = Number(bill.settleBillId);
  await ctx.q.update(source.entity).set({
    itemSettleStatus: status, ...(release ? { settleBillId: null } : {}), updatedAt: sql`now()`,
  } as any).where('settleBillId', '=', billId).execute();
}

/** Releases every line of a draft bill (删除): rows back to 未对账. */
export async function releaseAll(ctx: HookContext, bill: Row): Promise<void> {
  await markItems(ctx, bill, ITEM.open, true);
  await ctx.q.delete('settleBillItem').where('settleBillId', '=', Number(bill.settleBillId)).execute();
}

/**
 * After a confirmation: each schedule whose valid cost rows are now all 已对账 moves 40 → 45
 * (已结算), as the system, so its node and timeline are written as for any step.
 */
export async function settleSchedules(ctx: HookContext, bill: Row): Promise<number> {
  const source = sourceOf(bill.billType);
  if (source.entity !== 'costItem') return 0;
  const ids = ((await ctx.q.select('costItem').select('scheduleId').distinct()
    .where('settleBillId', '=', Number(bill.settleBillId)).where('scheduleId', 'is not', null).execute()) as Row[]).map((r) => Number(r.scheduleId));
  let settled = 0;
  for (const scheduleId of ids) {
    const open = (await ctx.q.select('costItem').select(sql<number>`count(*)`.as('n'))
      .where('scheduleId', '=', scheduleId).where('itemStatus', '=', VALID).where('itemSettleStatus', '<>', ITEM.settled).executeTakeFirst()) as Row;
    if (Number(open.n) > 0) continue;
    const s = await ctx.q.get('transportSchedule', scheduleId);
    if (!s || Number(s.scheduleStatus) !== RECEIPT_RETURNED) continue;
    if (await ctx.transition('transportSchedule', scheduleId, 'settle', { ifAllowed: true })) settled += 1;
  }
  return settled;
}

/** 移出: a line leaves a draft bill and its ledger row is open again. */
export async function removeLine(ctx: HookContext, lineId: number): Promise<Row> {
  const line = await ctx.q.get('settleBillItem', lineId);
  if (!line) throw notFound('对账明细不存在');
  const bill = (await ctx.q.select('settleBill').selectAll().where('settleBillId', '=', Number(line.settleBillId)).forUpdate().executeTakeFirst()) as Row | undefined;
  if (!bill) throw badRequest('对账单不存在');
  if (Number(bill.settleStatus) !== BILL.draft) throw conflict('只有草稿状态的对账单可以移出明细');
  const source = sourceOf(bill.billType);
  await ctx.q.update(source.entity).set({ settleBillId: null, itemSettleStatus: ITEM.open, updatedAt: sql`now()` } as any)
    .where(source.idField, '=', Number(line.itemId)).where('settleBillId', '=', Number(bill.settleBillId)).execute();
  await ctx.q.delete('settleBillItem').where('billItemId', '=', lineId).execute();
  return recount(ctx, Number(bill.settleBillId));
}
