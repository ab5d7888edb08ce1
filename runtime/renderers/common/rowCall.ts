/**
 * How an action calls a catalogue entry for a row: path parameters come from the row (a path with
 * one parameter the row lacks takes the row's id, e.g. delete-relation/{relationId}); a call whose
 * path names no parameter gets the row's id in its body, as the seed's set-manager or move do.
 */
import { catalogue } from '../../../api/generated/client';
import { isCatalogueId } from '../../../api/call';

export function pathParams(api: string): string[] {
  if (!isCatalogueId(api)) return [];
  return [...catalogue[api].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

export function rowCallArgs(api: string, row: Record<string, unknown> | undefined, rowKey: string, id?: number): { params: Record<string, string | number>; body: Record<string, unknown> } {
  const names = pathParams(api);
  const key = id ?? (row?.[rowKey] as number | undefined);
  const params: Record<string, string | number> = {};
  for (const n of names) {
    const v = row?.[n] ?? (names.length === 1 ? key : undefined);
    if (v !== undefined && v !== null) params[n] = v as string | number;
  }
  const body = names.length === 0 && key !== undefined ? { [rowKey]: key } : {};
  return { params, body };
}
