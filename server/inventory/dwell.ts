/**
 * The arithmetic of 堆存 (DOMAIN §4.4): dwell days in Chinese calendar days with both the day in
 * and the day out counted, and the fee on the chargeable days beyond the free ones. Kept free of
 * the write pipeline so hooks and handlers share it without import cycles.
 */
import { chinaToday } from '../project/common';

/** transshipStatus */
export const TRANSSHIP = { transit: 0, arrived: 5, stored: 10, out: 15, void: 20 } as const;

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number) => (c / 100).toFixed(2);

/** The Chinese calendar day (UTC+8) of a time, as YYYY-MM-DD. */
export function chinaDayOf(at: string | Date): string {
  return chinaToday(new Date(at));
}

/** Days in the yard from the day it was stored to the day it left, both days counted. */
export function dwellDaysBetween(storedAt: string | Date, until: string | Date): number {
  const from = Date.parse(`${chinaDayOf(storedAt)}T00:00:00Z`);
  const to = Date.parse(`${chinaDayOf(until)}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / 86400_000)) + 1;
}

/**
 * 堆存费 in yuan (2 decimals): weight (吨, 3 decimals) × chargeable days × rate (元/吨·天, 2
 * decimals), computed in integers (kilograms × cents) and rounded half up to the cent.
 */
export function storageFee(totalWeight: unknown, dwellDays: number, freeDays: number, rate: unknown): string {
  const days = Math.max(0, dwellDays - freeDays);
  const kg = BigInt(Math.round(Number(totalWeight ?? 0) * 1000));
  const rateCents = BigInt(cents(rate));
  const milliCents = kg * BigInt(days) * rateCents;
  return yuan(Number((milliCents * 2n + 1000n) / 2000n));
}

