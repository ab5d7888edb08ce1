/**
 * Role assignments (角色成员) made one by one: giving or taking a role is granting its
 * permissions, so the caller must hold them all and may not manage a colleague above them; the
 * staff member's `roleIds` mirror follows. Takes effect on the holder's next request.
 */
import { defineHooks } from '../types';
import type { HookContext } from '../types';
import { assertCanGrant, assertCanManageStaff, rolePermissions } from '../../admin/access';
import { idsOf } from './staff';

async function guard(ctx: HookContext, row: { staffId: number; roleId: number }) {
  if (!ctx.session) return;
  assertCanGrant(ctx.session, await rolePermissions(ctx.db, ctx.session.orgId, [Number(row.roleId)]));
  await assertCanManageStaff(ctx.db, ctx.session, { staffId: Number(row.staffId), orgId: ctx.session.orgId });
}

async function mirror(ctx: HookContext, staffId: number) {
  const rows = (await ctx.db.selectFrom('staffRole').select('roleId').where('staffId', '=', staffId).execute()) as { roleId: number }[];
  await ctx.db.updateTable('staff').set({ roleIds: JSON.stringify(idsOf(rows.map((r) => r.roleId))) }).where('staffId', '=', staffId).execute();
}

export const staffRoleHooks = defineHooks('staffRole', {
  async validate(ctx, record) {
    await guard(ctx, record as { staffId: number; roleId: number });
  },
  afterSave: (ctx, row) => mirror(ctx, row.staffId),
  beforeRemove: (ctx, row) => guard(ctx, row),
  afterRemove: (ctx, row) => mirror(ctx, row.staffId),
});
