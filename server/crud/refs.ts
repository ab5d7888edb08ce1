/**
 * Titles of referenced records, fetched in one query per referenced entity for a whole page
 * (react-admin's getMany), never per row. Tenant-scoped like every other read.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap, ResolvedEntity } from '../schema/types';
import { HttpError } from '../http/errors';
import { scoped } from './scope';
import { placeholderFields, placeholderOf, resolveFilterBy } from '../../schemas/src/ref-filter';

export type Refs = Record<string, Record<string, string>>;

/** ids per referenced entity, from the reference fields of these rows (and their child lines). */
export function collectIds(entity: ResolvedEntity, rows: Record<string, unknown>[], into = new Map<string, Set<number>>(), entities?: EntityMap): Map<string, Set<number>> {
  for (const [name, f] of Object.entries(entity.fields)) {
    if ((f.type !== 'reference' && f.type !== 'references') || !f.ref) continue;
    let set = into.get(f.ref);
    for (const row of rows) {
      const v = row[name];
      const ids = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
      for (const id of ids) {
        const n = Number(id);
        if (Number.isSafeInteger(n) && n > 0) (set ??= new Set()).add(n);
      }
    }
    if (set) into.set(f.ref, set);
  }
  if (entities) {
    for (const [childName, c] of Object.entries(entity.children)) {
      const child = entities[c.entity];
      if (!child) continue;
      const lines = rows.flatMap((r) => (Array.isArray(r[childName]) ? (r[childName] as Record<string, unknown>[]) : []));
      if (lines.length) collectIds(child, lines, into);
    }
  }
  return into;
}

/**
 * Titles of every referenced entity in one statement (a UNION ALL of one tenant-scoped branch per
 * entity): a page's, a record's, an export batch's or a report's references cost one round trip
 * however many entities they name.
 */
export async function fetchTitles(db: Db, session: Session | null, entities: EntityMap, wanted: Map<string, Set<number>>): Promise<Refs> {
  return (await titlesAndIdSets(db, session, entities, wanted)).refs;
}

/**
 * The titles, plus sets of ids other queries select (one column `id`, e.g. the records awaiting
 * the caller's approval) in the same statement: a page's extras in one round trip.
 */
export async function titlesAndIdSets(
  db: Db, session: Session | null, entities: EntityMap, wanted: Map<string, Set<number>>, idSets: Record<string, SelectQueryBuilder<any, any, { id: number }> | undefined> = {},
): Promise<{ refs: Refs; sets: Record<string, number[]> }> {
  const refs: Refs = {};
  const sets: Record<string, number[]> = {};
  const branches: SelectQueryBuilder<any, any, any>[] = [];
  for (const [name, ids] of wanted) {
    const target = entities[name];
    if (!target?.titleField || !ids.size) continue;
    // Every entity asked for is named in the answer, even when none of its ids is visible.
    refs[name] = {};
    branches.push(scoped(db.selectFrom(target.table), target, session)
      .select([
        sql.lit(0).as('part'),
        sql.lit(name).as('refEntity'),
        sql.ref(`${target.table}.${target.idField}`).as('id'),
        // text in SQL, as String() made it: dates stay 'YYYY-MM-DD', money keeps its digits.
        sql<string | null>`${sql.ref(`${target.table}.${target.titleField}`)}::text`.as('title'),
      ])
      .where(`${target.table}.${target.idField}`, 'in', [...ids]));
  }
  for (const [key, q] of Object.entries(idSets)) {
    if (!q) continue;
    sets[key] = [];
    branches.push(db.selectFrom(q.as('s')).select([sql.lit(1).as('part'), sql.lit(key).as('refEntity'), 's.id', sql<string | null>`null::text`.as('title')]));
  }
  if (!branches.length) return { refs, sets };
  const query = branches.slice(1).reduce((q, b) => q.unionAll(b), branches[0]!);
  const rows = (await query.execute()) as { part: number; refEntity: string; id: number; title: string | null }[];
  for (const r of rows) {
    if (Number(r.part) === 0) refs[r.refEntity]![String(r.id)] = r.title ?? '';
    else if (!sets[r.refEntity]!.includes(Number(r.id))) sets[r.refEntity]!.push(Number(r.id));
  }
  return { refs, sets };
}

