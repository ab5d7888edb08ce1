/**
 * `npm run gen`: validates every definition in the repo and writes the generated files.
 * `npm run gen -- --check` (CI): fails when a generated file is missing or stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefinitions } from './load';
import { validateDefinitions } from './validate';
import { enumLookup, resolveCatalogue, resolveEntities } from './resolve';
import { emitClient, emitEntityTypes, emitOpenApi } from './emit';

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
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return {
    'schemas/generated/entities.json': JSON.stringify(entities, null, 2) + '\n',
    'schemas/generated/catalogue.json': JSON.stringify(catalogue, null, 2) + '\n',
    'schemas/generated/entities.ts': await emitEntityTypes(entities, enumLookup(defs)),
    'api/generated/client.ts': await emitClient(catalogue, entities),
    'api/generated/openapi.json': emitOpenApi(catalogue, pkg.version),
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
