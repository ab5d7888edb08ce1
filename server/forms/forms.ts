/**
 * Forms built in the designer, stored as named, versioned definitions (each save is a new
 * revision), and their submissions, validated with the JSON Schema compiled from the very
 * revision they were made against (schemas/src/form-to-json-schema.ts).
 */
import { sql } from 'kysely';
import type { ValidateFunction } from 'ajv';
import type { Handler, HandlerContext } from '../crud/context';
import { requireSession } from '../crud/context';
import { badRequest, notFound } from '../http/errors';
import { createAjv, formatAjvErrors } from '../../schemas/src/ajv';
import { checkFormDefinition } from '../../schemas/src/form-meta';
import { formToJsonSchema } from '../../schemas/src/form-to-json-schema';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import { sanitizeDefinition, sanitizeSubmission } from './sanitize';
import { loadEnums } from '../schema/load';

/**
 * Options of store-backed items known without a query: `enum:<name>` lists. Staff and department
 * stores depend on the organisation and are not membership-checked here.
 */
const resolveStoreOptions = (source: string) =>
  source.startsWith('enum:') ? loadEnums()[source.slice(5)]?.values.map((v) => ({ label: v.label, value: v.value })) : undefined;

/** Advisory-lock class of form saves (server/auth/rate-limit.ts uses 1101-1102). */
const FORM_SAVE_LOCK = 1201;

/** null when the definition is a valid, safe form; else a Chinese message. */
export const checkDefinition = checkFormDefinition;

function scoped(ctx: HandlerContext) {
  const s = requireSession(ctx);
  return ctx.db.selectFrom('formDefinition').where('orgId', '=', s.orgId);
}

function present(row: Record<string, any>) {
  return {
    formDefinitionId: row.formDefinitionId, name: row.name, title: row.title, revision: row.revision, baseForm: row.baseForm ?? null,
    remark: row.remark ?? null, definition: row.definition, createdAt: row.createdAt, createdBy: row.createdBy,
  };
}

async function findRevision(ctx: HandlerContext, name: string, revision?: number) {
  let q = scoped(ctx).selectAll().where('name', '=', name);
  q = revision ? q.where('revision', '=', revision) : q.orderBy('revision', 'desc');
  const row = await q.limit(1).executeTakeFirst();
  if (!row) throw notFound('表单不存在');
  return row as Record<string, any>;
}

const list: Handler = async (ctx) => {
  const rows = await scoped(ctx)
    .select(['name', sql<number>`max(revision)`.as('revision'), sql<number>`count(*)`.as('revisions'), sql<string>`max(updated_at)`.as('updatedAt')])
    .groupBy('name')
    .orderBy('name')
    .execute();
  const latest = await Promise.all(rows.map((row: any) => findRevision(ctx, row.name, Number(row.revision))));
  return rows.map((row: any, index) => ({
    name: row.name, title: latest[index]!.title, revision: Number(row.revision), revisions: Number(row.revisions),
    baseForm: latest[index]!.baseForm ?? null, updatedAt: new Date(row.updatedAt).toISOString(),
  }));
};

const get: Handler = async (ctx) => present(await findRevision(ctx, String(ctx.params.name), ctx.query.revision ? Number(ctx.query.revision) : undefined));

/** The organisation's latest customised version of a business form, or null. */
const custom: Handler = async (ctx) => {
  const row = await scoped(ctx).selectAll().where('baseForm', '=', String(ctx.params.baseForm))
    .orderBy('updatedAt', 'desc').orderBy('revision', 'desc').limit(1).executeTakeFirst();
  return row ? present(row as Record<string, any>) : null;
};

const revisions: Handler = async (ctx) => {
  const rows = await scoped(ctx).select(['formDefinitionId', 'name', 'title', 'revision', 'remark', 'createdAt', 'createdBy'])
    .where('name', '=', String(ctx.params.name)).orderBy('revision', 'desc').execute();
  if (rows.length === 0) throw notFound('表单不存在');
  return rows;
};

const save: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const body = ctx.body as { name: string; title: string; baseForm?: string; remark?: string; definition: DesignerForm };
  const problem = checkDefinition(body.definition);
  if (problem) throw badRequest(problem);
  const definition = await sanitizeDefinition(structuredClone(body.definition));
  return ctx.db.transaction().execute(async (trx) => {
    // Saves of one form queue here, so each reads the revision the previous one wrote: twenty
    // people saving at once get twenty revisions in order, not one revision and 409s.
    await sql`select pg_advisory_xact_lock(${FORM_SAVE_LOCK}, hashtext(${`${s.orgId}:${body.name}`}))`.execute(trx);
    const top = await trx.selectFrom('formDefinition').select(sql<number>`coalesce(max(revision), 0)`.as('max'))
      .where('orgId', '=', s.orgId).where('name', '=', body.name).executeTakeFirst();
    const revision = Number(top?.max ?? 0) + 1;
    const row = await trx.insertInto('formDefinition').values({
      corpId: s.corpId, orgId: s.orgId, name: body.name, title: body.title, revision, baseForm: body.baseForm ?? null, remark: body.remark ?? null,
      definition: JSON.stringify(definition), createdBy: s.staffId, updatedBy: s.staffId,
    }).returningAll().executeTakeFirstOrThrow();
    return present(row as Record<string, any>);
  });
};

const validators = new Map<number, ValidateFunction>();

const submit: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const body = ctx.body as { revision?: number; values: Record<string, unknown> };
  const row = await findRevision(ctx, String(ctx.params.name), body.revision);
  const definition = row.definition as DesignerForm;
  let validate = validators.get(row.formDefinitionId);
  const schema = formToJsonSchema(definition, { resolveOptions: resolveStoreOptions });
  if (!validate) {
    validate = createAjv().compile(schema);
    validators.set(row.formDefinitionId, validate);
  }
  const values = structuredClone(body.values);
  if (!validate(values)) throw badRequest(formatAjvErrors(validate.errors, schema));
  await sanitizeSubmission(definition, values);
  const saved = await ctx.db.insertInto('formSubmission').values({
    corpId: s.corpId, orgId: s.orgId, formName: row.name, revision: row.revision, formDefinitionId: row.formDefinitionId,
    values: JSON.stringify(values), createdBy: s.staffId, updatedBy: s.staffId,
  }).returning(['formSubmissionId', 'revision', 'createdAt']).executeTakeFirstOrThrow();
  return saved;
};

const submissions: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return ctx.db.selectFrom('formSubmission').select(['formSubmissionId', 'formName', 'revision', 'values', 'createdAt', 'createdBy'])
    .where('orgId', '=', s.orgId).where('formName', '=', String(ctx.params.name)).orderBy('formSubmissionId', 'desc').limit(500).execute();
};

export const formHandlers: Record<string, Handler> = {
  'forms.list': list,
  'forms.get': get,
  'forms.custom': custom,
  'forms.revisions': revisions,
  'forms.save': save,
  'forms.submit': submit,
  'forms.submissions': submissions,
};
