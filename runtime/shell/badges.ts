/**
 * Counts that pages declare as `badge` (e.g. incomes awaiting my confirmation): fetched when the
 * layout loads, when the user dropdown opens, when such a page or tab is shown, and after a write
 * to the same catalogue (confirming an income); shown as a dot on the page's user-menu entry or tab.
 * A badge is a catalogue entry answering the count, or (`query`, `value`) a call with arguments
 * whose answer holds the count at a dotted path (a page's `total`).
 */
import { useSyncExternalStore } from 'react';
import { invoke, onWrite } from '../../api/call';
import type { QueryValue } from '../../api/http';
import { routes } from '../router/pages';
import type { BadgeDef } from '../router/types';

type Badge = string | BadgeDef;

const counts = new Map<string, number>();
const defs = new Map<string, BadgeDef>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, number> = new Map();

function publish() {
  snapshot = new Map(counts);
  listeners.forEach((l) => l());
}

const defOf = (b: Badge): BadgeDef => (typeof b === 'string' ? { api: b } : b);

/** Where a badge's count is kept: its call and arguments. */
export function badgeKey(b: Badge): string {
  const d = defOf(b);
  return d.query || d.value ? `${d.api} ${JSON.stringify(d.query ?? {})} ${d.value ?? ''}` : d.api;
}

/** The catalogue entries of every declared page badge, once each. */
export function badgeApis(): string[] {
  return [...new Set(routes.flatMap((r) => (r.def.meta.badge ? [r.def.meta.badge.api] : [])))];
}

function countAt(answer: unknown, path: string | undefined): number {
  const v = path ? path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), answer) : answer;
  return Number(v) || 0;
}

export async function refreshBadge(badge: Badge): Promise<number | undefined> {
  const d = defOf(badge);
  const key = badgeKey(d);
  defs.set(key, d);
  try {
    const answer = await invoke<unknown>(d.api, d.query ? { query: d.query as Record<string, QueryValue> } : {}, { silent: true });
    counts.set(key, countAt(answer, d.value));
    publish();
  } catch {
    // A badge is a hint; a failed count leaves the last known value.
  }
  return counts.get(key);
}

const catalogueOf = (id: string) => id.slice(0, id.indexOf('.'));

// Only the badges fetched so far follow writes: a badge never shown costs nothing.
onWrite((id) => {
  for (const d of defs.values()) if (catalogueOf(d.api) === catalogueOf(id)) void refreshBadge(d);
});

export function refreshBadges(): Promise<unknown> {
  return Promise.all(badgeApis().map(refreshBadge));
}

/** The current count of a badge (0 until fetched). */
export function useBadge(badge: Badge | undefined): number {
  const map = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
  return badge ? (map.get(badgeKey(badge)) ?? 0) : 0;
}
