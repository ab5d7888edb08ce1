/** Reads every definition file of the repo, keeping its path for error messages. */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Loaded<T = unknown> {
  file: string; // repo-relative path
  data: T;
}

export interface Definitions {
  root: string;
  entities: Loaded[];
  apis: Loaded[];
  forms: Loaded[];
  enums: Loaded[];
  permissions: Loaded[];
  pages: Loaded[];
  layouts: Loaded[];
  parseErrors: { file: string; pointer: string; message: string }[];
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (name === 'generated' || name === 'node_modules') continue;
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

export function loadDefinitions(root: string): Definitions {
  const defs: Definitions = { root, entities: [], apis: [], forms: [], enums: [], permissions: [], pages: [], layouts: [], parseErrors: [] };
  const read = (files: string[], into: Loaded[]) => {
    for (const abs of files) {
      const file = relative(root, abs);
      try {
        into.push({ file, data: JSON.parse(readFileSync(abs, 'utf8')) });
      } catch (e) {
        defs.parseErrors.push({ file, pointer: '', message: `invalid JSON: ${(e as Error).message}` });
      }
    }
  };
  read(walk(join(root, 'schemas/entities')), defs.entities);
  read(walk(join(root, 'schemas/api')), defs.apis);
  read(walk(join(root, 'schemas/forms')), defs.forms);
  read(walk(join(root, 'schemas/enums')), defs.enums);
  const perm = join(root, 'schemas/permissions.json');
  if (existsSync(perm)) read([perm], defs.permissions);
  read(walk(join(root, 'pages')), defs.pages);
  read(walk(join(root, 'schemas/layouts')), defs.layouts);
  return defs;
}
