/**
 * A declared report (dimensions × measures over one entity) becomes one tenant-scoped,
 * permission-checked GROUP BY: the same filters as the entity's lists, date dimensions bucketed
 * by day, month or year in China Standard Time, conditional measures as FILTER clauses, ratios
 * computed from the aggregates. The summary row is derived from the groups, not queried again.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReportDef, ReportDimension, ReportMeasure, ReportOperand } from '../../schemas/src/catalogue';
import type { EntityMap, ResolvedEntity } from '../schema/types';
import ExcelJS from 'exceljs';
import { REPLIED, requireEntity, type Handler } from './context';
import { enumLabel } from '../schema/load';
import { exportFileName } from './excel';
import { filteredQuery } from './query';
import { collectIds, fetchTitles } from './refs';
import { getSettings } from '../admin/settings';
import { regionLabel } from '../reference/regions';

const FORMATS: Record<string, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

/** Today in China (yyyy-MM-dd): the default report date of windowed measures. */
const chinaDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * The dimension's value: the row's field, or (via) that field of the record it refers to; with
 * `pair`, two such values "a→b". The record referred to is left-joined once per reference field
 * (`via_<field>`, see viaJoins): many-to-one by its id, so no row is repeated, and the same
 * expression groups and selects whatever else the list filters join. A scalar subquery here was
 * one index lookup per row: 4× the hand-written join over 1,000,000 items (docs/decisions.md).
 */
function dimensionOf(entities: EntityMap, entity: ResolvedEntity, d: ReportDimension): RawBuilder<unknown> {
  if (!d.via) {
    const one = dimensionExpr(entity, d.field, d.granularity);
    return d.pair ? pairExpr(one, dimensionExpr(entity, d.pair, d.granularity)) : one;
  }
  const target = entities[entity.fields[d.field]!.ref!]!;
  const read = (f: string) => granular(sql.ref(`via_${d.field}.${f}`), target.fields[f]?.type === 'datetime', d.granularity);
  return d.pair ? pairExpr(read(d.via), read(d.pair)) : read(d.via);
}

/** The records the `via` dimensions read, each reference field joined once (left: a blank reference groups as unknown). */
function viaJoins(entities: EntityMap, entity: ResolvedEntity, dimensions: ReportDimension[], qb: any): any {
  for (const field of new Set(dimensions.filter((d) => d.via).map((d) => d.field))) {
    const target = entities[entity.fields[field]!.ref!]!;
    qb = qb.leftJoin(`${target.table} as via_${field}`, `via_${field}.${target.idField}`, `${entity.table}.${field}`);
  }
  return qb;
}

/** "a→b"; unknown when both ends are (a route with one end blank still shows the other). */
const pairExpr = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql`case when ${a} is null and ${b} is null then null else concat(${a}, ${sql.lit('→')}, ${b}) end`;

/** [from, to] (inclusive dates) of a measure's window before the report date. */
export function windowRange(period: 'month' | 'ytd' | 'lastYtd', asOf: string): [string, string] {
  const [y, m] = [asOf.slice(0, 4), asOf.slice(5, 7)];
  if (period === 'month') return [`${y}-${m}-01`, asOf];
  if (period === 'ytd') return [`${y}-01-01`, asOf];
  const last = String(Number(y) - 1).padStart(4, '0');
  // 29 February has no twin a year earlier: the period ends on 28 February.
  const day = asOf.slice(5) === '02-29' ? '02-28' : asOf.slice(5);
  return [`${last}-01-01`, `${last}-${day}`];
}

function dimensionExpr(entity: ResolvedEntity, field: string, granularity?: string): RawBuilder<unknown> {
  const f = entity.fields[field];
  const isTime = field === 'createdAt' || field === 'updatedAt' || f?.type === 'datetime';
  return granular(sql.ref(`${entity.table}.${field}`), isTime, granularity);
}

function granular(col: RawBuilder<unknown> | ReturnType<typeof sql.ref>, isTime: boolean, granularity?: string): RawBuilder<unknown> {
  // A region code's province: its first two digits, the rest zeros (310115 浦东新区 → 310000 上海市).
  if (granularity === 'province') return sql`rpad(left(${col}, 2), 6, '0')`;
  if (granularity) {
    // Literal formats: a bound parameter would make each occurrence a different expression to GROUP BY.
    const fmt = sql.lit(FORMATS[granularity]!);
    return isTime
      ? sql`to_char(${col} at time zone 'Asia/Shanghai', ${fmt})`
      : sql`to_char(${col}, ${fmt})`;
  }
  return sql`${col}`;
}

