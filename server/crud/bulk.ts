/**
 * Many rows into one table in one statement whose rows travel as ONE parameter (a JSON array read
 * by `json_populate_recordset`) instead of rows × columns parameters: a 200-line document's lines
 * or ledger rows were 1,800–4,200 parameters that Kysely parsed and compiled and pg serialised one
 * by one, the largest share of the CPU a 200-line delivery cost (docs/decisions.md, 2026-11-28
 * inventory bench). Values are turned into text exactly as pg would send them (its prepareValue:
 * dates with their offset, arrays as array literals), so each column's input function reads what
 * it read before; json columns take the value itself. Small batches, rows with differing columns
 * (a missing column must take its default, which the record would make NULL) and SQL expressions
 * go through Kysely's VALUES as before.
 */
import { sql, type RawBuilder } from 'kysely';
import { createRequire } from 'node:module';
import type { Db } from '../db/connect';
import type { ResolvedEntity } from '../schema/types';
import { fieldType } from '../../schemas/src/fields/registry';
import { snakeCase } from '../db/sync';

/** Below this many rows the VALUES list is as cheap. */
const BULK_MIN = 20;

// pg's own conversion of a parameter to text (not in its typings)
const prepareValue = (createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown }).prepareValue;

/** Columns of the entity that are jsonb (their JSON text is embedded as a value, not as a string). */
const jsonColumns = new WeakMap<ResolvedEntity, Set<string>>();
function jsonOf(entity: ResolvedEntity): Set<string> {
  let set = jsonColumns.get(entity);
  if (!set) {
    set = new Set(['custom']);
    for (const [name, f] of Object.entries(entity.fields)) if (fieldType(f).column(f) === 'jsonb') set.add(name);
    jsonColumns.set(entity, set);
  }
  return set;
}

const names = new Map<string, string>();
const columnName = (k: string) => names.get(k) ?? (names.set(k, snakeCase(k)), snakeCase(k));

/** The rows as one JSON text keyed by column name, or null when they must go through VALUES. */
function asRecordset(entity: ResolvedEntity, rows: Record<string, unknown>[], cols: string[]): string | null {
  const json = jsonOf(entity);
  const keys = cols.map(columnName);
  const isJson = cols.map((k) => json.has(k));
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const o: Record<string, unknown> = {};
    for (let j = 0; j < cols.length; j++) {
      let v = r[cols[j]!];
      if (v === undefined) return null; // its column's default, which the record would make NULL
      if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return null; // an SQL expression (default, now())
      if (isJson[j]) {
        if (typeof v === 'string') {
          try {
            v = JSON.parse(v);
          } catch {
            return null;
          }
        }
      } else if (v !== null && typeof v !== 'string') {
        if (typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) return null;
        v = prepareValue(v);
      }
      o[keys[j]!] = v;
    }
    out[i] = o;
  }
  return JSON.stringify(out);
}

/**
 * Inserts the rows (camelCase keys, as the write pipeline builds them) into the entity's table in
 * their order; answers the inserted rows when `returning`, in insert order.
 */
export async function insertMany(db: Db, entity: ResolvedEntity, rows: Record<string, unknown>[], opts: { returning?: boolean } = {}): Promise<Record<string, any>[]> {
  if (!rows.length) return [];
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => rows.some((r) => r[k] !== undefined));
  const text = rows.length >= BULK_MIN ? asRecordset(entity, rows, cols) : null;
  if (text === null) {
    // Rows of one VALUES list share their columns: a row without a value takes the column's default.
    const values = rows.map((r) => Object.fromEntries(cols.map((k) => [k, k in r && r[k] !== undefined ? r[k] : sql`default`])));
    const q = db.insertInto(entity.table).values(values);
    return opts.returning ? ((await q.returningAll().execute()) as Record<string, any>[]) : (await q.execute(), []);
  }
  const table = columnName(entity.table);
  const source: RawBuilder<unknown> = sql`json_populate_recordset(null::${sql.id(table)}, ${text}::json) with ordinality`;
  const q = db.insertInto(entity.table).columns(cols as any)
    .expression(db.selectFrom(source.as('j')).select(cols.map((c) => `j.${c}`) as any).orderBy(sql`ordinality`) as any);
  return opts.returning ? ((await q.returningAll().execute()) as Record<string, any>[]) : (await q.execute(), []);
}
