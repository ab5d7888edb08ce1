/**
 * A person's screen settings (a list's columns and density, the shell's settings panel), kept on
 * the server by account (userPreference.*) so they follow the person to another browser or
 * device. The browser keeps a copy so a reload paints with them before the server has answered;
 * once it has, the server's copy wins.
 */
import { useSyncExternalStore } from 'react';
import { invoke } from '../../api/call';

export type PreferenceValue = Record<string, string | number | boolean | string[]>;

/** Keys are sent to the server, which takes letters, digits and `:/_.-` only. */
export function preferenceKey(...parts: string[]): string {
  return parts.join(':').replace(/[^A-Za-z0-9:/_.-]/g, '_').slice(0, 200);
}

const SAVE_DELAY_MS = 400;

let account: string | null = null;
let values: Record<string, PreferenceValue> = {};
const listeners = new Set<() => void>();
const pending = new Map<string, ReturnType<typeof setTimeout>>();

const cacheKey = (user: string) => `preferences:${user}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readCache(user: string): Record<string, PreferenceValue> {
  try {
    const saved = JSON.parse(storage()?.getItem(cacheKey(user)) ?? '{}');
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? saved : {};
  } catch {
    return {}; // a damaged copy: the server's answer replaces it
  }
}

function writeCache(): void {
  if (!account) return;
  try {
    storage()?.setItem(cacheKey(account), JSON.stringify(values));
  } catch {
    // Private mode or a full store: the server still keeps the settings.
  }
}

function notify(): void {
  listeners.forEach((l) => l());
}

/** Switches to a signed-in person's settings: the browser's copy at once, the server's when it answers. */
export function loadPreferencesFor(user: string): Promise<void> {
  if (user === account) return Promise.resolve();
  // Changes still waiting belong to the last person, whose session is gone (signing out sends
  // them first, flushPreferences): never send them as the new person's.
  pending.forEach((t) => clearTimeout(t));
  pending.clear();
  account = user;
  values = readCache(user);
  notify();
  return invoke<Record<string, PreferenceValue>>('userPreference.all').then(
    (saved) => {
      if (account !== user) return; // another person signed in meanwhile
      // A change made while the answer was on its way is newer than the server's copy.
      values = { ...saved, ...Object.fromEntries([...pending.keys()].map((k) => [k, values[k]!])) };
      writeCache();
      notify();
    },
    // The failure is shown by the call layer; the browser's copy stays in use meanwhile.
    () => undefined,
  );
}

export function getPreference(key: string): PreferenceValue | undefined {
  return values[key];
}

/**
 * Keeps a setting (undefined restores the default). The server is told after a short pause, so
 * dragging a column through five places is one call, not five.
 */
export function setPreference(key: string, value: PreferenceValue | undefined): void {
  const next = { ...values };
  if (value === undefined) delete next[key];
  else next[key] = value;
  values = next;
  writeCache();
  notify();
  if (!account) return; // nobody signed in (a test's screen): kept for this visit only
  clearTimeout(pending.get(key));
  pending.set(key, setTimeout(() => void send(key), SAVE_DELAY_MS));
}

function send(key: string): Promise<unknown> {
  clearTimeout(pending.get(key));
  pending.delete(key);
  const current = values[key];
  return (current === undefined
    ? invoke('userPreference.remove', { query: { prefKey: key } })
    : invoke('userPreference.save', { body: { prefKey: key, value: current } })
  ).catch(() => undefined); // shown by the call layer; the setting still applies on this page
}

/** Sends the changes still waiting (before signing out, so the last one isn't lost). */
export function flushPreferences(): Promise<unknown> {
  return Promise.all([...pending.keys()].map(send));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreference(key: string): PreferenceValue | undefined {
  return useSyncExternalStore(subscribe, () => values[key], () => values[key]);
}

/** For a store outside React (the shell's settings) to follow changes. */
export function onPreferencesChange(listener: () => void): () => void {
  return subscribe(listener);
}
