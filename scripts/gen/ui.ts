/** What the browser's renderers need of each catalogue entry beyond method and path. */
import type { ResolvedEntry } from '../../schemas/src/catalogue';
import type { Definitions } from './load';

const BODY = new Set(['list', 'detail', 'report', 'dashboard', 'form', 'tabs', 'props', '$schema']);

/**
 * Route meta of every page, loaded with the shell (menu, router, search); the bodies of the
 * screens load with the screen.
 */
export function routeManifest(defs: Definitions): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const p of [...defs.pages].sort((a, b) => a.file.localeCompare(b.file))) {
    out[`/${p.file}`] = Object.fromEntries(Object.entries(p.data as Record<string, unknown>).filter(([k]) => !BODY.has(k)));
  }
  return out;
}

export interface UiEntry {
  handler: string;
  entity?: string;
  permission: string;
  filters?: (string | { field: string; op?: string })[];
  sort?: string[];
  mine?: boolean;
  transition?: string;
  fixed?: Record<string, unknown>;
  maxPageSize?: number;
  report?: unknown;
}

export function uiCatalogue(entries: ResolvedEntry[]): Record<string, UiEntry> {
  const out: Record<string, UiEntry> = {};
  for (const e of entries) {
    if (!e.entity) continue;
    const o = e.options ?? {};
    out[e.id] = {
      handler: e.handler, entity: e.entity, permission: e.permission,
      ...(o.filters ? { filters: o.filters } : {}), ...(o.sort ? { sort: o.sort } : {}), ...(o.mine ? { mine: true } : {}),
      ...(o.transition ? { transition: o.transition } : {}), ...(o.fixed ? { fixed: o.fixed } : {}),
      ...(o.maxPageSize ? { maxPageSize: o.maxPageSize } : {}), ...(o.report ? { report: o.report } : {}),
    };
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The catalogue split by call prefix ('customer' of 'customer.list'), the unit the runtime loads. */
export function uiByPrefix(ui: Record<string, UiEntry>): Record<string, Record<string, UiEntry>> {
  const out: Record<string, Record<string, UiEntry>> = {};
  for (const [id, e] of Object.entries(ui)) (out[uiPrefix(id)] ??= {})[id] = e;
  return out;
}

export const uiPrefix = (id: string) => id.slice(0, id.indexOf('.') >>> 0);
