/**
 * The server's half of declared fill-ins and formulas (schemas/src/fill-ins.ts, formula.ts): the
 * write pipeline fills fetched fields from the picked record and recomputes formula fields on
 * every create and update, from the same definitions the form runs while the user types.
 */
import { computeFormulas } from '../../schemas/src/formula';
import { fetchRules, isBlank } from '../../schemas/src/fill-ins';
import type { EntityMap, ResolvedEntity } from '../schema/types';
import type { FieldDef } from '../../schemas/src/fields/types';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { scoped } from './scope';
import { badRequest } from '../http/errors';
import { toColumn } from './values';
import { fieldType } from '../../schemas/src/fields/registry';
import { decimalProblem, type DecimalSpec } from '../../schemas/src/ajv';

const sameValue = (a: unknown, b: unknown) => (isBlank(a) && isBlank(b)) || String(a) === String(b);

/**
 * Fills `values` (column values about to be written) from the references they set: on create
 * every reference given, on update those that changed. A fetched field takes the target's value
 * when it is read-only or the body left it blank (a user may override a fetched value); a
 * fetched reference triggers its own fill-ins; a cleared reference blanks its read-only fill-ins. Returns the filled values as the target holds them
 * (the pipeline shows hooks the body's values merged with these). The target is read in the caller's tenant: a
 * record of another organisation fills nothing (and the reference check refuses it).
 */
export async function applyFetches(
  db: Db, session: Session | null, entities: EntityMap, entity: ResolvedEntity,
  values: Record<string, unknown>, body: Record<string, unknown>, prev: Record<string, any> | undefined,
): Promise<Record<string, unknown>> {
  const filled: Record<string, unknown> = {};
  const rules = fetchRules(entity);
  if (!rules.size) return filled;
  const done = new Set<string>();
  const pending = [...rules.keys()].filter((ref) => ref in values && (!prev || !sameValue(values[ref], prev[ref])));
  while (pending.length) {
    const ref = pending.shift()!;
    if (done.has(ref)) continue;
    done.add(ref);
    const id = Number(values[ref]);
    const target = entities[entity.fields[ref]?.ref ?? ''];
    const list = rules.get(ref)!;
    if (isBlank(values[ref])) {
      // No record picked (the reference cleared): what only it could bring (read-only fill-ins) is blank.
      for (const r of list) {
        if (!r.readOnly) continue;
        filled[r.field] = null;
        values[r.field] = null;
        if (rules.has(r.field) && !done.has(r.field)) pending.push(r.field);
      }
      continue;
    }
    if (!target || !Number.isSafeInteger(id)) continue;
    const row = (await scoped(db.selectFrom(target.table), target, session)
      .select(list.map((r) => r.source)).where(target.idField, '=', id).executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!row) continue;
    for (const r of list) {
      const given = r.field in body ? body[r.field] : undefined;
      if (!r.readOnly && !isBlank(given)) continue;
      // A blank source leaves a field with a declared default as it is (its default on create).
      if (!r.readOnly && r.fallback !== undefined && isBlank(row[r.source])) continue;
      filled[r.field] = row[r.source] ?? null;
      values[r.field] = toColumn(entity, r.field, filled[r.field]);
      if (rules.has(r.field) && !done.has(r.field)) pending.push(r.field);
    }
  }
  return filled;
}

/**
 * A required field that fetches may be left out of a body (the fill-in brings it); once filled
 * it must hold a value, as the body's schema would have demanded.
 */
export function requireFetched(entity: ResolvedEntity, values: Record<string, unknown>, prev: Record<string, any> | undefined): void {
  for (const [name, f] of Object.entries(entity.fields)) {
    if (!f.fetchFrom || !f.required) continue;
    const v = name in values ? values[name] : prev?.[name];
    if (isBlank(v)) throw badRequest(`缺少必填字段：${f.title}`, { field: name });
  }
}

/**
 * Sets every formula field of the record in `values`: computed over the previous row merged with
 * the values being written. On update only what changes is set, so an untouched record's log
 * stays quiet.
 */
/** Why a decimal field's column can't hold `v` (too many digits, beyond its bounds), or null. */
export function columnProblem(f: FieldDef, v: unknown): string | null {
  const spec = (fieldType(f).input(f) as { 'x-decimal'?: DecimalSpec })['x-decimal'];
  return spec && !isBlank(v) ? decimalProblem(v, spec) : null;
}

/** Whether any field of the entity is a formula (a document's lines mostly have none: nothing to compute per line). */
export const hasFormulas = (entity: ResolvedEntity): boolean => Object.values(entity.fields).some((f) => f.formula);

export function applyFormulas(entity: ResolvedEntity, values: Record<string, unknown>, prev: Record<string, any> | undefined): void {
  const computed = computeFormulas(entity, { ...(prev ?? {}), ...values });
  for (const [k, v] of Object.entries(computed)) {
    if (prev && sameValue(prev[k], v)) continue;
    // A result the column can't hold (a margin of -9,971,978 % from a price of 1 元) is the
    // user's input gone wrong: say which figure, instead of letting the database refuse the row.
    const f = entity.fields[k];
    const problem = f ? columnProblem(f, v) : null;
    if (problem) throw badRequest(`${f!.title}的计算结果${v}超出范围（${problem}），请检查参与计算的数值`, { field: k });
    values[k] = toColumn(entity, k, v);
  }
}
