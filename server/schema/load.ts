import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { CatalogueEntry, EntityMap } from './types';

const generatedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/generated');

function readGenerated<T>(file: string): T {
  const full = path.join(generatedDir, file);
  try {
    return JSON.parse(readFileSync(full, 'utf8')) as T;
  } catch (err) {
    throw new Error(`cannot read ${full}: run \`npm run gen\` first (${(err as Error).message})`);
  }
}

export function loadEntities(): EntityMap {
  return readGenerated<EntityMap>('entities.json');
}

export function loadCatalogue(): CatalogueEntry[] {
  return readGenerated<CatalogueEntry[]>('catalogue.json');
}
