/**
 * The regression guard (issue 22): benches report the ratios they measure (each against a
 * baseline measured in the same run) with `track`; `npm run bench` then compares every ratio with
 * the figure kept in scripts/bench/baseline.json and prints the ones that fell by more than 20 %.
 * A printed report, never a failing timing test: the 2-core machine is shared and noisy.
 *
 * BENCH_WRITE_BASELINE=1 writes this run's ratios into the baseline file (keeping entries this run
 * did not measure); `npm run bench:readme` regenerates the README's benchmark table from the file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './servers';

export const BASELINE_FILE = join(repoRoot, 'scripts/bench/baseline.json');
/** A ratio worse than its baseline by more than this share is reported. */
export const TOLERANCE = 0.2;

export interface Ratio {
  /** what is measured, as the README's table names it */
  label: string;
  value: number;
  /** 'higher': a share of a ceiling (req/s ÷ req/s); 'lower': a cost ratio (ms ÷ ms) */
  better: 'higher' | 'lower';
  goal?: string;
  /** the figures behind the ratio, for the README */
  detail?: string;
  /** the day it was measured (YYYY-MM-DD) */
  measured?: string;
}

export interface Baseline {
  note?: string;
  ratios: Record<string, Ratio>;
}

const measuredNow = new Map<string, Ratio>();

/** Records one ratio of this run under a stable key (e.g. `api.list.pg-of-raw-page`). */
export function track(key: string, r: Ratio): void {
  measuredNow.set(key, { ...r, value: +r.value.toFixed(3), measured: r.measured ?? new Date().toISOString().slice(0, 10) });
}

export function readBaseline(file = BASELINE_FILE): Baseline {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Baseline) : { ratios: {} };
}

/** How much worse `now` is than `was` (0.25 = 25 % worse; negative = better). */
export function worsening(r: Pick<Ratio, 'better'>, was: number, now: number): number {
  if (!(was > 0)) return 0;
  return r.better === 'higher' ? (was - now) / was : (now - was) / was;
}

export interface ReportLine { key: string; label: string; baseline: number | null; now: number; change: string; regressed: boolean }

export function compare(baseline: Baseline, now: Map<string, Ratio>, tolerance = TOLERANCE): ReportLine[] {
  return [...now].map(([key, r]) => {
    const was = baseline.ratios[key];
    if (!was) return { key, label: r.label, baseline: null, now: r.value, change: 'new', regressed: false };
    const w = worsening(r, was.value, r.value);
    return { key, label: r.label, baseline: was.value, now: r.value, change: `${w > 0 ? '-' : '+'}${Math.abs(w * 100).toFixed(0)}%`, regressed: w > tolerance };
  });
}

/** Prints the comparison with the baseline file; writes the file when asked. */
export function printRegressionReport(): void {
  if (!measuredNow.size) return;
  const baseline = readBaseline();
  const lines = compare(baseline, measuredNow);
  console.log('\n## regression report (ratios against scripts/bench/baseline.json; "-" is worse)');
  console.table(lines.map(({ label, baseline: b, now, change, regressed }) => ({ ratio: label, baseline: b ?? '—', now, change, '': regressed ? 'REGRESSED' : '' })));
  const fell = lines.filter((l) => l.regressed);
  if (fell.length) {
    console.log(`${fell.length} ratio(s) fell by more than ${TOLERANCE * 100}% against the baseline:`);
    for (const l of fell) console.log(`  REGRESSED  ${l.label}: ${l.baseline} → ${l.now} (${l.change})`);
  } else {
    console.log(`No ratio fell by more than ${TOLERANCE * 100}% against the baseline.`);
  }
  if (process.env.BENCH_WRITE_BASELINE === '1') {
    const next: Baseline = { ...baseline, ratios: { ...baseline.ratios, ...Object.fromEntries(measuredNow) } };
    writeFileSync(BASELINE_FILE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`Baseline written: ${BASELINE_FILE} (${measuredNow.size} ratios of this run); run \`npm run bench:readme\` to regenerate the README's table.`);
  }
}
