/**
 * Display and input helpers of seed 000 §5 and §9, shared by every screen. Pure functions;
 * dates are handled with dayjs so the browser and the server agree.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** A value counts as empty when it is a blank string, NaN, an empty array, null or undefined. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (typeof v === 'number') return Number.isNaN(v);
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** Thousands separators in the integer part; decimals kept as they are. */
export function thousands(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const s = String(v);
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s.trim());
  if (!m) return s;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** Rounds half away from zero to `digits` decimals (default 2), avoiding binary artefacts like 1.005. */
export function round(v: number, digits = 2): number {
  if (!Number.isFinite(v)) return v;
  const f = 10 ** digits;
  return Math.sign(v) * Math.round(Math.abs(v) * f + Number.EPSILON * f) / f;
}

/** A ratio as a percentage with 2 decimals: 0.12345 → "12.35%". */
export function percent(ratio: number | null | undefined, digits = 2): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return '';
  return `${round(ratio * 100, digits).toFixed(digits)}%`;
}

const UNITS = ['k', 'M', 'G', 'T', 'P', 'E'];
/** Number abbreviation with k, M, G, T, P, E (1 decimal by default): 1500 → "1.5k". */
export function abbreviate(n: number, digits = 1): string {
  const a = Math.abs(n);
  for (let i = UNITS.length - 1; i >= 0; i--) {
    const unit = 1000 ** (i + 1);
    if (a >= unit) return `${round(n / unit, digits)}${UNITS[i]}`;
  }
  return String(n);
}

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Relative time (seed 000 §9): under 30 s 刚刚; under 1 h N分钟前; under 1 day N小时前; under
 * 2 days 1天前; otherwise the date in `format`.
 */
export function relativeTime(time: string | number | Date | Dayjs, now: Dayjs = dayjs(), format = DEFAULT_DATE_FORMAT): string {
  const t = dayjs(time);
  const diff = (now.valueOf() - t.valueOf()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 86400) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 86400 * 2) return '1天前';
  return t.format(format);
}

/** {item}已过期, 请及时更新 when the date is in the past, else null. */
export function expiryWarning(item: string, date: string | Date | Dayjs | null | undefined, now: Dayjs = dayjs()): string | null {
  if (!date) return null;
  return dayjs(date).isBefore(now) ? `${item}已过期, 请及时更新` : null;
}

/** Date rule: fails (returns the message) when the date is earlier than now; optional when empty. */
export function dateNotPast(message: string) {
  return (value: unknown, now: Dayjs = dayjs()): string | null => {
    if (isEmptyValue(value)) return null;
    return dayjs(value as string).isBefore(now) ? message : null;
  };
}

/** Bank-name rule: the name must be in the bank list. `warning` lets a screen show it without blocking. */
export function bankNameRule(banks: readonly string[], message = '开户银行不在银行列表中', warning = false) {
  const set = new Set(banks);
  return (value: unknown): { message: string; warning: boolean } | null => {
    if (isEmptyValue(value)) return null;
    return set.has(String(value).trim()) ? null : { message, warning };
  };
}

/** The first message of a validation error object ({field: [{message}]} or {field: message}). */
export function firstErrorMessage(errors: unknown): string | null {
  if (!errors || typeof errors !== 'object') return null;
  for (const v of Object.values(errors as Record<string, unknown>)) {
    if (typeof v === 'string' && v) return v;
    if (Array.isArray(v)) {
      for (const e of v) {
        if (typeof e === 'string' && e) return e;
        if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
      }
    }
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') return (v as { message: string }).message;
  }
  return null;
}

/**
 * Numeric-only input (seed 000 §5): keeps digits, one decimal point and a leading minus while
 * typing; `commitNumeric` clamps and rounds when the field loses focus.
 */
export function sanitizeNumericInput(text: string, allowNegative = true): string {
  let out = '';
  let dot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !dot) {
      dot = true;
      out += ch;
    } else if (ch === '-' && allowNegative && out === '') out = '-';
  }
  return out;
}

export function commitNumeric(text: string, opts: { min?: number; max?: number; precision?: number } = {}): number | null {
  const s = sanitizeNumericInput(text);
  if (s === '' || s === '-' || s === '.' || s === '-.') return null;
  let n = Number(s);
  if (opts.min !== undefined) n = Math.max(opts.min, n);
  if (opts.max !== undefined) n = Math.min(opts.max, n);
  return opts.precision === undefined ? n : round(n, opts.precision);
}

/** Attachment names are truncated to `len` characters plus an ellipsis (default 8). */
export function truncateName(name: string, len = 8): string {
  return name.length > len ? `${name.slice(0, len)}...` : name;
}

export const isVideo = (name: string | null | undefined): boolean => !!name && /\.mp4$/i.test(name);

/** Video player options (seed 000 §9). */
export const VIDEO_OPTIONS = Object.freeze({
  aspectRatio: '16:9',
  playbackRates: [0.5, 1, 1.5, 2],
  language: 'zh-CN',
  notSupportedMessage: '此视频暂无法播放，请稍后再试',
});

export interface RangePreset { label: string; value: [Dayjs, Dayjs] }

/** Date-range shortcuts: today, yesterday, last week (7 days), last month (30), last 3 months (90). */
export function dateRangePresets(now: Dayjs = dayjs()): RangePreset[] {
  const end = now.endOf('day');
  const back = (days: number): [Dayjs, Dayjs] => [now.subtract(days, 'day').startOf('day'), end];
  return [
    { label: '今天', value: [now.startOf('day'), end] },
    { label: '昨天', value: [now.subtract(1, 'day').startOf('day'), now.subtract(1, 'day').endOf('day')] },
    { label: '最近一周', value: back(7) },
    { label: '最近一个月', value: back(30) },
    { label: '最近三个月', value: back(90) },
  ];
}

/** Month shortcuts: current month, last month, current year, last year. */
export function monthRangePresets(now: Dayjs = dayjs()): RangePreset[] {
  const lastMonth = now.subtract(1, 'month');
  const lastYear = now.subtract(1, 'year');
  return [
    { label: '本月', value: [now.startOf('month'), now.endOf('month')] },
    { label: '上月', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
    { label: '今年', value: [now.startOf('year'), now.endOf('year')] },
    { label: '去年', value: [lastYear.startOf('year'), lastYear.endOf('year')] },
  ];
}

/** Text length of rich text: tags removed, entities counted as one character (editor max words). */
export function richTextLength(html: unknown): number {
  if (typeof html !== 'string') return 0;
  return html.replace(/<[^>]*>/g, '').replace(/&[a-zA-Z#0-9]+;/g, ' ').length;
}
