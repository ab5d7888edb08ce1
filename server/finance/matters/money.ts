/**
 * Money of 资金事项 as integer cents: amounts travel as decimal text ("1234.50") and are summed,
 * compared and split in cents so no float ever touches a stored value.
 */
import { badRequest } from '../../http/errors';

export function toCents(value: unknown, field = 'amount', title = '金额'): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = String(value).trim();
  const m = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw badRequest(`${title}格式不正确`, { field });
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1,234.50 as a sentence reads it. */
export function yuan(cents: number): string {
  const [int, dec] = fromCents(cents).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** Tax included → (excl, tax) at a whole percentage rate, rounded half away from zero on the excl part. */
export function splitVat(grossCents: number, ratePct: number): { excl: number; tax: number } {
  const excl = Math.sign(grossCents) * Math.round((Math.abs(grossCents) * 100) / (100 + ratePct));
  return { excl, tax: grossCents - excl };
}
