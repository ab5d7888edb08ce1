/**
 * Quantity rules under a lock: a rule that compares a sum of child rows with a limit held by (or
 * derived for) their parent — 已派车 ≤ 需车数, stock ≥ 0, paid ≤ payable, borrowed ≤ available —
 * and the counters derived from those rows.
 *
 * Checked naively (read the sum, compare, insert) two transactions both read the same sum and
 * both pass: 20 parallel saves on a one-truck demand put 9 trucks on it. Counters kept by
 * "read, add one, write" lose updates the same way. The mechanism:
 *
 *  1. `lockParent` takes the parent row `FOR UPDATE` in the caller's transaction: every other
 *     transaction applying a rule to the same parent waits here until this one commits.
 *  2. `total` then sums the children. Under READ COMMITTED each statement sees what was committed
 *     when it starts, so a sum read after the lock counts every row the previous holder wrote.
 *  3. `recountInto` writes a derived counter as `UPDATE parent SET x = (SELECT agg … FROM child)`
 *     — recomputed from the rows, never incremented — again after the lock (an UPDATE that waits
 *     for a row lock re-reads the row, but not its subquery: the lock must come first, from its
 *     own statement).
 *
 * PGlite has one connection, so transactions are serial there anyway; the statements are the
 * same. Lock a parent before the children it limits and always in the same order (schedule,
 * then its demand, then its project) so two rules never wait on each other.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { ScopedQueries } from './scope';
import type { Db } from '../db/connect';

type Row = Record<string, any>;

/** What the rules need of a hook or handler context: its transaction and its scoped builders. */
export interface QuantityContext {
  db: Db;
  q: ScopedQueries;
}

/** A condition on a child field: a value (=), a list (IN), or `{ not: [...] }` (NOT IN). */
export type Condition = string | number | boolean | null | (string | number)[] | { not: (string | number)[] };

/** The children a rule sums: rows of `entity` whose `key` is the parent's id. */
export interface ChildAggregate {
  entity: string;
  /** the child's reference to the parent */
  key: string;
  /** 'count' (default) or the field to sum */
  agg?: 'count' | { sum: string };
  where?: Record<string, Condition>;
  /** leave this child out (the one being changed, when its new value is added by the caller) */
  exceptId?: number;
}

function assertTransaction(ctx: QuantityContext, what: string) {
  // Outside a transaction a lock ends with its statement: the rule would not hold.
  if (!ctx.db.isTransaction) throw new Error(`${what} must run inside a transaction`);
}

/**
 * Locks the parent row (`SELECT … FOR UPDATE`) until the caller's transaction ends and returns it
 * as it is now (undefined when it does not exist in the session's tenant).
 */
export async function lockParent(ctx: QuantityContext, entity: string, id: unknown): Promise<Row | undefined> {
  assertTransaction(ctx, 'lockParent');
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return undefined;
  const e = ctx.q.entity(entity);
  return (await ctx.q.select(entity).selectAll().where(`${e.table}.${e.idField}`, '=', n).forUpdate().executeTakeFirst()) as Row | undefined;
}

function children(ctx: QuantityContext, parentId: number, from: ChildAggregate): SelectQueryBuilder<any, any, any> {
  const e = ctx.q.entity(from.entity);
  const col = (f: string) => `${e.table}.${f}`;
  let q = ctx.q.select(from.entity).where(col(from.key), '=', parentId);
  for (const [field, c] of Object.entries(from.where ?? {})) {
    if (Array.isArray(c)) q = q.where(col(field), 'in', c);
    else if (c !== null && typeof c === 'object') q = q.where(col(field), 'not in', c.not);
    else if (c === null) q = q.where(col(field), 'is', null);
    else q = q.where(col(field), '=', c);
  }
  if (from.exceptId !== undefined) q = q.where(col(e.idField), '<>', from.exceptId);
  const agg = from.agg ?? 'count';
  return q.select((eb: ExpressionBuilder<any, any>) => (agg === 'count'
    ? eb.fn.countAll().as('total')
    : eb.fn.coalesce(eb.fn.sum(col(agg.sum)), sql<number>`0`).as('total')));
}

/**
 * The children's count or sum as exact decimal text ('0' when none). Call it after `lockParent`
 * on the same parent, or the number may be stale by the time the caller acts on it.
 */
export async function total(ctx: QuantityContext, parentId: unknown, from: ChildAggregate): Promise<string> {
  const r = (await children(ctx, Number(parentId), from).executeTakeFirstOrThrow()) as { total: unknown };
  return String(r.total ?? '0');
}

/**
 * Recomputes a derived counter of the parent from its children in one statement and returns the
 * new value: `UPDATE parent SET field = (SELECT count/sum … FROM child WHERE key = id …)`.
 * Lock the parent first (`lockParent`) when anything else may change the children concurrently.
 */
export async function recountInto(ctx: QuantityContext, target: { parent: string; id: unknown; field: string; from: ChildAggregate }): Promise<string | undefined> {
  assertTransaction(ctx, 'recountInto');
  const id = Number(target.id);
  if (!Number.isSafeInteger(id)) return undefined;
  const p = ctx.q.entity(target.parent);
  const sub = children(ctx, id, target.from);
  const r = (await ctx.q.update(target.parent)
    .set({ [target.field]: sub } as Row)
    .where(`${p.table}.${p.idField}`, '=', id)
    .returning(`${p.table}.${target.field}` as any)
    .executeTakeFirst()) as Row | undefined;
  return r ? String(r[target.field]) : undefined;
}
