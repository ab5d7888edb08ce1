/**
 * The resolved catalogue entry: what `npm run gen` writes to schemas/generated/catalogue.json
 * and what the server's route table and the typed client are built from.
 */
import type { JSONSchema, ResolvedEntity } from './entity-schema';

/** Where an entry's body or response schema came from, so generated types can name the entity type. */
export interface SchemaRef {
  kind: 'record' | 'create' | 'update' | 'page' | 'list';
  entity: string;
  /** a light list's selected fields (besides the id) */
  fields?: string[];
}

export interface EntryOptions {
  filters?: string[];
  fixed?: Record<string, unknown>;
  fields?: string[];
  transition?: string;
  maxPageSize?: number;
}

export interface ResolvedEntry {
  id: string;
  catalogue: string;
  catalogueTitle?: string;
  name: string;
  summary?: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  routeUrl: string;
  permission: string;
  handler: string;
  entity?: string;
  params?: JSONSchema;
  query?: JSONSchema;
  body?: JSONSchema;
  bodyRef?: SchemaRef;
  response?: JSONSchema;
  responseRef?: SchemaRef;
  options?: EntryOptions;
}

export type EntityMap = Record<string, ResolvedEntity>;
