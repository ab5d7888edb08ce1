/**
 * The bench's regression guard (issue 22): which ratios a run reports as fallen against the
 * committed baseline, and that the README's table is exactly what the baseline file holds.
 * Pure functions on given figures: no timing is measured here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineTable, compare, fallen, readBaseline, withBaselineTable, type Baseline, type Ratio } from '../../../scripts/bench/guard';

const share = (value: number): Ratio => ({ label: 'list ÷ raw page', value, better: 'higher' });
const cost = (value: number): Ratio => ({ label: '1M rows ÷ 1k rows', value, better: 'lower' });
const baseline: Baseline = { ratios: { list: share(0.8), scale: cost(1.5) } };

describe('bench regression guard', () => {
  it('names a share of a ceiling that fell by more than 20 %, and only that one', () => {
    const now = new Map([['list', share(0.5)], ['scale', cost(1.5)]]);
    expect(fallen(baseline, now).map((l) => l.key)).toEqual(['list']);
    expect(fallen(baseline, now)[0]).toMatchObject({ baseline: 0.8, now: 0.5, change: '-38%' });
  });

  it('names a cost ratio that grew by more than 20 %', () => {
    const now = new Map([['scale', cost(1.9)]]);
    expect(fallen(baseline, now).map((l) => l.key)).toEqual(['scale']);
  });

  it('does not name a change within 20 %, nor an improvement', () => {
    const now = new Map([['list', share(0.65)], ['scale', cost(1.0)]]);
    expect(fallen(baseline, now)).toEqual([]);
    expect(compare(baseline, now).map((l) => l.change)).toEqual(['-19%', '+33%']);
  });

  it('reports a ratio the baseline does not hold as new, never as fallen', () => {
    const now = new Map([['bundle', cost(9)]]);
    expect(compare(baseline, now)).toEqual([{ key: 'bundle', label: '1M rows ÷ 1k rows', baseline: null, now: 9, change: 'new', regressed: false }]);
  });

  it('the slowed list of the bench (BENCH_SLOW_LIST) is named: 0.248 → 0.078', () => {
    const b: Baseline = { ratios: { 'api.list.pg-of-raw-page': share(0.248) } };
    expect(fallen(b, new Map([['api.list.pg-of-raw-page', share(0.078)]]))[0]?.change).toBe('-69%');
  });

  it('the README table is made from the baseline file only, and the committed README agrees with it', () => {
    const table = baselineTable({ ratios: { a: { ...share(0.81), goal: '≥ 0.8', detail: '1 | 2', measured: '2026-11-28' } } });
    expect(table).toContain('| list ÷ raw page | **0.81** | 1 \\| 2 | ≥ 0.8 | 2026-11-28 |');
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    expect(withBaselineTable(readme, baselineTable(readBaseline()))).toBe(readme);
  });
});
