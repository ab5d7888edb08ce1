/**
 * A reference's filterBy is a rule on every write (server/crud/refs.ts checkReferenceFilters),
 * tested over every reference field of every entity that declares one: the table is generated
 * from the definitions. Each target lives in a small in-memory world behind a Kysely driver that
 * answers the check's query from its conditions: row 1 passes the filter, row 2 fails its
 * constants, row 3 passes the constants but not the "{field}" placeholders; other tables find
 * every id asked for.
 */
import { describe, expect, it } from 'vitest';
import {
  Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult,
} from 'kysely';
import { loadEntities } from '../../server/schema/load';
import { checkReferenceFilters } from '../../server/crud/refs';
import { HttpError } from '../../server/http/errors';
import { isMappedPlaceholder, placeholderFields, placeholderOf } from '../../schemas/src/ref-filter';
import type { Session } from '../../server/auth/session-types';

type Row = Record<string, unknown>;
const entities = loadEntities();
const PLACEHOLDER_VALUE = 7;
const session = { orgId: 1, corpId: 1, staffId: 1 } as unknown as Session;

/** Every "column op value" of a query's where clause. */
function conditions(node: unknown, out: { column: string; op: string; value: unknown }[] = []) {
  if (!node || typeof node !== 'object') return out;
  const n = node as Record<string, any>;
  if (n.kind === 'BinaryOperationNode') {
    const column = JSON.stringify(n.leftOperand).match(/"kind":"ColumnNode","column":\{"kind":"IdentifierNode","name":"(\w+)"/)?.[1];
    const right = n.rightOperand;
    const value = right.kind === 'ValueNode' ? right.value : right.kind === 'PrimitiveValueListNode' ? right.values : right.values?.map((v: any) => v.value);
    if (column) out.push({ column, op: n.operator.operator, value });
    return out;
  }
  for (const v of Object.values(n)) conditions(v, out);
  return out;
}

function worldDb(table: string, rows: Record<number, Row>, idField = 'id'): Kysely<any> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      const conds = conditions(q.query).filter((c) => c.column !== 'orgId' && c.column !== 'corpId');
      const ids = ((conds.find((c) => c.op === 'in' && c.column === idField) ?? conds.find((c) => c.op === 'in'))?.value as number[]) ?? [];
      // Other references of the record (checked alike) find their targets.
      if (!JSON.stringify(q.query).includes(`"kind":"IdentifierNode","name":"${table}"`)) return { rows: ids.map((id) => ({ [idField]: id })) as R[] };
      // "=" a value; "in" a constant list (a filterBy's list of codes), besides the ids asked for
      const found = ids.filter((id) => rows[id] && conds.every((c) => (c.op === '=' ? String(rows[id]![c.column]) === String(c.value)
        : c.op === 'in' && c.column !== idField ? (c.value as unknown[]).some((x) => String(x) === String(rows[id]![c.column])) : true)));
      return { rows: found.map((id) => ({ [idField]: id })) as R[] };
    },
    async *streamQuery() { /* not used */ },
  };
  const driver: Driver = {
    async init() {}, async acquireConnection() { return connection; }, async beginTransaction() {}, async commitTransaction() {},
    async rollbackTransaction() {}, async releaseConnection() {}, async destroy() {},
  };
  return new Kysely<any>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => driver, createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() } });
}

const cases = Object.values(entities).flatMap((entity) => Object.entries(entity.fields)
  .filter(([, f]) => f.filterBy && (f.type === 'reference' || f.type === 'references'))
  .map(([name, f]) => ({ entity, name, f, deps: placeholderFields(f.filterBy) })));

const refValue = (type: string, id: number) => (type === 'references' ? JSON.stringify([id]) : id);

async function refusal(p: Promise<void>): Promise<HttpError | undefined> {
  try { await p; return undefined; } catch (e) { if (e instanceof HttpError) return e; throw e; }
}

