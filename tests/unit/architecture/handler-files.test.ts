/**
 * A handler's name leads to its file: `<module>.<fn>` is exported by `server/<area>/<module in
 * kebab-case>.ts`, the only file of that name among the area folders, and server/handlers/index.ts
 * gathers exactly those files (see the rule there).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../schemas/generated/catalogue.json';
import { namedHandlers } from '../../../server/handlers/index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const server = path.join(root, 'server');
const kebab = (module: string) => module.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The files the rule may point to for a module: `server/<area>/<kebab>.ts`. */
function ruleFiles(module: string): string[] {
  return readdirSync(server)
    .filter((area) => statSync(path.join(server, area)).isDirectory())
    .map((area) => `server/${area}/${kebab(module)}.ts`)
    .filter((file) => existsSync(path.join(root, file)));
}

/** Every `Record<name, handler>` a file exports, merged. */
async function exportedHandlers(file: string): Promise<Record<string, unknown>> {
  const mod = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const value of Object.values(mod)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) if (/^\w+\.\w+$/.test(k) && typeof v === 'function') out[k] = v;
    }
  }
  return out;
}

const named = [...new Set((catalogue as { handler: string }[]).map((e) => e.handler).filter((h) => !h.startsWith('crud.')))].sort();
const modules = [...new Set(named.map((h) => h.split('.')[0]!))].sort();

describe('handler files follow handler names', () => {
  it('every catalogue handler <module>.<fn> is exported by the one file server/<area>/<module>.ts', async () => {
    expect(named.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const module of modules) {
      const files = ruleFiles(module);
      if (files.length !== 1) { wrong.push(`${module}: ${files.length ? files.join(', ') : `no server/<area>/${kebab(module)}.ts`}`); continue; }
      const exported = await exportedHandlers(files[0]!);
      for (const h of named.filter((n) => n.startsWith(`${module}.`))) if (!exported[h]) wrong.push(`${h}: not exported by ${files[0]}`);
      const strays = Object.keys(exported).filter((k) => !k.startsWith(`${module}.`));
      if (strays.length) wrong.push(`${files[0]} also holds ${strays.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the registry serves each of them from that file', async () => {
    for (const module of modules) {
      const exported = await exportedHandlers(ruleFiles(module)[0]!);
      for (const [name, fn] of Object.entries(exported)) expect(namedHandlers[name], name).toBe(fn);
    }
  });
});
