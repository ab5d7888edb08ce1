/**
 * `digitalAsset.*`: the library's reads, each narrowed by the caller's category permissions
 * (server/digital-asset/access.ts) — the page (filters and full-text keyword search over name,
 * number, tags and the category form's values), a record, its versions and its files. An asset
 * the caller may not view is "not found", exactly as one of another organisation.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Handler, HandlerContext } from '../crud/context';
import { REPLIED, requireSession, requireEntity } from '../crud/context';
import { crudHandlers } from '../crud/handlers';
import { notFound, HttpError } from '../http/errors';
import { presentInList } from '../crud/values';
import { uploadsDir, registerFileGuard } from '../files/files';
import { LEVEL, levelOf, readableCategories, resolveAccess, subtree } from './access';
import { ASSET_FILE_TYPE, mayOpenFiles, mayView } from './rules';

const PUBLISHED = 15;
import { narrowedPage } from './page';

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

export const digitalAssetHandlers: Record<string, Handler> = {
  'digitalAsset.page': page,
  'digitalAsset.get': get,
  'digitalAsset.versions': versions,
  'digitalAsset.download': download,
};

void requireEntity;
