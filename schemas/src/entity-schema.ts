/**
 * Resolves entity definitions (defaults filled, audit expanded into transitions) and derives
 * their JSON Schemas (record, create body, update body, page, list query) through the field-type
 * registry. The generator writes the results into the resolved catalogue, so the server
 * validates with exactly the schema the typed client, the OpenAPI document and the browser use.
 */
import { FIELD_TYPES, fieldType, type FilterOp } from './fields/registry';
import type {
  EntityDef, EnumLookup, FieldDef, JSONSchema, ResolvedEntity, ResolvedTransition,
} from './fields/types';

export type { EntityDef, FieldDef, JSONSchema, ResolvedEntity, ResolvedTransition } from './fields/types';
export type { FieldType } from './fields/types';

export const snakeCase = (s: string): string => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/** Field facts of the system columns lists may show (authors reference staff, the user model). */
export const SYSTEM_FIELD_DEFS: Record<string, FieldDef> = {
  createdAt: { type: 'datetime', title: '创建时间' },
  updatedAt: { type: 'datetime', title: '更新时间' },
  createdBy: { type: 'reference', ref: 'staff', title: '创建人' },
  updatedBy: { type: 'reference', ref: 'staff', title: '更新人' },
  // A list across the group's organisations (集团管理) shows whose record each row is.
  orgId: { type: 'reference', ref: 'organization', title: '所属单位' },
};

/** The system columns every row of a tenant entity carries, as API names. */
export const SYSTEM_FIELDS = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version', 'orgId', 'corpId'] as const;

/** The audit behaviour (seed states 0 待提交 5 待审核 10 已驳回 15 已通过) as transitions. */
function auditTransitions(def: EntityDef): ResolvedTransition[] {
  const a = def.audit;
  if (!a) return [];
  const submitPermission = a.submitPermission;
  return [
    {
      name: 'submit', title: '提交审核', field: a.field, from: [0, 10], to: 15, permission: submitPermission, batch: true,
      approval: { bizType: a.bizType, permission: a.permission, pending: 5, rejectTo: 10, amountField: a.amountField, ...(a.bizTypeField ? { bizTypeField: a.bizTypeField } : {}) },
    },
    { name: 'withdraw', title: '撤回', field: a.field, from: [5], to: 0, permission: submitPermission, confirm: '确定撤回审核申请？' },
  ];
}

/** Fills the defaults of the metamodel so every consumer sees the same resolved entity. */
export function resolveEntity(def: EntityDef): ResolvedEntity {
  const idField = def.idField ?? `${def.name}Id`;
  const transitions: ResolvedTransition[] = [...auditTransitions(def)];
  for (const [field, machine] of Object.entries(def.states ?? {})) {
    for (const t of machine.transitions) transitions.push({ ...t, field });
  }
  const stateFields = [...new Set(transitions.map((t) => t.field))];
  const fields: ResolvedEntity['fields'] = {};
  for (const [name, f] of Object.entries(def.fields)) {
    // A formula's value is the formula's alone: never typed, never taken from a body.
    const readOnly = f.readOnly || Boolean(f.formula) || stateFields.includes(name) || (def.number?.field === name) || undefined;
    fields[name] = { ...f, ...(readOnly ? { readOnly: true } : {}), column: f.column ?? snakeCase(name) };
  }
  const titleField = def.titleField ?? (fields.name ? 'name' : undefined);
  const indexes = (def.indexes ?? []).map((i) => ({ ...i, unique: i.unique ?? false }));
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.unique) indexes.push({ fields: [name], unique: true, message: f.uniqueMessage ?? `${f.title}已存在` });
    else if (f.index || f.type === 'reference' || stateFields.includes(name)) indexes.push({ fields: [name], unique: false });
  }
  if (def.number) indexes.push({ fields: [def.number.field], unique: true, message: `${def.fields[def.number.field]?.title ?? '编号'}已存在` });
  const defaultSort = { field: def.defaultSort?.field ?? idField, order: def.defaultSort?.order ?? 'desc' } as const;
  // The list's default order with its tie-breaker, so the first page reads a few index entries.
  if (defaultSort.field !== idField) indexes.push({ fields: [defaultSort.field, idField], unique: false });
  return {
    name: def.name,
    title: def.title,
    table: def.table ?? snakeCase(def.name),
    idField,
    tenant: def.tenant ?? 'org',
    versioned: def.versioned ?? true,
    customFields: def.customFields ?? true,
    titleField,
    module: def.module,
    log: def.log ?? true,
    number: def.number,
    ownerField: def.ownerField,
    parentField: def.parentField,
    inUseGuard: def.inUseGuard ?? false,
    fields,
    indexes,
    search: def.search ?? [],
    defaultSort,
    transitions,
    stateFields,
    audit: def.audit,
    children: def.children ?? {},
    // Pickers see only what an entity opts into: its title plus the declared fields.
    lookup: def.lookup ? { fields: def.lookup.fields ?? [], filter: def.lookup.filter ?? {}, permission: def.lookup.permission ?? '@authenticated', ...(def.lookup.label ? { label: def.lookup.label } : {}) } : undefined,
  };
}

