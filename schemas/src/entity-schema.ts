/**
 * Derives the JSON Schemas of an entity (record, create body, update body, page) from its
 * definition. The generator writes the results into the resolved catalogue so the server
 * validates with exactly the schema the typed client and OpenAPI document describe.
 */

export type FieldType = 'string' | 'text' | 'integer' | 'bigint' | 'number' | 'money' | 'boolean' | 'date' | 'datetime' | 'json';

export interface FieldDef {
  type: FieldType;
  title: string;
  description?: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  patternMessage?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  precision?: number;
  scale?: number;
  enum?: string;
  ref?: string;
  default?: unknown;
  readOnly?: boolean;
  items?: Record<string, unknown>;
  unique?: boolean;
  index?: boolean;
  column?: string;
}

export interface EntityDef {
  name: string;
  title: string;
  table?: string;
  idField?: string;
  tenant?: 'org' | 'corp' | 'none';
  versioned?: boolean;
  customFields?: boolean;
  fields: Record<string, FieldDef>;
  indexes?: { fields: string[]; unique?: boolean; message?: string }[];
  search?: string[];
  defaultSort?: { field: string; order?: 'asc' | 'desc' };
  states?: { field: string; transitions: { name: string; title?: string; from: (number | string)[]; to: number | string; permission?: string }[] };
}

export interface ResolvedEntity extends Required<Pick<EntityDef, 'name' | 'title' | 'table' | 'idField' | 'tenant' | 'versioned' | 'customFields'>> {
  fields: Record<string, FieldDef & { column: string }>;
  indexes: { fields: string[]; unique: boolean; message?: string }[];
  search: string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  states?: EntityDef['states'];
}

export type JSONSchema = Record<string, unknown>;

export const snakeCase = (s: string): string => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/** Fills the defaults of the metamodel so every consumer sees the same resolved entity. */
export function resolveEntity(def: EntityDef): ResolvedEntity {
  const fields: ResolvedEntity['fields'] = {};
  for (const [name, f] of Object.entries(def.fields)) fields[name] = { ...f, column: f.column ?? snakeCase(name) };
  const indexes = (def.indexes ?? []).map((i) => ({ ...i, unique: i.unique ?? false }));
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.unique) indexes.push({ fields: [name], unique: true, message: `${f.title}已存在` });
    else if (f.index || f.ref) indexes.push({ fields: [name], unique: false });
  }
  return {
    name: def.name,
    title: def.title,
    table: def.table ?? snakeCase(def.name),
    idField: def.idField ?? `${def.name}Id`,
    tenant: def.tenant ?? 'org',
    versioned: def.versioned ?? true,
    customFields: def.customFields ?? true,
    fields,
    indexes,
    search: def.search ?? [],
    defaultSort: { field: def.defaultSort?.field ?? (def.idField ?? `${def.name}Id`), order: def.defaultSort?.order ?? 'desc' },
    states: def.states,
  };
}

/** Schema of one field's value as it travels in JSON. */
export function fieldSchema(f: FieldDef, enumValues?: (string | number)[]): JSONSchema {
  const s: JSONSchema = { title: f.title };
  if (f.description) s.description = f.description;
  switch (f.type) {
    case 'string':
    case 'text':
      s.type = 'string';
      if (f.maxLength) s.maxLength = f.maxLength;
      if (f.minLength !== undefined) s.minLength = f.minLength;
      if (f.pattern) s.pattern = f.pattern;
      if (f.format) s.format = f.format;
      if (f.patternMessage) s['x-message'] = f.patternMessage;
      break;
    case 'integer':
    case 'bigint':
      s.type = 'integer';
      break;
    case 'number':
    case 'money':
      // Exact decimals travel as numbers in requests; the database keeps numeric, never float.
      s.type = 'number';
      break;
    case 'boolean':
      s.type = 'boolean';
      break;
    case 'date':
      s.type = 'string';
      s.format = 'date';
      break;
    case 'datetime':
      s.type = 'string';
      s.format = 'date-time';
      break;
    case 'json':
      Object.assign(s, f.items ?? {});
      break;
  }
  if (f.minimum !== undefined) s.minimum = f.minimum;
  if (f.maximum !== undefined) s.maximum = f.maximum;
  if (f.enum) {
    s['x-enum'] = f.enum;
    if (enumValues) s.enum = enumValues;
  }
  if (f.ref) s['x-ref'] = f.ref;
  return s;
}

type EnumLookup = (name: string) => (string | number)[] | undefined;

const nullable = (s: JSONSchema): JSONSchema => {
  if (typeof s.type === 'string') {
    const out: JSONSchema = { ...s, type: [s.type, 'null'] };
    if (Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[]), null];
    return out;
  }
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

export function recordSchema(e: ResolvedEntity, enums: EnumLookup, only?: string[]): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  const sys = systemFields(e);
  for (const [k, v] of Object.entries(sys)) if (!only || only.includes(k)) properties[k] = v;
  for (const [k, f] of Object.entries(e.fields)) {
    if (only && !only.includes(k)) continue;
    properties[k] = f.required ? fieldSchema(f, enums(f.enum ?? '')) : nullable(fieldSchema(f, enums(f.enum ?? '')));
  }
  return { type: 'object', title: e.title, properties, required: Object.keys(properties).filter((k) => k in sys || e.fields[k]?.required), additionalProperties: false };
}

export function createSchema(e: ResolvedEntity, enums: EnumLookup): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  for (const [k, f] of Object.entries(e.fields)) {
    if (f.readOnly) continue;
    const s = fieldSchema(f, enums(f.enum ?? ''));
    properties[k] = f.required ? s : nullable(s);
    if (f.required) required.push(k);
  }
  if (e.customFields) properties.custom = { type: 'object', title: '自定义字段' };
  return { type: 'object', title: `${e.title}`, properties, required, additionalProperties: false };
}

export function updateSchema(e: ResolvedEntity, enums: EnumLookup): JSONSchema {
  const c = createSchema(e, enums);
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
    },
    required: ['list', 'total', 'pageNo', 'pageSize'],
    additionalProperties: false,
  };
}

/** Query schema of a paged list: paging, keyword, sort and the declared equality filters. */
export function pageQuerySchema(e: ResolvedEntity, filters: string[], maxPageSize: number, enums: EnumLookup, paged = true): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  if (paged) {
    properties.pageNo = { type: 'integer', minimum: 1, default: 1, title: '页码' };
    properties.pageSize = { type: 'integer', minimum: 1, maximum: maxPageSize, default: 20, title: '每页条数' };
  }
  properties.keyword = { type: 'string', maxLength: 100, title: '关键字' };
  const sortable = [e.idField, 'createdAt', 'updatedAt', ...Object.keys(e.fields).filter((k) => e.fields[k]!.type !== 'json' && e.fields[k]!.type !== 'text')];
  properties.sortField = { type: 'string', enum: sortable, title: '排序字段' };
  properties.sortOrder = { type: 'string', enum: ['asc', 'desc'], title: '排序方向' };
  for (const name of filters) {
    const f = e.fields[name];
    if (!f) throw new Error(`filter ${name} is not a field of ${e.name}`);
    const item = fieldSchema(f, enums(f.enum ?? ''));
    delete item.minLength;
    properties[name] = { type: 'array', items: item, maxItems: 200, title: f.title };
  }
  return { type: 'object', properties, additionalProperties: false };
}
