/**
 * Departments (部门管理): a tree per organisation. A department can't sit under itself or one of
 * its own sub-departments; its head must be an active colleague; it is deleted only when no
 * sub-department and no active staff member is left in it.
 */
import { defineHooks } from '../types';
import type { HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';

/** The ids of a department and every department below it (its organisation only). */
export async function subtreeIds(ctx: Pick<HookContext, 'q'>, depId: number): Promise<number[]> {
  const all = (await ctx.q.select('department').select(['depId', 'parentId']).execute()) as { depId: number; parentId: number | null }[];
  const out = [depId];
  for (let i = 0; i < out.length; i++) for (const d of all) if (d.parentId === out[i] && !out.includes(d.depId)) out.push(d.depId);
  return out;
}

export const departmentHooks = defineHooks('department', {
  async validate(ctx, record, prev) {
    if (prev && record.parentId && (await subtreeIds(ctx, prev.depId)).includes(Number(record.parentId))) {
      throw badRequest('上级部门不能是本部门或其下级部门', { field: 'parentId' });
    }
    if (record.leaderStaffId && (!prev || record.leaderStaffId !== prev.leaderStaffId)) {
      const leader = await ctx.q.select('staff').select(['resigned', 'disabled']).where('staffId', '=', Number(record.leaderStaffId)).executeTakeFirst() as { resigned: boolean; disabled: boolean } | undefined;
      if (leader && (leader.resigned || leader.disabled)) throw badRequest('部门负责人应为在职员工', { field: 'leaderStaffId' });
    }
  },
  async beforeRemove(ctx, row) {
    // Sub-departments: the write pipeline refuses a tree row with children, naming them (crud/scope.ts).
    const staff = await ctx.q.select('staff').select('staffId').where('depId', '=', row.depId).where('resigned', 'is not', true).limit(1).execute();
    if (staff.length) throw conflict('该部门下还有员工，请先调动后再删除');
    // Staff who left keep their history, without a department that no longer exists.
    await ctx.q.update('staff').set({ depId: null }).where('depId', '=', row.depId).execute();
  },
});
