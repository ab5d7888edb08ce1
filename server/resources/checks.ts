/** Small shared checks of the transport-resource area. */
import { FORMAT_VALIDATORS } from '../../schemas/src/validators';

export const isMobile = (v: unknown): boolean => typeof v === 'string' && FORMAT_VALIDATORS.mobile(v);

export const blank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** YYYY-MM-DD of a date value (Date from the driver or a string), in China Standard Time. */
export function dayOf(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return new Date(v.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

/** Today in China Standard Time. */
export const today = (now = new Date()): string => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The expiry warning of seed 002 §5 when the date is before today. */
export function expiredMessage(item: string, v: unknown, now = new Date()): string | null {
  const d = dayOf(v);
  return d && d < today(now) ? `${item}已过期, 请及时更新` : null;
}
