/** auth.* handlers: login, profile, logout, organisations, switch, password change. */
import type { Handler, HandlerContext } from '../crud/context';
import { requireSession } from '../crud/context';
import { HttpError, badRequest } from '../http/errors';
import type { Db } from '../db/connect';
import { burnPasswordCheck, hashPassword, isAcceptablePassword, verifyPassword } from './password';
import { captchaNeededAfter, clearLoginFailures, releaseAttempt, reserveAttempt } from './rate-limit';
import { issueCaptcha, solveCaptcha } from './captcha';
import { createSession, revokeOtherSessions, revokeSession } from './sessions';
import { staffPermissions } from './permissions';

export const AUTH_MSG = {
  badCredentials: '用户名或密码错误',
  noAccount: '登录失败，账户不存在!',
  noPermission: '您没有权限登录系统!',
  orgDisabled: '该单位已被禁用',
  switchDisabled: '该单位已被禁用，无法切换',
  notMember: '您不是该单位的成员',
  oldPassword: '原密码不正确',
  samePassword: '新密码不能与原密码相同',
  badCaptcha: '验证码不正确，请重新输入',
  weakPassword: '新密码应为8至64位，且同时包含字母和数字',
} as const;

interface Membership { staffId: number; orgId: number; corpId: number; isDefault: boolean; orgName: string; disabled: boolean }

async function memberships(db: Db, accountId: number): Promise<Membership[]> {
  return (await db
    .selectFrom('staff as s')
    .innerJoin('organization as o', 'o.orgId', 's.orgId')
    .select(['s.staffId', 's.orgId', 's.corpId', 's.isDefault', 'o.name as orgName', 'o.disabled'])
    .where('s.accountId', '=', accountId)
    .where('s.resigned', 'is not', true)
    .where('s.disabled', 'is not', true)
    .orderBy('s.orgId')
    .execute()) as Membership[];
}

function chooseMembership(all: Membership[], orgId: number | undefined, defaultStaffId: number | null): Membership {
  if (orgId !== undefined) {
    const m = all.find((x) => x.orgId === orgId);
    if (!m) throw badRequest(AUTH_MSG.noAccount);
    if (m.disabled) throw badRequest(AUTH_MSG.orgDisabled);
    return m;
  }
  const preferred = all.find((x) => x.staffId === defaultStaffId) ?? all.find((x) => x.isDefault) ?? all[0]!;
  if (!preferred.disabled) return preferred;
  // The default organisation was disabled: fall back to another one rather than lock the person out.
  const enabled = all.find((x) => !x.disabled);
  if (!enabled) throw badRequest(AUTH_MSG.orgDisabled);
  return enabled;
}

const login: Handler = async (ctx) => {
  const { db, request } = ctx;
  const username = String(ctx.body.username ?? '').trim();
  const password = String(ctx.body.password ?? '');
  const ip = request.ip ?? 'unknown';
  // A captcha sent along is checked (and burnt) first; it only matters past the account limit.
  const captchaSent = ctx.body.captchaId !== undefined && ctx.body.captchaId !== null;
  const captchaSolved = captchaSent && (await solveCaptcha(db, ctx.body.captchaId, ctx.body.captchaCode));
  if (captchaSent && !captchaSolved) throw new HttpError(400, AUTH_MSG.badCaptcha, { captchaRequired: true });
  const attempt = await reserveAttempt(db, username, ip, { accountLimit: 'captcha', captchaSolved });
  const refuse = () => new HttpError(400, AUTH_MSG.badCredentials, captchaNeededAfter(attempt) ? { captchaRequired: true } : null);
  const account = (await db.selectFrom('account').selectAll().where('username', '=', username).executeTakeFirst()) as any;
  if (!account || account.disabled) {
    await burnPasswordCheck(password);
    throw refuse();
  }
  if (!(await verifyPassword(account.passwordHash, password))) throw refuse();
  await releaseAttempt(db, username, attempt);
  const all = await memberships(db, account.accountId);
  if (!all.length) throw badRequest(AUTH_MSG.noAccount);
  const m = chooseMembership(all, ctx.body.orgId ?? undefined, account.defaultStaffId ?? null);
  if (!(await staffPermissions(db, m.staffId, m.orgId)).length) throw badRequest(AUTH_MSG.noPermission);
  const token = await createSession(db, { accountId: account.accountId, staffId: m.staffId, orgId: m.orgId, corpId: m.corpId, ip });
  request.log.info({ accountId: account.accountId, orgId: m.orgId }, 'login');
  return { token };
};