/** Schema of one field's value as it travels in a request (output: in a response). */
export function fieldSchema(f: FieldDef, enumValues?: (string | number)[], output = false): JSONSchema {
  const t = fieldType(f);
  const s: JSONSchema = { title: f.title, ...(output && t.output ? t.output(f, enumValues) : t.input(f, enumValues)) };
  if (f.description) s.description = f.description;
  if (f.minimum !== undefined && (f.type === 'integer' || f.type === 'bigint')) s.minimum = f.minimum;
  if (f.maximum !== undefined && (f.type === 'integer' || f.type === 'bigint')) s.maximum = f.maximum;
  if (f.enum) s['x-enum'] = f.enum;
  if (f.ref) s['x-ref'] = f.ref;
  return s;
}

const nullable = (s: JSONSchema): JSONSchema => {
  if (typeof s.type === 'string') {
    const out: JSONSchema = { ...s, type: [s.type, 'null'] };
    if (Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[]), null];
    return out;
  }
  if (Array.isArray(s.type)) return { ...s, type: [...new Set([...(s.type as string[]), 'null'])] };
  if (Array.isArray(s.enum)) return { ...s, enum: [...(s.enum as unknown[]), null] };
  return s;
};

/** System fields every record carries in responses. */
export function systemFields(e: ResolvedEntity): Record<string, JSONSchema> {
  const out: Record<string, JSONSchema> = { [e.idField]: { type: 'integer', title: '编号' } };
  if (e.tenant !== 'none') out.corpId = { type: 'integer', title: '集团' };
  if (e.tenant === 'org') out.orgId = { type: 'integer', title: '单位' };
  if (e.versioned) out.version = { type: 'integer', title: '版本' };
  out.createdAt = { type: 'string', format: 'date-time', title: '创建时间' };
  out.updatedAt = { type: 'string', format: 'date-time', title: '更新时间' };
  out.createdBy = { type: ['integer', 'null'], title: '创建人' };
  out.updatedBy = { type: ['integer', 'null'], title: '更新人' };
  if (e.customFields) out.custom = { type: 'object', title: '自定义字段' };
  return out;
}

type Entities = Record<string, ResolvedEntity>;

/** A record as responses carry it; `children` adds the child lines (detail responses). */
export function recordSchema(e: ResolvedEntity, enums: EnumLookup, only?: string[], entities?: Entities, withChildren = false): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  const sys = systemFields(e);
  for (const [k, v] of Object.entries(sys)) if (!only || only.includes(k)) properties[k] = v;
  for (const [k, f] of Object.entries(e.fields)) {
    if (only && !only.includes(k)) continue;
    if (f.writeOnly) continue;
    const s = fieldSchema(f, enums(f.enum ?? ''), true);
    properties[k] = f.required && !f.readOnly ? s : nullable(s);
  }
  if (withChildren && entities) {
    for (const [name, c] of Object.entries(e.children)) {
      const child = entities[c.entity];
      if (child) properties[name] = { type: 'array', title: c.title, items: recordSchema(child, enums) };
    }
  }
  const required = Object.keys(properties).filter((k) => k in sys || (e.fields[k]?.required && !e.fields[k]?.readOnly));
  return { type: 'object', title: e.title, properties, required, additionalProperties: false };
}

