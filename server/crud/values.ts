import type { ResolvedEntity } from '../schema/types';

/**
 * The columns a create/update body may set: declared, non-readOnly fields plus `custom`.
 * jsonb values are sent as JSON text because pg would turn a JS array into a PostgreSQL array.
 */
export function writableValues(entity: ResolvedEntity, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.readOnly || !(name in data)) continue;
    const v = data[name];
    out[name] = f.type === 'json' && v !== null && v !== undefined ? JSON.stringify(v) : v;
  }
  return out;
}

export function customValue(entity: ResolvedEntity, data: Record<string, unknown>): string | undefined {
  if (!entity.customFields || data.custom === undefined || data.custom === null) return undefined;
  return JSON.stringify(data.custom);
}

export function idParam(entity: ResolvedEntity, params: Record<string, unknown>): number {
  const raw = params[entity.idField] ?? Object.values(params).at(-1);
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : NaN;
}
