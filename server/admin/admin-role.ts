/** adminRole.* handlers: a role's members, listed and set (role assignments take effect on the holders' next request). */
import { type Handler, requireSession } from '../crud/context';
import { badRequest, notFound } from '../http/errors';
import { inTransaction } from '../crud/handlers';
import { writeLog, OP } from '../crud/oplog';
import { MASKS } from '../../schemas/src/fields/registry';
import { assertCanGrant, assertCanManageStaff } from './access';
import { idsOf, syncStaffRoles } from '../hooks/admin/staff';

async function roleInOrg(ctx: Parameters<Handler>[0]) {
  const s = requireSession(ctx);
  const role = (await ctx.db.selectFrom('role').selectAll().where('roleId', '=', Number(ctx.params.roleId)).where('orgId', '=', s.orgId).executeTakeFirst()) as Record<string, any> | undefined;
  if (!role) throw notFound();
  return role;
}

const members: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const role = await roleInOrg(ctx);
  const rows = (await ctx.db.selectFrom('staffRole as sr').innerJoin('staff as st', 'st.staffId', 'sr.staffId').leftJoin('department as d', 'd.depId', 'st.depId')
    .select(['sr.staffRoleId', 'st.staffId', 'st.name', 'st.username', 'st.mobile', 'st.depId', 'd.name as depName', 'st.post', 'st.disabled', 'st.resigned'])
    .where('sr.roleId', '=', role.roleId).where('sr.orgId', '=', s.orgId).orderBy('st.staffId').execute()) as Record<string, any>[];
  return rows.map((r) => ({ ...r, mobile: typeof r.mobile === 'string' ? MASKS.mobile(r.mobile) : null }));
};

const setMembers: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const role = await roleInOrg(ctx);
  const wanted = [...new Set((ctx.body as { staffIds: number[] }).staffIds)];
  return inTransaction(ctx.db, async (trx) => {
    const current = ((await trx.selectFrom('staffRole').select('staffId').where('roleId', '=', role.roleId).where('orgId', '=', s.orgId).execute()) as { staffId: number }[]).map((r) => r.staffId);
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    if (!added.length && !removed.length) return { added: 0, removed: 0 };
    // Giving or taking this role is granting its permissions.
    assertCanGrant(s, Array.isArray(role.permissions) ? role.permissions : []);
    const staff = (await trx.selectFrom('staff').select(['staffId', 'orgId', 'corpId', 'name', 'roleIds']).where('orgId', '=', s.orgId)
      .where('staffId', 'in', [...added, ...removed]).execute()) as { staffId: number; orgId: number; corpId: number; name: string; roleIds: unknown }[];
    const missing = [...added, ...removed].find((id) => !staff.some((x) => x.staffId === id));
    if (missing) throw badRequest('员工不存在或不属于本单位', { field: 'staffIds' });
    for (const m of staff) {
      await assertCanManageStaff(trx, s, m);
      const roles = idsOf(m.roleIds);
      const next = added.includes(m.staffId) ? [...roles, role.roleId] : roles.filter((id) => id !== role.roleId);
      await syncStaffRoles({ db: trx }, m, idsOf(next), s.staffId);
    }
    const names = (ids: number[]) => staff.filter((x) => ids.includes(x.staffId)).map((x) => x.name).join('、') || null;
    await writeLog(trx, s, ctx.request.ip, {
      entity: ctx.entities.role!, operationType: OP.update, subjectId: role.roleId, subjectName: role.name, action: '设置成员',
      content: [
        ...(added.length ? [{ field: 'members', label: '加入成员', before: null, after: names(added) }] : []),
        ...(removed.length ? [{ field: 'members', label: '移除成员', before: names(removed), after: null }] : []),
      ],
    });
    return { added: added.length, removed: removed.length };
  });
};

export const adminRoleHandlers: Record<string, Handler> = {
  'adminRole.members': members,
  'adminRole.setMembers': setMembers,
};
