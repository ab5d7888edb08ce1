/**
 * The tags view (seed 000 §2.5, §3.4): visited pages as tabs. Pure operations plus a small
 * external store; affixed tabs (首页) can never be closed and adding a path twice does nothing.
 */
import { useSyncExternalStore } from 'react';

export interface TagView {
  /** the tab's identity: the pathname (a query such as ?tabPosition=remind is the same page) */
  path: string;
  /** pathname + search, where clicking the tab goes */
  fullPath: string;
  name?: string;
  title: string;
  noCache?: boolean;
  affix?: boolean;
}

export function addTag(tags: readonly TagView[], tag: TagView): TagView[] {
  if (tags.some((t) => t.path === tag.path)) return tags as TagView[];
  return [...tags, tag];
}

export function closeTag(tags: readonly TagView[], path: string): TagView[] {
  return tags.filter((t) => t.path !== path || t.affix);
}

export function closeOthers(tags: readonly TagView[], path: string): TagView[] {
  return tags.filter((t) => t.affix || t.path === path);
}

export function closeAll(tags: readonly TagView[]): TagView[] {
  return tags.filter((t) => t.affix);
}

/** Where to go after closing the active tab: the last remaining one, else home. */
export function nextAfterClose(tags: readonly TagView[]): string {
  return tags.length ? tags[tags.length - 1]!.fullPath : '/';
}

let state: TagView[] = [];
const listeners = new Set<() => void>();

export function getTags(): TagView[] {
  return state;
}

export function setTags(next: TagView[]): void {
  if (next === state) return;
  state = next;
  listeners.forEach((l) => l());
}

export function useTags(): TagView[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTags,
    getTags,
  );
}
