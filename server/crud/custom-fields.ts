/**
 * Fields an organisation adds to a business form in the designer (Frappe's Customize Form) are
 * stored in the record's `custom` column and validated here, on the server, with the JSON
 * Schema of the customised form's own items. Without a customised form nothing custom is taken.
 */
import type { ValidateFunction } from 'ajv';
import { createAjv, formatAjvErrors } from '../../schemas/src/ajv';
import { formToJsonSchema, dataItems } from '../../schemas/src/form-to-json-schema';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import { HttpError } from '../http/errors';
import type { ResolvedEntity } from '../schema/types';
import { loadEnums, loadLayouts } from '../schema/load';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';

/** What the check reads of the write in progress (a WriteContext is one; naming that type would tie this module and write.ts in a cycle). */
type WriteContext = { db: Db; session: Session | null };

const ajv = createAjv();
const compiled = new Map<number, { validate: ValidateFunction; schema: Record<string, unknown>; keys: Set<string> }>();

const resolveOptions = (source: string) => {
  if (!source.startsWith('enum:')) return undefined;
  return loadEnums()[source.slice(5)]?.values.map((v) => ({ label: v.label, value: v.value }));
};

/** The org's latest customised version of each business form bound to the entity. */
async function customisedForms(ctx: WriteContext, entity: ResolvedEntity) {
  const bases = Object.values(loadLayouts()).filter((l) => l.entity === entity.name).map((l) => l.name);
  if (!bases.length || !ctx.session) return [];
  const rows = (await ctx.db.selectFrom('formDefinition').select(['formDefinitionId', 'name', 'revision', 'definition'])
    .where('orgId', '=', ctx.session.orgId).where('baseForm', 'in', bases)
    .orderBy('revision', 'desc').execute()) as { formDefinitionId: number; name: string; revision: number; definition: DesignerForm }[];
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.name)) latest.set(r.name, r);
  return [...latest.values()];
}

export async function checkCustomFields(ctx: WriteContext, entity: ResolvedEntity, custom: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(custom ?? {});
  if (!keys.length) return;
  const forms = await customisedForms(ctx, entity);
  const validators = forms.map((f) => {
    let c = compiled.get(f.formDefinitionId);
    if (!c) {
      const items = dataItems(f.definition.list).filter((item) => !(item.id in entity.fields));
      const schema = formToJsonSchema({ ...f.definition, list: items }, { resolveOptions });
      // Custom values are partial: a record created before the field existed has none.
      schema.required = [];
      c = { validate: ajv.compile(schema), schema, keys: new Set(items.map((i) => i.id)) };
      compiled.set(f.formDefinitionId, c);
    }
    return c;
  });
  const allowed = new Set(validators.flatMap((v) => [...v.keys]));
  const unknown = keys.find((k) => !allowed.has(k));
  if (unknown) throw new HttpError(400, `不允许的字段：${unknown}`, { field: `custom.${unknown}` });
  for (const v of validators) {
    const own = Object.fromEntries(keys.filter((k) => v.keys.has(k)).map((k) => [k, custom[k]]));
    if (!v.validate(own)) throw new HttpError(400, formatAjvErrors(v.validate.errors, v.schema));
  }
}
