/**
 * Screen actions whose path parameters the runtime could not fill: the generator refuses them.
 * The rule is the runtime's own (runtime/renderers/common/actionRequest.ts): a parameter comes
 * from the record acted on (a field of its name, the id field, or a single unknown id-like
 * parameter of an entry about the same entity), else from the context — route parameters of the page, the list's fixed filters, a
 * related list's key — else from the fields a call asks for in its dialog.
 */
import type { Definitions } from './load';
import type { Problem } from './validate';
import type { ResolvedEntity } from '../../schemas/src/entity-schema';
import type { ResolvedEntry } from '../../schemas/src/catalogue';
import { paramSources, type ParamScope } from '../../runtime/renderers/common/actionRequest';

type Json = Record<string, any>;

/** Action types that call a catalogue entry about the records acted on (view/edit/create/link/export/import do not). */
const CALLING = new Set(['transition', 'approve', 'call', 'form', 'remove']);

export interface ActionSite {
  file: string;
  pointer: string;
  action: Json;
  /** the entry called */
  api: string;
  entity: ResolvedEntity;
  /** the action acts on no record (a toolbar form): only the context fills parameters */
  noRecord: boolean;
  /** several selected rows (a toolbar transition/approve/call) */
  batch: boolean;
  /** names the context provides */
  context: string[];
  /** where it is: a list (with its page entry) or a detail */
  where: 'row' | 'detail' | 'batch' | 'toolbar';
  /** the list's page entry (to read a record from) */
  listPage?: string;
  /** the entry that reads the detail's record */
  detailGet?: string;
}

function routeParams(path: string | undefined): string[] {
  return [...String(path ?? '').matchAll(/\{(\w+)\}|:(\w+)/g)].map((m) => (m[1] ?? m[2])!);
}

/** Every action of every page that calls a catalogue entry, with what fills its path. */
export function actionSites(defs: Definitions, entities: Record<string, ResolvedEntity>, entryById: Map<string, ResolvedEntry>): ActionSite[] {
  const out: ActionSite[] = [];
  const entityOf = (ref: string | undefined) => {
    const e = ref ? entryById.get(ref) : undefined;
    return e?.entity ? entities[e.entity] : undefined;
  };
  for (const pg of defs.pages) {
    const d = pg.data as Json;
    const route = routeParams(d.path);
    const list = (l: Json | undefined, base: string, context: string[]) => {
      if (!l) return;
      const entity = entityOf(l.api?.page);
      if (!entity) return;
      const ctx = [...context, ...Object.keys(l.fixed ?? {})];
      const push = (a: Json, pointer: string, where: ActionSite['where']) => {
        if (!CALLING.has(a.type)) return;
        const api = a.type === 'remove' ? a.api ?? l.api?.remove : a.api;
        if (!api || !entryById.has(api)) return;
        const noRecord = where === 'toolbar';
        out.push({ file: pg.file, pointer, action: a, api, entity, noRecord, batch: where === 'batch', context: [...ctx, ...(a.fields ?? [])], where, listPage: l.api.page });
      };
      (l.rowActions ?? []).forEach((a: Json, i: number) => push(a, `${base}/rowActions/${i}`, 'row'));
      (l.actions ?? []).forEach((a: Json, i: number) => push(a, `${base}/actions/${i}`, ['transition', 'approve', 'call'].includes(a.type) ? 'batch' : 'toolbar'));
      if (l.detail) detail(l.detail, `${base}/detail`, ctx, entity, l);
    };
    const detail = (det: Json, base: string, context: string[], listEntity: ResolvedEntity | undefined, l?: Json) => {
      const entity = entityOf(det.api?.get) ?? listEntity;
      if (!entity) return;
      const get = det.api?.get ?? l?.api?.get;
      const actions: Json[] = det.actions ?? (det.actions === undefined && l ? l.rowActions ?? [] : []);
      // Without actions of its own a detail shows its list's row actions (checked there already).
      if (det.actions) {
        actions.forEach((a: Json, i: number) => {
          if (!CALLING.has(a.type)) return;
          const api = a.type === 'remove' ? a.api ?? l?.api?.remove : a.api;
          if (!api || !entryById.has(api)) return;
          out.push({ file: pg.file, pointer: `${base}/actions/${i}`, action: a, api, entity, noRecord: false, batch: false, context: [...context, ...(a.fields ?? [])], where: 'detail', detailGet: get, listPage: l?.api?.page });
        });
      }
      (det.tabs ?? []).forEach((t: Json, i: number) => {
        if (t.type === 'related' && t.list) list(t.list, `${base}/tabs/${i}/list`, [t.key].filter(Boolean));
      });
    };
    list(d.list, '/list', route);
    (d.tabs ?? []).forEach((t: Json, i: number) => list(t.list, `/tabs/${i}/list`, route));
    if (d.detail) detail(d.detail, '/detail', route, undefined);
  }
  return out;
}

export function scopeOfSite(s: ActionSite): ParamScope {
  return { idField: s.entity.idField, fields: s.noRecord ? [] : Object.keys(s.entity.fields), context: s.context };
}

/** Problems: every parameter the rule leaves unfilled, at the action's place in its file. */
export function checkActionPaths(defs: Definitions, entities: Record<string, ResolvedEntity>, entryById: Map<string, ResolvedEntry>): Problem[] {
  const problems: Problem[] = [];
  for (const s of actionSites(defs, entities, entryById)) {
    const entry = entryById.get(s.api)!;
    const scope = scopeOfSite(s);
    let sources = paramSources(entry.path, scope);
    if (s.noRecord) sources = sources.map((p) => (p.from === 'id' ? { ...p, from: null } : p));
    // The record's id stands in for an unknown id-like parameter only on an entry about the same
    // entity: {scheduleId} of a schedule call on a demand row would otherwise get the demand's id.
    const foreign = entry.entity && entry.entity !== s.entity.name;
    if (foreign) sources = sources.map((p) => (p.from === 'id' && p.name !== s.entity.idField ? { ...p, from: null } : p));
    const missing = sources.filter((p) => p.from === null).map((p) => p.name);
    if (!missing.length) continue;
    const known = s.noRecord
      ? `a toolbar ${s.action.type} acts on no record: only route parameters and fixed filters (${s.context.join(', ') || 'none'}) fill a path`
      : `neither a field of ${s.entity.name}, its id ${s.entity.idField}, nor the context (${s.context.join(', ') || 'none'})`;
    problems.push({
      file: s.file,
      pointer: `${s.pointer}/api`,
      message: `${s.api} (${entry.path}): nothing fills path parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')} — ${known}`,
    });
  }
  return problems;
}
