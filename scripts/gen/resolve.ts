/** Turns validated definitions into the resolved entities and catalogue both sides consume. */
import { FIELD_NAMES } from '../../schemas/src/ajv';
import type { Definitions } from './load';
import {
  createSchema, pageQuerySchema, pageSchema, recordSchema, resolveEntity, updateSchema,
  type EntityDef, type JSONSchema, type ResolvedEntity,
} from '../../schemas/src/entity-schema';
import type { EntryOptions, ResolvedEntry, SchemaRef } from '../../schemas/src/catalogue';
import { entrySchemas } from '../../schemas/src/entry-schemas';
import { formToJsonSchema } from '../../schemas/src/form-to-json-schema';
import type { DesignerForm } from '../../schemas/src/form-to-formily';

export type { ResolvedEntry };


interface RawEntry {
  name: string; summary?: string; method: ResolvedEntry['method']; path: string; permission?: string; handler: string; entity?: string;
  params?: JSONSchema; query?: JSONSchema; body?: JSONSchema; response?: JSONSchema;
  options?: EntryOptions;
}
interface RawCatalogue { name: string; title?: string; base: string; entity?: string; permission?: string; entries: RawEntry[] }

export function resolveEntities(defs: Definitions): Record<string, ResolvedEntity> {
  const out: Record<string, ResolvedEntity> = {};
  for (const e of defs.entities) {
    const r = resolveEntity(e.data as EntityDef);
    out[r.name] = r;
  }
  return out;
}

export function enumLookup(defs: Definitions) {
  const values = new Map<string, (string | number)[]>();
  for (const f of defs.enums) {
    for (const [name, en] of Object.entries((f.data as { enums: Record<string, { values: { value: string | number }[] }> }).enums)) {
      values.set(name, en.values.map((v) => v.value));
    }
  }
  return (name: string) => values.get(name);
}

export type EnumTable = Record<string, { title: string; values: { value: string | number; label: string; color?: string }[] }>;

/** Every enumeration of schemas/enums in one table (the server's lookup). */
export function mergedEnums(defs: Definitions): EnumTable {
  const out: EnumTable = {};
  for (const f of [...defs.enums].sort((a, b) => a.file.localeCompare(b.file))) {
    Object.assign(out, (f.data as { enums: EnumTable }).enums);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const joinPath = (base: string, path: string) => (path ? `${base}/${path}` : base);

/** Path parameters: `*Id` and `id` are integers (ids are integers everywhere), others strings. */
function paramsSchema(path: string, entities: Record<string, ResolvedEntity>): JSONSchema | undefined {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  const properties: Record<string, JSONSchema> = {};
  for (const n of names) {
    // Messages name a parameter in Chinese: the entity whose id it is (单位编号), or a known name.
    const owner = Object.values(entities).find((x) => x.idField === n);
    const title = owner ? `${owner.title}编号` : (FIELD_NAMES[n] ?? n);
    properties[n] = /(^id|Id)$/.test(n) ? { type: 'integer', minimum: 1, maximum: 2147483647, title } : { type: 'string', minLength: 1, maxLength: 100, title };
  }
  return { type: 'object', properties, required: names, additionalProperties: false };
}

export function resolveCatalogue(defs: Definitions, entities: Record<string, ResolvedEntity>): ResolvedEntry[] {
  const enums = enumLookup(defs);
  const out: ResolvedEntry[] = [];
  /** Expands {$entity|$page|$list} and reports which entity type it stands for. */
  const refOf = (s: JSONSchema | undefined, fields?: string[]): SchemaRef | undefined => {
    if (!s) return undefined;
    const light = fields?.length ? { fields } : {};
    if ('$entity' in s) return { kind: s.mode === 'create' ? 'create' : s.mode === 'update' ? 'update' : 'record', entity: String(s.$entity), ...(s.mode ? {} : light) };
    if ('$page' in s) return { kind: 'page', entity: String(s.$page), ...light };
    if ('$list' in s) return { kind: 'list', entity: String(s.$list), ...light };
    return undefined;
  };
  const ref = (s: JSONSchema | undefined, entityName: string | undefined, fields?: string[]): JSONSchema | undefined => {
    if (!s) return undefined;
    const pick = (name: unknown) => {
      const e = entities[String(name)];
      if (!e) throw new Error(`unknown entity ${String(name)}`);
      return e;
    };
    if ('$entity' in s) {
      const e = pick(s.$entity);
      if (s.mode === 'create') return createSchema(e, enums, entities);
      if (s.mode === 'update') return updateSchema(e, enums, entities);
      return recordSchema(e, enums, fields ? [e.idField, ...fields] : undefined);
    }
    if ('$page' in s) {
      const e = pick(s.$page);
      return pageSchema(recordSchema(e, enums, fields ? [e.idField, ...fields] : undefined));
    }
    if ('$list' in s) {
      const e = pick(s.$list);
      return { type: 'array', items: recordSchema(e, enums, fields ? [e.idField, ...fields] : undefined) };
    }
    // A designer form's submission schema: the page that shows the form and the server check the same rules.
    if ('$form' in s) {
      const form = defs.forms.find((f) => (f.data as { name?: string }).name === s.$form);
      if (!form) throw new Error(`unknown form ${String(s.$form)}`);
      return formToJsonSchema(form.data as DesignerForm) as JSONSchema;
    }
    void entityName;
    return s;
  };
  for (const file of [...defs.apis].sort((a, b) => a.file.localeCompare(b.file))) {
    const c = file.data as RawCatalogue;
    for (const en of c.entries) {
      const entity = en.entity ?? c.entity;
      const path = joinPath(c.base, en.path);
      const e = entity ? entities[entity] : undefined;
      // Generic handlers derive what the entry leaves out from the entity (and its options).
      // A bad option (unknown filter field, wrong operator) is reported by the cross-checks.
      let derived: ReturnType<typeof entrySchemas> = {};
      try {
        if (e && en.handler.startsWith('crud.')) derived = entrySchemas(en.handler, e, en.options ?? {}, enums, entities, en.path);
      } catch {
        derived = {};
      }
      const query = ref(en.query, entity) ?? derived.query;
      const isGet = en.handler === 'crud.get';
      let response: JSONSchema | undefined;
      if (isGet && en.response && '$entity' in en.response && e) response = derived.response;
      else response = ref(en.response, entity, en.options?.fields) ?? derived.response;
      out.push({
        id: `${c.name}.${en.name}`,
        catalogue: c.name,
        catalogueTitle: c.title,
        name: en.name,
        summary: en.summary,
        method: en.method,
        path,
        routeUrl: path.replace(/\{([^}]+)\}/g, ':$1'),
        permission: (en.permission ?? c.permission)!,
        handler: en.handler,
        entity,
        params: en.params ?? paramsSchema(en.path, entities),
        query,
        body: ref(en.body, entity) ?? derived.body,
        bodyRef: refOf(en.body),
        ...(en.body && '$form' in en.body ? { bodyForm: String(en.body.$form) } : {}),
        response,
        responseRef: isGet && e ? { kind: 'detail', entity: e.name } : refOf(en.response, en.options?.fields),
        options: en.options,
        ...(derived.binary ? { binary: derived.binary } : {}),
      });
    }
  }
  return out;
}
