/**
 * A list's column settings (which columns show, in what order) and density, kept per user and
 * page in the browser's storage: they survive a reload, and another user signing in on the same
 * browser starts from the definition's own columns instead of inheriting them.
 */
import { useEffect, useState } from 'react';
import { useSession } from '../../session/store';

export type Density = 'large' | 'middle' | 'small';

export interface ListPrefs {
  /** fields the user hid */
  hidden: string[];
  /** fields in the order the user put them; fields not named keep the definition's order after them */
  order: string[];
  /** the table's size the user chose; unset follows the shell's global size */
  density?: Density;
}

/** The storage key of one user's settings of one list; none without a signed-in user (nothing is kept). */
export function prefsKey(user: string | number | undefined | null, page: string): string | null {
  return user === undefined || user === null || user === '' ? null : `list-settings:${user}:${page}`;
}

function read(key: string | null, defaults: ListPrefs): ListPrefs {
  if (!key) return defaults;
  try {
    const saved = localStorage.getItem(key);
    if (!saved) return defaults;
    const p = JSON.parse(saved) as Partial<ListPrefs>;
    return {
      hidden: Array.isArray(p.hidden) ? p.hidden.map(String) : defaults.hidden,
      order: Array.isArray(p.order) ? p.order.map(String) : [],
      density: p.density === 'large' || p.density === 'middle' || p.density === 'small' ? p.density : undefined,
    };
  } catch {
    return defaults; // storage refused (private mode) or a damaged entry
  }
}

/** The settings of list `page` for the signed-in user, and a setter that keeps what it is given. */
export function useListPrefs(page: string, defaultHidden: string[]): [ListPrefs, (patch: Partial<ListPrefs>) => void] {
  const { profile } = useSession();
  const key = prefsKey(profile?.staffId ?? profile?.username, page);
  const defaults = (): ListPrefs => ({ hidden: defaultHidden, order: [] });
  const [state, setState] = useState<{ key: string | null; prefs: ListPrefs }>(() => ({ key, prefs: read(key, defaults()) }));
  // Another user signed in while the page stayed open: that user's settings, not the last one's.
  useEffect(() => {
    if (state.key !== key) setState({ key, prefs: read(key, defaults()) });
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const update = (patch: Partial<ListPrefs>) => {
    setState((s) => {
      const prefs = { ...s.prefs, ...patch };
      if (s.key) {
        try { localStorage.setItem(s.key, JSON.stringify(prefs)); } catch { /* storage refused: kept for this visit only */ }
      }
      return { ...s, prefs };
    });
  };
  return [state.key === key ? state.prefs : read(key, defaults()), update];
}

/** The columns in the user's order: the ones named first, then the rest as the definition has them. */
export function ordered<T extends { field: string }>(columns: T[], order: string[]): T[] {
  const rank = new Map(order.map((f, i) => [f, i]));
  return [...columns].sort((a, b) => (rank.get(a.field) ?? order.length + columns.indexOf(a)) - (rank.get(b.field) ?? order.length + columns.indexOf(b)));
}
