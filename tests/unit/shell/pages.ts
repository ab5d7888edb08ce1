/** The real page definitions, read the way access.test.ts reads them. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PageFiles } from '../../../runtime/router/routes';
import type { PageDef } from '../../../runtime/router/types';

const root = join(__dirname, '../../..');

export function loadPages(dir = 'pages', out: PageFiles = {}): PageFiles {
  for (const name of readdirSync(join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) loadPages(rel, out);
    else if (name.endsWith('.json')) out[`/${rel}`] = JSON.parse(readFileSync(join(root, rel), 'utf8')) as PageDef;
  }
  return out;
}
