/**
 * `npm run gen`: validates every definition in the repo and writes the generated files.
 * `npm run gen -- --check` (CI): fails when a generated file is missing or stale.
 */
import { emitPageTypes } from './page-types';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefinitions } from './load';
import { validateDefinitions } from './validate';
import { enumLookup, mergedEnums, resolveCatalogue, resolveEntities } from './resolve';
import { emitClient, emitEntityTypes, emitOpenApi } from './emit';
import { crossCheck } from './crosscheck';
import { checkActionPaths } from './actions';
import { routeManifest, uiByPrefix, uiCatalogue } from './ui';
import { emitFieldValidators } from './field-validators';
import { checkScreens, screenFiles } from './screens';
import { checkPageBadges, loadReferenceLists } from './reference-lists';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function generate(repoRoot = root): Promise<Record<string, string>> {
  const defs = loadDefinitions(repoRoot);
  const problems = validateDefinitions(defs);
  if (problems.length) {
    const lines = problems.map((p) => `  ${p.file}#${p.pointer}: ${p.message}`);
    throw new Error(`invalid definitions:\n${lines.join('\n')}`);
  }
  const entities = resolveEntities(defs);
  const catalogue = resolveCatalogue(defs, entities);
  // Handlers and hooks are code: the generator loads their registries to check the names.
  const { allHandlers } = await import('../../server/handlers/index');
  const { entityHooks } = await import('../../server/hooks/index');
  const permissions = new Set<string>();
  for (const f of defs.permissions) for (const p of (f.data as { permissions: { name: string }[] }).permissions) permissions.add(p.name);
  const cross = crossCheck({
    defs, entities, catalogue, enumValues: enumLookup(defs), permissions,
    handlers: new Set(Object.keys(allHandlers)), hooks: entityHooks as Record<string, object>,
  });
  cross.push(...checkActionPaths(defs, entities, new Map(catalogue.map((e) => [e.id, e]))));
  cross.push(...checkScreens(defs, screenFiles(repoRoot)));
  const referenceLists = loadReferenceLists(repoRoot, catalogue);
  cross.push(...referenceLists.problems, ...checkPageBadges(defs.pages, catalogue));
  if (cross.length) {
    const lines = cross.map((p) => `  ${p.file}#${p.pointer}: ${p.message}`);
    throw new Error(`invalid definitions:\n${lines.join('\n')}`);
  }
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return {
    'schemas/generated/entities.json': JSON.stringify(entities, null, 2) + '\n',
    'schemas/generated/catalogue.json': JSON.stringify(catalogue, null, 2) + '\n',
    'schemas/generated/entities.ts': await emitEntityTypes(entities, enumLookup(defs)),
    'schemas/generated/enums.json': JSON.stringify(mergedEnums(defs), null, 2) + '\n',
    'schemas/generated/layouts.json': JSON.stringify(Object.fromEntries(defs.layouts.map((l) => [(l.data as { name: string }).name, l.data]).sort(([a], [b]) => String(a).localeCompare(String(b)))), null, 2) + '\n',
    'api/generated/client.ts': await emitClient(catalogue, entities),
    'api/generated/openapi.json': emitOpenApi(catalogue, pkg.version),
    'runtime/generated/reference-lists.json': JSON.stringify(referenceLists.lists, null, 1) + '\n',
    'runtime/generated/pages.json': JSON.stringify(routeManifest(defs), null, 1) + '\n',
    'runtime/generated/page-types.ts': await emitPageTypes(JSON.parse(readFileSync(join(repoRoot, 'schemas/meta/page.schema.json'), 'utf8'))),
    ...emitFieldValidators(entities),
    // One file per call prefix ('customer' of 'customer.list'): a screen loads only its own calls' facts.
    ...Object.fromEntries(Object.entries(uiByPrefix(uiCatalogue(catalogue))).map(([p, e]) => [`schemas/generated/ui/${p}.json`, JSON.stringify(e, null, 1) + '\n'])),
    ...Object.fromEntries(Object.values(entities).map((e) => [`schemas/generated/entities/${e.name}.json`, JSON.stringify(e) + '\n'])),
  };
}

async function main() {
  const check = process.argv.includes('--check');
  let files: Record<string, string>;
  try {
    files = await generate();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const stale: string[] = [];
  for (const [rel, content] of Object.entries(files)) {
    const abs = join(root, rel);
    const current = existsSync(abs) ? readFileSync(abs, 'utf8') : null;
    if (current === content) continue;
    if (check) stale.push(rel);
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      console.log(`wrote ${rel}`);
    }
  }
  if (check && stale.length) {
    console.error(`generated files are stale; run \`npm run gen\` and commit:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  if (!check) console.log(`definitions valid; ${Object.keys(files).length} generated files up to date`);
  else console.log('generated files are up to date');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
