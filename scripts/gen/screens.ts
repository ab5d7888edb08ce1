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
  const check = (file: string, pointer: string, component: string) => {
    const f = byName.get(component);
    if (!f) problems.push({ file, pointer, message: `no screen file ${component}.tsx under ${SCREEN_ROOTS.join(' or ')}` });
    else if (!f.hasDefault) problems.push({ file, pointer, message: `${f.file} has no default export to show as a screen` });
  };
  for (const pg of defs.pages) {
    const { kind, component } = pg.data as { kind?: string; component?: string };
    if (kind === 'custom' && component) check(pg.file, '/component', component);
    // A detail tab of type screen names a screen piece too (wherever the detail sits in the page).
    const walk = (v: unknown, pointer: string) => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${pointer}/${i}`));
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o.type === 'screen' && typeof o.component === 'string' && pointer.includes('/tabs/')) check(pg.file, `${pointer}/component`, o.component);
        for (const [k, x] of Object.entries(o)) walk(x, `${pointer}/${k}`);
      }
    };
    walk(pg.data, '');
  }
  return problems;
}
