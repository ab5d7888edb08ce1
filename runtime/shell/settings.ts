/**
 * Settings of seed 000 §3.5 and §9: theme colour (presets, default #1890ff), tags view (on),
 * fixed header (off), sidebar logo (on), global size (default medium). Kept per person with the
 * other screen settings (preferences.ts): on the server, so they follow the person to another
 * browser, and two people sharing a browser keep their own choices.
 */
import { useSyncExternalStore } from 'react';
import { getPreference, onPreferencesChange, setPreference } from './preferences';

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

const PREFERENCE = 'shell-settings';

/** Saved settings read defensively: unknown sizes and colours fall back to the defaults. */
export function normalizeSettings(saved: Partial<ShellSettings> | undefined): ShellSettings {
  const merged = { ...DEFAULT_SETTINGS, ...(saved ?? {}) };
  if (!SIZES.some((s) => s.value === merged.size)) merged.size = DEFAULT_SETTINGS.size;
  if (typeof merged.theme !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(merged.theme)) merged.theme = DEFAULT_THEME;
  for (const k of ['tagsView', 'fixedHeader', 'sidebarLogo'] as const) if (typeof merged[k] !== 'boolean') merged[k] = DEFAULT_SETTINGS[k];
  return merged;
}

let state: ShellSettings = normalizeSettings(undefined);
let savedRef: unknown;
const listeners = new Set<() => void>();

// The person's saved settings arrive with their preferences (and change when another person signs in).
onPreferencesChange(() => {
  const saved = getPreference(PREFERENCE);
  if (saved === savedRef) return;
  savedRef = saved;
  state = normalizeSettings(saved as Partial<ShellSettings> | undefined);
  listeners.forEach((l) => l());
});

export function getSettings(): ShellSettings {
  return state;
}

export function changeSetting<K extends keyof ShellSettings>(key: K, value: ShellSettings[K]): void {
  state = { ...state, [key]: value };
  listeners.forEach((l) => l());
  setPreference(PREFERENCE, { ...state });
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
