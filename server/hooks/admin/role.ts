/**
 * Roles (角色管理): a named set of permission names of schemas/permissions.json, belonging to one
 * organisation. Nobody writes into a role a permission they don't hold, nor edits or deletes a
 * role that holds more than they do; a role with members can't be deleted; a role holds at least
 * one permission.
 */
import { defineHooks } from '../types';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { ACCESS_MSG, assertCanGrant, covers, isKnownPermission, normalisePermissions } from '../../admin/access';

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? asList(JSON.parse(v)) : []);

export const roleHooks = defineHooks('role', {
  validate(ctx, record, prev) {
    const wanted = asList(record.permissions);
    // A role granting nothing lets its staff in nowhere (no menu, no page): refused, not saved silently.
    if (!wanted.length) throw badRequest('请至少勾选一项权限：没有任何权限的角色，其员工将无法登录使用系统', { field: 'permissions' });
    const unknown = wanted.find((p) => !isKnownPermission(p));
    if (unknown) throw badRequest(ACCESS_MSG.unknownPermission(unknown), { field: 'permissions' });
    if (prev && ctx.session && !covers(ctx.session.permissions, asList(prev.permissions))) throw new HttpError(403, ACCESS_MSG.superiorRole);
    assertCanGrant(ctx.session, wanted);
  },
  beforeSave(_ctx, values) {
    if ('permissions' in values) values.permissions = normalisePermissions(asList(values.permissions)) as never;
  },
  async beforeRemove(ctx, row) {
    if (ctx.session && !covers(ctx.session.permissions, asList(row.permissions))) throw new HttpError(403, ACCESS_MSG.superiorRole);
    const members = await ctx.q.select('staffRole').select('staffRoleId').where('roleId', '=', row.roleId).limit(1).execute();
    if (members.length) throw conflict('该角色下还有员工，请先移除成员');
  },
});