/** The organisation settings (系统配置) a report's conditions name, read once per call. */
type Settings = Record<string, unknown>;

const OPS: Record<string, string> = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function days(v: number | { setting: string }, settings: Settings): number {
  const n = typeof v === 'number' ? v : Number(settings[v.setting]);
  if (!Number.isFinite(n)) throw new Error(`report condition: setting ${typeof v === 'number' ? v : v.setting} is not a number`);
  return n;
}

/** A condition's right-hand side: a constant, or a field of the report's row / now, shifted by days. */
function operand(entities: EntityMap, entity: ResolvedEntity, v: ReportOperand, settings: Settings): RawBuilder<unknown> {
  if (v === null || typeof v !== 'object') return sql`${v}`;
  let base = v.now ? sql`now()` : whereColumn(entities, entity, v.field!);
  if (v.daysAfter !== undefined) base = sql`(${base} + ${days(v.daysAfter, settings)} * interval '1 day')`;
  if (v.daysBefore !== undefined) base = sql`(${base} - ${days(v.daysBefore, settings)} * interval '1 day')`;
  return base;
}

/**
 * `entity(reference).field` or `entity(reference)` with conditions on that record's fields:
 * some record of another entity naming the row meets them (EXISTS).
 */
const REVERSE = /^([a-zA-Z][a-zA-Z0-9]*)\(([a-zA-Z][a-zA-Z0-9]*)\)(?:\.([a-zA-Z][a-zA-Z0-9]*))?$/;

/** The settings a report's conditions name (daysAfter/daysBefore: {setting}). */
export function settingsNamed(measures: ReportMeasure[]): string[] {
  const out = new Set<string>();
  const visit = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    if ('setting' in v && typeof (v as { setting: unknown }).setting === 'string') out.add((v as { setting: string }).setting);
    for (const x of Object.values(v)) visit(x);
  };
  for (const m of measures) visit(m.where);
  return [...out];
}

function condition(entities: EntityMap, entity: ResolvedEntity, where: Record<string, unknown>, settings: Settings): RawBuilder<unknown> {
  const parts = Object.entries(where).map(([k, v]) => {
    const reverse = REVERSE.exec(k);
    if (!reverse) return test(whereColumn(entities, entity, k), v, entities, entity, settings);
    // Some record of that entity names the row and meets the conditions (a 回单 confirmed in time);
    // operands' fields stay the row's.
    const [, name, ref, field] = reverse as unknown as [string, string, string, string | undefined];
    const other = entities[name];
    if (!other) throw new Error(`report of ${entity.name}: unknown entity ${name}`);
    const on = field ? { [field]: v } : (v as Record<string, unknown>);
    const inner = sql.join(Object.entries(on).map(([f, x]) => test(sql.ref(`rv_t.${f}`), x, entities, entity, settings)), sql` and `);
    // The tenant column too: every index of a tenant entity leads with it (server/db/sync.ts), so
    // without it the lookup by reference scans the organisation's records once per row.
    const tenant = other.tenant !== 'none' && other.tenant === entity.tenant ? (other.tenant === 'org' ? 'orgId' : 'corpId') : undefined;
    const scope = tenant ? sql` and ${sql.ref(`rv_t.${tenant}`)} = ${sql.ref(`${entity.table}.${tenant}`)}` : sql``;
    return sql`exists (select 1 from ${sql.table(other.table)} as rv_t where ${sql.ref(`rv_t.${ref}`)} = ${sql.ref(`${entity.table}.${entity.idField}`)}${scope} and ${inner})`;
  });
  return sql.join(parts, sql` and `);
}

