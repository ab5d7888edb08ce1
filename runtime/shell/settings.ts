/**
 * Settings of seed 000 §3.5 and §9: theme colour (presets, default #1890ff), tags view (on),
 * fixed header (off), sidebar logo (on), global size (default medium). Persisted per user in
 * localStorage, so two people sharing a browser keep their own choices.
 */
import { useSyncExternalStore } from 'react';

/** Seed 000 §9: sidebar width and the width below which the device counts as mobile (antd's lg). */
export const SIDEBAR_WIDTH = 235;
export const MOBILE_BREAKPOINT = 992;

export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;
export const DEFAULT_THEME = '#1890ff';
export const SIZES = [
  { value: 'default', label: 'Default' },
  { value: 'medium', label: 'Medium' },
  { value: 'small', label: 'Small' },
  { value: 'mini', label: 'Mini' },
] as const;
export type SizeName = (typeof SIZES)[number]['value'];

export interface ShellSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  size: SizeName;
}

export const DEFAULT_SETTINGS: ShellSettings = { theme: DEFAULT_THEME, tagsView: true, fixedHeader: false, sidebarLogo: true, size: 'medium' };

/** antd has three control sizes; mini is small with the compact algorithm (see ThemeRoot). */
export function antdSize(size: SizeName): 'large' | 'middle' | 'small' {
  return size === 'default' ? 'large' : size === 'medium' ? 'middle' : 'small';
}

const keyOf = (user: string) => `shell-settings:${user}`;

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readSettings(user: string, storage: Pick<Storage, 'getItem'> | undefined = browserStorage()): ShellSettings {
  try {
    const saved = JSON.parse(storage?.getItem(keyOf(user)) ?? '{}') as Partial<ShellSettings>;
    const merged = { ...DEFAULT_SETTINGS, ...saved };
    if (!SIZES.some((s) => s.value === merged.size)) merged.size = DEFAULT_SETTINGS.size;
    if (typeof merged.theme !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(merged.theme)) merged.theme = DEFAULT_THEME;
    return merged;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

let user = '';
let state: ShellSettings = { ...DEFAULT_SETTINGS };
const listeners = new Set<() => void>();

/** Switches the store to a user's saved settings (called when the profile is known). */
export function loadSettingsFor(username: string): void {
  if (username === user) return;
  user = username;
  state = readSettings(username);
  listeners.forEach((l) => l());
}

export function getSettings(): ShellSettings {
  return state;
}

export function changeSetting<K extends keyof ShellSettings>(key: K, value: ShellSettings[K]): void {
  state = { ...state, [key]: value };
  if (user) {
    try {
      browserStorage()?.setItem(keyOf(user), JSON.stringify(state));
    } catch {
      // Private mode or a full store: the choice still applies for this visit.
    }
  }
  listeners.forEach((l) => l());
}

export function useSettings(): ShellSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSettings,
    getSettings,
  );
}
