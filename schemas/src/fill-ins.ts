/**
 * Declared fill-ins (`fetchFrom` on an entity field): which fields of a record follow a picked
 * reference. Pure facts read alike by the generator (checks), the server (write pipeline, the
 * generic fetch call) and the form (effects).
 */

/** What fill-ins need of an entity (structural: the browser's and the server's entity both fit). */
export interface FillInEntity {
  name: string;
  fields: Record<string, { type: string; ref?: string; fetchFrom?: string; readOnly?: boolean; default?: unknown }>;
}

export interface FetchRule {
  /** the field that is filled */
  field: string;
  /** the field of the target it takes */
  source: string;
  readOnly: boolean;
  /**
   * the field's declared default: a fallback, so a blank source leaves it, and a new form's
   * value still equal to it counts as blank (the picked record's value takes its place)
   */
  fallback?: unknown;
}

/** "<referenceField>.<fieldOfTarget>" split. */
export function splitFetchFrom(path: string): [string, string] {
  const i = path.indexOf('.');
  return [path.slice(0, i), path.slice(i + 1)];
}

/** The entity's fill-ins grouped by the reference field that triggers them. */
export function fetchRules(entity: FillInEntity): Map<string, FetchRule[]> {
  const out = new Map<string, FetchRule[]>();
  for (const [field, f] of Object.entries(entity.fields)) {
    if (!f.fetchFrom) continue;
    const [ref, source] = splitFetchFrom(f.fetchFrom);
    const list = out.get(ref) ?? [];
    list.push({ field, source, readOnly: Boolean(f.readOnly), ...(f.default !== undefined ? { fallback: f.default } : {}) });
    out.set(ref, list);
  }
  return out;
}

/**
 * The fields of `target` that some entity declares as a fetchFrom source: all the generic
 * fetch call gives away (nothing else of the record leaves through it).
 */
export function fetchSources(entities: Record<string, FillInEntity>, target: string): string[] {
  const out = new Set<string>();
  for (const e of Object.values(entities)) {
    for (const f of Object.values(e.fields)) {
      if (!f.fetchFrom) continue;
      const [ref, source] = splitFetchFrom(f.fetchFrom);
      if (e.fields[ref]?.ref === target) out.add(source);
    }
  }
  return [...out].sort();
}

export const isBlank = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
