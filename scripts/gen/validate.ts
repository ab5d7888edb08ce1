/**
 * Validates every definition against its meta-schema, then the cross-file rules the
 * meta-schemas can't express (references between files). Each problem names the file and
 * the JSON pointer of the offending value.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Definitions, Loaded } from './load';
import { AUTHENTICATED, PUBLIC, alternatives } from '../../schemas/src/permission';

export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

const META = { entity: 'entity', api: 'api', form: 'form', page: 'page', enum: 'enum', permissions: 'permissions', layout: 'layout' } as const;

export function createMetaValidator(root: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = Object.fromEntries(
    Object.entries(META).map(([k, f]) => [k, ajv.compile(JSON.parse(readFileSync(join(root, `schemas/meta/${f}.schema.json`), 'utf8')))]),
  ) as Record<keyof typeof META, ReturnType<typeof ajv.compile>>;
  return (kind: keyof typeof META, item: Loaded): Problem[] => {
    const v = compiled[kind];
    if (v(item.data)) return [];
    return (v.errors ?? []).map((e) => ({
      file: item.file,
      pointer: e.instancePath || '/',
      message: `${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    }));
  };
}

function collectItems(list: unknown[], out: { item: Record<string, unknown>; pointer: string }[], pointer: string) {
  list.forEach((raw, i) => {
    const item = raw as Record<string, unknown>;
    const p = `${pointer}/${i}`;
    out.push({ item, pointer: p });
    if (item.compType === 'row' && Array.isArray(item.columns)) {
      (item.columns as { list?: unknown[] }[]).forEach((c, ci) => collectItems(c.list ?? [], out, `${p}/columns/${ci}/list`));
    }
    if (item.compType === 'dynamicTable' && Array.isArray(item.columns)) collectItems(item.columns as unknown[], out, `${p}/columns`);
    if (item.compType === 'table' && Array.isArray(item.layoutArray)) {
      (item.layoutArray as unknown[][]).forEach((row, ri) =>
        row.forEach((cell, ci) => collectItems(((cell as { columns?: unknown[] }).columns ?? []), out, `${p}/layoutArray/${ri}/${ci}/columns`)),
      );
    }
  });
}

/** All component items of a form, nested ones included, with their pointers. */
export function formItems(form: { list?: unknown[] }): { item: Record<string, unknown>; pointer: string }[] {
  const out: { item: Record<string, unknown>; pointer: string }[] = [];
  collectItems(form.list ?? [], out, '/list');
  return out;
}

