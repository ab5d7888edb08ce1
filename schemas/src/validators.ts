/**
 * Format validators shared by the browser and the server (ajv formats use these too),
 * so a value the form accepts is a value the server accepts.
 */

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check digit of the first 17 characters of a unified social credit code (GB 32100-2015). */
export function usccCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/** Unified social credit code: 18 characters of the GB 32100 alphabet with a valid check character. */
export function isValidUscc(code: string): boolean {
  if (typeof code !== 'string' || !/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return usccCheckChar(code.slice(0, 17)) === code[17];
}

/** A deterministic valid code for demo data: registration dept 9 (industry & commerce), type 1 (enterprise). */
export function makeUscc(regionCode: string, serial: number): string {
  const body = `91${regionCode.padEnd(6, '0').slice(0, 6)}`;
  let tail = '';
  let n = Math.abs(Math.floor(serial)) + 1;
  for (let i = 0; i < 9; i++) {
    tail = USCC_CHARS[n % USCC_CHARS.length] + tail;
    n = Math.floor(n / USCC_CHARS.length) + (i + 7) * 13;
  }
  const first17 = body + tail;
  return first17 + usccCheckChar(first17);
}

/**
 * A moment as forms and people write it — `YYYY-MM-DD HH:mm[:ss]`, China Standard Time (seed
 * 000's default format) — or as machines do (RFC 3339 with a zone).
 */
export const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
export function isDateTimeText(v: string): boolean {
  const m = DATETIME_RE.exec(v);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  return day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d && h! < 24 && mi! < 60 && (Number.isNaN(s) || s! < 60);
}
/** The same moment as a timestamp with its zone (no zone written means China Standard Time). */
export function dateTimeWithZone(v: string): string {
  const m = DATETIME_RE.exec(v);
  if (!m || m[7]) return v.replace(' ', 'T');
  return `${v.replace(' ', 'T')}+08:00`;
}

/** A time of day as the designer's time widget writes it (seed 001: value-format HH:mm:ss). */
export const CLOCK_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * Whether `end` comes after `start` in an object holding both (a worker's 开始时间/结束时间): blank
 * ends pass (optional times), equal or earlier ends fail. Times of day (HH:mm:ss) and datetimes of
 * one format order as text.
 */
export function timeOrderHolds(data: unknown, keys: readonly string[]): boolean {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return true;
  const [a, b] = keys as [string, string];
  const start = (data as Record<string, unknown>)[a];
  const end = (data as Record<string, unknown>)[b];
  if (typeof start !== 'string' || typeof end !== 'string' || !start.trim() || !end.trim()) return true;
  return end > start;
}

/** Mainland mobile number (the designer's phone preset). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** Mobile or landline (area code optional dash) — what a contact-phone field accepts. */
export const PHONE_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** 15 or 18 digit resident ID (18th may be X). */
export const IDCARD_RE = /^(\d{15}|\d{17}[\dXx])$/;
export const BANK_ACCOUNT_RE = /^\d{8,32}$/;
export const REGION_RE = /^\d{6}$/;

const PROVINCE = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
const PLATE_CHAR = '[A-HJ-NP-Z0-9]';
const NEW_ENERGY = '[DABCEFGHJK]';
const PLATE7 = new RegExp(`^[${PROVINCE}A-Z][A-Z]${PLATE_CHAR}{4}(${PLATE_CHAR}|[挂超学警港澳])$`);
const PLATE8 = new RegExp(`^[${PROVINCE}A-Z][A-Z](\\d{5}${NEW_ENERGY}|${NEW_ENERGY}${PLATE_CHAR}\\d{4})$`);

/** Vehicle plate (seed 000 §5): 7 characters, or 8 for new-energy plates. */
export function isValidPlate(plate: string): boolean {
  if (typeof plate !== 'string') return false;
  if (plate.length === 7) return PLATE7.test(plate);
  if (plate.length === 8) return PLATE8.test(plate);
  return false;
}

/** Validators by the `format` names of the entity metamodel. */
export const FORMAT_VALIDATORS: Record<string, (v: string) => boolean> = {
  uscc: isValidUscc,
  mobile: (v) => MOBILE_RE.test(v),
  phone: (v) => PHONE_RE.test(v),
  email: (v) => EMAIL_RE.test(v),
  idcard: (v) => IDCARD_RE.test(v),
  plate: isValidPlate,
  bankAccount: (v) => BANK_ACCOUNT_RE.test(v),
  region: (v) => REGION_RE.test(v),
  datetime: isDateTimeText,
  clockTime: (v) => v === '' || CLOCK_TIME_RE.test(v),
};

/** Default Chinese clause per format, said after the field's title, when a field declares no message. */
export const FORMAT_MESSAGES: Record<string, string> = {
  uscc: '格式或校验位不正确',
  mobile: '不是有效的手机号码',
  phone: '格式不正确',
  email: '不是有效的邮箱地址',
  idcard: '不是有效的身份证号码',
  plate: '格式不正确',
  bankAccount: '应为8至32位数字',
  region: '不是有效的地区',
  datetime: '应为时间(YYYY-MM-DD HH:mm:ss)',
  clockTime: '应为时:分:秒（如 08:30:00）',
};
