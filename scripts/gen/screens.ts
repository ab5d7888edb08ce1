/**
 * Custom screens follow the registry's convention (`runtime/screens/convention.ts`): a page's
 * `component` must name a `.tsx` file under the screen folders that has a default export, and no
 * two screen files may share a name (the browser would load only one of them).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Definitions } from './load';
import type { Problem } from './validate';
import { SCREEN_ROOTS, screenName } from '../../runtime/screens/convention';

export interface ScreenFile { file: string; name: string; hasDefault: boolean }

/** Every screen file of the repo, repo-relative. */
export function screenFiles(root: string): ScreenFile[] {
  const out: ScreenFile[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir).sort()) {
      const abs = join(dir, entry);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (entry.endsWith('.tsx')) {
        const file = relative(root, abs).split('\\').join('/');
        out.push({ file, name: screenName(file)!, hasDefault: /\bexport\s+(default\b|\{\s*default\b)/.test(readFileSync(abs, 'utf8')) });
      }
    }
  };
  for (const r of SCREEN_ROOTS) walk(join(root, r));
  return out;
}

export function checkScreens(defs: Pick<Definitions, 'pages'>, files: ScreenFile[]): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map<string, ScreenFile>();
  for (const f of files) {
    const other = byName.get(f.name);
    if (other) problems.push({ file: f.file, pointer: '', message: `screen name ${f.name} is also ${other.file}: rename one of them` });
    else byName.set(f.name, f);
  }
  for (const pg of defs.pages) {
    const { kind, component } = pg.data as { kind?: string; component?: string };
    if (kind !== 'custom' || !component) continue;
    const f = byName.get(component);
    if (!f) problems.push({ file: pg.file, pointer: '/component', message: `no screen file ${component}.tsx under ${SCREEN_ROOTS.join(' or ')}` });
    else if (!f.hasDefault) problems.push({ file: pg.file, pointer: '/component', message: `${f.file} has no default export to show as a screen` });
  }
  return problems;
}
