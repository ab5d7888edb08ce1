/** A report measure's value as the report shows it; kept apart so a figure needs no chart code. */
import { percent, thousands } from '../../../schemas/src/format';

export interface Measure { name: string; title: string; format: 'integer' | 'money' | 'decimal' | 'percent' }

export function formatMeasure(m: Measure, v: unknown): string {
  if (v === null || v === undefined) return '-';
  const n = Number(v);
  if (m.format === 'percent') return percent(n);
  if (m.format === 'money') return thousands(n.toFixed(2));
  if (m.format === 'integer') return thousands(String(Math.round(n)));
  return thousands(String(Math.round(n * 100) / 100));
}
