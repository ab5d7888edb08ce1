/**
 * Staff (员工): one row per person and organisation. A login is an account shared by the
 * person's memberships: a new username creates the account (with the initial password, hashed;
 * never stored on the staff row), an existing username of the group adds that person to this
 * organisation. Roles: `roleIds` mirrors the staffRole rows that grant permissions; both change
 * together here. Nobody gives or takes a role whose permissions they don't hold, nor manages a
 * colleague who holds more than they do.
 */
import { defineHooks } from '../types';
import type { HookContext } from '../types';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { hashPassword } from '../../auth/password';
import { assertCanGrant, assertCanManageStaff, rolePermissions } from '../../admin/access';

export const STAFF_MSG = {
  usernameTaken: '该登录账号已被其他单位使用',
  alreadyMember: '该账号已是本单位员工',
  needPassword: '新建登录账号时请设置初始密码',
  usernameFixed: '登录账号创建后不能修改',
  noLogin: '未设置登录账号时不需要初始密码',
} as const;

export const idsOf = (v: unknown): number[] => {
  const list = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].sort((a, b) => a - b) : [];
};

async function accountByUsername(ctx: HookContext, username: string) {
  return (await ctx.db.selectFrom('account').select(['accountId', 'name']).where('username', '=', username).executeTakeFirst()) as { accountId: number; name: string } | undefined;
}

/** Roles given or taken: the caller must hold everything each of them grants. */
async function checkRoleChange(ctx: HookContext, before: number[], after: number[]): Promise<void> {
  if (!ctx.session) return;
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (!changed.length) return;
  const perms = await rolePermissions(ctx.db, ctx.session.orgId, changed);
  try {
    assertCanGrant(ctx.session, perms);
  } catch (err) {
    if (err instanceof HttpError) throw new HttpError(403, err.message, { field: 'roleIds' });
    throw err;
  }
}

/** Makes the staffRole rows of a staff member exactly these roles (and the mirror column with them). */
export async function syncStaffRoles(ctx: Pick<HookContext, 'db'>, staff: { staffId: number; orgId: number; corpId: number }, roleIds: number[], by: number | null): Promise<void> {
  const existing = ((await ctx.db.selectFrom('staffRole').select(['staffRoleId', 'roleId']).where('staffId', '=', staff.staffId).where('orgId', '=', staff.orgId).execute()) as { staffRoleId: number; roleId: number }[]);
  const remove = existing.filter((r) => !roleIds.includes(r.roleId)).map((r) => r.staffRoleId);
  const add = roleIds.filter((id) => !existing.some((r) => r.roleId === id));
  if (remove.length) await ctx.db.deleteFrom('staffRole').where('staffRoleId', 'in', remove).execute();
  if (add.length) {
    await ctx.db.insertInto('staffRole').values(add.map((roleId) => ({ corpId: staff.corpId, orgId: staff.orgId, staffId: staff.staffId, roleId, createdBy: by, updatedBy: by }))).execute();
  }
  await ctx.db.updateTable('staff').set({ roleIds: JSON.stringify(roleIds) }).where('staffId', '=', staff.staffId).execute();
}

export const staffHooks = defineHooks('staff', {
  async validate(ctx, record, prev) {
    if (prev) await assertCanManageStaff(ctx.db, ctx.session, { staffId: prev.staffId, orgId: prev.orgId });
    const username = typeof record.username === 'string' ? record.username.trim() : '';
    const password = typeof record.initialPassword === 'string' ? record.initialPassword : '';
    if (prev?.username && username !== prev.username) throw badRequest(STAFF_MSG.usernameFixed, { field: 'username' });
    const newLogin = Boolean(username) && !prev?.username;
    if (!username && password) throw badRequest(STAFF_MSG.noLogin, { field: 'initialPassword' });
    if (newLogin && ctx.session) {
      const account = await accountByUsername(ctx, username);
      if (account) {
        const memberships = (await ctx.db.selectFrom('staff').select(['orgId', 'corpId']).where('accountId', '=', account.accountId).execute()) as { orgId: number; corpId: number }[];
        if (memberships.length && !memberships.some((m) => m.corpId === ctx.session!.corpId)) throw conflict(STAFF_MSG.usernameTaken, { field: 'username' });
        if (memberships.some((m) => m.orgId === ctx.session!.orgId)) throw conflict(STAFF_MSG.alreadyMember, { field: 'username' });
      } else if (!password) {
        throw badRequest(STAFF_MSG.needPassword, { field: 'initialPassword' });
      }
    }
    if ('roleIds' in record) await checkRoleChange(ctx, idsOf(prev?.roleIds), idsOf(record.roleIds));
  },

  async beforeSave(ctx, values, prev) {
    const password = typeof values.initialPassword === 'string' ? values.initialPassword : '';
    // Never kept on the staff row: it becomes the account's hash below, or nothing.
    if ('initialPassword' in values || !prev) values.initialPassword = null as never;
    if ('roleIds' in values) values.roleIds = idsOf(values.roleIds) as never;
    const username = typeof values.username === 'string' ? values.username.trim() : '';
    if ('username' in values) values.username = (username || null) as never;
    if (!username || prev?.username) return;
    const account = await accountByUsername(ctx, username);
    if (account) {
      values.accountId = account.accountId as never;
      return;
    }
    const by = ctx.session?.staffId ?? null;
    const name = (values.name as string | undefined) ?? prev?.name ?? username;
    const created = (await ctx.db.insertInto('account')
      .values({ username, name, passwordHash: await hashPassword(password), createdBy: by, updatedBy: by })
      .returning('accountId').executeTakeFirstOrThrow()) as { accountId: number };
    values.accountId = created.accountId as never;
  },

  async afterSave(ctx, row, prev) {
    const roleIds = idsOf(row.roleIds);
    const current = prev ? idsOf(prev.roleIds) : [];
    if (!prev || roleIds.join() !== current.join()) await syncStaffRoles(ctx, row, roleIds, ctx.session?.staffId ?? null);
    if (row.accountId && (!prev || !prev.accountId)) {
      // A person's first membership is where they land after logging in.
      const claimed = await ctx.db.updateTable('account').set({ defaultStaffId: row.staffId })
        .where('accountId', '=', row.accountId).where('defaultStaffId', 'is', null).returning('accountId').execute();
      if (claimed.length) await ctx.db.updateTable('staff').set({ isDefault: true }).where('staffId', '=', row.staffId).execute();
    }
  },

  async beforeRemove(ctx, row) {
    await assertCanManageStaff(ctx.db, ctx.session, { staffId: row.staffId, orgId: row.orgId });
    await ctx.db.deleteFrom('staffRole').where('staffId', '=', row.staffId).execute();
  },
});

