/**
 * 资产分类 (DOMAIN §3.7, §4.4): levels follow the parent; only a category's managers change or
 * publish it; deleting asks for an empty category (no asset, no child).
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict, HttpError } from '../../http/errors';
import { LEVEL, resolveAccess, subtree } from '../../digital-asset/access';

async function assertManages(ctx: HookContext, id: number | null | undefined, what: string) {
  if (ctx.system || !ctx.session) return;
  const a = await resolveAccess(ctx.db, ctx.session);
  if (a.all) return;
  if (!id || (a.levels.get(Number(id)) ?? 0) < LEVEL.manage) throw new HttpError(403, `您不是${what}的管理员`);
}

export const digitalAssetCategoryHooks = defineHooks('digitalAssetCategory', {
  async validate(ctx, record, prev) {
    if (record.parentId) {
      const parent = await ctx.q.get('digitalAssetCategory', Number(record.parentId));
      if (!parent) throw badRequest('上级分类不存在', { field: 'parentId' });
      if (prev) {
        const a = await resolveAccess(ctx.db, ctx.session!);
        if (subtree(a, Number(prev.categoryId)).includes(Number(record.parentId))) throw badRequest('上级分类不能是它自己或它的下级分类', { field: 'parentId' });
      }
      if (Number(parent.level ?? 1) >= 5) throw badRequest('分类最多5级', { field: 'parentId' });
    }
    // A new category under a parent is the parent's managers' to make; a top one the super manager's.
    if (!prev) {
      if (record.parentId) await assertManages(ctx, Number(record.parentId), '上级分类');
      else if (!ctx.system && ctx.session && !(await resolveAccess(ctx.db, ctx.session)).all) throw new HttpError(403, '只有分类超级管理员可以新增一级分类');
    } else {
      await assertManages(ctx, Number(prev.categoryId), '该分类');
    }
  },
  async beforeSave(ctx, values, prev) {
    // The permission list is written only by 权限 (savePermission), never by the category form.
    if (!ctx.system) delete values.permissions;
    if (!prev || 'parentId' in values) {
      const parentId = 'parentId' in values ? values.parentId : prev?.parentId;
      const parent = parentId ? await ctx.q.get('digitalAssetCategory', Number(parentId)) : undefined;
      values.level = parent ? Number(parent.level ?? 1) + 1 : 1;
    }
  },
  async afterSave(ctx, row, prev) {
    // Moved: every descendant's level follows.
    if (prev && Number(prev.level) !== Number(row.level)) {
      const a = await resolveAccess(ctx.db, ctx.session!);
      const walk = async (id: number, level: number) => {
        for (const c of a.categories.values()) {
          if (c.parentId !== id) continue;
          await ctx.q.update('digitalAssetCategory').set({ level: level + 1 }).where('categoryId', '=', c.categoryId).execute();
          await walk(c.categoryId, level + 1);
        }
      };
      await walk(Number(row.categoryId), Number(row.level));
    }
  },
  beforeTransition: {
    '*': async (ctx, row) => assertManages(ctx, Number(row.categoryId), '该分类'),
  },
  async beforeRemove(ctx, row) {
    await assertManages(ctx, Number(row.categoryId), '该分类');
    const child = await ctx.q.select('digitalAssetCategory').select('categoryId').where('parentId', '=', row.categoryId).limit(1).executeTakeFirst();
    if (child) throw conflict('该分类下还有下级分类，不能删除');
    const asset = await ctx.q.select('digitalAsset').select('assetId').where('categoryId', '=', row.categoryId).limit(1).executeTakeFirst();
    if (asset) throw conflict('该分类下还有资料，不能删除');
    await ctx.q.delete('categoryPermission').where('categoryId', '=', row.categoryId).execute();
  },
});
