/**
 * Counts that pages declare as `badge` (e.g. incomes awaiting my confirmation): fetched when the
 * layout loads, when the user dropdown opens, when such a page or tab is shown, and after a write
 * to the same catalogue (confirming an income); shown as a dot on the page's user-menu entry or tab.
 */
import { useSyncExternalStore } from 'react';
import { invoke, onWrite } from '../../api/call';
import { routes } from '../router/pages';

const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, number> = new Map();

function publish() {
  snapshot = new Map(counts);
  listeners.forEach((l) => l());
}

/** The catalogue entries of every declared badge, once each. */
export function badgeApis(): string[] {
  return [...new Set(routes.flatMap((r) => (r.def.meta.badge ? [r.def.meta.badge.api] : [])))];
}

export async function refreshBadge(api: string): Promise<number | undefined> {
  try {
    counts.set(api, await invoke<number>(api, {}, { silent: true }));
    publish();
  } catch {
    // A badge is a hint; a failed count leaves the last known value.
  }
  return counts.get(api);
}

const catalogueOf = (id: string) => id.slice(0, id.indexOf('.'));

// Only the badges fetched so far follow writes: a badge never shown costs nothing.
onWrite((id) => {
  for (const api of counts.keys()) if (catalogueOf(api) === catalogueOf(id)) void refreshBadge(api);
});

export function refreshBadges(): Promise<unknown> {
  return Promise.all(badgeApis().map(refreshBadge));
}

/** The current count of a badge (0 until fetched). */
export function useBadge(api: string | undefined): number {
  const map = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
  return api ? (map.get(api) ?? 0) : 0;
}
