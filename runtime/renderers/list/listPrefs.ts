/**
 * A list's column settings (which columns show, in what order) and density, kept per person and
 * page on the server (runtime/shell/preferences.ts): they survive a reload, follow the person to
 * another browser, and another person signing in on the same browser starts from the definition's
 * own columns instead of inheriting them.
 */
import { useMemo } from 'react';
import { getPreference, preferenceKey, setPreference, usePreference, type PreferenceValue } from '../../shell/preferences';

export type Density = 'large' | 'middle' | 'small';

export interface ListPrefs {
  /** fields the user hid */
  hidden: string[];
  /** fields in the order the user put them; fields not named keep the definition's order after them */
  order: string[];
  /** the table's size the user chose; unset follows the shell's global size */
  density?: Density;
}

/** The preference key of one list's settings. */
export function prefsKey(page: string): string {
  return preferenceKey('list', page);
}

/** A saved value read defensively: an old or damaged entry falls back to the definition's choice. */
export function parsePrefs(saved: PreferenceValue | undefined, defaultHidden: string[]): ListPrefs {
  if (!saved) return { hidden: defaultHidden, order: [] };
  return {
    hidden: Array.isArray(saved.hidden) ? saved.hidden.map(String) : defaultHidden,
    order: Array.isArray(saved.order) ? saved.order.map(String) : [],
    density: saved.density === 'large' || saved.density === 'middle' || saved.density === 'small' ? saved.density : undefined,
  };
}

function toValue(p: ListPrefs): PreferenceValue {
  return p.density ? { hidden: p.hidden, order: p.order, density: p.density } : { hidden: p.hidden, order: p.order };
}

/** The settings of list `page` for the signed-in person, and a setter that keeps what it is given. */
export function useListPrefs(page: string, defaultHidden: string[]): [ListPrefs, (patch: Partial<ListPrefs>) => void] {
  const key = prefsKey(page);
  const saved = usePreference(key);
  const prefs = useMemo(() => parsePrefs(saved, defaultHidden), [saved, defaultHidden]);
  const update = (patch: Partial<ListPrefs>) => {
    // Read the latest, not this render's: two changes in one event both count.
    const next = { ...parsePrefs(getPreference(key), defaultHidden), ...patch };
    setPreference(key, toValue(next));
  };
  return [prefs, update];
}

/** The columns in the user's order: the ones named first, then the rest as the definition has them. */
export function ordered<T extends { field: string }>(columns: T[], order: string[]): T[] {
  const rank = new Map(order.map((f, i) => [f, i]));
  return [...columns].sort((a, b) => (rank.get(a.field) ?? order.length + columns.indexOf(a)) - (rank.get(b.field) ?? order.length + columns.indexOf(b)));
}
