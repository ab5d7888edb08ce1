/**
 * `npm run bench:readme`: regenerates the README's table of guarded ratios from
 * scripts/bench/baseline.json (between the bench:baseline markers), so the README can only show
 * what the baseline file holds, each figure with the day it was measured.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselineTable, readBaseline, withBaselineTable } from './guard';
import { repoRoot } from './servers';

const file = join(repoRoot, 'README.md');
writeFileSync(file, withBaselineTable(readFileSync(file, 'utf8'), baselineTable(readBaseline())));
console.log('README.md benchmark table regenerated from scripts/bench/baseline.json');
