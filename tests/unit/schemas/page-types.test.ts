/**
 * The runtime's page types come from the page schema (scripts/gen/page-types.ts): every named part
 * must exist in the schema, and a new option declared in the schema must reach the type.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { emitPageTypes, PAGE_TYPE_NAMES } from '../../../scripts/gen/page-types';

const schema = JSON.parse(readFileSync('schemas/meta/page.schema.json', 'utf8')) as Record<string, unknown>;

function at(pointer: string): unknown {
  return pointer.split('/').slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], schema);
}

describe('page types generated from the page schema', () => {
  it('names only parts the schema has', () => {
    const missing = Object.keys(PAGE_TYPE_NAMES).filter((p) => p !== '#' && at(p) === undefined);
    expect(missing).toEqual([]);
  });

  it('gives each named part one type, and a new list option reaches ListDef', async () => {
    const copy = structuredClone(schema) as { $defs: { list: { properties: Record<string, unknown> } } };
    copy.$defs.list.properties.density = { enum: ['small', 'middle'], description: 'row density' };
    const ts = await emitPageTypes(copy as never);
    for (const name of new Set(Object.values(PAGE_TYPE_NAMES))) expect(ts, name).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    expect(ts).not.toMatch(/export (interface|type) (ApiRef|ListDef|DetailDef)\d/);
    const list = /export interface ListDef \{\n[\s\S]*?\n\}\n/.exec(ts)?.[0];
    expect(list).toMatch(/density\?: "small" \| "middle"/);
  });
});
