/**
 * Session state (seed 000 §3.1, §4): token, roles (permission names), profile, organisations.
 * A plain external store read through useSession, so non-React code (router guard, http) shares it.
 */
import { useSyncExternalStore } from 'react';
import { clearToken, getToken, setToken } from '../../api/token';
import type { OrgOption, Profile } from '../../api/auth';

export interface SessionState {
  token: string | null;
  /** null until the profile has been read for this token. */
  roles: string[] | null;
  profile: Profile | null;
  orgs: OrgOption[];
}

let state: SessionState = { token: getToken(), roles: null, profile: null, orgs: [] };
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function patchSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function storeToken(token: string): void {
  setToken(token);
  patchSession({ token, roles: null, profile: null });
}

/** Reset token (seed 000 §4): token, roles, user and config go. */
export function resetSession(): void {
  clearToken();
  patchSession({ token: null, roles: null, profile: null, orgs: [] });
}