/**
 * The titles of a page's single references as columns of the page's own statement (one
 * correlated, tenant-scoped subquery per reference field, which PostgreSQL evaluates only for
 * the rows the LIMIT keeps): a list page then costs one round trip instead of two. Lists of
 * references and child lines still go through titlesAndIdSets.
 */
export function inlineTitles(
  qb: SelectQueryBuilder<any, any, any>, session: Session | null, entities: EntityMap, entity: ResolvedEntity, shown?: string[],
): { qb: SelectQueryBuilder<any, any, any>; read(rows: Record<string, any>[], wanted: Map<string, Set<number>>): Refs } {
  const columns: { field: string; ref: string; alias: string }[] = [];
  const visible = shown?.length ? new Set(shown) : null;
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.type !== 'reference' || !f.ref || (visible && !visible.has(name))) continue;
    const target = entities[f.ref];
    if (!target?.titleField) continue;
    if (target.tenant !== 'none' && !session) continue;
    const t = `refTitle${columns.length}`;
    const alias = `${t}Of`;
    qb = qb.select((eb) => {
      let sub = eb.selectFrom(`${target.table} as ${t}`)
        .select(sql<string>`coalesce(${sql.ref(`${t}.${target.titleField}`)}::text, '')`.as('title'))
        .whereRef(`${t}.${target.idField}`, '=', `${entity.table}.${name}`);
      if (target.tenant === 'org') sub = sub.where(`${t}.orgId`, '=', session!.orgId);
      else if (target.tenant === 'corp') sub = sub.where(`${t}.corpId`, '=', session!.corpId);
      return sub.as(alias);
    });
    columns.push({ field: name, ref: f.ref, alias });
  }
  return {
    qb,
    read(rows, wanted) {
      const refs: Refs = {};
      for (const c of columns) {
        const ids = wanted.get(c.ref);
        for (const r of rows) {
          const id = Number(r[c.field]);
          const title = r[c.alias];
          delete r[c.alias];
          if (!Number.isSafeInteger(id) || id <= 0) continue;
          // As titlesAndIdSets answers: the entity is named, an id nobody may see has no title.
          refs[c.ref] ??= {};
          if (title !== null && title !== undefined) refs[c.ref]![String(id)] = title;
          // Answered here (seen or not): not asked again.
          ids?.delete(id);
        }
      }
      for (const [name, ids] of [...wanted]) if (!ids.size && name in refs) wanted.delete(name);
      return refs;
    },
  };
}

export async function titlesFor(db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity, rows: Record<string, unknown>[]): Promise<Refs> {
  return fetchTitles(db, session, entities, collectIds(entity, rows, new Map(), entities));
}

/**
 * The reference ids of a record and of its document's lines, looked up together: which of them the
 * session can see, and their titles. The write pipeline asks once per save (one UNION ALL
 * statement however many reference fields and lines) and then runs checkReferences and
 * checkReferencesOfLines against it at their usual places, so a refusal is the same one, raised
 * at the same step, as when each asked the database itself; the operation log's diff takes its
 * titles from it too. Ids that could not be read (not integers) are not asked: those checks
 * still go to the database and refuse as before.
 */
export interface RefLookup {
  asked: Map<string, Set<number>>;
  found: Map<string, Set<number>>;
  /** titles of the visible ids of entities with a title field, as fetchTitles answers them */
  refs: Refs;
}

function referenceIds(f: { type: string }, raw: unknown): number[] | null {
  if (raw === undefined || raw === null) return [];
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' && f.type === 'references' ? JSON.parse(raw) : raw;
  } catch {
    return null;
  }
  const ids = (Array.isArray(parsed) ? parsed : [parsed]).map(Number);
  return ids.every((id) => Number.isSafeInteger(id)) ? ids : null;
}

