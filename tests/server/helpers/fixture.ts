/**
 * The repo's definitions plus a fixture entity, list, form and calls written as definitions
 * only (tests/fixtures/metamodel), validated and cross-checked like `npm run gen` does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefinitions } from '../../../scripts/gen/load';
import { validateDefinitions, type Problem } from '../../../scripts/gen/validate';
import { enumLookup, resolveCatalogue, resolveEntities } from '../../../scripts/gen/resolve';
import { crossCheck } from '../../../scripts/gen/crosscheck';
import { allHandlers } from '../../../server/handlers/index';
import { entityHooks } from '../../../server/hooks/index';
import type { CatalogueEntry, EntityMap } from '../../../server/schema/types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(root, 'tests/fixtures/metamodel');
const read = (f: string) => JSON.parse(readFileSync(path.join(dir, f), 'utf8'));

export function fixtureDefinitions(mutate?: (d: { entities: any[]; api: any; layout: any; page: any }) => void) {
  const defs = loadDefinitions(root);
  const fixture = { entities: read('entities.json') as any[], api: read('api.json'), layout: read('layout.json'), page: read('page.json') };
  mutate?.(fixture);
  fixture.entities.forEach((e, i) => defs.entities.push({ file: `tests/fixtures/metamodel/entities.json#${i}`, data: e }));
  defs.apis.push({ file: 'tests/fixtures/metamodel/api.json', data: fixture.api });
  defs.layouts.push({ file: 'tests/fixtures/metamodel/layout.json', data: fixture.layout });
  defs.pages.push({ file: 'tests/fixtures/metamodel/page.json', data: fixture.page });
  return defs;
}

export function resolveFixture(mutate?: Parameters<typeof fixtureDefinitions>[0]): { entities: EntityMap; catalogue: CatalogueEntry[]; problems: Problem[] } {
  const defs = fixtureDefinitions(mutate);
  const problems = validateDefinitions(defs);
  if (problems.length) return { entities: {}, catalogue: [], problems };
  const entities = resolveEntities(defs);
  const catalogue = resolveCatalogue(defs, entities);
  const permissions = new Set<string>();
  for (const f of defs.permissions) for (const p of (f.data as { permissions: { name: string }[] }).permissions) permissions.add(p.name);
  const cross = crossCheck({ defs, entities, catalogue, enumValues: enumLookup(defs), permissions, handlers: new Set(Object.keys(allHandlers)), hooks: entityHooks as Record<string, object> });
  return { entities, catalogue, problems: cross };
}
