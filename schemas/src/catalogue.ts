/**
 * The resolved catalogue entry: what `npm run gen` writes to schemas/generated/catalogue.json
 * and what the server's route table and the typed client are built from.
 */
import type { JSONSchema, ResolvedEntity } from './entity-schema';
import type { FilterOp } from './fields/registry';

/** Where an entry's body or response schema came from, so generated types can name the entity type. */
export interface SchemaRef {
  /** detail: a record with its child lines and the titles of what it references */
  kind: 'record' | 'detail' | 'create' | 'update' | 'page' | 'list';
  entity: string;
  /** a light list's selected fields (besides the id) */
  fields?: string[];
}

export interface ReportDimension {
  /** result key; defaults to field */
  name?: string;
  field: string;
  /** dates: bucket by day, month or year; region codes: by province */
  granularity?: 'day' | 'month' | 'year' | 'province';
  title?: string;
  /** a reference field's dimension read one hop further: this field of the referenced record */
  via?: string;
  /** a second field read the same way (same record, same granularity): the value is "a→b" (a route from one region to another) */
  pair?: string;
}

/**
 * A right-hand side of a measure condition: a constant, or a field of the report's row (own or
 * one reference away) or the present moment, shifted by a number of days — a constant or an
 * organisation setting (系统配置) — after or before it.
 */
export type ReportOperand = string | number | boolean | null | {
  field?: string;
  now?: true;
  daysAfter?: number | { setting: string };
  daysBefore?: number | { setting: string };
};

/**
 * A measure condition's value: a constant (=), a list (IN), null (IS NULL), or comparisons.
 * The condition's key is a field, `reference.field` (the record it names) or
 * `entity(reference).field` (some record of that entity naming the row has it: EXISTS).
 */
export type ReportCondition = string | number | boolean | null | unknown[] | {
  eq?: ReportOperand; ne?: ReportOperand; lt?: ReportOperand; lte?: ReportOperand; gt?: ReportOperand; gte?: ReportOperand;
  notNull?: true;
}

export interface ReportMeasure {
  name: string;
  title: string;
  agg: 'count' | 'sum' | 'avg' | 'min' | 'max' | 'countDistinct';
  field?: string;
  /** only rows matching these equality (or IN, with an array) conditions count */
  where?: Record<string, unknown>;
  /** a ratio of two other measures (numerator ÷ denominator), computed after aggregation */
  ratio?: [string, string];
  /** the difference of two other measures (minuend − subtrahend), computed after aggregation */
  diff?: [string, string];
  /** aggregates this entity's rows instead of the entry's (it has the report's dimension and filter fields) */
  entity?: string;
  /**
   * this measure's entity keeps a report dimension/filter field under another name: { reportField: ownField };
   * null: it has no such field (by that dimension its rows fall in the blank group; filtered on it, none count)
   */
  fields?: Record<string, string | null>;
  /** sum: multiply `field` by this field row by row (吨公里 = Σ loadedWeight × distanceKm) */
  times?: string;
  format?: 'integer' | 'money' | 'decimal' | 'percent';
  /** only rows whose date `field` lies in this period before the report date (asOf, default today) */
  window?: { field: string; period: 'month' | 'ytd' | 'lastYtd' };
}

export interface ReportDef {
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
}

export interface EntryOptions {
  /** filters the list accepts: a field (default operator of its type) or {field, op} */
  filters?: (string | { field: string; op?: FilterOp })[];
  /** filters the caller cannot change; '@me' is the calling staff member */
  fixed?: Record<string, unknown>;
  /** fields returned (light lists) */
  fields?: string[];
  /** crud.transition: the entity transition it performs */
  transition?: string;
  maxPageSize?: number;
  /** fields a list may sort on besides the id and the default (each must be indexed) */
  sort?: string[];
  /** the list accepts mine=true (rows whose owner field is the caller) */
  mine?: boolean;
  /** crud.export / crud.import*: the columns, in order (default: every exportable field) */
  columns?: string[];
  /** crud.report: what it aggregates */
  report?: ReportDef;
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
  /** the designer form whose submission schema is the body (`{"$form": name}`) */
  bodyForm?: string;
  response?: JSONSchema;
  responseRef?: SchemaRef;
  options?: EntryOptions;
  /** the call downloads a file or uploads one (multipart) instead of JSON */
  binary?: 'download' | 'upload';
}

export type EntityMap = Record<string, ResolvedEntity>;