/** Create body; child lines (master-detail) travel inside the parent's body. */
export function createSchema(e: ResolvedEntity, enums: EnumLookup, entities?: Entities, forUpdate = false): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  for (const [k, f] of Object.entries(e.fields)) {
    const writable = !f.readOnly || (forUpdate && f.editable);
    if (!writable) continue;
    const s = fieldSchema(f, enums(f.enum ?? ''));
    // A required field that fetches from a reference may be left out: the write pipeline fills
    // it from the picked record, then holds it required (server/crud/fill-ins.ts).
    const mustSend = f.required && !f.fetchFrom;
    properties[k] = mustSend ? s : nullable(s);
    if (mustSend && !forUpdate) required.push(k);
  }
  if (e.customFields) properties.custom = { type: 'object', title: '自定义字段' };
  if (entities) {
    for (const [name, c] of Object.entries(e.children)) {
      const child = entities[c.entity];
      if (!child) continue;
      const line = createSchema(child, enums);
      const lineProps = { ...(line.properties as Record<string, JSONSchema>) };
      delete lineProps[c.key];
      // An existing line is identified by its id; a line without one is new.
      lineProps[child.idField] = { type: 'integer', title: '编号' };
      properties[name] = {
        type: 'array', title: c.title, 'x-child': true,
        ...(c.min ? { minItems: c.min } : {}), maxItems: c.max ?? 500,
        items: { ...line, properties: lineProps, required: (line.required as string[]).filter((r) => r !== c.key) },
      };
    }
  }
  return { type: 'object', title: `${e.title}`, properties, required, additionalProperties: false };
}

export function updateSchema(e: ResolvedEntity, enums: EnumLookup, entities?: Entities): JSONSchema {
  const c = createSchema(e, enums, entities, true);
  const properties = { ...(c.properties as Record<string, JSONSchema>) };
  const required: string[] = [];
  if (e.versioned) {
    properties.version = { type: 'integer', minimum: 1, title: '版本' };
    required.push('version');
  }
  // The id travels in the path; tolerate it in the body (clients echo the record back) but never use it.
  properties[e.idField] = { type: 'integer', title: '编号' };
  return { ...c, properties, required };
}

export function pageSchema(item: JSONSchema): JSONSchema {
  return {
    type: 'object',
    properties: {
      list: { type: 'array', items: item },
      total: { type: 'integer' },
      pageNo: { type: 'integer' },
      pageSize: { type: 'integer' },
      /** true when the total was capped (the filter matches more rows than are counted) */
      totalCapped: { type: 'boolean' },
      /** titles of referenced records: entity → id → title */
      refs: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } },
      /** ids of rows whose pending approval the caller may decide */
      approvable: { type: 'array', items: { type: 'integer' } },
    },
    required: ['list', 'total', 'pageNo', 'pageSize'],
    additionalProperties: false,
  };
}

export interface FilterSpec {
  field: string;
  op: FilterOp;
}

/** The entities a filter one reference away (`demandId.loadRegionCode`) is resolved with. */
export type EntityLookup = Record<string, ResolvedEntity | undefined>;

/**
 * A filter's path `reference.field`: the reference field of the row and the entity and field it
 * reads. Undefined for a field of the row itself.
 */
export function filterPath(e: ResolvedEntity, field: string, entities?: EntityLookup): { ref: string; target: ResolvedEntity; field: string } | undefined {
  if (!field.includes('.')) return undefined;
  const [ref, via, ...rest] = field.split('.') as [string, string, ...string[]];
  const r = e.fields[ref];
  if (rest.length || r?.type !== 'reference' || !r.ref) throw new Error(`filter ${field}: ${ref} is no reference of ${e.name}`);
  if (!entities) throw new Error(`filter ${field} of ${e.name}: the entities it reads are not given`);
  const target = entities[r.ref];
  if (!target?.fields[via]) throw new Error(`filter ${field}: ${r.ref} has no field ${via}`);
  return { ref, target, field: via };
}

