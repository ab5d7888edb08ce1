/** Login, profile, logout and organisation switch (seed 000 §4, §5). */
import * as auth from '../../api/auth';
import { ApiError } from '../../api/http';
import { clearReferenceCaches } from '../reference/lists';
import { flushPreferences } from '../shell/preferences';
import { setToken } from '../../api/token';
import { getSession, patchSession, resetSession, storeToken } from './store';

export const NO_ORG_MESSAGE = '登录失败，账户不存在!';
export const NO_PERMISSION_MESSAGE = '您没有权限登录系统!';
export const EMPTY_PROFILE_MESSAGE = 'Verification failed, please Login again.';

export async function login(username: string, password: string, orgId?: number, captcha?: { captchaId: string; captchaCode: string }): Promise<void> {
  const body: auth.LoginBody = { username: username.trim(), password, ...captcha };
  if (orgId !== undefined && orgId !== null) body.orgId = orgId;
  const { token } = await auth.login(body);
  // The session publishes the token only with its roles, so the router moves on exactly once.
  setToken(token);
  try {
    await loadProfile();
    patchSession({ token });
  } catch (err) {
    resetSession();
    throw err;
  }
}

/** Reads the profile for the current token and derives the roles from its permission scopes. */
export async function loadProfile(): Promise<string[]> {
  const profile = await auth.fetchProfile();
  if (!profile) throw new ApiError(401, EMPTY_PROFILE_MESSAGE, 200);
  const roles = (profile.permissionScopes ?? []).map((scope) => scope.permissionName).filter(Boolean);
  if (roles.length === 0) throw new ApiError(403, NO_PERMISSION_MESSAGE, 200);
  patchSession({ profile, roles });
  return roles;
}

export async function loadOrgs(): Promise<auth.OrgOption[]> {
  try {
    const orgs = await auth.fetchOrgs();
    patchSession({ orgs });
    return orgs;
  } catch (err) {
    // Seed 000 §8: a failed organisation list is emptied and logged.
    console.error(err);
    patchSession({ orgs: [] });
    return [];
  }
}

export function loginPath(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

export async function logout(): Promise<void> {
  if (getSession().token) {
    await flushPreferences();
    // The server ends the session's socket on logout: close it first, cleanly, while it is open.
    const { realtime } = await import('../realtime/client');
    await realtime.closeBeforeLogout();
    try {
      await auth.logout();
    } catch {
      // The session ends locally whatever the server says.
    }
  }
  resetSession();
  clearReferenceCaches();
  const here = window.location.pathname + window.location.search;
  window.location.assign(loginPath(here.startsWith('/login') ? '/' : here));
}

export async function switchOrganisation(orgId: number): Promise<void> {
  const { token } = await auth.switchOrg(orgId);
  storeToken(token);
  clearReferenceCaches();
  window.location.reload();
}
