/**
 * `npm run bench`: every benchmark, each compared with a baseline measured in the same run.
 * Prints tables; asserts nothing (timing thresholds don't belong in tests).
 * BENCH_ONLY=api,bundle,stomp,designer,scale,tracking,driver,inventory,stat,finance selects sections. Ends with the regression
 * report: each tracked ratio against scripts/bench/baseline.json (BENCH_WRITE_BASELINE=1 rewrites it).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './servers';
import { printRegressionReport } from './guard';

type Section = { name: string; file: string; fn: string };
const SECTIONS: Section[] = [
  { name: 'api', file: 'api.ts', fn: 'runApiBench' },
  { name: 'bundle', file: 'bundle.ts', fn: 'runBundleBench' },
  { name: 'stomp', file: 'stomp.ts', fn: 'runStompBench' },
  { name: 'designer', file: 'designer.ts', fn: 'runDesignerBench' },
  { name: 'scale', file: 'scale.ts', fn: 'runScaleBench' },
  { name: 'tracking', file: 'tracking.ts', fn: 'runTrackingBench' },
  { name: 'driver', file: 'driver.ts', fn: 'runDriverBench' },
  { name: 'inventory', file: 'inventory.ts', fn: 'runInventoryBench' },
  { name: 'stat', file: 'stat.ts', fn: 'runStatBench' },
  { name: 'finance', file: 'finance.ts', fn: 'runFinanceBench' },
];

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
let failed = false;
for (const s of SECTIONS) {
  if (only && !only.includes(s.name)) continue;
  const file = join(repoRoot, 'scripts/bench', s.file);
  if (!existsSync(file)) continue;
  console.log(`\n## ${s.name}`);
  try {
    const mod = (await import(file)) as Record<string, () => Promise<unknown>>;
    const result = await mod[s.fn]!();
    if (Array.isArray(result)) console.table(result);
    else console.table([result]);
  } catch (e) {
    failed = true;
    console.error(`${s.name} bench failed: ${(e as Error).stack ?? e}`);
  }
}
// Ratios against the committed baseline (scripts/bench/guard.ts): printed, never a failed run.
printRegressionReport();
process.exit(failed ? 1 : 0);
