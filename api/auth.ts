/** Session calls of seed 000 §7.1 that exist before any catalogue is generated (the shell needs them). */
import { request } from './http';

export interface PermissionScope {
  permissionName: string;
}

export interface Profile {
  permissionScopes: PermissionScope[];
  name: string;
  avatar?: string;
  introduction?: string;
  config?: unknown;
  templateConfig?: unknown;
  corpId?: number;
  orgId?: number;
  depId?: number;
  staffId?: number;
  orgName?: string;
  username?: string;
}

export interface OrgOption {
  orgId: number;
  name: string;
  disabled?: boolean;
}

const AUTH = '/api/v1/auth';

export interface LoginBody { username: string; password: string; orgId?: number; captchaId?: string; captchaCode?: string }

export function login(body: LoginBody) {
  return request<{ token: string }>({ method: 'POST', url: `${AUTH}/login`, data: body, silent: true });
}

/** A server-made captcha; asked for once a login answered `data.captchaRequired`. */
export function fetchCaptcha() {
  return request<{ captchaId: string; svg: string }>({ method: 'GET', url: `${AUTH}/captcha`, silent: true });
}

export function fetchProfile() {
  return request<Profile>({ method: 'GET', url: `${AUTH}/me`, silent: true });
}

export function logout() {
  return request<unknown>({ method: 'POST', url: `${AUTH}/logout`, silent: true });
}

export function fetchOrgs() {
  return request<OrgOption[]>({ method: 'GET', url: `${AUTH}/orgs` });
}

export function switchOrg(orgId: number) {
  return request<{ token: string }>({ method: 'POST', url: `${AUTH}/switch-org`, data: { orgId } });
}

/** Organisations offered on the login page (no session). */
export function fetchAnonymousOrgs() {
  return request<OrgOption[]>({ method: 'GET', url: '/api/v1/user-base/organization/allow-anonymous/list', silent: true });
}
