/**
 * Where a report row drills to: the list of the records behind its figures. Pure (no React), so
 * the server tests build the same address the screen does.
 */
export interface DrillDim { name: string; granularity: string | null }
export interface Drill {
  to: string;
  title?: string;
  /**
   * dimension or report filter → the target list's filter; a route dimension ("a→b", a `pair`)
   * maps to two filters, one per end
   */
  params?: Record<string, string | string[]>;
  /** constant filters of the target list: the report's fixed conditions (only schedules under way) */
  values?: Record<string, string>;
}

/**
 * The list a report row drills to: each mapped dimension's value (a month or day bucket becomes
 * the target's <field>Start/<field>End range, a route "a→b" its two ends), the report's own filters
 * under the target's names, and the drill's constant filters.
 */
export function drillHref(drill: Drill, row: Record<string, unknown>, dims: DrillDim[], filters: Record<string, unknown>): string {
  const q = new URLSearchParams();
  const set = (k: string, v: unknown) => { if (v !== undefined && v !== null && v !== '') q.set(k, Array.isArray(v) ? v.join(',') : String(v)); };
  for (const [k, v] of Object.entries(drill.values ?? {})) set(k, v);
  for (const [from, to] of Object.entries(drill.params ?? {})) {
    if (Array.isArray(to)) continue;
    set(to, filters[from]);
    set(`${to}Start`, filters[`${from}Start`]);
    set(`${to}End`, filters[`${from}End`]);
  }
  for (const d of dims) {
    const to = drill.params?.[d.name];
    const v = row[d.name];
    if (!to || v === null || v === undefined) continue;
    if (Array.isArray(to)) {
      // a route: each end to its own filter (a blank end filters nothing)
      String(v).split('→').forEach((end, i) => { if (to[i]) set(to[i]!, end); });
      continue;
    }
    if (d.granularity === 'month' || d.granularity === 'day' || d.granularity === 'year') {
      const s = String(v);
      const [y, m, day] = s.split('-');
      const start = d.granularity === 'year' ? `${y}-01-01` : d.granularity === 'month' ? `${y}-${m}-01` : s;
      const last = d.granularity === 'year' ? `${y}-12-31` : d.granularity === 'month' ? `${y}-${m}-${String(new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate()).padStart(2, '0')}` : `${y}-${m}-${day}`;
      q.delete(to);
      q.set(`${to}Start`, start);
      q.set(`${to}End`, last);
    } else set(to, v);
  }
  const search = q.toString();
  return search ? `${drill.to}?${search}` : drill.to;
}
