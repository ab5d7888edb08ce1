/** What a list definition resolves to at run time: its entity, the call's filters and sort, actions' transitions. */
import { useEffect, useState } from 'react';
import { filterField, filterSpec, sortableFields, type EntityLookup, type ResolvedEntity, type ResolvedTransition } from '../../../schemas/src/entity-schema';
import { loadEntity, uiEntry, type UiEntry } from '../../meta';
import type { ListDef, PageAction, QueryField } from '../../router/types';
import type { QueryItem } from './QueryBar';
import { fieldOf } from '../cells';

export interface ListMeta {
  entity: ResolvedEntity;
  entry: UiEntry;
  query: QueryItem[];
  sortable: Set<string>;
  /** action api → the transition it performs */
  transitions: Map<string, ResolvedTransition>;
}

/** The entities the call's filters read one reference away (`demandId.loadRegionCode`), loaded for their field definitions. */
export async function filterEntities(entity: ResolvedEntity, entry: UiEntry): Promise<EntityLookup> {
  const names = new Set<string>();
  for (const f of entry.filters ?? []) {
    const field = typeof f === 'string' ? f : f.field;
    const ref = field.includes('.') ? entity.fields[field.split('.')[0]!]?.ref : undefined;
    if (ref) names.add(ref);
  }
  const out: EntityLookup = {};
  await Promise.all([...names].map(async (n) => { out[n] = await loadEntity(n); }));
  return out;
}

export function queryItems(entity: ResolvedEntity, entry: UiEntry, query: QueryField[] | undefined, related?: EntityLookup): QueryItem[] {
  const items: QueryItem[] = [];
  for (const raw of query ?? []) {
    const q = typeof raw === 'string' ? { field: raw } : raw;
    if (q.field === 'keyword') {
      items.push({ field: 'keyword', op: 'keyword', label: q.label ?? '关键字', placeholder: q.placeholder });
      continue;
    }
    if (q.field === 'mine') {
      items.push({ field: 'mine', op: 'mine', label: q.label ?? '只看我的' });
      continue;
    }
    const declared = (entry.filters ?? []).find((f) => (typeof f === 'string' ? f : f.field) === q.field);
    if (!declared) continue;
    const spec = filterSpec(entity, declared, related);
    const def = q.field.includes('.') ? filterField(entity, q.field, related) : fieldOf(entity, q.field);
    items.push({ field: q.field, op: spec.op, def, label: q.label ?? def?.title ?? q.field, placeholder: q.placeholder });
  }
  return items;
}

export async function resolveListMeta(list: ListDef): Promise<ListMeta> {
  const entry = await uiEntry(list.api.page);
  const entity = await loadEntity(entry.entity!);
  const actions: PageAction[] = [...(list.actions ?? []), ...(list.rowActions ?? []), ...(list.detail?.actions ?? [])];
  const transitions = new Map<string, ResolvedTransition>();
  await Promise.all(actions.filter((a) => a.type === 'transition' && a.api).map(async (a) => {
    const e = await uiEntry(a.api!);
    const t = entity.transitions.find((x) => x.name === e.transition);
    if (t) transitions.set(a.api!, t);
  }));
  return { entity, entry, query: queryItems(entity, entry, list.query, await filterEntities(entity, entry)), sortable: new Set(sortableFields(entity, entry.sort)), transitions };
}

export function useListMeta(list: ListDef): { meta?: ListMeta; error?: string } {
  const [state, setState] = useState<{ meta?: ListMeta; error?: string }>({});
  useEffect(() => {
    let alive = true;
    resolveListMeta(list).then((meta) => alive && setState({ meta }), (err: Error) => alive && setState({ error: err.message }));
    return () => {
      alive = false;
    };
  }, [list]);
  return state;
}
