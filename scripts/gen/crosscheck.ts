/**
 * Cross-checks of the resolved definitions: every name a definition uses must match something
 * (field, filter, sort, transition, handler, form, enum, permission, hook). Each problem names
 * the file and the JSON pointer of the offending value.
 */
import type { Definitions, Loaded } from './load';
import type { Problem } from './validate';
import { filterSpec, type ResolvedEntity } from '../../schemas/src/entity-schema';
import type { EntryOptions, ResolvedEntry } from '../../schemas/src/catalogue';
import { LAYOUT_FIELD, type LayoutDef } from '../../schemas/src/layout';
import { placeholderOf } from '../../schemas/src/ref-filter';
import { dataItems } from '../../schemas/src/form-to-json-schema';
import type { DesignerForm } from '../../schemas/src/form-to-formily';
import { AUTHENTICATED, PUBLIC, alternatives } from '../../schemas/src/permission';
import { fillInProblems, formulaProblems } from './fill-ins';

const SYSTEM = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version', 'orgId', 'corpId']);

export interface CrossCheckInput {
  defs: Definitions;
  entities: Record<string, ResolvedEntity>;
  catalogue: ResolvedEntry[];
  enumValues: (name: string) => (string | number)[] | undefined;
  permissions: Set<string>;
  handlers: Set<string>;
  hooks: Record<string, { beforeTransition?: object; afterTransition?: object; onRejected?: object }>;
}