/** A fresh captcha for the login page (asked for once a login answered captchaRequired). */
const captcha: Handler = async (ctx) => issueCaptcha(ctx.db);

const me: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const row = (await ctx.db
    .selectFrom('staff as st')
    .innerJoin('organization as o', 'o.orgId', 'st.orgId')
    .innerJoin('account as a', 'a.accountId', 'st.accountId')
    .select(['st.name', 'st.avatar', 'st.introduction', 'st.config', 'st.depId', 'o.name as orgName', 'a.username'])
    .where('st.staffId', '=', s.staffId)
    .executeTakeFirst()) as any;
  if (!row) throw new HttpError(401, '登录已过期，请重新登录');
  return {
    permissionScopes: s.permissions.map((permissionName) => ({ permissionName })),
    name: row.name,
    avatar: row.avatar ?? null,
    introduction: row.introduction ?? '',
    config: row.config ?? {},
    templateConfig: {},
    corpId: s.corpId,
    orgId: s.orgId,
    depId: row.depId ?? null,
    staffId: s.staffId,
    orgName: row.orgName,
    username: row.username,
  };
};

const logout: Handler = async (ctx) => {
  if (ctx.session) await revokeSession(ctx.db, ctx.session.sessionId);
  return null;
};

const orgs: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return (await memberships(ctx.db, s.accountId)).map((m) => ({ orgId: m.orgId, name: m.orgName, disabled: !!m.disabled }));
};

const switchOrg: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const orgId = Number(ctx.body.orgId);
  const m = (await memberships(ctx.db, s.accountId)).find((x) => x.orgId === orgId);
  if (!m) throw new HttpError(404, AUTH_MSG.notMember);
  if (m.disabled) throw badRequest(AUTH_MSG.switchDisabled);
  if (!(await staffPermissions(ctx.db, m.staffId, m.orgId)).length) throw badRequest(AUTH_MSG.noPermission);
  const token = await createSession(ctx.db, { accountId: s.accountId, staffId: m.staffId, orgId: m.orgId, corpId: m.corpId, ip: ctx.request.ip });
  await revokeSession(ctx.db, s.sessionId);
  return { token };
};

const changePassword: Handler = async (ctx: HandlerContext) => {
  const s = requireSession(ctx);
  const { oldPassword, newPassword } = ctx.body as { oldPassword: string; newPassword: string };
  // A stolen session must not be able to guess the old password without limit and keep the account.
  const attemptKey = `password-change:${s.accountId}`;
  const ip = ctx.request.ip ?? 'unknown';
  const attempt = await reserveAttempt(ctx.db, attemptKey, ip, { accountLimit: 'refuse', what: '原密码错误' });
  const account = (await ctx.db.selectFrom('account').select(['passwordHash']).where('accountId', '=', s.accountId).executeTakeFirst()) as any;
  if (!account || !(await verifyPassword(account.passwordHash, oldPassword))) throw badRequest(AUTH_MSG.oldPassword, { field: 'oldPassword' });
  await releaseAttempt(ctx.db, attemptKey, attempt);
  if (newPassword === oldPassword) throw badRequest(AUTH_MSG.samePassword, { field: 'newPassword' });
  if (!isAcceptablePassword(newPassword)) throw badRequest(AUTH_MSG.weakPassword);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('account').set({ passwordHash, updatedBy: s.staffId }).where('accountId', '=', s.accountId).execute();
  });
  await revokeOtherSessions(ctx.db, s.accountId, s.sessionId);
  return null;
};

export const authHandlers: Record<string, Handler> = {
  'auth.login': login,
  'auth.captcha': captcha,
  'auth.me': me,
  'auth.logout': logout,
  'auth.orgs': orgs,
  'auth.switchOrg': switchOrg,
  'auth.changePassword': changePassword,
};
