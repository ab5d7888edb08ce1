/**
 * A reference's `filterBy` (`{"supplierId": "{supplierId}", "status": 1}`): which targets it may
 * point at. Constants always apply (a list: any of them, `"status": [10, 15]`); a "{field}" placeholder takes the value of that field of the
 * record being edited and is left out while that field is blank (nothing chosen yet narrows
 * nothing). A mapped placeholder (`{"field": "carrierType", "map": {"2": 1, "3": 2}}`) takes the
 * value its map gives for that field's value, and is left out like a blank one when the map has
 * none (a code of the record naming the target's code under another number). The picker (options
 * call filters), the form's clearing effect and the server's write check all resolve a filter
 * here, so they agree on what a blank placeholder means.
 */

export type FilterBy = Record<string, unknown>;

/** A mapped placeholder: the target's value is `map[String(<record's field>)]`. */
export interface MappedPlaceholder { field: string; map: Record<string, string | number | boolean> }

export function isMappedPlaceholder(v: unknown): v is MappedPlaceholder {
  return Boolean(v) && typeof v === 'object' && !Array.isArray(v) && typeof (v as MappedPlaceholder).field === 'string'
    && Boolean((v as MappedPlaceholder).map) && typeof (v as MappedPlaceholder).map === 'object';
}

/** The record field a "{field}" placeholder (or a mapped one) names, or undefined for a constant. */
export function placeholderOf(v: unknown): string | undefined {
  if (isMappedPlaceholder(v)) return v.field;
  const m = typeof v === 'string' ? /^\{(\w+)\}$/.exec(v) : null;
  return m ? m[1] : undefined;
}

export const isBlankValue = (v: unknown): boolean => v === undefined || v === null || v === '';

/** The fields of the record a filter reads. */
export function placeholderFields(filterBy: FilterBy | undefined): string[] {
  return Object.values(filterBy ?? {}).map(placeholderOf).filter((f): f is string => Boolean(f));
}

/** The filter as target field → value over `values`; a placeholder whose field is blank is left out. */
export function resolveFilterBy(filterBy: FilterBy | undefined, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filterBy ?? {})) {
    const p = placeholderOf(v);
    let value = p ? values[p] : v;
    if (isMappedPlaceholder(v) && !isBlankValue(value)) value = v.map[String(value)];
    if (isBlankValue(value)) continue;
    out[k] = value;
  }
  return out;
}

/** Whether a target's row (its lookup fields) passes a resolved filter (a constant list: any of). */
export function matchesFilter(row: Record<string, unknown>, resolved: Record<string, unknown>): boolean {
  return Object.entries(resolved).every(([k, v]) => !isBlankValue(row[k])
    && (Array.isArray(v) ? v.some((x) => String(x) === String(row[k])) : String(row[k]) === String(v)));
}

interface FilterEntity { fields: Record<string, { type: string; ref?: string; filterBy?: FilterBy }> }

/** Field → the reference fields whose filterBy names it (what to re-check when it changes). */
export function filterDependents(entity: FilterEntity): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, f] of Object.entries(entity.fields)) {
    if ((f.type !== 'reference' && f.type !== 'references') || !f.ref || !f.filterBy) continue;
    for (const dep of placeholderFields(f.filterBy)) out.set(dep, [...(out.get(dep) ?? []), name]);
  }
  return out;
}