function test(col: RawBuilder<unknown> | ReturnType<typeof sql.ref>, v: unknown, entities: EntityMap, entity: ResolvedEntity, settings: Settings): RawBuilder<unknown> {
  if (Array.isArray(v)) return sql`${col} in (${sql.join(v)})`;
  if (v === null) return sql`${col} is null`;
  if (typeof v !== 'object') return sql`${col} = ${v}`;
  const parts: RawBuilder<unknown>[] = [];
  for (const [op, rhs] of Object.entries(v as Record<string, unknown>)) {
    if (op === 'notNull') parts.push(sql`${col} is not null`);
    else if (OPS[op]) parts.push(sql`${col} ${sql.raw(OPS[op])} ${operand(entities, entity, rhs as ReportOperand, settings)}`);
    else throw new Error(`report of ${entity.name}: unknown condition ${op}`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * A condition's column: the row's field, or `reference.field` — that field of the record the
 * reference names (a settlement line counts only when its application was approved).
 */
function whereColumn(entities: EntityMap, entity: ResolvedEntity, key: string): RawBuilder<unknown> {
  const [field, via] = key.split('.') as [string, string | undefined];
  if (!via) return sql`${sql.ref(`${entity.table}.${field}`)}`;
  // The referenced record is left-joined once per reference (hopJoins): two conditions reading the
  // same record cost one lookup, not a subquery each per row.
  return sql`${sql.ref(`hop_${field}.${via}`)}`;
}

/** The references a group's conditions read one hop through (`demandId.requiredArriveTime`). */
function hopFields(measures: ReportMeasure[], hops: { path: string }[]): Set<string> {
  const out = new Set<string>();
  const path = (p: string) => { if (p.includes('.') && !p.includes('(')) out.add(p.split('.')[0]!); };
  const operands = (v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return;
    for (const rhs of Object.values(v)) if (rhs && typeof rhs === 'object' && typeof (rhs as { field?: unknown }).field === 'string') path((rhs as { field: string }).field);
  };
  for (const m of measures) {
    for (const [k, v] of Object.entries(m.where ?? {})) {
      const reverse = REVERSE.exec(k);
      if (!reverse) { path(k); operands(v); continue; }
      if (reverse[3]) operands(v);
      else for (const x of Object.values((v ?? {}) as Record<string, unknown>)) operands(x);
    }
  }
  for (const h of hops) path(h.path);
  return out;
}

function measureExpr(entities: EntityMap, entity: ResolvedEntity, m: ReportMeasure, asOf: string, settings: Settings): RawBuilder<unknown> {
  // `times`: a sum of products (吨公里 = Σ 吨 × 公里); a blank factor adds nothing.
  const col = m.field ? (m.times ? sql`(${sql.ref(`${entity.table}.${m.field}`)} * ${sql.ref(`${entity.table}.${m.times}`)})` : sql.ref(`${entity.table}.${m.field}`)) : undefined;
  const conditions: RawBuilder<unknown>[] = [];
  if (m.where && Object.keys(m.where).length) conditions.push(condition(entities, entity, m.where, settings));
  if (m.window) {
    const [from, to] = windowRange(m.window.period, asOf);
    const f = entity.fields[m.window.field];
    const day = f?.type === 'date' ? sql.ref(`${entity.table}.${m.window.field}`) : sql`(${sql.ref(`${entity.table}.${m.window.field}`)} at time zone 'Asia/Shanghai')::date`;
    conditions.push(sql`${day} between ${from}::date and ${to}::date`);
  }
  let agg: RawBuilder<unknown>;
  switch (m.agg) {
    // with a field: the rows holding it (an average's divisor: a blank value is no zero)
    case 'count': agg = col ? sql`count(${col})` : sql`count(*)`; break;
    case 'countDistinct': agg = sql`count(distinct ${col!})`; break;
    case 'sum': agg = sql`coalesce(sum(${col!}), 0)`; break;
    case 'avg': agg = sql`avg(${col!})`; break;
    case 'min': agg = sql`min(${col!})`; break;
    case 'max': agg = sql`max(${col!})`; break;
  }
  if (conditions.length) {
    const inner = m.agg === 'count' ? (col ? sql`count(${col})` : sql`count(*)`) : m.agg === 'countDistinct' ? sql`count(distinct ${col!})` : sql`${sql.raw(m.agg)}(${col!})`;
    const where = sql.join(conditions, sql` and `);
    agg = m.agg === 'sum' ? sql`coalesce(${inner} filter (where ${where}), 0)` : sql`${inner} filter (where ${where})`;
  }
  return agg;
}

function num(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Groups of one entity's rows: the dimension values and that entity's stored measures. */
/**
 * The report's dimensions, filters and query read through a measure's `fields`: another entity
 * may keep the report's date (or any filter field) under its own name — a contract's 签订日期
 * counts in the month a clue's 创建时间 does.
 */
function mapped(ctx: Parameters<Handler>[0], dimensions: ReportDimension[], map: Record<string, string | null> | undefined) {
  const { filters, fixed, mine } = ctx.entry.options ?? {};
  if (!map || !Object.keys(map).length) return { dimensions, options: { filters, fixed, mine }, query: ctx.query, hops: [] as { path: string; value: unknown }[], none: false };
  // A field mapped to null is one this entity lacks (a payout has no 岗位): by that dimension its
  // rows are blank; a call filtering on it matches none of them.
  const absent = new Set(Object.entries(map).filter(([, v]) => v === null).map(([k]) => k));
  const given = (f: string) => ['', 'Start', 'End'].some((x) => { const v = ctx.query[`${f}${x}`]; return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length); });
  const none = (filters ?? []).some((f) => { const name = typeof f === 'string' ? f : f.field; return absent.has(name) && given(name); });
  const to = (f: string) => map[f] ?? f;
  const query: Record<string, any> = { ...ctx.query };
  for (const f of absent) for (const suffix of ['', 'Start', 'End']) delete query[`${f}${suffix}`];
  for (const [from, target] of Object.entries(map)) {
    if (target === null) continue;
    for (const suffix of ['', 'Start', 'End']) {
      delete query[`${target}${suffix}`];
      if (ctx.query[`${from}${suffix}`] !== undefined) query[`${target}${suffix}`] = ctx.query[`${from}${suffix}`];
    }
  }
  // A filter mapped one reference away (an enquiry's department is its clue's) is an equality
  // condition on that record's field; the list filters read only the row's own fields.
  const hops: { path: string; value: unknown }[] = [];
  const own: NonNullable<typeof filters> = [];
  for (const f of filters ?? []) {
    if (absent.has(typeof f === 'string' ? f : f.field)) continue;
    const field = to(typeof f === 'string' ? f : f.field);
    if (!field.includes('.')) { own.push(typeof f === 'string' ? field : { ...f, field }); continue; }
    const v = query[field];
    if (v !== undefined && v !== null && v !== '') hops.push({ path: field, value: Array.isArray(v) ? v : [v] });
  }
  return {
    dimensions: dimensions.map((d) => ({ ...d, name: d.name ?? d.field, field: to(d.field), absent: absent.has(d.field) })),
    options: { filters: own, fixed: fixed && Object.fromEntries(Object.entries(fixed).map(([k, v]) => [to(k), v])), mine },
    query,
    hops,
    none,
  };
}

async function groupRows(
  ctx: Parameters<Handler>[0], entity: ResolvedEntity, declared: ReportDimension[], measures: ReportMeasure[], settings: Settings,
): Promise<Record<string, unknown>[]> {
  const { dimensions, options, query, hops, none } = mapped(ctx, declared, measures[0]?.fields);
  if (none) return [];
  let qb = filteredQuery(ctx.db, entity, options, query, ctx.session, ctx.entities) as any;
  for (const f of hopFields(measures, hops)) {
    const target = ctx.entities[entity.fields[f]!.ref!]!;
    // Many-to-one by the referenced id: no row is repeated.
    qb = qb.leftJoin(`${target.table} as hop_${f}`, `hop_${f}.${target.idField}`, `${entity.table}.${f}`);
  }
  for (const h of hops) qb = qb.where(condition(ctx.entities, entity, { [h.path]: h.value }, settings));
  qb = viaJoins(ctx.entities, entity, dimensions, qb);
  const asOf = typeof ctx.query.asOf === 'string' && ctx.query.asOf ? ctx.query.asOf : chinaDay();
  const absent = (d: ReportDimension) => (d as { absent?: boolean }).absent === true;
  for (const d of dimensions) qb = qb.select((absent(d) ? sql`null` : dimensionOf(ctx.entities, entity, d)).as(d.name ?? d.field));
  for (const m of measures) qb = qb.select(measureExpr(ctx.entities, entity, m, asOf, settings).as(m.name));
  const grouped = dimensions.filter((d) => !absent(d));
  if (grouped.length) {
    const exprs = grouped.map((d) => dimensionOf(ctx.entities, entity, d));
    qb = qb.groupBy(exprs).orderBy(exprs[0]!);
    for (const e of exprs.slice(1)) qb = qb.orderBy(e);
  }
  return (await qb.execute()) as Record<string, unknown>[];
}

const compareDim = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1;
};

/**
 * Runs a report definition; exported for named report handlers that add their own filters.
 * A measure may aggregate another entity that shares the report's dimension and filter fields
 * (`entity`: income beside cost, a ledger kept in two tables): each entity is grouped once and
 * the groups are joined on the dimension values. `ratio` and `diff` are computed afterwards.
 */
export async function runReport(
  ctx: Parameters<Handler>[0], entity: ResolvedEntity, report: ReportDef, dims: string[],
): Promise<Record<string, unknown>> {
  const dimensions = report.dimensions.filter((d) => dims.includes(d.name ?? d.field));
  const derived = (m: ReportMeasure) => Boolean(m.ratio || m.diff);
  const stored = report.measures.filter((m) => !derived(m));
  // avg needs its sum and count to be summarised correctly
  const helpers = stored.filter((m) => m.agg === 'avg').flatMap((m) => [
    { name: `${m.name}HelperSum`, title: '', agg: 'sum' as const, field: m.field, times: m.times, where: m.where, entity: m.entity, fields: m.fields },
    { name: `${m.name}HelperCount`, title: '', agg: 'count' as const, field: m.field, times: m.times, where: { ...(m.where ?? {}) }, entity: m.entity, fields: m.fields },
  ]);
  // One GROUP BY per entity and field mapping (the same entity may count by two dates).
  const sourceKey = (m: ReportMeasure) => `${m.entity ?? entity.name}|${JSON.stringify(m.fields ?? {})}`;
  const bySource = new Map<string, ReportMeasure[]>();
  for (const m of [...stored, ...helpers]) bySource.set(sourceKey(m), [...(bySource.get(sourceKey(m)) ?? []), m]);
  if (!bySource.size) bySource.set(`${entity.name}|{}`, []);
  const keyOf = (r: Record<string, unknown>) => JSON.stringify(dimensions.map((d) => r[d.name ?? d.field] ?? null));
  const merged = new Map<string, Record<string, unknown>>();
  const named = settingsNamed(report.measures);
  const settings: Settings = named.length && ctx.session ? await getSettings(ctx.db, ctx.session.orgId) : {};
  for (const [key, measures] of bySource) {
    const name = key.slice(0, key.indexOf('|'));
    const source = name === entity.name ? entity : ctx.entities[name];
    if (!source) throw new Error(`report of ${entity.name}: unknown entity ${name}`);
    for (const r of await groupRows(ctx, source, dimensions, measures, settings)) {
      const key = keyOf(r);
      const out = merged.get(key) ?? Object.fromEntries(dimensions.map((d) => [d.name ?? d.field, r[d.name ?? d.field] ?? null]));
      for (const m of measures) out[m.name] = num(r[m.name]);
      merged.set(key, out);
    }
  }
  // A group one entity lacks holds none of its rows: its counts and sums are 0.
  const rows = [...merged.values()].map((r) => {
    for (const m of [...stored, ...helpers]) if (!(m.name in r)) r[m.name] = m.agg === 'count' || m.agg === 'countDistinct' || m.agg === 'sum' ? 0 : null;
    return r;
  });
  if (bySource.size > 1) {
    rows.sort((a, b) => {
      for (const d of dimensions) {
        const c = compareDim(a[d.name ?? d.field], b[d.name ?? d.field]);
        if (c) return c;
      }
      return 0;
    });
  }
  const summary: Record<string, unknown> = {};
  for (const m of stored) {
    const values = rows.map((r) => r[m.name] as number | null).filter((v): v is number => v !== null);
    if (m.agg === 'count' || m.agg === 'sum') summary[m.name] = values.reduce((a, b) => a + b, 0);
    else if (m.agg === 'min') summary[m.name] = values.length ? Math.min(...values) : null;
    else if (m.agg === 'max') summary[m.name] = values.length ? Math.max(...values) : null;
    else if (m.agg === 'avg') {
      const s = rows.reduce((a, r) => a + ((r[`${m.name}HelperSum`] as number) ?? 0), 0);
      const n = rows.reduce((a, r) => a + ((r[`${m.name}HelperCount`] as number) ?? 0), 0);
      summary[m.name] = n ? s / n : null;
    } else summary[m.name] = dimensions.length ? null : values[0] ?? null;
  }
  const compute = (target: Record<string, unknown>, m: ReportMeasure) => {
    const [x, y] = (m.ratio ?? m.diff)!;
    const a = num(target[x]);
    const b = num(target[y]);
    if (m.diff) target[m.name] = a === null && b === null ? null : Math.round(((a ?? 0) - (b ?? 0)) * 1e6) / 1e6;
    else target[m.name] = a === null || !b ? null : a / b;
  };
  // In declared order, so a ratio may use a difference declared before it (毛利率 = 毛利 ÷ 收入).
  for (const m of report.measures.filter(derived)) {
    for (const r of rows) compute(r, m);
    compute(summary, m);
  }
  for (const r of rows) for (const h of helpers) delete r[h.name];
  const fieldOf = (d: ReportDimension) => (d.via ? ctx.entities[entity.fields[d.field]!.ref!]?.fields[d.via] : entity.fields[d.field]);
  const refDims = Object.fromEntries(dimensions.filter((d) => fieldOf(d)?.type === 'reference').map((d) => [d.name ?? d.field, fieldOf(d)!]));
  const refs = Object.keys(refDims).length ? await fetchTitles(ctx.db, ctx.session, ctx.entities, collectIds({ ...entity, fields: refDims } as ResolvedEntity, rows)) : {};
  return {
    rows,
    summary,
    dimensions: dimensions.map((d) => {
      const f = fieldOf(d);
      const name = d.name ?? d.field;
      return { name, field: d.field, title: d.title ?? f?.title ?? d.field, granularity: d.granularity ?? null, type: f?.type ?? 'datetime', enum: f?.enum ?? null, ref: f?.ref ?? null,
        ...(f?.type === 'region' ? { labels: regionLabels(rows.map((r) => r[name]), d.granularity === 'province') } : {}) };
    }),
    measures: report.measures.map((m) => ({ name: m.name, title: m.title, format: m.format ?? (m.ratio ? 'percent' : m.agg === 'count' || m.agg === 'countDistinct' ? 'integer' : 'decimal') })),
    refs,
  };
}

/** Region codes (or "a→b" routes of them) as the names people read: 上海市, 江苏省/苏州市, 上海市→浙江省. */
function regionLabels(values: unknown[], province: boolean): Record<string, string> {
  const one = (code: string) => {
    const label = code ? regionLabel(code) : undefined;
    return (province ? label?.split('/')[0] : label) ?? (code || '未知');
  };
  const out: Record<string, string> = {};
  for (const v of values) if (typeof v === 'string' && !(v in out)) out[v] = v.split('→').map(one).join('→');
  return out;
}

export const reportHandler: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const report = ctx.entry.options?.report;
  if (!report) throw new Error(`entry ${ctx.entry.id}: crud.report without options.report`);
  const requested = Array.isArray(ctx.query.dims) && ctx.query.dims.length ? (ctx.query.dims as string[]) : [report.dimensions[0]!.name ?? report.dimensions[0]!.field];
  const result = await runReport(ctx, entity, report, requested);
  if (ctx.query.export === true || ctx.query.export === 'true') return sendReportWorkbook(ctx, entity, result);
  return result;
};

/** The report as a spreadsheet: dimension labels, measures, and the summary row. */
export async function sendReportWorkbook(ctx: Parameters<Handler>[0], entity: ResolvedEntity, result: Record<string, any>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(entity.title);
  const dims = result.dimensions as { name: string; title: string; enum: string | null; ref: string | null }[];
  const measures = result.measures as { name: string; title: string; format: string }[];
  sheet.columns = [...dims.map((d) => ({ header: d.title, key: d.name, width: 18 })), ...measures.map((m) => ({ header: m.title, key: m.name, width: 14, style: { numFmt: m.format === 'percent' ? '0.00%' : m.format === 'money' ? '#,##0.00' : m.format === 'integer' ? '0' : '0.00' } }))];
  sheet.getRow(1).font = { bold: true };
  const label = (d: (typeof dims)[number] & { labels?: Record<string, string> }, v: unknown) => (v === null || v === undefined ? '' : d.labels?.[String(v)] ?? (d.enum ? enumLabel(d.enum, v) ?? String(v) : d.ref ? result.refs?.[d.ref]?.[String(v)] ?? String(v) : String(v)));
  for (const r of result.rows as Record<string, unknown>[]) sheet.addRow([...dims.map((d) => label(d, r[d.name])), ...measures.map((m) => r[m.name] ?? null)]);
  const total = sheet.addRow([...dims.map((_, i) => (i === 0 ? '合计' : '')), ...measures.map((m) => result.summary[m.name] ?? null)]);
  total.font = { bold: true };
  const name = exportFileName((ctx.entry.summary ?? entity.title).replace(/[\\/:*?"<>|]/g, '_'));
  ctx.reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  ctx.reply.header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  ctx.reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
  return REPLIED;
}
