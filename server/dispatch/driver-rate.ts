/**
 * Rate limits of the driver's link (public calls, no session): per link, a phone's page does a
 * few calls a minute (a position batch a minute, a step, a photo), so 60 a minute is ample; per
 * address, calls naming an unknown or ended token are counted, so guessing tokens stops after 20
 * a minute while a depot's drivers behind one NAT address still post freely with their own links.
 * Kept in the process's memory (a window per key, swept as it ages): behind several processes the
 * limit is per process, which still bounds guessing far below the token's 192 bits.
 */
import { HttpError } from '../http/errors';

const WINDOW_MS = 60_000;
export const LIMITS = {
  perLink: Number(process.env.DRIVER_LINK_MAX_PER_MINUTE) || 60,
  missPerAddress: Number(process.env.DRIVER_LINK_MAX_MISSES_PER_MINUTE) || 20,
};
export const TOO_MANY = '操作过于频繁，请稍后再试';

const windows = new Map<string, { start: number; count: number }>();
let lastSweep = Date.now();

function sweep(now: number) {
  if (now - lastSweep < WINDOW_MS) return;
  lastSweep = now;
  for (const [k, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(k);
}

/** Counts one call under `key`; throws 429 past `limit` in the current minute. */
export function hit(key: string, limit: number, now = Date.now()): void {
  sweep(now);
  const w = windows.get(key);
  if (!w || now - w.start >= WINDOW_MS) {
    windows.set(key, { start: now, count: 1 });
    return;
  }
  w.count++;
  if (w.count > limit) throw new HttpError(429, TOO_MANY);
}

/** Whether `key` is already past `limit` this minute (without counting a call). */
export function over(key: string, limit: number, now = Date.now()): boolean {
  const w = windows.get(key);
  return Boolean(w && now - w.start < WINDOW_MS && w.count >= limit);
}

/** Forgets every window (tests). */
export function resetDriverLimits(): void {
  windows.clear();
}