export async function lookUpReferences(
  db: Db, session: Session | null, entities: EntityMap, sets: { entity: ResolvedEntity; rows: Record<string, unknown>[] }[],
): Promise<RefLookup> {
  const asked = new Map<string, Set<number>>();
  for (const { entity, rows } of sets) {
    for (const [name, f] of Object.entries(entity.fields)) {
      if ((f.type !== 'reference' && f.type !== 'references') || !f.ref || !entities[f.ref]) continue;
      for (const row of rows) {
        const ids = referenceIds(f, row[name]);
        if (!ids?.length) continue;
        let set = asked.get(f.ref);
        if (!set) asked.set(f.ref, (set = new Set()));
        for (const id of ids) set.add(id);
      }
    }
  }
  const found = new Map<string, Set<number>>();
  const refs: Refs = {};
  const branches: SelectQueryBuilder<any, any, any>[] = [];
  for (const [name, ids] of asked) {
    const target = entities[name]!;
    found.set(name, new Set());
    if (target.titleField) refs[name] = {};
    branches.push(scoped(db.selectFrom(target.table), target, session)
      .select([
        sql.lit(name).as('refEntity'),
        sql.ref(`${target.table}.${target.idField}`).as('id'),
        (target.titleField ? sql<string | null>`${sql.ref(`${target.table}.${target.titleField}`)}::text` : sql<string | null>`null::text`).as('title'),
      ])
      .where(`${target.table}.${target.idField}`, 'in', [...ids]));
  }
  if (branches.length) {
    const query = branches.slice(1).reduce((q, b) => q.unionAll(b), branches[0]!);
    for (const r of (await query.execute()) as { refEntity: string; id: number; title: string | null }[]) {
      found.get(r.refEntity)!.add(Number(r.id));
      if (refs[r.refEntity]) refs[r.refEntity]![String(r.id)] = r.title ?? '';
    }
  }
  return { asked, found, refs };
}

/** How many of these ids of `target` the session can see: from the lookup when it asked them all, else from the database. */
async function visibleCount(db: Db, session: Session | null, target: ResolvedEntity, ids: number[], known?: RefLookup): Promise<number> {
  const asked = known?.asked.get(target.name);
  if (asked && ids.every((id) => asked.has(id))) {
    const found = known!.found.get(target.name)!;
    return ids.filter((id) => found.has(id)).length;
  }
  return (await scoped(db.selectFrom(target.table), target, session).select(target.idField).where(target.idField, 'in', ids).execute()).length;
}

/**
 * A reference may only point at a row the session can see: otherwise a client could attach
 * another organisation's staff (or any id) to its records. Unknown → 400 naming the field.
 */
export async function checkReferences(
  db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity, values: Record<string, unknown>, at: { label: string; path: string } = { label: '', path: '' },
  known?: RefLookup,
): Promise<void> {
  for (const [name, f] of Object.entries(entity.fields)) {
    if ((f.type !== 'reference' && f.type !== 'references') || !f.ref) continue;
    const raw = values[name];
    if (raw === undefined || raw === null) continue;
    const parsed = typeof raw === 'string' && f.type === 'references' ? (JSON.parse(raw) as unknown[]) : raw;
    const ids = [...new Set((Array.isArray(parsed) ? parsed : [parsed]).map(Number))];
    if (!ids.length) continue;
    const target = entities[f.ref];
    if (!target) continue;
    const fail = () => new HttpError(400, `${at.label}${f.title}不存在或不属于本单位`, { field: `${at.path}${name}` });
    if (ids.some((id) => !Number.isSafeInteger(id))) throw fail();
    if ((await visibleCount(db, session, target, ids, known)) !== ids.length) throw fail();
  }
}

/**
 * `checkReferences` over the lines of a document: one query per reference field for every line
 * together; when one is missing, the per-line check of the lines in order names the first.
 */
export async function checkReferencesOfLines(
  db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity, lines: Record<string, unknown>[], atOf: (i: number) => { label: string; path: string },
  known?: RefLookup,
): Promise<void> {
  if (lines.length <= 1) {
    if (lines.length) await checkReferences(db, session, entities, entity, lines[0]!, atOf(0), known);
    return;
  }
  for (const [name, f] of Object.entries(entity.fields)) {
    if ((f.type !== 'reference' && f.type !== 'references') || !f.ref || !entities[f.ref]) continue;
    const target = entities[f.ref]!;
    const ids = new Set<number>();
    let bad = false;
    for (const v of lines) {
      const raw = v[name];
      if (raw === undefined || raw === null) continue;
      let parsed: unknown;
      try {
        parsed = typeof raw === 'string' && f.type === 'references' ? JSON.parse(raw) : raw;
      } catch {
        bad = true;
        break;
      }
      for (const id of (Array.isArray(parsed) ? parsed : [parsed]).map(Number)) {
        if (!Number.isSafeInteger(id)) bad = true;
        else ids.add(id);
      }
    }
    if (!bad && ids.size) {
      if ((await visibleCount(db, session, target, [...ids], known)) === ids.size) continue;
    } else if (!bad) continue;
    // something is missing: the line-by-line check finds and names it
    for (const [i, v] of lines.entries()) await checkReferences(db, session, entities, entity, v, atOf(i), known);
    return;
  }
}

