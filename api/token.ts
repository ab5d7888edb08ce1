/**
 * The session token, kept in memory and in localStorage so a reload keeps the session
 * (seed 000 §4). It lives in api/ because the HTTP layer needs it and api/ must not depend on runtime/.
 */
const STORAGE_KEY = 'access-token';

let memoryToken: string | null = null;
let loaded = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  if (!loaded) {
    loaded = true;
    memoryToken = storage()?.getItem(STORAGE_KEY) ?? null;
  }
  return memoryToken;
}

export function setToken(token: string): void {
  loaded = true;
  memoryToken = token;
  storage()?.setItem(STORAGE_KEY, token);
}

export function clearToken(): void {
  loaded = true;
  memoryToken = null;
  storage()?.removeItem(STORAGE_KEY);
}
