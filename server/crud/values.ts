/** Request values ↔ columns, through the field-type registry. */
import { fieldType, MASKS } from '../../schemas/src/fields/registry';
import type { ResolvedEntity } from '../schema/types';

/**
 * The columns a create/update body may set: declared, writable fields (plus editable numbers on
 * update). State fields are never among them: only transitions change a state.
 */
export function writableValues(entity: ResolvedEntity, data: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (!(name in data)) continue;
    if (f.readOnly && !(mode === 'update' && f.editable)) continue;
    out[name] = toColumn(entity, name, data[name]);
  }
  return out;
}

/** One value as its column takes it (jsonb as JSON text: pg would turn a JS array into an array type). */
export function toColumn(entity: ResolvedEntity, name: string, value: unknown): unknown {
  const f = entity.fields[name];
  if (!f) return value;
  if (value === undefined) return undefined;
  const t = fieldType(f);
  return t.toDb ? t.toDb(value, f) : value;
}

export function customValue(entity: ResolvedEntity, data: Record<string, unknown>): string | undefined {
  if (!entity.customFields || data.custom === undefined || data.custom === null) return undefined;
  return JSON.stringify(data.custom);
}

export function idParam(entity: ResolvedEntity, params: Record<string, unknown>): number {
  const raw = params[entity.idField] ?? Object.values(params).at(-1);
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : NaN;
}

/** A row as responses carry it: secrets dropped. */
export function present(entity: ResolvedEntity, row: Record<string, any>): Record<string, any> {
  for (const [name, f] of Object.entries(entity.fields)) if (f.writeOnly) delete row[name];
  return row;
}

/** A row as lists carry it: secrets dropped and masked fields masked. */
export function presentInList(entity: ResolvedEntity, row: Record<string, any>): Record<string, any> {
  present(entity, row);
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.mask && typeof row[name] === 'string') row[name] = MASKS[f.mask](row[name]);
  }
  return row;
}