/** A catalogue filter (`"name"`, `"reference.field"` or `{field, op}`) with its default operator filled in. */
export function filterSpec(e: ResolvedEntity, raw: string | { field: string; op?: FilterOp }, entities?: EntityLookup): FilterSpec {
  const field = typeof raw === 'string' ? raw : raw.field;
  const path = filterPath(e, field, entities);
  const f = path ? path.target.fields[path.field] : e.fields[field] ?? (field === 'createdAt' || field === 'updatedAt' ? ({ type: 'datetime', title: field === 'createdAt' ? '创建时间' : '更新时间' } as FieldDef) : undefined);
  if (!f) throw new Error(`filter ${field} is not a field of ${e.name}`);
  const ops = FIELD_TYPES[f.type].filters;
  const op = typeof raw === 'string' || !raw.op ? ops[0] : raw.op;
  if (!op || !ops.includes(op)) throw new Error(`filter ${field} of ${e.name}: operator ${String(op)} is not one of ${ops.join(', ') || '(none)'}`);
  return { field, op };
}

export function filterField(e: ResolvedEntity, field: string, entities?: EntityLookup): FieldDef {
  if (field === 'createdAt' || field === 'updatedAt') return { type: 'datetime', title: field === 'createdAt' ? '创建时间' : '更新时间' };
  const path = filterPath(e, field, entities);
  return path ? path.target.fields[path.field]! : e.fields[field]!;
}

export interface ListQueryOptions {
  filters?: (string | { field: string; op?: FilterOp })[];
  sort?: string[];
  mine?: boolean;
  maxPageSize?: number;
}

/** The fields a list may sort on: the id, the default sort and the declared (indexed) ones. */
export function sortableFields(e: ResolvedEntity, sort: string[] = []): string[] {
  return [...new Set([e.idField, e.defaultSort.field, ...sort])];
}

/** Query schema of a list: paging, keyword, sort, `mine`, and the declared filters by operator. */
export function pageQuerySchema(e: ResolvedEntity, o: ListQueryOptions, enums: EnumLookup, paged = true, entities?: EntityLookup): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  if (paged) {
    properties.pageNo = { type: 'integer', minimum: 1, maximum: 100000, default: 1, title: '页码' };
    properties.pageSize = { type: 'integer', minimum: 1, maximum: o.maxPageSize ?? 200, default: 20, title: '每页条数' };
  }
  if (e.search.length) properties.keyword = { type: 'string', maxLength: 100, title: '关键字' };
  properties.sortField = { type: 'string', enum: sortableFields(e, o.sort), title: '排序字段' };
  properties.sortOrder = { type: 'string', enum: ['asc', 'desc'], title: '排序方向' };
  if (o.mine && e.ownerField) properties.mine = { type: 'boolean', title: '只看我的' };
  for (const raw of o.filters ?? []) {
    const { field, op } = filterSpec(e, raw, entities);
    const f = filterField(e, field, entities);
    const item = fieldSchema({ ...f, required: false, minLength: undefined, pattern: undefined, format: f.type === 'region' ? undefined : f.format }, enums(f.enum ?? ''));
    delete item['x-notBlank'];
    if (op === 'range') {
      const bound = f.type === 'date' || f.type === 'datetime' ? { type: 'string', format: 'date', title: f.title } : { ...item, type: ['string', 'number'] };
      properties[`${field}Start`] = { ...bound, title: `${f.title}(起)` };
      properties[`${field}End`] = { ...bound, title: `${f.title}(止)` };
    } else if (op === 'like') {
      properties[field] = { type: 'string', maxLength: 100, title: f.title };
    } else {
      const single = f.multiple ? (item.items as JSONSchema) : item;
      properties[field] = { type: 'array', items: single, maxItems: 200, title: f.title };
    }
  }
  return { type: 'object', properties, additionalProperties: false };
}
