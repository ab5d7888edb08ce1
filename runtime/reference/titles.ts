/**
 * Titles of referenced records the browser has already seen (from list pages' refs, detail
 * responses and pickers), so a reference reads as a name without a request per value.
 */
import { callApi } from '../../api/generated/client';

export type Refs = Record<string, Record<string, string>>;

const known = new Map<string, Map<number, string>>();

export function rememberTitles(refs: Refs | undefined): void {
  for (const [entity, map] of Object.entries(refs ?? {})) {
    const m = known.get(entity) ?? new Map<number, string>();
    for (const [id, title] of Object.entries(map)) m.set(Number(id), title);
    known.set(entity, m);
  }
}

export function titleOf(entity: string, id: number): string | undefined {
  return known.get(entity)?.get(id);
}

export interface RefOption { value: number; label: string; [key: string]: unknown }

export async function fetchOptions(entity: string, query: { keyword?: string; ids?: number[]; filter?: string[]; limit?: number }): Promise<RefOption[]> {
  const list = (await callApi<RefOption[]>('meta.options', { params: { entity }, query: { ...query } }, { silent: true })) ?? [];
  rememberTitles({ [entity]: Object.fromEntries(list.map((o) => [o.value, o.label])) });
  return list;
}

/** Titles of these ids, fetched only for those not yet known. */
export async function ensureTitles(entity: string, ids: number[]): Promise<void> {
  const missing = ids.filter((id) => Number.isInteger(id) && titleOf(entity, id) === undefined);
  if (missing.length) await fetchOptions(entity, { ids: [...new Set(missing)] }).catch(() => undefined);
}