const idsOf = (type: string, raw: unknown): number[] => {
  if (raw === undefined || raw === null || raw === '') return [];
  const parsed = typeof raw === 'string' && type === 'references' ? (JSON.parse(raw) as unknown[]) : raw;
  return [...new Set((Array.isArray(parsed) ? parsed : [parsed]).map(Number))].filter((n) => Number.isSafeInteger(n));
};

const sameValue = (a: unknown, b: unknown) => ((a ?? '') === '' && (b ?? '') === '') || String(a) === String(b);

/** A filter value as the target's column compares it (the options call reads "field:value" alike). */
function typed(target: ResolvedEntity, field: string, v: unknown): unknown {
  const type = target.fields[field]?.type;
  if (type === 'string' || type === 'text') return String(v);
  if (type === 'boolean') return v === true || v === 'true' || v === 1 || v === '1';
  return Number(v);
}

/**
 * A reference's `filterBy` is a rule, not only the picker's narrowing (schemas/src/ref-filter.ts):
 * a reference set or kept while a field its filter names changes must point at a target that
 * passes the filter, placeholders resolved from the record as it will be saved (`prev` merged with
 * `values`; a blank placeholder applies no condition, as in the picker). Checked only when the
 * reference or one of its placeholder fields changes, so a target that later leaves the filter
 * (a truck now on the road) does not block editing the record's other fields. Run after
 * checkReferences (existence and tenant).
 */
export async function checkReferenceFilters(
  db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity,
  values: Record<string, unknown>, prev: Record<string, unknown> | undefined, at: { label: string; path: string } = { label: '', path: '' },
): Promise<void> {
  const record: Record<string, unknown> = { ...(prev ?? {}), ...values };
  for (const [name, f] of Object.entries(entity.fields)) {
    if ((f.type !== 'reference' && f.type !== 'references') || !f.ref || !f.filterBy) continue;
    const target = entities[f.ref];
    if (!target) continue;
    const deps = placeholderFields(f.filterBy);
    const touched = prev ? [name, ...deps].some((k) => k in values && !sameValue(values[k], prev[k])) : name in values;
    if (!touched) continue;
    const ids = idsOf(f.type, record[name]);
    if (!ids.length) continue;
    const resolved = resolveFilterBy(f.filterBy, record);
    const constants = Object.fromEntries(Object.entries(f.filterBy).filter(([, v]) => placeholderOf(v) === undefined));
    const count = async (filter: Record<string, unknown>) => {
      let q = scoped(db.selectFrom(target.table), target, session).select(target.idField).where(target.idField, 'in', ids);
      for (const [k, v] of Object.entries(filter)) {
        q = Array.isArray(v) ? q.where(k, 'in', v.map((x) => typed(target, k, x)) as any) : q.where(k, '=', typed(target, k, v) as any);
      }
      return (await q.execute()).map((r) => Number((r as Record<string, unknown>)[target.idField]));
    };
    // A target matching the declared exception (filterAlso) passes the constant part too.
    const passing = async (filter: Record<string, unknown>) => {
      const ok = new Set(await count(filter));
      if (f.filterAlso && ok.size < ids.length) for (const id of await count(f.filterAlso)) ok.add(id);
      return ok.size;
    };
    if (Object.keys(constants).length && (await passing(constants)) !== ids.length) {
      throw new HttpError(400, `${at.label}所选${f.title}不符合选用条件`, { field: `${at.path}${name}` });
    }
    if (Object.keys(resolved).length > Object.keys(constants).length && (await passing(resolved)) !== ids.length) {
      // Named by the titles of the fields it depends on (the record's own id has none).
      const by = deps.filter((d) => entity.fields[d] && !(record[d] === undefined || record[d] === null || record[d] === '')).map((d) => entity.fields[d]!.title);
      const msg = by.length ? `${f.title}与所选${by.join('、')}不符` : `所选${f.title}不符合选用条件`;
      throw new HttpError(400, `${at.label}${msg}`, { field: `${at.path}${name}` });
    }
  }
}
