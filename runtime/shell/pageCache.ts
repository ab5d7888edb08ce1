/**
 * Keep-alive of pages (seed 000 §2.5): the shell keeps the rendered element of each visited
 * page unless its route says noCache, so switching tabs keeps a list's filters and scroll.
 * Refresh drops one page's element and passes through /redirect, which mounts it afresh.
 */
import type { ReactNode } from 'react';
import type { NavigateFunction } from 'react-router-dom';

const pages = new Map<string, ReactNode>();
const scrolls = new Map<string, number>();
const listeners = new Set<() => void>();

export function keepPage(path: string, element: ReactNode): void {
  pages.set(path, element);
}

export function forgetPage(path: string): void {
  pages.delete(path);
  scrolls.delete(path);
  listeners.forEach((l) => l());
}

export function cachedPages(): [string, ReactNode][] {
  return [...pages.entries()];
}

export function rememberScroll(path: string, y: number): void {
  scrolls.set(path, y);
}

export function savedScroll(path: string): number {
  return scrolls.get(path) ?? 0;
}

export function onForget(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearPages(): void {
  pages.clear();
  scrolls.clear();
}

/** Reloads one view: forget it, visit /redirect/<path>, which comes straight back (replace). */
export function refreshPath(navigate: NavigateFunction, fullPath: string): void {
  const path = fullPath.split('?')[0]!;
  forgetPage(path);
  navigate(`/redirect${fullPath}`, { replace: true });
}
