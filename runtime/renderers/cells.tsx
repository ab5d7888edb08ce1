/**
 * How a value reads in a table cell or a description. The per-type parts live in the field-type
 * registry (text) and its browser half (runtime/renderers/fields: tags, links, expiry warnings);
 * this module keeps the names list and detail screens call.
 */
import { fieldType, type CellKind } from '../../schemas/src/fields/registry';
import type { FieldDef } from '../../schemas/src/fields/types';
import { SYSTEM_FIELD_DEFS } from '../../schemas/src/entity-schema';

export { textOf, type Refs } from './fields/text';
export { EXPIRY_WARN_DAYS, renderValue } from './fields';

/** An entity field, or one of the system fields every record carries. */
export function fieldOf(entity: { fields: Record<string, FieldDef>; idField: string }, name: string): FieldDef | undefined {
  if (name === entity.idField) return { type: 'integer', title: '编号' };
  return entity.fields[name] ?? SYSTEM_FIELD_DEFS[name];
}

export function cellKind(f: FieldDef): CellKind {
  return fieldType(f).cell;
}

export function isNumeric(f: FieldDef): boolean {
  return ['integer', 'decimal', 'money'].includes(cellKind(f));
}
