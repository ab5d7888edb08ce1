/**
 * The list query every generic read shares (page, list, tree, export, report): tenant scope,
 * fixed filters, declared filters by operator, keyword, "mine", and the declared sort.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { filterField, filterPath, filterSpec, sortableFields, type EntityLookup } from '../../schemas/src/entity-schema';
import type { EntryOptions } from '../../schemas/src/catalogue';
import type { Session } from '../auth/session-types';
import type { ResolvedEntity } from '../schema/types';
import { scoped } from './scope';

/** A fixed filter value meaning the calling staff member. */
export const ME = '@me';

/** The most rows a list counts exactly; beyond it the total reads "10000+". */
export const COUNT_CAP = 10000;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Day boundaries in China Standard Time, where every user of the product lives. */
const dayStart = (d: string) => `${d}T00:00:00+08:00`;
function nextDay(d: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/** A region code's prefix: the code without its trailing pairs of zeros (310000 → 31, 320500 → 3205). */
export function regionPrefix(code: string): string {
  let p = code.trim();
  while (p.length > 2 && p.endsWith('00')) p = p.slice(0, -2);
  return p;
}

/**
 * Filters of a list (or export, report) call. A filter may read one reference away
 * (`demandId.loadRegionCode`: schedules whose demand loads in a region): the condition is then on
 * the referenced record of the same organisation (EXISTS), so no row repeats; `entities` resolves it.
 */
export function applyFilters(
  qb: SelectQueryBuilder<any, any, any>, entity: ResolvedEntity, options: EntryOptions, query: Record<string, any>, session: Session | null, entities?: EntityLookup,
): SelectQueryBuilder<any, any, any> {
  for (const raw of options.filters ?? []) {
    const { field, op } = filterSpec(entity, raw, entities);
    const def = filterField(entity, field, entities);
    const path = filterPath(entity, field, entities);
    const col = (f: string) => (path ? sql.ref(`pf_t.${path.field}`) : sql.ref(`${entity.table}.${f}`));
    // A condition on the record the reference names, in the row's organisation.
    const on = (cond: RawBuilder<unknown>): RawBuilder<boolean> => {
      if (!path) return cond as RawBuilder<boolean>;
      const t = path.target;
      const tenant = t.tenant !== 'none' && t.tenant === entity.tenant ? (t.tenant === 'org' ? 'orgId' : 'corpId') : undefined;
      const scope = tenant ? sql` and ${sql.ref(`pf_t.${tenant}`)} = ${sql.ref(`${entity.table}.${tenant}`)}` : sql``;
      return sql<boolean>`exists (select 1 from ${sql.table(t.table)} as pf_t where ${sql.ref(`pf_t.${t.idField}`)} = ${sql.ref(`${entity.table}.${path.ref}`)}${scope} and ${cond})`;
    };
    if (path) {
      const v = query[field];
      if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
      const values = (Array.isArray(v) ? v : [v]).map(String);
      const cond = op === 'within'
        ? sql.join(values.map((x) => sql`${col(field)} like ${`${escapeLike(regionPrefix(x))}%`}`), sql` or `)
        : op === 'like' ? sql`${col(field)}::text ilike ${`%${escapeLike(values[0]!.trim())}%`}` : sql`${col(field)} in (${sql.join(values)})`;
      qb = qb.where(on(sql`(${cond})`));
      continue;
    }
    if (op === 'range') {
      const start = query[`${field}Start`];
      const end = query[`${field}End`];
      if (def.type === 'datetime') {
        if (start) qb = qb.where(col(field), '>=', dayStart(String(start)));
        if (end) qb = qb.where(col(field), '<', dayStart(nextDay(String(end))));
      } else {
        if (start !== undefined && start !== null && start !== '') qb = qb.where(col(field), '>=', start);
        if (end !== undefined && end !== null && end !== '') qb = qb.where(col(field), '<=', end);
      }
      continue;
    }
    const v = query[field];
    if (v === undefined || v === null || v === '') continue;
    if (op === 'like') {
      qb = qb.where(sql`${col(field)}::text`, 'ilike', `%${escapeLike(String(v).trim())}%`);
      continue;
    }
    const values = Array.isArray(v) ? v : [v];
    if (!values.length) continue;
    if (op === 'within') {
      qb = qb.where(sql<boolean>`(${sql.join(values.map((x) => sql`${col(field)} like ${`${escapeLike(regionPrefix(String(x)))}%`}`), sql` or `)})`);
      continue;
    }
    if (def.type === 'enum' && def.multiple) {
      // A list of codes matches when it holds any of the wanted codes.
      qb = qb.where((eb) => eb.or(values.map((x) => eb(col(field), '@>', JSON.stringify([x])))));
    } else {
      qb = values.length === 1 ? qb.where(col(field), '=', values[0]) : qb.where(col(field), 'in', values);
    }
  }
  const col = (f: string) => sql.ref(`${entity.table}.${f}`);
  for (const [f, raw] of Object.entries(options.fixed ?? {})) {
    // '@me' stands for the caller (lists of "my" records whose call takes no parameter).
    const v = raw === ME ? session?.staffId ?? -1 : raw;
    qb = Array.isArray(v) ? qb.where(col(f), 'in', v) : qb.where(col(f), '=', v);
  }
  if (options.mine && entity.ownerField && (query.mine === true || query.mine === 'true') && session) {
    qb = qb.where(col(entity.ownerField), '=', session.staffId);
  }
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  // A light list searches only what it shows: matching on hidden columns would let a caller
  // read them back one keystroke at a time (e.g. colleagues' mobiles through a staff picker).
  const shown = options.fields?.length ? new Set(options.fields) : null;
  const search = entity.search.filter((f) => f in entity.fields && (!shown || shown.has(f)));
  if (keyword && search.length) {
    const pattern = `%${escapeLike(keyword)}%`;
    qb = qb.where((eb) => eb.or(search.map((f) => eb(sql`${col(f)}::text`, 'ilike', pattern))));
  }
  return qb;
}

/** The scoped, filtered base query of a list entry. */
export function filteredQuery(db: Kysely<any>, entity: ResolvedEntity, options: EntryOptions, query: Record<string, any>, session: Session | null, entities?: EntityLookup) {
  return applyFilters(scoped(db.selectFrom(entity.table), entity, session), entity, options, query, session, entities);
}

/** Text sorts the way Chinese readers expect, by pinyin (server/db/collation.ts); other columns as they are. */
export function sortKey(entity: ResolvedEntity, field: string) {
  const text = ['string', 'text'].includes(entity.fields[field]?.type as string);
  return text ? sql`${sql.ref(`${entity.table}.${field}`)} collate zh_pinyin` : `${entity.table}.${field}`;
}

/** The sort a list query gets: the declared or requested field, then the id as a tie-breaker. */
export function sortSpec(entity: ResolvedEntity, options: EntryOptions, query: Record<string, any>): { field: string; order: 'asc' | 'desc' } {
  const allowed = sortableFields(entity, options.sort);
  const requested = typeof query.sortField === 'string' && allowed.includes(query.sortField) ? query.sortField : undefined;
  const field = requested ?? entity.defaultSort.field;
  const order = query.sortOrder === 'asc' || query.sortOrder === 'desc'
    ? query.sortOrder
    : requested ? 'asc' : entity.defaultSort.order;
  return { field, order };
}

/** Column of a page's inner rows carrying its sort value, for the outer query to keep the order (dropped before answering). */
export const PAGE_SORT = 'pageSortValue';

/**
 * The page cut out by the inner query, in its order, for an outer query over it named like the
 * entity's table: the sort value rides along as PAGE_SORT, since a light list may not select it.
 */
export function withPageSort(inner: SelectQueryBuilder<any, any, any>, entity: ResolvedEntity, options: EntryOptions, query: Record<string, any>) {
  const { field } = sortSpec(entity, options, query);
  return inner.select(sql.ref(`${entity.table}.${field}`).as(PAGE_SORT));
}

export function orderOuterPage(outer: SelectQueryBuilder<any, any, any>, entity: ResolvedEntity, options: EntryOptions, query: Record<string, any>) {
  const { field, order } = sortSpec(entity, options, query);
  const text = ['string', 'text'].includes(entity.fields[field]?.type as string);
  const key = sql.ref(`${entity.table}.${PAGE_SORT}`);
  outer = outer.orderBy(text ? sql`${key} collate zh_pinyin` : key, order);
  return field !== entity.idField ? outer.orderBy(`${entity.table}.${entity.idField}`, order) : outer;
}

export function orderBy(qb: SelectQueryBuilder<any, any, any>, entity: ResolvedEntity, options: EntryOptions, query: Record<string, any>) {
  const { field, order } = sortSpec(entity, options, query);
  qb = qb.orderBy(sortKey(entity, field), order);
  // A unique tie-breaker keeps pages stable when many rows share the sort value.
  if (field !== entity.idField) qb = qb.orderBy(`${entity.table}.${entity.idField}`, order);
  return qb;
}

/** Selected columns: a light list's fields, else every column. */
export function selection(qb: SelectQueryBuilder<any, any, any>, entity: ResolvedEntity, options: EntryOptions) {
  const fields = options.fields;
  if (!fields?.length) return qb.selectAll(entity.table);
  const columns = [...new Set([entity.idField, ...fields])].filter((f) => f in entity.fields || f === entity.idField || ['createdAt', 'updatedAt', 'version', 'orgId', 'corpId'].includes(f));
  return qb.select(columns.map((c) => `${entity.table}.${c}`));
}

/**
 * Counts matching rows up to COUNT_CAP + 1: exact for the lists people page through, bounded
 * for a million-row organisation (where "10000+" is what a person can use anyway).
 */
export async function cappedCount(base: SelectQueryBuilder<any, any, any>, db: Kysely<any>): Promise<{ total: number; capped: boolean }> {
  const r = await db.selectFrom(base.select(sql`1`.as('one')).limit(COUNT_CAP + 1).as('matching'))
    .select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow() as { n: number };
  const n = Number(r.n);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** Column of each page row carrying the capped count of the whole match (dropped before answering). */
export const PAGE_TOTAL = 'pageMatchCount';

/**
 * The capped count as a column of the page's own statement: an uncorrelated scalar subquery,
 * which PostgreSQL runs once (an InitPlan), so a page costs one round trip instead of two.
 */
export function withCappedCount(page: SelectQueryBuilder<any, any, any>, base: SelectQueryBuilder<any, any, any>): SelectQueryBuilder<any, any, any> {
  const matching = base.select(sql`1`.as('one')).limit(COUNT_CAP + 1);
  return page.select(sql<number>`(select count(*)::int from (${matching}) as matching)`.as(PAGE_TOTAL));
}

export function readCappedCount(n: unknown): { total: number; capped: boolean } {
  const total = Number(n);
  return total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false };
}
