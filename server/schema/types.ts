/** Shapes of the generator's output (schemas/generated/*.json) that the server reads. */
export type FieldType = 'string' | 'text' | 'integer' | 'bigint' | 'number' | 'money' | 'boolean' | 'date' | 'datetime' | 'json';

export interface ResolvedField {
  type: FieldType;
  title: string;
  column: string;
  required?: boolean;
  maxLength?: number;
  precision?: number;
  scale?: number;
  default?: unknown;
  readOnly?: boolean;
  unique?: boolean;
  index?: boolean;
  ref?: string;
  enum?: string;
}

export interface ResolvedIndex { fields: string[]; unique?: boolean; message?: string }

export interface Transition { name: string; title?: string; from: (number | string)[]; to: number | string; permission?: string }

export interface ResolvedEntity {
  name: string;
  title: string;
  table: string;
  idField: string;
  tenant: 'org' | 'corp' | 'none';
  versioned: boolean;
  customFields: boolean;
  fields: Record<string, ResolvedField>;
  indexes?: ResolvedIndex[];
  search?: string[];
  defaultSort?: { field: string; order?: 'asc' | 'desc' };
  states?: { field: string; transitions: Transition[] };
}

export type JsonSchema = Record<string, any>;

export interface CatalogueEntry {
  id: string;
  catalogue: string;
  name: string;
  summary?: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  routeUrl: string;
  permission: string;
  handler: string;
  entity?: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  response?: JsonSchema;
  options?: {
    filters?: string[];
    fixed?: Record<string, unknown>;
    fields?: string[];
    transition?: string;
    maxPageSize?: number;
  };
}

export type EntityMap = Record<string, ResolvedEntity>;
