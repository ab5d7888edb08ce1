/**
 * 资料 (DOMAIN §3.7, §4.4): uploaded (level ≥ 3 上传) into a published category with its
 * metadata form's values, which the server checks with that form; a change of files or version
 * keeps the previous ones as a version; submitted by the uploader, published by the category's
 * managers (a manager's own submission publishes at once); taken offline by owner or manager.
 */
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { LEVEL, levelOf, resolveAccess } from '../../digital-asset/access';
import { ASSET_FILE_TYPE, validateCustomValues } from '../../digital-asset/rules';
import { recountInto } from '../../crud/quantity';

type Row = Record<string, any>;
const fileNameOf = (f: { fileName?: string; url: string }) => f.fileName ?? f.url.split('/').pop() ?? '';

async function level(ctx: HookContext, categoryId: unknown): Promise<number> {
  if (ctx.system || !ctx.session) return LEVEL.manage;
  return levelOf(await resolveAccess(ctx.db, ctx.session), Number(categoryId));
}

async function assertOwnerOrManager(ctx: HookContext, row: Row, action: string) {
  if (ctx.system || !ctx.session) return;
  const l = await level(ctx, row.categoryId);
  if (l === LEVEL.manage) return;
  if (Number(row.ownerStaffId) === ctx.session.staffId && l >= LEVEL.upload) return;
  throw new HttpError(403, `只有资料负责人或分类管理员可以${action}`);
}

export const digitalAssetHooks = defineHooks('digitalAsset', {
  async validate(ctx, record, prev) {
    const category = await ctx.q.get('digitalAssetCategory', Number(record.categoryId));
    if (!category) throw badRequest('资产分类不存在', { field: 'categoryId' });
    if (!ctx.system) {
      if (prev) await assertOwnerOrManager(ctx, prev, '修改');
      if (!prev || Number(prev.categoryId) !== Number(record.categoryId)) {
        if ((await level(ctx, record.categoryId)) < LEVEL.upload) throw new HttpError(403, '您没有该分类的上传权限');
      }
      if (prev && Number(prev.status) === 5) throw conflict('资料审核中，不能修改');
      // New files must be the caller's own uploads: attaching another's file would open it to the caller.
      const before = new Set(((prev?.files ?? []) as { fileName?: string; url: string }[]).map(fileNameOf));
      const added = ((record.files ?? []) as { fileName?: string; url: string }[]).map(fileNameOf).filter((n) => !before.has(n));
      if (added.length) {
        const found = await ctx.q.select('fileObject').select('fileName').where('fileName', 'in', added).where('createdBy', '=', ctx.session!.staffId).execute();
        if (found.length !== new Set(added).size) throw badRequest('文件不存在，请重新上传', { field: 'files' });
      }
    }
    await validateCustomValues(ctx.db, ctx.session!.orgId, category.formName ?? null, record.customValues ?? {});
  },
  beforeSave(ctx, values, prev) {
    if (!prev && ctx.session) {
      values.ownerStaffId ??= ctx.session.staffId;
      values.depId ??= ctx.session.depId;
    }
  },
  async afterSave(ctx, row, prev) {
    const names = ((row.files ?? []) as { fileName?: string; url: string }[]).map(fileNameOf);
    // From now on the files' generic address asks the library's rule (server/digital-asset/digital-asset.ts).
    if (names.length) await ctx.q.update('fileObject').set({ fileType: ASSET_FILE_TYPE }).where('fileName', 'in', names).execute();
    if (prev) {
      const changed = JSON.stringify(prev.files) !== JSON.stringify(row.files) || prev.assetVersion !== row.assetVersion;
      if (changed) {
        await ctx.q.insert('digitalAssetVersion', { assetId: row.assetId, version: prev.assetVersion, files: JSON.stringify(prev.files ?? []), customValues: JSON.stringify(prev.customValues ?? {}), note: `由版本${row.assetVersion ?? ''}替换` });
      }
    }
    for (const id of new Set([row.categoryId, prev?.categoryId].filter(Boolean).map(Number))) {
      await recountInto(ctx, { parent: 'digitalAssetCategory', id, field: 'assetCount', from: { entity: 'digitalAsset', key: 'categoryId', where: { status: { not: [20] } } } } as any);
    }
  },
  async beforeRemove(ctx, row) {
    await assertOwnerOrManager(ctx, row, '删除');
    if (![0, 10].includes(Number(row.status))) throw conflict('只有草稿或已驳回的资料可以删除，已发布的请下架');
    await ctx.q.delete('digitalAssetVersion').where('assetId', '=', row.assetId).execute();
  },
  async afterRemove(ctx, row) {
    await recountInto(ctx, { parent: 'digitalAssetCategory', id: Number(row.categoryId), field: 'assetCount', from: { entity: 'digitalAsset', key: 'categoryId', where: { status: { not: [20] } } } } as any);
  },
  beforeTransition: {
    submit: async (ctx, row) => assertOwnerOrManager(ctx, row, '提交'),
    approve: async (ctx, row) => {
      if ((await level(ctx, row.categoryId)) < LEVEL.manage) throw new HttpError(403, '只有分类管理员可以审核资料');
    },
    reject: async (ctx, row) => {
      if ((await level(ctx, row.categoryId)) < LEVEL.manage) throw new HttpError(403, '只有分类管理员可以审核资料');
    },
    offline: async (ctx, row) => assertOwnerOrManager(ctx, row, '下架'),
  },
  afterTransition: {
    submit: async (ctx, row) => {
      if (ctx.session && (await level(ctx, row.categoryId)) === LEVEL.manage) {
        await ctx.transition('digitalAsset', Number(row.assetId), 'approve', { comment: '分类管理员提交，直接发布' });
        ctx.say('资料已发布');
      } else {
        const category = await ctx.q.get('digitalAssetCategory', Number(row.categoryId));
        if (category?.ownerStaffId) await ctx.notify({ recipients: [Number(category.ownerStaffId)], message: `资料「${row.name}」已提交，待您审核`, daily: true });
      }
    },
    approve: async (ctx, row) => {
      await ctx.q.update('digitalAsset').set({ publishedAt: sql`now()` }).where('assetId', '=', row.assetId).execute();
    },
    offline: async (ctx, row) => {
      await recountInto(ctx, { parent: 'digitalAssetCategory', id: Number(row.categoryId), field: 'assetCount', from: { entity: 'digitalAsset', key: 'categoryId', where: { status: { not: [20] } } } } as any);
    },
  },
});