export function validateDefinitions(defs: Definitions): Problem[] {
  const problems: Problem[] = [...defs.parseErrors];
  const check = createMetaValidator(defs.root);
  defs.entities.forEach((x) => problems.push(...check('entity', x)));
  defs.apis.forEach((x) => problems.push(...check('api', x)));
  defs.forms.forEach((x) => problems.push(...check('form', x)));
  defs.enums.forEach((x) => problems.push(...check('enum', x)));
  defs.permissions.forEach((x) => problems.push(...check('permissions', x)));
  defs.pages.forEach((x) => problems.push(...check('page', x)));
  defs.layouts.forEach((x) => problems.push(...check('layout', x)));
  if (problems.length) return problems; // cross-file checks assume well-formed files

  const entities = new Map<string, Loaded>();
  for (const e of defs.entities) {
    const d = e.data as { name: string; fields: Record<string, { enum?: string; ref?: string }>; search?: string[]; indexes?: { fields: string[] }[]; defaultSort?: { field: string } };
    if (entities.has(d.name)) problems.push({ file: e.file, pointer: '/name', message: `duplicate entity name ${d.name}` });
    entities.set(d.name, e);
  }
  const enumNames = new Set<string>();
  for (const f of defs.enums) for (const n of Object.keys((f.data as { enums: object }).enums)) enumNames.add(n);
  const permNames = new Set<string>();
  for (const f of defs.permissions) for (const p of (f.data as { permissions: { name: string }[] }).permissions) permNames.add(p.name);
  const knownPermission = (p: string) => p === AUTHENTICATED || p === PUBLIC || (alternatives(p).length > 0 && alternatives(p).every((x) => permNames.has(x)));

  for (const e of defs.entities) {
    const d = e.data as { fields: Record<string, { enum?: string; ref?: string }>; search?: string[]; indexes?: { fields: string[] }[] };
    for (const [k, f] of Object.entries(d.fields)) {
      if (f.enum && !enumNames.has(f.enum)) problems.push({ file: e.file, pointer: `/fields/${k}/enum`, message: `unknown enumeration ${f.enum}` });
      if (f.ref && !entities.has(f.ref)) problems.push({ file: e.file, pointer: `/fields/${k}/ref`, message: `unknown entity ${f.ref}` });
    }
    (d.search ?? []).forEach((s, i) => { if (!d.fields[s]) problems.push({ file: e.file, pointer: `/search/${i}`, message: `unknown field ${s}` }); });
    (d.indexes ?? []).forEach((ix, i) => ix.fields.forEach((s, j) => {
      if (!d.fields[s] && s !== 'createdAt' && s !== 'updatedAt') problems.push({ file: e.file, pointer: `/indexes/${i}/fields/${j}`, message: `unknown field ${s}` });
    }));
  }

  const entryIds = new Set<string>();
  const catalogueNames = new Set<string>();
  for (const a of defs.apis) {
    const d = a.data as { name: string; entity?: string; permission?: string; entries: { name: string; handler: string; entity?: string; permission?: string; method: string; path: string }[] };
    if (catalogueNames.has(d.name)) problems.push({ file: a.file, pointer: '/name', message: `duplicate catalogue name ${d.name}` });
    catalogueNames.add(d.name);
    if (d.permission && !knownPermission(d.permission)) problems.push({ file: a.file, pointer: '/permission', message: `unknown permission ${d.permission}` });
    const seenRoutes = new Set<string>();
    d.entries.forEach((en, i) => {
      const id = `${d.name}.${en.name}`;
      if (entryIds.has(id)) problems.push({ file: a.file, pointer: `/entries/${i}/name`, message: `duplicate entry ${id}` });
      entryIds.add(id);
      const route = `${en.method} ${en.path.replace(/\{[^}]+\}/g, '{}')}`;
      if (seenRoutes.has(route)) problems.push({ file: a.file, pointer: `/entries/${i}/path`, message: `duplicate route ${route}` });
      seenRoutes.add(route);
      const perm = en.permission ?? d.permission;
      if (!perm) problems.push({ file: a.file, pointer: `/entries/${i}`, message: 'no permission declared (entry or file default)' });
      else if (!knownPermission(perm)) problems.push({ file: a.file, pointer: `/entries/${i}/permission`, message: `unknown permission ${perm}` });
      const ent = en.entity ?? d.entity;
      if (en.handler.startsWith('crud.') && !ent) problems.push({ file: a.file, pointer: `/entries/${i}/handler`, message: 'crud handler without an entity' });
      if (ent && !entities.has(ent)) problems.push({ file: a.file, pointer: `/entries/${i}/entity`, message: `unknown entity ${ent}` });
    });
  }

  const formNames = new Set<string>();
  for (const f of defs.forms) {
    const d = f.data as { name?: string; entity?: string; list: unknown[] };
    if (d.name) formNames.add(d.name);
    if (d.entity && !entities.has(d.entity)) problems.push({ file: f.file, pointer: '/entity', message: `unknown entity ${d.entity}` });
    const ids = new Map<string, string>();
    for (const { item, pointer } of formItems(d)) {
      const id = String(item.id);
      if (ids.has(id)) problems.push({ file: f.file, pointer: `${pointer}/id`, message: `duplicate component id ${id} (also at ${ids.get(id)})` });
      ids.set(id, pointer);
    }
  }

  const paths = new Map<string, string>();
  for (const p of defs.pages) {
    const d = p.data as { path: string; kind?: string; meta: { roles?: string[] } };
    if (paths.has(d.path) && d.kind !== 'group') problems.push({ file: p.file, pointer: '/path', message: `duplicate route path ${d.path} (also ${paths.get(d.path)})` });
    if (d.kind !== 'group') paths.set(d.path, p.file);
    (d.meta.roles ?? []).forEach((r, i) => { if (!permNames.has(r)) problems.push({ file: p.file, pointer: `/meta/roles/${i}`, message: `unknown permission ${r}` }); });
  }
  return problems;
}
