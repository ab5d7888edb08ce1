/**
 * The OpenAPI document (api/generated/openapi.json) is read by standard tools: it validates with
 * @apidevtools/swagger-parser, every reference resolves inside the document, and a call without a
 * body of its own still documents the {data} wrapper the server requires.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/schema/load';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/generated/openapi.json');
const read = () => JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

describe('the OpenAPI document', () => {
  it('validates with swagger-parser, every path included', async () => {
    const doc = read();
    const api = await SwaggerParser.validate(structuredClone(doc) as never) as unknown as { paths: Record<string, unknown> };
    const catalogued = new Set(loadCatalogue().map((e) => e.path));
    expect(Object.keys(api.paths).length).toBe(catalogued.size);
  }, 120_000);

  it('refers only to its own components (no JSON Schema $defs left at the wrong root)', () => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('$defs');
    const refs = [...text.matchAll(/"\$ref": "([^"]+)"/g)].map((m) => m[1]!);
    const schemas = read().components.schemas;
    const dangling = refs.filter((r) => !r.startsWith('#/components/schemas/') || !(r.slice('#/components/schemas/'.length) in schemas));
    expect(dangling).toEqual([]);
    expect(refs).toContain('#/components/schemas/reference_regionTree_region');
  });

  it('documents the {data} body of every JSON write, and a multipart body for uploads', () => {
    const doc = read();
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method !== 'post' && method !== 'put') continue;
        const content = op.requestBody?.content ?? {};
        const json = content['application/json']?.schema;
        if (!(content['multipart/form-data'] || (json?.required?.includes('data') && json.additionalProperties === false))) missing.push(`${method} ${p}`);
      }
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/v1/file-base/file/upload']!.post.requestBody.content['multipart/form-data']).toBeTruthy();
  });
});
