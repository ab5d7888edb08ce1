/**
 * The library's rules shared by its handlers and hooks (kept apart from the handlers so hooks do
 * not import the generic handlers): who may see an asset, who may open its files, the category
 * form check of an asset's values, and China's today.
 */
import type { ValidateFunction } from 'ajv';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { badRequest } from '../http/errors';
import { createAjv, formatAjvErrors } from '../../schemas/src/ajv';
import { formToJsonSchema } from '../../schemas/src/form-to-json-schema';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import { loadEnums } from '../schema/load';
import { LEVEL, levelOf, type Access } from './access';

/** Today in China (yyyy-MM-dd). */
export const chinaDate = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export const ASSET_FILE_TYPE = 'digital-asset';
const PUBLISHED = 15;
const CONFIDENTIAL = 3;

/** Whether the caller may see this asset row at all (its category's level, its state, its owner). */
export function mayView(a: Access, session: Session, row: Record<string, any>): boolean {
  const level = levelOf(a, Number(row.categoryId));
  if (level === LEVEL.manage) return true;
  if (Number(row.ownerStaffId) === session.staffId && level >= LEVEL.upload) return true;
  return level >= LEVEL.view && Number(row.status) === PUBLISHED;
}

/**
 * Whether the caller may open the asset's files: any viewer of a public or internal asset; a
 * confidential one only its managers, its owner, or a borrower whose approved borrowing runs now.
 */
export async function mayOpenFiles(db: Db, a: Access, session: Session, row: Record<string, any>): Promise<boolean> {
  if (!mayView(a, session, row)) return false;
  if (Number(row.securityLevel) !== CONFIDENTIAL) return true;
  if (levelOf(a, Number(row.categoryId)) === LEVEL.manage || Number(row.ownerStaffId) === session.staffId) return true;
  const borrow = await db.selectFrom('assetBorrow').select('borrowId').where('orgId', '=', session.orgId).where('assetId', '=', row.assetId)
    .where('applicantStaffId', '=', session.staffId).where('auditState', '=', 15).where('borrowStatus', '=', 5).executeTakeFirst();
  return Boolean(borrow);
}

/** The category's metadata form, compiled once per revision. */
const validators = new Map<number, { validate: ValidateFunction; schema: object }>();
const resolveStoreOptions = (source: string) =>
  source.startsWith('enum:') ? loadEnums()[source.slice(5)]?.values.map((v) => ({ label: v.label, value: v.value })) : undefined;

/** Checks an asset's `customValues` against the latest revision of its category's form (400 naming the field). */
export async function validateCustomValues(db: Db, orgId: number, formName: string | null, values: unknown): Promise<void> {
  if (!formName) return;
  const def = await db.selectFrom('formDefinition').select(['formDefinitionId', 'definition']).where('orgId', '=', orgId).where('name', '=', formName)
    .orderBy('revision', 'desc').limit(1).executeTakeFirst() as { formDefinitionId: number; definition: DesignerForm } | undefined;
  if (!def) return;
  let v = validators.get(def.formDefinitionId);
  if (!v) {
    const schema = formToJsonSchema(def.definition, { resolveOptions: resolveStoreOptions });
    v = { validate: createAjv().compile(schema), schema };
    validators.set(def.formDefinitionId, v);
  }
  const copy = structuredClone(values ?? {});
  if (!v.validate(copy)) throw badRequest(`分类信息：${formatAjvErrors(v.validate.errors, v.schema as any)}`, { field: 'customValues' });
}

