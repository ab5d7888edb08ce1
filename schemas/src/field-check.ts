/**
 * The browser's check of an entity field: the very JSON Schema the server validates the field
 * with (schemas/src/entity-schema.ts), compiled at `npm run gen` into plain code
 * (schemas/generated/field-validators/<entity>.ts, see scripts/gen/field-validators.ts), with the
 * same Chinese message. The page's Content-Security-Policy forbids `new Function`, so nothing is
 * compiled here. Empty values pass; `required` is the form's own rule.
 */
import type { ErrorObject } from 'ajv';
import { formatAjvError } from './ajv';
import { fieldSchema } from './entity-schema';
import type { FieldDef } from './fields/types';
import type { FormEntity } from './form-to-formily';

export type CompiledFieldValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const loaded = new Map<string, CompiledFieldValidator>();

/** Loads an entity's generated validator (once); a form awaits this before it is compiled. */
export async function loadFieldChecks(entity: string): Promise<void> {
  if (loaded.has(entity)) return;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(entity)) throw new Error(`字段校验：实体名不合法 ${entity}`);
  const mod = (await import(`../generated/field-validators/${entity}.ts`)) as { validate: CompiledFieldValidator };
  loaded.set(entity, mod.validate);
}

/** For tests and for code that already holds a validator (the generator's output in Node). */
export function useFieldChecks(entity: string, validate: CompiledFieldValidator): void {
  loaded.set(entity, validate);
}

export function entityFieldCheck(entity: FormEntity, field: string, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  const f = entity.fields[field] as FieldDef | undefined;
  if (!f) return undefined;
  const validate = loaded.get(entity.name);
  // A form is compiled only after its entities' checks are loaded (runtime/renderers/form/compiled.ts).
  if (!validate) throw new Error(`字段校验未加载：${entity.name}`);
  if (validate({ [field]: value })) return undefined;
  const root = { type: 'object', properties: { [field]: fieldSchema(f) } };
  return formatAjvError(validate.errors![0]!, root);
}
