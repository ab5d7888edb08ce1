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
/** Keys changed here and not yet confirmed by the server: a reload within the pause, a closed tab or a lost network must not lose them. */
const unsentKey = (user: string) => `preferences-unsent:${user}`;
let unsent = new Set<string>();

function readUnsent(user: string): Set<string> {
  try {
    const saved = JSON.parse(storage()?.getItem(unsentKey(user)) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.map(String) : []);
  } catch {
    return new Set();
  }
}

function writeUnsent(): void {
  if (!account) return;
  try {
    storage()?.setItem(unsentKey(account), JSON.stringify([...unsent]));
  } catch {
    // Private mode or a full store: only a reload within the pause can lose the change.
  }
}

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
  unsent = readUnsent(user);
  notify();
  return invoke<Record<string, PreferenceValue>>('userPreference.all').then(
    (saved) => {
      if (account !== user) return; // another person signed in meanwhile
      // A change made here that the server hasn't confirmed (made while its answer was on the
      // way, or before a reload cut the pause short) is newer than the server's copy.
      const next: Record<string, PreferenceValue> = { ...saved };
      for (const k of unsent) {
        if (values[k] === undefined) delete next[k];
        else next[k] = values[k]!;
      }
      values = next;
      writeCache();
      notify();
      for (const k of unsent) if (!pending.has(k)) void send(k);
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
  unsent.add(key);
  writeUnsent();
  clearTimeout(pending.get(key));
  pending.set(key, setTimeout(() => void send(key), SAVE_DELAY_MS));
}

function send(key: string): Promise<unknown> {
  clearTimeout(pending.get(key));
  pending.delete(key);
  const current = values[key];
  const who = account;
  return (current === undefined
    ? invoke('userPreference.remove', { query: { prefKey: key } })
    : invoke('userPreference.save', { body: { prefKey: key, value: current } })
  ).then(
    () => {
      // Confirmed, unless it changed again meanwhile (that change is waiting to be sent).
      if (account === who && !pending.has(key) && values[key] === current) {
        unsent.delete(key);
        writeUnsent();
      }
    },
    () => undefined, // shown by the call layer; the change stays unsent and goes with the next sign-in
  );
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
