/** Validation messages name every field in Chinese: its title, or the shared name of an untitled call property. */
import { describe, expect, it } from 'vitest';
import catalogue from '../../../schemas/generated/catalogue.json';
import { createAjv, FIELD_NAMES, formatAjvErrors } from '../../../schemas/src/ajv';

const CJK = /[\u4e00-\u9fff]/;

describe('field names in validation messages', () => {
  it('every property of every call’s params, query and body has a Chinese name', () => {
    const missing = new Set<string>();
    const walk = (s: unknown, where: string) => {
      if (Array.isArray(s)) return s.forEach((x) => walk(x, where));
      if (!s || typeof s !== 'object') return;
      const props = (s as { properties?: Record<string, { title?: string }> }).properties;
      if (props && typeof props === 'object') {
        for (const [k, v] of Object.entries(props)) {
          if (!(v.title && CJK.test(v.title)) && !FIELD_NAMES[k]) missing.add(`${where}: ${k}`);
        }
      }
      for (const v of Object.values(s)) walk(v, where);
    };
    for (const e of catalogue as unknown as { id: string; params?: unknown; query?: unknown; body?: unknown }[]) {
      for (const part of ['params', 'query', 'body'] as const) walk(e[part], `${e.id}.${part}`);
    }
    expect([...missing]).toEqual([]);
  });

  it('an untitled version reads 版本号, a path id its entity’s name', () => {
    const body = { type: 'object', properties: { version: { type: 'integer' } } };
    const v = createAjv().compile(body);
    expect(v({ version: 1.5 })).toBe(false);
    expect(formatAjvErrors(v.errors, body)).toBe('版本号应为整数');
    const entry = (catalogue as unknown as { path: string; method: string; params?: { properties: Record<string, { title: string }> } }[])
      .find((e) => e.path === '/api/v1/user-base/organization/{orgId}' && e.method === 'GET')!;
    expect(entry.params!.properties.orgId!.title).toBe('单位编号');
  });
});
