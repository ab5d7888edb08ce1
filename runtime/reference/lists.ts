/**
 * The shell's cached reference lists, as declared in schemas/reference-lists.json (validated by
 * `npm run gen`): each is one catalogue call, fetched once and kept until logout or an
 * organisation switch clears them all.
 */
import declared from '../generated/reference-lists.json';
import { invoke } from '../../api/call';
import type { QueryValue } from '../../api/http';
import { cachedList, type CachedList } from './cache';
import type { RegionNode } from './region';

export interface ReferenceListDef {
  name: string; title: string; api: string; preload?: boolean; emptyOnFailure?: boolean;
  /** fixed arguments of the call */
  query?: Record<string, unknown>;
  /** where the rows are in the answer (a page's `list`) */
  rows?: string;
}

export const REFERENCE_LISTS: readonly ReferenceListDef[] = declared;

const lists = new Map<string, CachedList<unknown>>(
  REFERENCE_LISTS.map((def) => [def.name, cachedList(async () => {
    const answer = await invoke<unknown>(def.api, def.query ? { query: def.query as Record<string, QueryValue> } : {}, { silent: true });
    return (def.rows ? (answer as Record<string, unknown[]>)[def.rows] : answer) as unknown[];
  })]),
);

/** The cached list declared under `name`; an undeclared name is a programming error. */
export function referenceList<T = Record<string, unknown>>(name: string): CachedList<T> {
  const list = lists.get(name);
  if (!list) throw new Error(`未声明的参考列表 ${name}`);
  return list as CachedList<T>;
}

/** The region tree every region cascader and cell reads. */
export const regionTree = referenceList<RegionNode>('regionTree');

export function clearReferenceCaches(): void {
  lists.forEach((list) => list.clear());
}