export function crossCheck(input: CrossCheckInput): Problem[] {
  const { defs, entities, catalogue, enumValues, permissions, handlers, hooks } = input;
  const problems: Problem[] = [];
  const at = (file: string, pointer: string, message: string) => problems.push({ file, pointer, message });
  const knownPermission = (p: string) => p === AUTHENTICATED || p === PUBLIC || (alternatives(p).length > 0 && alternatives(p).every((x) => permissions.has(x)));
  const fileOfEntity = new Map<string, string>();
  for (const e of defs.entities) fileOfEntity.set((e.data as { name: string }).name, e.file);

  // Entities
  for (const e of Object.values(entities)) {
    const file = fileOfEntity.get(e.name) ?? `schemas/entities/${e.name}.json`;
    const has = (f: string) => f in e.fields || f === e.idField || SYSTEM.has(f);
    if (e.titleField && !(e.titleField in e.fields)) at(file, '/titleField', `unknown field ${e.titleField}`);
    if (e.ownerField && e.fields[e.ownerField]?.ref !== 'staff') at(file, '/ownerField', `${e.ownerField} must be a reference to staff`);
    if (e.parentField && e.fields[e.parentField]?.ref !== e.name) at(file, '/parentField', `${e.parentField} must be a reference to ${e.name}`);
    if (e.number && e.fields[e.number.field]?.type !== 'string') at(file, '/number/field', `${e.number.field} must be a string field`);
    if (!has(e.defaultSort.field)) at(file, '/defaultSort/field', `unknown field ${e.defaultSort.field}`);
    for (const [name, f] of Object.entries(e.fields)) {
      if ((f.type === 'reference' || f.type === 'references') && f.ref && entities[f.ref] && !entities[f.ref]!.titleField) {
        at(file, `/fields/${name}/ref`, `${f.ref} has no title field (titleField or name) to show references by`);
      }
      if (f.filterBy) {
        const target = f.ref ? entities[f.ref] : undefined;
        if (f.type !== 'reference' && f.type !== 'references') at(file, `/fields/${name}/filterBy`, 'filterBy applies to references only');
        for (const [k, v] of Object.entries(f.filterBy)) {
          if (target && !(target.lookup?.fields ?? []).includes(k)) at(file, `/fields/${name}/filterBy/${k}`, `${f.ref} has no lookup field ${k} (add it to its lookup.fields)`);
          const dep = placeholderOf(v);
          if (dep && !has(dep)) at(file, `/fields/${name}/filterBy/${k}`, `unknown field ${dep}`);
        }
      }
      if (f.filterAlso) {
        const target = f.ref ? entities[f.ref] : undefined;
        if (!f.filterBy) at(file, `/fields/${name}/filterAlso`, 'filterAlso widens a filterBy: declare filterBy');
        for (const [k, v] of Object.entries(f.filterAlso)) {
          if (target && !(k in target.fields)) at(file, `/fields/${name}/filterAlso/${k}`, `${f.ref} has no field ${k}`);
          if (typeof v === 'string' && /^\{\w+\}$/.test(v)) at(file, `/fields/${name}/filterAlso/${k}`, 'filterAlso takes constants only');
        }
      }
      if (f.fetchFrom) fillInProblems(entities, e, name, f).forEach((m) => at(file, `/fields/${name}/fetchFrom`, m));
      if (f.formula) formulaProblems(e, name, f).forEach((m) => at(file, `/fields/${name}/formula`, m));
      if (f.enum && f.default !== undefined && !f.multiple && !(enumValues(f.enum) ?? []).some((v) => String(v) === String(f.default))) {
        at(file, `/fields/${name}/default`, `default ${String(f.default)} is not a value of ${f.enum}`);
      }
    }
    const names = new Set<string>();
    e.transitions.forEach((t, i) => {
      const pointer = `/states/${t.field}/transitions`;
      if (names.has(t.name)) at(file, `${pointer}`, `duplicate transition ${t.name}`);
      names.add(t.name);
      const f = e.fields[t.field];
      if (!f) return at(file, `/states/${t.field}`, `unknown state field ${t.field}`);
      const values = f.enum ? enumValues(f.enum) : undefined;
      const known = (v: unknown) => !values || values.some((x) => String(x) === String(v));
      t.from.forEach((v) => { if (!known(v)) at(file, pointer, `${t.name}: ${String(v)} is not a value of ${f.enum}`); });
      if (!known(t.to)) at(file, pointer, `${t.name}: ${String(t.to)} is not a value of ${f.enum}`);
      if (t.approval && (!known(t.approval.pending) || !known(t.approval.rejectTo))) at(file, pointer, `${t.name}: approval states must be values of ${f.enum}`);
      if (t.permission && !knownPermission(t.permission)) at(file, pointer, `${t.name}: unknown permission ${t.permission}`);
      if (t.approval && !knownPermission(t.approval.permission)) at(file, pointer, `${t.name}: unknown approval permission ${t.approval.permission}`);
      if (t.approval?.amountField && !e.fields[t.approval.amountField]) at(file, pointer, `${t.name}: unknown amount field ${t.approval.amountField}`);
      (t.form ?? []).forEach((x) => { if (!e.fields[x]) at(file, pointer, `${t.name}: unknown form field ${x}`); });
      (t.optional ?? []).forEach((x) => { if (!(t.form ?? []).includes(x)) at(file, pointer, `${t.name}: optional field ${x} is not in its form`); });
      void i;
    });
    for (const [name, c] of Object.entries(e.children)) {
      const child = entities[c.entity];
      if (!child) { at(file, `/children/${name}/entity`, `unknown entity ${c.entity}`); continue; }
      if (child.fields[c.key]?.ref !== e.name) at(file, `/children/${name}/key`, `${c.entity}.${c.key} must be a reference to ${e.name}`);
      if (e.fields[name]) at(file, `/children/${name}`, `child name ${name} is also a field`);
    }
    for (const f of e.lookup?.fields ?? []) if (!e.fields[f]) at(file, '/lookup/fields', `unknown field ${f}`);
    for (const f of Object.keys(e.lookup?.filter ?? {})) if (!e.fields[f]) at(file, '/lookup/filter', `unknown field ${f}`);
  }

  // Hooks
  for (const [name, h] of Object.entries(hooks)) {
    const e = entities[name];
    if (!e) { at('server/hooks/index.ts', `/${name}`, `hooks for unknown entity ${name}`); continue; }
    for (const kind of ['beforeTransition', 'afterTransition', 'onRejected'] as const) {
      for (const t of Object.keys((h[kind] ?? {}) as object)) {
        if (t !== '*' && !e.transitions.some((x) => x.name === t)) at('server/hooks/index.ts', `/${name}/${kind}/${t}`, `${name} has no transition ${t}`);
      }
    }
  }

  // Catalogue
  const entryById = new Map(catalogue.map((x) => [x.id, x]));
  const apiFile = new Map<string, { file: string; index: number }>();
  for (const a of defs.apis) {
    const d = a.data as { name: string; entries: { name: string }[] };
    d.entries.forEach((en, i) => apiFile.set(`${d.name}.${en.name}`, { file: a.file, index: i }));
  }
  for (const en of catalogue) {
    const loc = apiFile.get(en.id)!;
    const p = (rest: string) => `/entries/${loc.index}${rest}`;
    if (!handlers.has(en.handler)) at(loc.file, p('/handler'), `no handler ${en.handler} is registered`);
    const e = en.entity ? entities[en.entity] : undefined;
    const o: EntryOptions = en.options ?? {};
    if (!e) continue;
    (o.filters ?? []).forEach((raw, i) => {
      try {
        filterSpec(e, raw, entities);
      } catch (err) {
        at(loc.file, p(`/options/filters/${i}`), (err as Error).message);
      }
    });
    const indexed = new Set([e.idField, e.defaultSort.field, ...e.indexes.map((ix) => ix.fields[0]!)]);
    (o.sort ?? []).forEach((f, i) => {
      if (!(f in e.fields) && !SYSTEM.has(f)) at(loc.file, p(`/options/sort/${i}`), `unknown field ${f}`);
      else if (!indexed.has(f)) at(loc.file, p(`/options/sort/${i}`), `sort field ${f} is not indexed in ${e.name} (add "index": true)`);
    });
    (o.fields ?? []).forEach((f, i) => { if (!(f in e.fields) && f !== e.idField && !SYSTEM.has(f)) at(loc.file, p(`/options/fields/${i}`), `unknown field ${f}`); });
    Object.keys(o.fixed ?? {}).forEach((f) => { if (!(f in e.fields)) at(loc.file, p('/options/fixed'), `unknown field ${f}`); });
    // An export may also show when a record was made or last changed; imports set fields only.
    const exportTimes = en.handler === 'crud.export' ? ['createdAt', 'updatedAt'] : [];
    (o.columns ?? []).forEach((f, i) => { if (!(f in e.fields) && !exportTimes.includes(f)) at(loc.file, p(`/options/columns/${i}`), `unknown field ${f}`); });
    if (o.mine && !e.ownerField) at(loc.file, p('/options/mine'), `${e.name} declares no ownerField`);
    if (en.handler === 'crud.transition' && !o.transition) at(loc.file, p('/options'), 'crud.transition needs options.transition');
    if (o.transition && !e.transitions.some((t) => t.name === o.transition)) at(loc.file, p('/options/transition'), `${e.name} has no transition ${o.transition}`);
    if (en.handler === 'crud.audit' && !e.transitions.some((t) => t.approval)) at(loc.file, p('/handler'), `${e.name} has no transition with approval`);
    if (en.handler === 'crud.report') {
      const r = o.report;
      if (!r) at(loc.file, p('/options'), 'crud.report needs options.report');
      else {
        r.dimensions.forEach((d, i) => { if (!(d.field in e.fields) && !SYSTEM.has(d.field)) at(loc.file, p(`/options/report/dimensions/${i}/field`), `unknown field ${d.field}`); });
        r.dimensions.forEach((d, i) => {
          if (!d.via) return;
          const f = e.fields[d.field];
          const target = f?.type === 'reference' ? entities[f.ref!] : undefined;
          if (!target) at(loc.file, p(`/options/report/dimensions/${i}/via`), `via needs ${d.field} to be a reference`);
          else if (!(d.via in target.fields)) at(loc.file, p(`/options/report/dimensions/${i}/via`), `${target.name} has no field ${d.via}`);
          else if (d.pair && !(d.pair in target.fields)) at(loc.file, p(`/options/report/dimensions/${i}/pair`), `${target.name} has no field ${d.pair}`);
        });
        r.dimensions.forEach((d, i) => {
          const owner = d.via ? entities[e.fields[d.field]?.ref ?? ''] : e;
          if (!d.via && d.pair && !(d.pair in e.fields)) at(loc.file, p(`/options/report/dimensions/${i}/pair`), `unknown field ${d.pair}`);
          if (d.granularity === 'province' && owner?.fields[d.via ?? d.field]?.type !== 'region') at(loc.file, p(`/options/report/dimensions/${i}/granularity`), 'province needs a region field');
        });
        const measures = new Set(r.measures.map((m) => m.name));
        r.measures.forEach((m, i) => {
          // A measure of another entity needs that entity to have the report's dimensions and filters.
          const src = m.entity ? entities[m.entity] : e;
          if (!src) return at(loc.file, p(`/options/report/measures/${i}/entity`), `unknown entity ${m.entity}`);
          if (m.entity || m.fields) {
            // null: the entity has no such field (its rows are blank by it and match no filter on it)
            const to = (f: string) => (m.fields && f in m.fields ? m.fields[f] : f);
            r.dimensions.forEach((d) => { const f = to(d.field); if (f !== null && !(f in src.fields) && !SYSTEM.has(f)) at(loc.file, p(`/options/report/measures/${i}/entity`), `${src.name} has no dimension field ${f}`); });
            (o.filters ?? []).forEach((raw) => {
              const mappedTo = to(typeof raw === 'string' ? raw : raw.field);
              if (mappedTo === null) return;
              // A filter one reference away (reference.field) is an equality on that record's field.
              if (mappedTo.includes('.')) {
                const [f, via] = mappedTo.split('.') as [string, string];
                const target = entities[src.fields[f]?.ref ?? ''];
                if (!(target && via in target.fields)) at(loc.file, p(`/options/report/measures/${i}/fields`), `${mappedTo}: ${f} is no reference to an entity with field ${via}`);
                return;
              }
              try { filterSpec(src, typeof raw === 'string' ? mappedTo : { ...raw, field: mappedTo }); } catch (err) { at(loc.file, p(`/options/report/measures/${i}/entity`), (err as Error).message); }
            });
            Object.keys(o.fixed ?? {}).forEach((f) => { const t = to(f); if (t === null) at(loc.file, p(`/options/report/measures/${i}/fields`), `fixed filter ${f} cannot be mapped to null`); else if (!(t in src.fields)) at(loc.file, p(`/options/report/measures/${i}/entity`), `${src.name} has no fixed filter field ${to(f)}`); });
          }
          if (m.times && !(m.times in src.fields)) at(loc.file, p(`/options/report/measures/${i}/times`), `unknown field ${m.times}`);
          if (m.field && !(m.field in src.fields) && m.field !== src.idField) at(loc.file, p(`/options/report/measures/${i}/field`), `unknown field ${m.field}`);
          if (m.agg !== 'count' && !m.field && !m.ratio && !m.diff) at(loc.file, p(`/options/report/measures/${i}`), `${m.agg} needs a field`);
          // A field of the row, reference.field, or (keys only) entity(reference)[.field]: records naming the row.
          const REV = /^([a-zA-Z0-9]+)\(([a-zA-Z0-9]+)\)(?:\.([a-zA-Z0-9]+))?$/;
          const path = (k: string): string | undefined => {
            const [f, via] = k.split('.') as [string, string | undefined];
            if (!(f in src.fields) && !SYSTEM.has(f)) return `unknown field ${f}`;
            const target = via ? entities[src.fields[f]!.ref ?? ''] : undefined;
            return via && !(target && via in target.fields) ? `${k}: ${f} is no reference to an entity with field ${via}` : undefined;
          };
          const OPS = new Set(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'notNull']);
          const where = p(`/options/report/measures/${i}/where`);
          const value = (k: string, v: unknown) => {
            if (!v || typeof v !== 'object' || Array.isArray(v)) return;
            for (const [op, rhs] of Object.entries(v as Record<string, unknown>)) {
              if (!OPS.has(op)) at(loc.file, where, `${k}: unknown condition ${op}`);
              const o2 = rhs as { field?: string; now?: boolean; daysAfter?: unknown; daysBefore?: unknown } | null;
              if (!o2 || typeof o2 !== 'object') continue;
              if (!o2.field === !o2.now) at(loc.file, where, `${k}.${op}: an operand is {field} or {now: true}`);
              const badField = o2.field ? path(o2.field) : undefined;
              if (badField) at(loc.file, where, `${k}.${op}: ${badField}`);
              for (const shift of [o2.daysAfter, o2.daysBefore]) {
                const key = shift && typeof shift === 'object' ? (shift as { setting?: string }).setting : undefined;
                if (key !== undefined && !(key in (entities.systemConfig?.fields ?? {}))) at(loc.file, where, `${k}.${op}: no setting ${key}`);
              }
            }
          };
          Object.entries(m.where ?? {}).forEach(([k, v]) => {
            const rev = REV.exec(k);
            if (!rev) {
              const bad = path(k);
              return bad ? at(loc.file, where, bad) : value(k, v);
            }
            const other = entities[rev[1]!];
            if (!other) return at(loc.file, where, `unknown entity ${rev[1]}`);
            if (other.fields[rev[2]!]?.ref !== src.name) return at(loc.file, where, `${rev[1]}.${rev[2]} is no reference to ${src.name}`);
            const on = rev[3] ? { [rev[3]]: v } : (v as Record<string, unknown>);
            if (!on || typeof on !== 'object' || Array.isArray(on)) return at(loc.file, where, `${k}: conditions on ${rev[1]}'s fields expected`);
            for (const [f, x] of Object.entries(on)) {
              if (!(f in other.fields) && !SYSTEM.has(f)) at(loc.file, where, `${rev[1]} has no field ${f}`);
              value(`${k}.${f}`, x);
            }
          });
          if (m.window && src.fields[m.window.field]?.type !== 'date' && src.fields[m.window.field]?.type !== 'datetime') at(loc.file, p(`/options/report/measures/${i}/window`), `window needs a date field, not ${m.window.field}`);
          (m.ratio ?? []).forEach((x) => { if (!measures.has(x)) at(loc.file, p(`/options/report/measures/${i}/ratio`), `unknown measure ${x}`); });
          (m.diff ?? []).forEach((x) => { if (!measures.has(x)) at(loc.file, p(`/options/report/measures/${i}/diff`), `unknown measure ${x}`); });
        });
      }
    }
  }

  // Layouts
  const layouts = new Map<string, LayoutDef>();
  for (const l of defs.layouts) {
    const d = l.data as LayoutDef;
    if (layouts.has(d.name)) at(l.file, '/name', `duplicate layout ${d.name}`);
    layouts.set(d.name, d);
    const e = entities[d.entity];
    if (!e) { at(l.file, '/entity', `unknown entity ${d.entity}`); continue; }
    d.sections.forEach((s, si) => s.fields.forEach((raw, fi) => {
      const lf = LAYOUT_FIELD(raw);
      const pointer = `/sections/${si}/fields/${fi}`;
      const child = e.children[lf.field];
      const f = e.fields[lf.field];
      if (!child && !f) return at(l.file, pointer, `${e.name} has no field or child ${lf.field}`);
      if (child) {
        const ce = entities[child.entity];
        (lf.columns ?? []).forEach((c) => { if (ce && !ce.fields[c]) at(l.file, `${pointer}/columns`, `${child.entity} has no field ${c}`); });
      } else if (lf.widget === 'treeCheck') {
        const items = f!.items as { type?: string } | undefined;
        if (f!.type !== 'json' || items?.type !== 'array') at(l.file, pointer, `${lf.field}: treeCheck needs a json list of values`);
        if (!lf.options) at(l.file, pointer, `${lf.field}: treeCheck needs options (an option source)`);
      } else if (lf.suggest) {
        if (f!.type !== 'string' || (lf.widget && lf.widget !== 'input')) at(l.file, pointer, `${lf.field}: suggest needs a text field with the input widget`);
        const [api, entry] = lf.suggest.api.split('.');
        if (!defs.apis.some((a) => (a.data as { name: string }).name === api && (a.data as { entries: { name: string }[] }).entries.some((x) => x.name === entry))) at(l.file, `${pointer}/suggest`, `unknown call ${lf.suggest.api}`);
        if (lf.suggest.region && !d.sections.some((s2) => s2.fields.some((r) => LAYOUT_FIELD(r).field === lf.suggest!.region))) at(l.file, `${pointer}/suggest`, `${lf.suggest.region} is not on the form`);
      } else if (lf.widget === 'designerForm') {
        // The chosen form fills an object; the field choosing it is on the same form, the call is known.
        if (f!.type !== 'json') at(l.file, pointer, `${lf.field}: designerForm needs a json field`);
        if (!lf.formOf) at(l.file, pointer, `${lf.field}: designerForm needs formOf`);
        else {
          if (!d.sections.some((s2) => s2.fields.some((r) => LAYOUT_FIELD(r).field === lf.formOf!.field))) at(l.file, `${pointer}/formOf`, `${lf.formOf.field} is not on the form`);
          const [api, entry] = lf.formOf.api.split('.');
          if (!defs.apis.some((a) => (a.data as { name: string }).name === api && (a.data as { entries: { name: string }[] }).entries.some((x) => x.name === entry))) at(l.file, `${pointer}/formOf`, `unknown call ${lf.formOf.api}`);
        }
      } else if (f!.type === 'json') {
        const items = (f!.items as { type?: string; items?: { type?: string; properties?: Record<string, unknown> } } | undefined);
        if (items?.type !== 'array' || items.items?.type !== 'object' || !items.items.properties) at(l.file, pointer, `${lf.field}: only a json list of objects has a form widget (a table)`);
        else (lf.columns ?? []).forEach((c) => { if (!(c in items.items!.properties!)) at(l.file, `${pointer}/columns`, `${lf.field} items have no property ${c}`); });
      }
    }));
  }

  // A field that must equal another (sameAs) names another field of the same form.
  for (const l of defs.layouts) {
    const d = l.data as LayoutDef;
    const names = new Set(d.sections.flatMap((s) => s.fields.map((raw) => LAYOUT_FIELD(raw).field)));
    d.sections.forEach((s, si) => s.fields.forEach((raw, fi) => {
      const lf = LAYOUT_FIELD(raw);
      if (lf.sameAs && (lf.sameAs === lf.field || !names.has(lf.sameAs))) at(l.file, `/sections/${si}/fields/${fi}/sameAs`, `${lf.field}: sameAs names no other field of the layout: ${lf.sameAs}`);
      for (const k of Object.keys(lf.visibleWhen ?? {})) {
        if (k === lf.field || !names.has(k)) at(l.file, `/sections/${si}/fields/${fi}/visibleWhen/${k}`, `${lf.field}: visibleWhen names no other field of the layout: ${k}`);
      }
    }));
  }
  for (const f of defs.forms) {
    const items = dataItems((f.data as DesignerForm).list);
    const ids = new Set(items.map((i) => i.id));
    for (const i of items) if (i.sameAs && (i.sameAs === i.id || !ids.has(i.sameAs))) at(f.file, '/list', `${i.id}: sameAs names no other item of the form: ${i.sameAs}`);
  }

  const formNames = new Set<string>([...layouts.keys()]);
  for (const f of defs.forms) { const n = (f.data as { name?: string }).name; if (n) formNames.add(n); }

  // Pages
  // Routes an enumeration value or a links card leads to must be pages of the app.
  const pagePaths = defs.pages.map((pg) => (pg.data as { path?: string }).path).filter((x): x is string => !!x)
    .map((path) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`));
  const isPage = (route: string) => pagePaths.some((re) => re.test(route.split('?')[0]!));
  for (const pg of defs.pages) checkPage(pg, { at, entities, entryById, formNames, knownPermission, layouts, isPage });

  for (const ef of defs.enums) {
    for (const [name, def] of Object.entries((ef.data as { enums?: Record<string, { values: { route?: string }[] }> }).enums ?? {})) {
      def.values.forEach((v, i) => {
        if (!v.route) return;
        const path = v.route.split('?')[0]!.replace(/\{id\}/g, '1');
        if (!isPage(path)) at(ef.file, `/enums/${name}/values/${i}/route`, `no page has the path ${v.route.split('?')[0]}`);
      });
    }
  }
  return problems;
}

interface PageCtx {
  at: (file: string, pointer: string, message: string) => void;
  entities: Record<string, ResolvedEntity>;
  entryById: Map<string, ResolvedEntry>;
  formNames: Set<string>;
  knownPermission: (p: string) => boolean;
  layouts: Map<string, LayoutDef>;
  /** whether a route (without its query) is the path of a page */
  isPage: (route: string) => boolean;
}

type Json = Record<string, any>;

function checkPage(pg: Loaded, c: PageCtx) {
  const d = pg.data as Json;
  const file = pg.file;
  if (d.list) checkList(file, '/list', d.list, c);
  (d.tabs ?? []).forEach((t: Json, i: number) => {
    if (t.list) checkList(file, `/tabs/${i}/list`, t.list, c);
    if (t.report) checkReport(file, `/tabs/${i}/report`, t.report, c);
  });
  if (d.detail) checkDetail(file, '/detail', d.detail, undefined, c);
  if (d.report) checkReport(file, '/report', d.report, c);
  (d.dashboard?.cards ?? []).forEach((card: Json, i: number) => {
    checkReport(file, `/dashboard/cards/${i}/report`, card.report, c);
    if (card.permission && !c.knownPermission(card.permission)) c.at(file, `/dashboard/cards/${i}/permission`, `unknown permission ${card.permission}`);
    for (const kind of ['statistic', 'list', 'chart', 'record']) {
      if (card[kind] && !c.entryById.has(card[kind].api)) c.at(file, `/dashboard/cards/${i}/${kind}/api`, `unknown catalogue entry ${card[kind].api}`);
    }
    (card.links?.items ?? []).forEach((item: Json, j: number) => {
      if (!c.isPage(item.path)) c.at(file, `/dashboard/cards/${i}/links/items/${j}/path`, `no page has the path ${item.path.split('?')[0]}`);
    });
  });
  if (d.form) {
    if (!c.formNames.has(d.form.form)) c.at(file, '/form/form', `unknown form ${d.form.form}`);
    for (const k of d.form.api.submit ? ['submit'] : ['get', 'update']) if (!c.entryById.has(d.form.api[k])) c.at(file, `/form/api/${k}`, `unknown catalogue entry ${d.form.api[k]}`);
    // A submit form sends exactly the form: its call's body must be that form (`{"$form": …}`), so both sides check the same rules.
    if (d.form.api.submit && c.entryById.get(d.form.api.submit)?.bodyForm !== d.form.form) c.at(file, '/form/api/submit', `${d.form.api.submit} must take {"$form": "${d.form.form}"} as its body`);
    if (d.form.permission && !c.knownPermission(d.form.permission)) c.at(file, '/form/permission', `unknown permission ${d.form.permission}`);
    (d.form.actions ?? []).forEach((a: Json, i: number) => {
      if (a.type !== 'call') c.at(file, `/form/actions/${i}/type`, 'a form page takes call actions only');
      if (!c.entryById.has(a.api)) c.at(file, `/form/actions/${i}/api`, a.api ? `unknown catalogue entry ${a.api}` : 'call needs api');
      if (a.permission && !c.knownPermission(a.permission)) c.at(file, `/form/actions/${i}/permission`, `unknown permission ${a.permission}`);
    });
  }
}

function entityOfEntry(c: PageCtx, file: string, pointer: string, ref: string | undefined): { entry?: ResolvedEntry; entity?: ResolvedEntity } {
  if (!ref) return {};
  const entry = c.entryById.get(ref);
  if (!entry) { c.at(file, pointer, `unknown catalogue entry ${ref}`); return {}; }
  return { entry, entity: entry.entity ? c.entities[entry.entity] : undefined };
}

function checkList(file: string, base: string, list: Json, c: PageCtx) {
  const { entry, entity } = entityOfEntry(c, file, `${base}/api/page`, list.api?.page);
  for (const [k, ref] of Object.entries(list.api ?? {})) {
    if (k === 'page') continue;
    const { entry: other } = entityOfEntry(c, file, `${base}/api/${k}`, ref as string);
    if (other && entity && other.entity && other.entity !== entity.name) c.at(file, `${base}/api/${k}`, `${ref} is about ${other.entity}, the list about ${entity.name}`);
  }
  if (!entry || !entity) return;
  // A handler of its own may answer rows that are no records (figures summed per key): their key is its to name.
  if (list.rowKey && list.rowKey !== entity.idField && entry.handler.startsWith('crud.')) c.at(file, `${base}/rowKey`, `rowKey of ${entity.name} is ${entity.idField}`);
  const fieldOk = (f: string) => f in entity.fields || f === entity.idField || SYSTEM.has(f);
  (list.columns ?? []).forEach((col: string | Json, i: number) => {
    const f = typeof col === 'string' ? col : col.field;
    if (!fieldOk(f)) c.at(file, `${base}/columns/${i}`, `${entity.name} has no field ${f}`);
  });
  const filters = new Set((entry.options?.filters ?? []).map((x) => (typeof x === 'string' ? x : x.field)));
  // A handler of its own filters by the arguments its entry declares.
  const args = new Set(Object.keys((entry.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}));
  (list.query ?? []).forEach((q: string | Json, i: number) => {
    const f = typeof q === 'string' ? q : q.field;
    if (f === 'keyword') { if (!entity.search.length) c.at(file, `${base}/query/${i}`, `${entity.name} declares no search fields`); return; }
    if (f === 'mine') { if (!entry.options?.mine) c.at(file, `${base}/query/${i}`, `${entry.id} does not accept mine`); return; }
    if (!filters.has(f) && !args.has(f)) c.at(file, `${base}/query/${i}`, `${entry.id} declares no filter ${f}`);
  });
  Object.keys(list.fixed ?? {}).forEach((f) => { if (!filters.has(f) && !args.has(f)) c.at(file, `${base}/fixed`, `${entry.id} declares no filter ${f}`); });
  if (list.form && !c.formNames.has(list.form)) c.at(file, `${base}/form`, `unknown form ${list.form}`);
  for (const key of ['actions', 'rowActions'] as const) {
    (list[key] ?? []).forEach((a: Json, i: number) => checkAction(file, `${base}/${key}/${i}`, a, entity, list, c));
  }
  if (list.detail) checkDetail(file, `${base}/detail`, list.detail, entity, c);
  if (list.tree) {
    const t = list.tree as Json;
    const { entity: treeEntity } = entityOfEntry(c, file, `${base}/tree/api`, t.api);
    if (!filters.has(t.filter)) c.at(file, `${base}/tree/filter`, `${entry.id} declares no filter ${String(t.filter)}`);
    for (const k of ['get', 'create', 'update', 'remove']) {
      if (!t[k]) continue;
      const { entry: other } = entityOfEntry(c, file, `${base}/tree/${k}`, t[k]);
      if (other && treeEntity && other.entity !== treeEntity.name) c.at(file, `${base}/tree/${k}`, `${t[k]} is about ${other.entity}, the tree about ${treeEntity.name}`);
    }
    if ((t.create || t.update) && !t.form) c.at(file, `${base}/tree`, 'a tree that adds or edits nodes needs a form');
    if (t.form && !c.formNames.has(t.form)) c.at(file, `${base}/tree/form`, `unknown form ${t.form}`);
    if (t.permission && !c.knownPermission(t.permission)) c.at(file, `${base}/tree/permission`, `unknown permission ${t.permission}`);
  }
}

function checkAction(file: string, pointer: string, a: Json, entity: ResolvedEntity, list: Json, c: PageCtx) {
  if (a.form && !c.formNames.has(a.form)) c.at(file, `${pointer}/form`, `unknown form ${a.form}`);
  if (a.permission && !c.knownPermission(a.permission)) c.at(file, `${pointer}/permission`, `unknown permission ${a.permission}`);
  if ((a.type === 'create' || a.type === 'edit' || a.type === 'view') && !a.form && !list.form && !(a.type === 'view' && list.detail)) c.at(file, pointer, `${a.type} needs a form (action or list)`);
  if (a.type === 'create' && a.api) {
    // Another kind of record made from the row (创建项目 from a contract): its create entry, its fields.
    const target = c.entryById.get(a.api);
    if (!target) c.at(file, `${pointer}/api`, `unknown catalogue entry ${a.api}`);
    // crud.create, or a named POST answering the new record (合并收款 from a bill's row)
    else if (target.handler !== 'crud.create' && !(target.method === 'POST' && target.entity && target.responseRef?.kind === 'record' && target.responseRef.entity === target.entity)) c.at(file, `${pointer}/api`, `${a.api} is not a crud.create entry nor a POST answering its record`);
    else {
      const te = target.entity ? c.entities[target.entity] : undefined;
      Object.keys(a.values ?? {}).forEach((f) => { if (te && !(f in te.fields) && !(f in te.children)) c.at(file, `${pointer}/values`, `${te.name} has no field ${f}`); });
    }
    if (!a.form) c.at(file, pointer, 'create with its own api needs its form');
  } else if (a.type === 'create' && !list.api?.create) c.at(file, pointer, 'create needs list.api.create');
  for (const v of Object.values(a.values ?? {})) {
    if (typeof v === 'string') for (const m of v.matchAll(/\{(\w+)\}/g)) if (!(m[1]! in entity.fields) && m[1] !== entity.idField && a.type === 'create' && a.api) c.at(file, `${pointer}/values`, `${entity.name} has no field ${m[1]}`);
  }
  if (a.type === 'edit' && !list.api?.update) c.at(file, pointer, 'edit needs list.api.update');
  if (a.type === 'remove' && !list.api?.remove && !a.api) c.at(file, pointer, 'remove needs list.api.remove');
  if (a.type === 'export' && !list.api?.export) c.at(file, pointer, 'export needs list.api.export');
  if (a.type === 'import' && !a.import && (!list.api?.import || !list.api?.importTemplate)) c.at(file, pointer, 'import needs its import calls, or list.api.import and list.api.importTemplate');
  if (a.import && a.type !== 'import') c.at(file, `${pointer}/import`, 'only an import action declares import calls');
  if (a.import) checkImportCalls(file, `${pointer}/import`, a.import, c);
  if (a.type === 'link' && !a.to === !a.event) c.at(file, pointer, 'link needs to or event (not both)');
  if (a.event) for (const k of ['eventType', 'subject']) if (!(a.event[k] in entity.fields)) c.at(file, `${pointer}/event/${k}`, `${entity.name} has no field ${a.event[k]}`);
  if (a.type === 'form' && !a.form) c.at(file, pointer, 'form needs a form');
  if ((a.type === 'form' || a.type === 'call') && !c.entryById.has(a.api)) c.at(file, `${pointer}/api`, a.api ? `unknown catalogue entry ${a.api}` : `${a.type} needs api`);
  if (a.type === 'transition' || a.type === 'approve') {
    const entry = a.api ? c.entryById.get(a.api) : undefined;
    if (!entry) return c.at(file, `${pointer}/api`, a.api ? `unknown catalogue entry ${a.api}` : `${a.type} needs api`);
    if (entry.entity !== entity.name) c.at(file, `${pointer}/api`, `${a.api} is about ${entry.entity}, not ${entity.name}`);
    // A named handler may perform a declared transition too (e.g. across organisations), saying which.
    if (a.type === 'transition' && entry.handler !== 'crud.transition' && !entry.options?.transition) c.at(file, `${pointer}/api`, `${a.api} is not a crud.transition entry and names no options.transition`);
    if (a.type === 'approve' && entry.handler !== 'crud.audit') c.at(file, `${pointer}/api`, `${a.api} is not a crud.audit entry`);
  }
  if (a.type === 'call') {
    const entry = a.api ? c.entryById.get(a.api) : undefined;
    if (!entry) c.at(file, `${pointer}/api`, a.api ? `unknown catalogue entry ${a.api}` : 'call needs api');
    else if (entry.entity && entry.entity !== entity.name) c.at(file, `${pointer}/api`, `${a.api} is about ${entry.entity}, not ${entity.name}`);
  }
  (a.fields ?? []).forEach((f: string, i: number) => { if (!(f in entity.fields)) c.at(file, `${pointer}/fields/${i}`, `${entity.name} has no field ${f}`); });
  if (a.to) for (const m of String(a.to).matchAll(/\{(\w+)\}/g)) if (!(m[1]! in entity.fields) && m[1] !== entity.idField) c.at(file, `${pointer}/to`, `${entity.name} has no field ${m[1]}`);
  Object.keys(a.when ?? {}).forEach((f) => { if (!(f in entity.fields)) c.at(file, `${pointer}/when`, `${entity.name} has no field ${f}`); });
}

/**
 * An import action's own calls: each exists; the choice's param is what the template and upload
 * take (a path parameter or a query property), and the commit's path is filled by the upload's answer.
 */
function checkImportCalls(file: string, pointer: string, calls: Json, c: PageCtx) {
  const entries: Record<string, Json | undefined> = {};
  for (const k of ['template', 'upload', 'commit'] as const) {
    if (!calls[k]) continue;
    entries[k] = c.entryById.get(calls[k]);
    if (!entries[k]) c.at(file, `${pointer}/${k}`, `unknown catalogue entry ${calls[k]}`);
  }
  const choose = calls.choose as Json | undefined;
  if (choose) {
    if (!c.entryById.has(choose.api)) c.at(file, `${pointer}/choose/api`, `unknown catalogue entry ${choose.api}`);
    for (const k of ['template', 'upload'] as const) {
      const e = entries[k];
      if (e && !String(e.path).includes(`{${choose.param}}`) && !(choose.param in (e.query?.properties ?? {}))) c.at(file, `${pointer}/${k}`, `${calls[k]} takes no ${choose.param}`);
    }
  }
  const upload = entries.upload;
  if (upload && !calls.commit && upload.handler !== 'crud.import' && !('mode' in (upload.query?.properties ?? {}))) c.at(file, `${pointer}/upload`, `${calls.upload} takes no mode`);
}

function checkDetail(file: string, base: string, detail: Json, listEntity: ResolvedEntity | undefined, c: PageCtx) {
  let entity = listEntity;
  if (detail.api?.get) entity = entityOfEntry(c, file, `${base}/api/get`, detail.api.get).entity ?? entity;
  if (!entity) return c.at(file, base, 'a detail page needs api.get');
  (detail.header ?? []).forEach((f: string, i: number) => { if (!(f in entity!.fields) && !SYSTEM.has(f)) c.at(file, `${base}/header/${i}`, `${entity!.name} has no field ${f}`); });
  (detail.actions ?? []).forEach((a: Json, i: number) => checkAction(file, `${base}/actions/${i}`, a, entity!, { api: { update: true, remove: true }, form: 'x' }, c));
  (detail.tabs ?? []).forEach((t: Json, i: number) => {
    const p = `${base}/tabs/${i}`;
    if (t.type === 'fields' && t.form && !c.formNames.has(t.form)) c.at(file, `${p}/form`, `unknown form ${t.form}`);
    if (t.type === 'children' && !entity!.children[t.name]) c.at(file, `${p}/name`, `${entity!.name} has no child ${t.name}`);
    if (t.type === 'attachments' && entity!.fields[t.name]?.type !== 'attachments') c.at(file, `${p}/name`, `${t.name} is not an attachments field of ${entity!.name}`);
    if (t.type === 'related') {
      if (!t.list) return c.at(file, p, 'related needs a list');
      checkList(file, `${p}/list`, t.list, c);
      const entry = c.entryById.get(t.list.api?.page);
      const filters = new Set((entry?.options?.filters ?? []).map((x) => (typeof x === 'string' ? x : x.field)));
      if (!t.key || !filters.has(t.key)) c.at(file, `${p}/key`, `${t.list.api?.page} declares no filter ${String(t.key)} to take the record's id`);
    }
    if (t.type === 'report') checkReport(file, `${p}/report`, t.report, c);
    if (t.type === 'timeline' && (!t.api || !c.entryById.has(t.api))) c.at(file, `${p}/api`, t.api ? `unknown catalogue entry ${t.api}` : 'timeline needs api');
  });
}

function checkReport(file: string, base: string, r: Json | undefined, c: PageCtx) {
  if (!r) return;
  const { entry } = entityOfEntry(c, file, `${base}/api`, r.api);
  if (!entry) return;
  const report = entry.options?.report;
  if (!report) return;
  const dims = new Set(report.dimensions.map((d) => d.name ?? d.field));
  (r.dims ?? []).forEach((d: string, i: number) => { if (!dims.has(d)) c.at(file, `${base}/dims/${i}`, `${entry.id} has no dimension ${d}`); });
  const measures = new Set(report.measures.map((m) => m.name));
  (r.chart?.series ?? []).forEach((m: string, i: number) => { if (!measures.has(m)) c.at(file, `${base}/chart/series/${i}`, `${entry.id} has no measure ${m}`); });
  const filters = new Set((entry.options?.filters ?? []).map((x) => (typeof x === 'string' ? x : x.field)));
  (r.query ?? []).forEach((q: string | Json, i: number) => {
    const f = typeof q === 'string' ? q : q.field;
    if (!filters.has(f)) c.at(file, `${base}/query/${i}`, `${entry.id} declares no filter ${f}`);
  });
}
