/**
 * `digitalAsset.*`: the library's reads, each narrowed by the caller's category permissions
 * (server/digital-asset/access.ts) — the page (filters and full-text keyword search over name,
 * number, tags and the category form's values), a record, its versions and its files. An asset
 * the caller may not view is "not found", exactly as one of another organisation.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { ValidateFunction } from 'ajv';
import type { Handler, HandlerContext } from '../crud/context';
import { REPLIED, requireSession, requireEntity } from '../crud/context';
import { crudHandlers } from '../crud/handlers';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { badRequest, notFound, HttpError } from '../http/errors';
import { presentInList } from '../crud/values';
import { uploadsDir, registerFileGuard } from '../files/files';
import { createAjv, formatAjvErrors } from '../../schemas/src/ajv';
import { formToJsonSchema } from '../../schemas/src/form-to-json-schema';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import { loadEnums } from '../schema/load';
import { LEVEL, levelOf, readableCategories, resolveAccess, subtree, type Access } from './access';
import { narrowedPage } from './page';

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

async function loadAsset(ctx: HandlerContext, id: number) {
  const s = requireSession(ctx);
  if (!Number.isSafeInteger(id)) throw notFound('资料不存在');
  const row = await ctx.db.selectFrom('digitalAsset').selectAll().where('orgId', '=', s.orgId).where('assetId', '=', id).executeTakeFirst();
  const a = await resolveAccess(ctx.db, s);
  if (!row || !mayView(a, s, row as Record<string, any>)) throw notFound('资料不存在或您没有该分类的查看权限');
  return { row: row as Record<string, any>, access: a };
}

/**
 * The library: `categoryId` (a node and, as the tree sends them, its descendants) narrowed to the
 * categories the caller may view; `owner=me` the caller's uploads; `manage=true` everything of
 * the categories the caller manages (我的管理).
 */
const page: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const a = await resolveAccess(ctx.db, s);
  const query = { ...ctx.query };
  const wanted = query.categoryId === undefined || query.categoryId === '' ? null
    : (Array.isArray(query.categoryId) ? query.categoryId : String(query.categoryId).split(',')).map(Number).filter(Number.isSafeInteger);
  delete query.categoryId;
  const inScope = wanted ? new Set(wanted.length === 1 ? subtree(a, wanted[0]!) : wanted) : null;
  const managed = readableCategories(a, LEVEL.manage).filter((id) => !inScope || inScope.has(id));
  const uploadable = readableCategories(a, LEVEL.upload).filter((id) => !inScope || inScope.has(id));
  const viewable = readableCategories(a, LEVEL.view).filter((id) => !inScope || inScope.has(id));
  const manage = query.manage === true || query.manage === 'true';
  const ownerMe = query.owner === 'me';
  const none = [-1];
  return narrowedPage(ctx, (qb) => qb.where((eb) => {
    if (manage) return eb('digitalAsset.categoryId', 'in', managed.length ? managed : none);
    const mine = eb.and([eb('digitalAsset.ownerStaffId', '=', s.staffId), eb('digitalAsset.categoryId', 'in', uploadable.length ? uploadable : none)]);
    if (ownerMe) return mine;
    return eb.or([
      eb('digitalAsset.categoryId', 'in', managed.length ? managed : none),
      mine,
      eb.and([eb('digitalAsset.status', '=', PUBLISHED), eb('digitalAsset.categoryId', 'in', viewable.length ? viewable : none)]),
    ]);
  }), query);
};

const get: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { row, access } = await loadAsset(ctx, Number(ctx.params.assetId));
  await ctx.db.updateTable('digitalAsset').set({ viewCount: sql`view_count + 1` }).where('assetId', '=', row.assetId).where('orgId', '=', s.orgId).execute();
  const out = (await crudHandlers['crud.get']!(ctx)) as Record<string, any>;
  const level = levelOf(access, Number(row.categoryId));
  return { ...out, viewCount: Number(row.viewCount ?? 0) + 1, myLevel: level, canOpenFiles: await mayOpenFiles(ctx.db, access, s, row) };
};

const versions: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { row } = await loadAsset(ctx, Number(ctx.params.assetId));
  const entity = ctx.entities.digitalAssetVersion!;
  const rows = await ctx.db.selectFrom('digitalAssetVersion').selectAll().where('orgId', '=', s.orgId).where('assetId', '=', row.assetId)
    .orderBy('assetVersionId', 'desc').execute();
  return rows.map((r) => presentInList(entity, r as Record<string, any>));
};

const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4' };

/** The file of an asset (current or an earlier version), for viewers allowed to open it. */
const download: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { row, access } = await loadAsset(ctx, Number(ctx.params.assetId));
  const fileName = String(ctx.params.fileName);
  const older = await ctx.db.selectFrom('digitalAssetVersion').select('files').where('orgId', '=', s.orgId).where('assetId', '=', row.assetId).execute();
  const all = [row.files, ...older.map((v: any) => v.files)].flatMap((f) => (Array.isArray(f) ? f : [])) as { fileName?: string; url: string; name: string }[];
  const file = all.find((f) => (f.fileName ?? f.url.split('/').pop()) === fileName);
  if (!file) throw notFound('文件不存在');
  if (!(await mayOpenFiles(ctx.db, access, s, row))) throw new HttpError(403, '机密资料需借阅审批通过后才能查看或下载');
  const full = path.join(uploadsDir(), String(s.orgId), path.basename(fileName));
  if (!existsSync(full)) throw notFound('文件不存在');
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const inline = ext in MIME && ctx.query.download !== 'true' && ctx.query.download !== true;
  ctx.reply
    .header('content-type', MIME[ext] ?? 'application/octet-stream')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  await ctx.reply.send(createReadStream(full));
  return REPLIED;
};

/** The generic file address of an asset's file answers only those who may open the asset. */
registerFileGuard(ASSET_FILE_TYPE, async (db, session, fileName) => {
  const rows = (await db.selectFrom('digitalAsset').selectAll().where('orgId', '=', session.orgId)
    .where(sql<boolean>`files::text like ${`%${fileName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`).execute()) as Record<string, any>[];
  const versionsOf = (await db.selectFrom('digitalAssetVersion as v').innerJoin('digitalAsset as d', 'd.assetId', 'v.assetId').selectAll('d')
    .where('v.orgId', '=', session.orgId).where(sql<boolean>`v.files::text like ${`%${fileName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`).execute()) as Record<string, any>[];
  const a = await resolveAccess(db, session);
  for (const row of [...rows, ...versionsOf]) if (await mayOpenFiles(db, a, session, row)) return true;
  return false;
});

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

export const digitalAssetHandlers: Record<string, Handler> = {
  'digitalAsset.page': page,
  'digitalAsset.get': get,
  'digitalAsset.versions': versions,
  'digitalAsset.download': download,
};

void requireEntity;
