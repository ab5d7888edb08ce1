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

export type EnumTable = Record<string, { title: string; values: { value: string | number; label: string; color?: string }[] }>;

let enumCache: EnumTable | undefined;

/** Every enumeration by name (schemas/enums, merged by the generator). */
export function loadEnums(): EnumTable {
  enumCache ??= readGenerated<EnumTable>('enums.json');
  return enumCache;
}

export function enumLabel(name: string | undefined, value: unknown): string | undefined {
  if (!name || value === null || value === undefined) return undefined;
  return loadEnums()[name]?.values.find((v) => String(v.value) === String(value))?.label;
}

export interface LayoutDef { name: string; title: string; entity: string; [key: string]: unknown }

let layoutCache: Record<string, LayoutDef> | undefined;

/** Business form layouts (schemas/layouts), by name. */
export function loadLayouts(): Record<string, LayoutDef> {
  layoutCache ??= readGenerated<Record<string, LayoutDef>>('layouts.json');
  return layoutCache;
}
