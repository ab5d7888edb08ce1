/**
 * Who may pick an entity's records (meta/options/{entity}): a holder of a permission of some call
 * or screen that reads or writes a record of that entity, or of an entity whose fields (its own,
 * its child lines') point at it — a dispatcher editing a schedule picks a carrier, a salesperson
 * editing a contract picks a customer. Derived from the catalogue, the entities and the pages,
 * never listed by hand; an entity's `lookup.permission`, when declared, is one more way in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHENTICATED, PUBLIC, hasPermission } from '../../schemas/src/permission';
import type { CatalogueEntry, EntityMap, ResolvedEntity } from '../schema/types';

const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../pages');
const layoutsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/layouts');

/** Entities an entity's fields (and its child lines' fields) refer to. */
function referenced(entities: EntityMap, entity: ResolvedEntity, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(entity.name)) return out;
  seen.add(entity.name);
  for (const f of Object.values(entity.fields)) if ((f.type === 'reference' || f.type === 'references') && f.ref) out.add(f.ref);
  for (const c of Object.values(entity.children)) {
    const child = entities[c.entity];
    if (child) for (const r of referenced(entities, child, seen)) out.add(r);
  }
  return out;
}

interface PageDef { meta?: { roles?: string[] }; [k: string]: unknown }

function readPages(dir = pagesDir): PageDef[] {
  const out: PageDef[] = [];
  let names: string[];
  try { names = readdirSync(dir); } catch { return out; }
  for (const name of names) {
    const full = path.join(dir, name);
    if (name.endsWith('.json')) out.push(JSON.parse(readFileSync(full, 'utf8')) as PageDef);
    else if (!name.includes('.')) out.push(...readPages(full));
  }
  return out;
}

/** Every string of a page definition that names a catalogue call. */
function callsOf(value: unknown, ids: Set<string>, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') { if (ids.has(value)) out.add(value); }
  else if (Array.isArray(value)) value.forEach((v) => callsOf(v, ids, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => callsOf(v, ids, out));
  return out;
}

interface LayoutDef { name: string; entity: string; sections?: { fields?: (string | { field: string; columns?: string[] })[] }[] }

function readLayouts(dir = layoutsDir): Map<string, LayoutDef> {
  const out = new Map<string, LayoutDef>();
  let names: string[];
  try { names = readdirSync(dir); } catch { return out; }
  for (const name of names) if (name.endsWith('.json')) {
    const layout = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as LayoutDef;
    out.set(layout.name, layout);
  }
  return out;
}

/** The entities a layout's fields (and the columns of its child lines) let the user pick. */
function pickedBy(layout: LayoutDef, entities: EntityMap): Set<string> {
  const out = new Set<string>();
  const entity = entities[layout.entity];
  if (!entity) return out;
  const refOf = (e: ResolvedEntity, field: string) => {
    const f = e.fields[field];
    if (f && (f.type === 'reference' || f.type === 'references') && f.ref) out.add(f.ref);
  };
  for (const section of layout.sections ?? []) for (const item of section.fields ?? []) {
    const name = typeof item === 'string' ? item : item.field;
    const child = entity.children[name] ? entities[entity.children[name]!.entity] : undefined;
    if (!child) { refOf(entity, name); continue; }
    for (const column of (typeof item === 'string' ? undefined : item.columns) ?? Object.keys(child.fields)) refOf(child, column);
  }
  return out;
}

/** Each `form` of a page with the calls its `api` names (the calls that form's values go to). */
function formsWithCalls(value: unknown, ids: Set<string>, out: { form: string; calls: Set<string> }[] = []): { form: string; calls: Set<string> }[] {
  if (Array.isArray(value)) value.forEach((v) => formsWithCalls(v, ids, out));
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (typeof node.form === 'string' && node.api) out.push({ form: node.form, calls: callsOf(node.api, ids) });
    Object.values(node).forEach((v) => formsWithCalls(v, ids, out));
  }
  return out;
}

export type PickPermissions = Map<string, Set<string>>;

/** entity name → the permissions that open its picker (AUTHENTICATED: every logged-in user). */
export function derivePickPermissions(catalogue: CatalogueEntry[], entities: EntityMap, pages: PageDef[] = readPages(), layouts: Map<string, LayoutDef> = readLayouts()): PickPermissions {
  const map: PickPermissions = new Map();
  const grant = (entity: string, permission: string) => {
    // Calls open to every session (a salesperson's own customers, the group's departments) filter
    // their rows themselves: they open no picker of the whole table.
    if (!entities[entity] || !permission || permission === PUBLIC || permission === AUTHENTICATED) return;
    if (!map.has(entity)) map.set(entity, new Set());
    map.get(entity)!.add(permission);
  };
  const reach = (entityName: string, permission: string) => {
    const e = entities[entityName];
    if (!e) return;
    grant(entityName, permission);
    for (const r of referenced(entities, e)) grant(r, permission);
  };
  for (const entry of catalogue) if (entry.entity) reach(entry.entity, entry.permission);
  const byId = new Map(catalogue.map((e) => [e.id, e]));
  const ids = new Set(byId.keys());
  for (const page of pages) {
    const roles = page.meta?.roles ?? [];
    if (!roles.length) continue;
    for (const id of callsOf(page, ids)) {
      const entity = byId.get(id)?.entity;
      if (entity) for (const role of roles) reach(entity, role);
    }
  }
  // A form every session may submit (a staff member's own 报销 and its fee subjects) opens the
  // pickers of the fields it shows, and only those: not every reference of its entity.
  for (const page of pages) {
    for (const { form, calls } of formsWithCalls(page, ids)) {
      const layout = layouts.get(form);
      const open = [...calls].some((id) => { const e = byId.get(id)!; return e.method !== 'GET' && e.permission === AUTHENTICATED; });
      if (!layout || !open) continue;
      for (const ref of pickedBy(layout, entities)) if (entities[ref]?.lookup) {
        if (!map.has(ref)) map.set(ref, new Set());
        map.get(ref)!.add(AUTHENTICATED);
      }
    }
  }
  for (const e of Object.values(entities)) if (e.lookup && e.lookup.permission !== AUTHENTICATED) grant(e.name, e.lookup.permission);
  return map;
}

const cache = new WeakMap<CatalogueEntry[], PickPermissions>();

/** Whether the permissions open the entity's picker. */
export function mayPick(catalogue: CatalogueEntry[], entities: EntityMap, entity: string, held: readonly string[]): boolean {
  let map = cache.get(catalogue);
  if (!map) cache.set(catalogue, (map = derivePickPermissions(catalogue, entities)));
  const allowed = map.get(entity);
  if (!allowed) return false;
  for (const p of allowed) if (p === AUTHENTICATED || hasPermission(held, p)) return true;
  return false;
}
