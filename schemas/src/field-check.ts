/**
 * The browser's check of an entity field: the very JSON Schema the server validates the field
 * with (schemas/src/entity-schema.ts), compiled once per field by the shared ajv setup, with the
 * same Chinese message. Empty values pass here; `required` is the form's own rule.
 */
import type { ValidateFunction } from 'ajv';
import { createAjv, formatAjvError } from './ajv';
import { fieldSchema } from './entity-schema';
import type { FieldDef } from './fields/types';
import type { FormEntity } from './form-to-formily';

const ajv = createAjv();
const cache = new Map<string, { validate: ValidateFunction; root: Record<string, unknown> } | null>();

export function entityFieldCheck(entity: FormEntity, field: string, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  const key = `${entity.name}.${field}`;
  let c = cache.get(key);
  if (c === undefined) {
    const f = entity.fields[field] as FieldDef | undefined;
    if (!f) return undefined;
    const root = { type: 'object', properties: { [field]: fieldSchema(f) } };
    try {
      c = { validate: ajv.compile(root), root };
    } catch {
      // ajv compiles with `new Function`, which the page's Content-Security-Policy forbids: the
      // field is then checked by the server on save, whose message lands on the same field.
      c = null;
    }
    cache.set(key, c);
  }
  if (!c) return undefined;
  return c.validate({ [field]: value }) ? undefined : formatAjvError(c.validate.errors![0]!, c.root);
}
