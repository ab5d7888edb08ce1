/**
 * Error log (seed 000 §8): in production, errors are kept with message, component info, url
 * and stack; the header shows the panel's button only while there are any; Clear All empties it.
 */
import { useSyncExternalStore } from 'react';

export interface LoggedError {
  message: string;
  info: string;
  url: string;
  stack: string;
  time: string;
}

let errors: LoggedError[] = [];
const listeners = new Set<() => void>();
const MAX = 50;

export const errorLogEnabled = (): boolean => Boolean((import.meta as unknown as { env?: { PROD?: boolean } }).env?.PROD);

export function logError(error: unknown, info = '', url = typeof location === 'undefined' ? '' : location.href): void {
  const e = error instanceof Error ? error : new Error(String(error));
  errors = [{ message: e.message, info, url, stack: e.stack ?? '', time: new Date().toISOString() }, ...errors].slice(0, MAX);
  listeners.forEach((l) => l());
}

export function clearErrors(): void {
  errors = [];
  listeners.forEach((l) => l());
}

export function getErrors(): LoggedError[] {
  return errors;
}

export function useErrors(): LoggedError[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getErrors,
    getErrors,
  );
}

let installed = false;

/** Window-level errors and unhandled rejections join the log (production only). */
export function installErrorCapture(): void {
  if (installed || !errorLogEnabled() || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => logError(event.error ?? event.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (event) => {
    // Failed API calls already showed their toast; they are not programming errors.
    if ((event.reason as { name?: string })?.name === 'ApiError') return;
    logError(event.reason, 'unhandledrejection');
  });
}
