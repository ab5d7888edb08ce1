/**
 * How a screen action addresses its catalogue entry — one rule for list rows, detail pages and
 * batch actions, for every action type (transition, call, form, remove, approve ...):
 *
 * each `{param}` of the entry's path is filled
 *   0. from what the user entered in the action's dialog for a field of that name (交接 asks
 *      for the new managerStaffId: the entry, not the record's current one, fills the path);
 *   1. from the record acted on: a field of the same name (the entity's id field by its name);
 *   2. from the context: route parameters and the list's fixed filters (a related list's parent id);
 *   3. a single parameter left that names nothing known and looks like an id (`{id}`, `{orgId}`)
 *      takes the record's id.
 * A parameter none of these fill is an error: `npm run gen` refuses such a definition, and in
 * the browser the action says so instead of sending anything.
 *
 * Batch actions: a path whose parameters come from the record is called once per selected row;
 * a path without one is called once with `{ ids }` in the body.
 *
 * Pure TypeScript (no React, no antd, no catalogue import): the generator and the server tests
 * use this very module.
 */

export type ParamSource = 'record' | 'id' | 'context';

export interface ParamScope {
  /** the entity's id field (the list's row key) */
  idField: string;
  /** the entity's field names */
  fields: Iterable<string>;
  /** names the context provides (route parameters, fixed filters) */
  context?: Iterable<string>;
}

const ID_LIKE = /^id$|Id$/;

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Where each parameter of `path` comes from under the rule; `null` when nothing fills it. */
export function paramSources(path: string, scope: ParamScope): { name: string; from: ParamSource | null }[] {
  const fields = new Set(scope.fields);
  const context = new Set(scope.context ?? []);
  const out = pathParamNames(path).map((name) => ({
    name,
    from: (name === scope.idField ? 'id' : fields.has(name) ? 'record' : context.has(name) ? 'context' : null) as ParamSource | null,
  }));
  const unknown = out.filter((p) => p.from === null);
  if (unknown.length === 1 && ID_LIKE.test(unknown[0]!.name)) unknown[0]!.from = 'id';
  return out;
}

/** Whether the path names the record acted on (then a batch calls it once per row). */
export function perRecord(path: string, scope: ParamScope): boolean {
  return paramSources(path, scope).some((p) => p.from === 'record' || p.from === 'id');
}

function present(v: unknown): v is string | number {
  return (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v));
}

export class MissingPathParam extends Error {
  constructor(readonly names: string[], readonly path: string) {
    super(`缺少路径参数 ${names.join('、')}`);
    this.name = 'MissingPathParam';
  }
}

export interface ActionTarget {
  scope: ParamScope;
  /** the record acted on */
  record?: Record<string, unknown>;
  /** values of the route and fixed filters */
  context?: Record<string, unknown>;
  /** what the user entered in the action's dialog: it may fill a parameter too */
  values?: Record<string, unknown>;
}

/** The path parameters for one record; throws MissingPathParam naming what none of the sources fill. */
export function fillParams(path: string, t: ActionTarget): Record<string, string | number> {
  const context = t.context ?? {};
  const scope: ParamScope = { ...t.scope, context: [...(t.scope.context ?? []), ...Object.keys(context)] };
  const params: Record<string, string | number> = {};
  const missing: string[] = [];
  for (const { name, from } of paramSources(path, scope)) {
    const candidates = from === 'id'
      ? [t.record?.[t.scope.idField], t.values?.[name]]
      : [t.values?.[name], t.record?.[name], context[name]];
    const v = candidates.find(present);
    if (v === undefined) missing.push(name);
    else params[name] = v;
  }
  if (missing.length) throw new MissingPathParam(missing, path);
  return params;
}

export interface PlannedCall {
  params: Record<string, string | number>;
  body: Record<string, unknown>;
}

export interface PlanOptions {
  /** send the row's version (optimistic lock of a transition) with a single row */
  version?: boolean;
  /**
   * the record's id goes in the body unless the path carries it (transitions, approvals: the
   * server reads it from either, and refuses it in both); else only when the path names no parameter
   */
  idInBody?: boolean;
  /** the dialog's values, sent in the body of every call */
  values?: Record<string, unknown>;
}

/**
 * The requests an action makes on `records` (one, or several selected): one per record when the
 * path names the record, else one (with `{ ids }` for several records).
 */
export function planCalls(path: string, scope: ParamScope, records: Record<string, unknown>[], context: Record<string, unknown> = {}, opts: PlanOptions = {}): PlannedCall[] {
  const values = opts.values ?? {};
  const fullScope: ParamScope = { ...scope, context: [...(scope.context ?? []), ...Object.keys(context)] };
  const names = pathParamNames(path);
  const idInPath = paramSources(path, fullScope).some((p) => p.from === 'id');
  const one = (record: Record<string, unknown> | undefined): PlannedCall => {
    const params = fillParams(path, { scope, record, context, values });
    const id = record?.[scope.idField];
    const body: Record<string, unknown> = {};
    if (record && id !== undefined && (opts.idInBody ? !idInPath : names.length === 0)) body[scope.idField] = id;
    if (record && opts.version && typeof record.version === 'number') body.version = record.version;
    return { params, body: { ...body, ...values } };
  };
  if (records.length <= 1) return [one(records[0])];
  if (perRecord(path, fullScope)) return records.map((r) => one(r));
  const params = fillParams(path, { scope, context, values });
  return [{ params, body: { ids: records.map((r) => r[scope.idField]), ...values } }];
}

/**
 * The click's check, before a dialog opens: throws MissingPathParam for what neither the records,
 * the context nor the dialog's fields will fill. A parameter the dialog asks for (交接's new
 * managerStaffId) counts as filled even when the record has none yet.
 */
export function checkFillable(path: string, scope: ParamScope, records: Record<string, unknown>[], context: Record<string, unknown> = {}, dialogFields: string[] = []): void {
  planCalls(path, scope, records, context, { values: Object.fromEntries(dialogFields.map((f) => [f, 'dialog'])) });
}

/**
 * What an action type sends besides its path: a transition (and a call through its dialog —
 * fields asked for, or several rows) sends the record's id and version in the body, an approval
 * the id; a plain call, a form or a remove send the id in the body only when the path names no
 * parameter.
 */
export function planOptionsFor(a: { type: string; fields?: string[] }, records: number): PlanOptions {
  if (a.type === 'transition' || (a.type === 'call' && (Boolean(a.fields?.length) || records !== 1))) return { idInBody: true, version: true };
  if (a.type === 'approve') return { idInBody: true };
  return {};
}