describe('filterBy is a rule on every write, for every reference that declares one', () => {
  it('the definitions declare some (the table below is not empty)', () => {
    expect(cases.length).toBeGreaterThan(5);
    expect(cases.map((c) => `${c.entity.name}.${c.name}`)).toContain('transportSchedule.driverId');
  });

  describe.each(cases.map((c) => [`${c.entity.name}.${c.name}`, c] as const))('%s', (_label, { entity, name, f, deps }) => {
    const filter = f.filterBy!;
    // A mapped placeholder ({field, map}) reads its field's value through the map: the record
    // carries the map's first key (the target then needs the value it maps to), and "another
    // value" is the map's second key (mapping to another target value).
    const mapped = Object.values(filter).filter(isMappedPlaceholder);
    const keyOf = (k: string | undefined) => (k === undefined ? undefined : Number.isNaN(Number(k)) ? k : Number(k));
    const depValue = (d: string, other = false): unknown => {
      const m = mapped.find((x) => x.field === d);
      if (!m) return other ? PLACEHOLDER_VALUE + 1 : PLACEHOLDER_VALUE;
      const keys = Object.keys(m.map);
      return keyOf(other ? keys.find((k) => String(m.map[k]) !== String(m.map[keys[0]!])) : keys[0]);
    };
    const good: Row = {};
    const badConstants: Row = {};
    const badPlaceholders: Row = {};
    for (const [k, v] of Object.entries(filter)) {
      const isPlaceholder = placeholderOf(v) !== undefined;
      const target = isMappedPlaceholder(v) ? v.map[String(depValue(v.field))] : PLACEHOLDER_VALUE;
      good[k] = isPlaceholder ? target : Array.isArray(v) ? v[0] : v; // a constant list: any of its values
      badConstants[k] = isPlaceholder ? target : 'other';
      badPlaceholders[k] = isPlaceholder ? PLACEHOLDER_VALUE + 1 : v;
    }
    const hasConstants = Object.values(filter).some((v) => placeholderOf(v) === undefined);
    // Row 4 fails the constants but matches the declared exception (filterAlso), when there is one.
    const alsoRow: Row = { ...badConstants, ...(f.filterAlso ?? {}) };
    const db = worldDb(entities[f.ref!]!.table, { 1: good, 2: badConstants, 3: badPlaceholders, 4: alsoRow }, entities[f.ref!]!.idField);
    const record = (id: number): Row => ({ [name]: refValue(f.type, id), ...Object.fromEntries(deps.map((d) => [d, depValue(d)])) });
    const check = (values: Row, prev?: Row) => refusal(checkReferenceFilters(db as any, session, entities, entity, values, prev));
    const title = f.title;

    it('a target that passes the filter is accepted', async () => {
      expect(await check(record(1))).toBeUndefined();
    });

    it.runIf(hasConstants)('a target outside the constants is refused on the field', async () => {
      const e = await check(record(2));
      expect(e?.status).toBe(400);
      expect(e?.message).toBe(`所选${title}不符合选用条件`);
      expect(JSON.stringify(e)).toContain(name);
    });

    it.runIf(Boolean(f.filterAlso))('a target the picker doesn\'t offer but the declared exception (filterAlso) names is accepted', async () => {
      expect(await check(record(4))).toBeUndefined();
      expect(await check(record(2))).toBeInstanceOf(HttpError);
    });

    it.runIf(deps.length > 0)('a target of another placeholder value is refused, naming the fields it depends on; a blank placeholder applies nothing', async () => {
      const e = await check(record(3));
      const by = deps.filter((d) => entity.fields[d]).map((d) => entity.fields[d]!.title);
      expect(e?.message).toBe(by.length ? `${title}与所选${by.join('、')}不符` : `所选${title}不符合选用条件`);
      expect(await check({ ...record(3), ...Object.fromEntries(deps.map((d) => [d, null])) })).toBeUndefined();
    });

    it.runIf(deps.length > 0)('on update: changing a field the filter names re-checks the kept reference (merged with the stored row)', async () => {
      const prev = record(1);
      expect(await check({ [deps[0]!]: depValue(deps[0]!, true) }, prev)).toBeInstanceOf(HttpError);
      expect(await check({ [deps[0]!]: depValue(deps[0]!) }, prev)).toBeUndefined();
    });

    it('on update: an untouched reference is not re-checked (its target may have left the filter since)', async () => {
      const outside = hasConstants ? 2 : 3;
      expect(await check({ remark: 'x' }, record(outside))).toBeUndefined();
      expect(await check({ [name]: refValue(f.type, outside) }, record(1))).toBeInstanceOf(HttpError);
    });
  });
});

describe('a mapped placeholder ({field, map}) translates the record\'s code into the target\'s', () => {
  const filter = { supplierType: { field: 'carrierType', map: { 2: 1, 3: 2, 4: 3 } }, status: 1 };
  it('resolves through the map, and a value the map lacks (or a blank one) adds no condition', async () => {
    const { resolveFilterBy } = await import('../../schemas/src/ref-filter');
    expect(resolveFilterBy(filter, { carrierType: 3 })).toEqual({ supplierType: 2, status: 1 });
    expect(resolveFilterBy(filter, { carrierType: '4' })).toEqual({ supplierType: 3, status: 1 });
    expect(resolveFilterBy(filter, { carrierType: 1 })).toEqual({ status: 1 });
    expect(resolveFilterBy(filter, { carrierType: null })).toEqual({ status: 1 });
    expect(placeholderFields(filter)).toEqual(['carrierType']);
  });
});
