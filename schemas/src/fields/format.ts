/**
 * The value formatters the field-type registry's `text` entries are made of. One set of functions
 * for list cells, descriptions, the operation log and Excel, in the browser and on the server, so
 * a money amount reads 99.90 wherever it shows. Pure and isomorphic: no browser time zone, no
 * server locale.
 */
import { thousands } from '../format';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An exact decimal ("99.9", 99.9, "99.9000") at exactly `scale` places, rounded half away from
 * zero on its digits, so an 18-digit amount never passes through a binary float.
 */
export function fixedDecimal(v: unknown, scale: number): string {
  const text = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(Math.min(20, scale + 2))) : String(v).trim();
  const m = DECIMAL.exec(text);
  if (!m) return String(v);
  const [, sign, int, frac = ''] = m;
  if (frac.length <= scale) return scale ? `${sign}${int}.${frac.padEnd(scale, '0')}` : `${sign}${int}`;
  const digits = `${int}${frac.slice(0, scale)}`;
  const up = Number(frac[scale]) >= 5;
  const rounded = up ? addOne(digits) : digits;
  const intLen = rounded.length - scale;
  const out = scale ? `${rounded.slice(0, intLen)}.${rounded.slice(intLen)}` : rounded;
  return /^0*\.?0*$/.test(out) ? out : `${sign}${out}`;
}

function addOne(digits: string): string {
  const a = digits.split('');
  for (let i = a.length - 1; i >= 0; i--) {
    if (a[i] === '9') a[i] = '0';
    else {
      a[i] = String(Number(a[i]) + 1);
      return a.join('');
    }
  }
  return `1${a.join('')}`;
}

/** A decimal without its trailing zeros: "36.5000" → "36.5", "36.00" → "36". */
export function trimmedDecimal(v: unknown): string {
  const text = typeof v === 'number' ? String(v) : String(v).trim();
  if (!DECIMAL.test(text)) return String(v);
  return text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** Money: its scale, thousands separators (1,234.50). */
export const moneyText = (v: unknown, scale = 2): string => thousands(fixedDecimal(v, scale));

/** A measured quantity: trimmed, thousands separators (1,234.5). */
export const decimalText = (v: unknown): string => thousands(trimmedDecimal(v));

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const HAS_ZONE = /[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const WALL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?)?/;

/**
 * A date or time as China Standard Time (UTC+8 all year, no daylight saving): an instant (a Date,
 * an ISO text with a zone) is shifted to +08:00; a wall time without a zone reads as written.
 */
export function chinaText(v: unknown, withTime: boolean): string {
  if (typeof v === 'string' && !HAS_ZONE.test(v)) {
    const m = WALL.exec(v.trim());
    if (!m) return v;
    return withTime ? `${m[1]} ${m[2] ?? '00:00'}:${m[3] ?? '00'}` : m[1]!;
  }
  const t = v instanceof Date ? v.getTime() : Date.parse(String(v));
  if (Number.isNaN(t)) return String(v);
  const wall = new Date(t + CHINA_OFFSET_MS).toISOString();
  return withTime ? `${wall.slice(0, 10)} ${wall.slice(11, 19)}` : wall.slice(0, 10);
}

/**
 * An instant as the Date whose UTC fields are its China wall time: a spreadsheet has no zones,
 * so a cell must hold the time people read in the list, not Greenwich's.
 */
export const chinaWallDate = (v: unknown): Date => new Date((v instanceof Date ? v.getTime() : Date.parse(String(v))) + CHINA_OFFSET_MS);

/** A spreadsheet's zoneless date-time cell (its UTC fields are the wall time typed) as the instant it means in China. */
export const instantOfChinaWall = (d: Date): Date => new Date(d.getTime() - CHINA_OFFSET_MS);

/** An Excel number format for a fixed scale: 2 → "#,##0.00". */
export const scaleNumFmt = (scale: number): string => (scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0');
