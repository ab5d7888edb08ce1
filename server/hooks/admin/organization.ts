/**
 * Organisations of the group (集团架构): a tree by parentOrgId with one 集团总部. Only 集团管理
 * moves an organisation in the tree or changes its type; a new organisation starts with the
 * standard role bundles (schemas/permissions.json "roles"), so its administrator can be set and
 * can staff it at once.
 */
import { defineHooks } from '../types';
import { HttpError, badRequest } from '../../http/errors';
import { permissionCatalogue, seesWholeGroup } from '../../admin/access';

export const organizationHooks = defineHooks('organization', {
  async validate(ctx, record, prev) {
    const group = !ctx.session || seesWholeGroup(ctx.session);
    if (prev && !group && ((record.parentOrgId ?? null) !== (prev.parentOrgId ?? null) || record.orgType !== prev.orgType)) {
      throw new HttpError(403, '只有集团管理员可以调整单位的上级和类型');
    }
    const all = (await ctx.q.select('organization').select(['orgId', 'parentOrgId', 'orgType']).execute()) as { orgId: number; parentOrgId: number | null; orgType: number }[];
    if (prev && record.parentOrgId) {
      // Walking up from the new parent must not meet this organisation.
      let at: number | null = Number(record.parentOrgId);
      for (let guard = 0; at !== null && guard < 1000; guard++) {
        if (at === prev.orgId) throw badRequest('上级单位不能是本单位或其下级单位', { field: 'parentOrgId' });
        at = all.find((o) => o.orgId === at)?.parentOrgId ?? null;
      }
    }
    if (Number(record.orgType) === 1 && all.some((o) => o.orgType === 1 && o.orgId !== prev?.orgId)) {
      throw badRequest('集团总部只能有一个', { field: 'orgType' });
    }
  },
  async beforeSave(ctx, values, prev) {
    if ('managerStaffId' in values && values.managerStaffId !== prev?.managerStaffId) {
      // The manager is staff of this organisation, which the caller's scope may not read.
      const m = values.managerStaffId
        ? (await ctx.db.selectFrom('staff').select('name').where('staffId', '=', Number(values.managerStaffId)).where('corpId', '=', prev?.corpId ?? ctx.session?.corpId ?? 0).executeTakeFirst()) as { name: string } | undefined
        : undefined;
      values.managerName = (m?.name ?? null) as never;
    }
  },
  async afterSave(ctx, row, prev) {
    if (prev) return;
    const by = ctx.session?.staffId ?? null;
    const bundles = permissionCatalogue().roles;
    if (bundles.length) {
      await ctx.db.insertInto('role').values(bundles.map((r) => ({
        corpId: row.corpId, orgId: row.orgId, name: r.name, code: r.code, permissions: JSON.stringify(r.permissions), createdBy: by, updatedBy: by,
      }))).execute();
    }
  },
});
