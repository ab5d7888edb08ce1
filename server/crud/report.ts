/**
 * A declared report (dimensions × measures over one entity) becomes one tenant-scoped,
 * permission-checked GROUP BY: the same filters as the entity's lists, date dimensions bucketed
 * by day, month or year in China Standard Time, conditional measures as FILTER clauses, ratios
 * computed from the aggregates. The summary row is derived from the groups, not queried again.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReportDef, ReportMeasure } from '../../schemas/src/catalogue';
import type { ResolvedEntity } from '../schema/types';
import ExcelJS from 'exceljs';
import { REPLIED, requireEntity, type Handler } from './context';
import { enumLabel } from '../schema/load';
import { exportFileName } from './excel';
import { filteredQuery } from './query';
import { collectIds, fetchTitles } from './refs';

const FORMATS: Record<string, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

function dimensionExpr(entity: ResolvedEntity, field: string, granularity?: string): RawBuilder<unknown> {
  const col = sql.ref(`${entity.table}.${field}`);
  const f = entity.fields[field];
  const isTime = field === 'createdAt' || field === 'updatedAt' || f?.type === 'datetime';
  if (granularity) {
    // Literal formats: a bound parameter would make each occurrence a different expression to GROUP BY.
    const fmt = sql.lit(FORMATS[granularity]!);
    return isTime
      ? sql`to_char(${col} at time zone 'Asia/Shanghai', ${fmt})`
      : sql`to_char(${col}, ${fmt})`;
  }
  return sql`${col}`;
}

function condition(entity: ResolvedEntity, where: Record<string, unknown>): RawBuilder<unknown> {
  const parts = Object.entries(where).map(([k, v]) => {
    const col = sql.ref(`${entity.table}.${k}`);
    return Array.isArray(v) ? sql`${col} in (${sql.join(v)})` : v === null ? sql`${col} is null` : sql`${col} = ${v}`;
  });
  return sql.join(parts, sql` and `);
}

function measureExpr(entity: ResolvedEntity, m: ReportMeasure): RawBuilder<unknown> {
  const col = m.field ? sql.ref(`${entity.table}.${m.field}`) : undefined;
  let agg: RawBuilder<unknown>;
  switch (m.agg) {
    case 'count': agg = sql`count(*)`; break;
    case 'countDistinct': agg = sql`count(distinct ${col!})`; break;
    case 'sum': agg = sql`coalesce(sum(${col!}), 0)`; break;
    case 'avg': agg = sql`avg(${col!})`; break;
    case 'min': agg = sql`min(${col!})`; break;
    case 'max': agg = sql`max(${col!})`; break;
  }
  if (m.where && Object.keys(m.where).length) {
    const inner = m.agg === 'count' ? sql`count(*)` : m.agg === 'countDistinct' ? sql`count(distinct ${col!})` : sql`${sql.raw(m.agg)}(${col!})`;
    agg = m.agg === 'sum' ? sql`coalesce(${inner} filter (where ${condition(entity, m.where)}), 0)` : sql`${inner} filter (where ${condition(entity, m.where)})`;
  }
  return agg;
}

function num(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Runs a report definition; exported for named report handlers that add their own filters. */
export async function runReport(
  ctx: Parameters<Handler>[0], entity: ResolvedEntity, report: ReportDef, dims: string[],
): Promise<Record<string, unknown>> {
  const dimensions = report.dimensions.filter((d) => dims.includes(d.name ?? d.field));
  const stored = report.measures.filter((m) => !m.ratio);
  // avg needs its sum and count to be summarised correctly
  const helpers = stored.filter((m) => m.agg === 'avg').flatMap((m) => [
    { name: `${m.name}HelperSum`, title: '', agg: 'sum' as const, field: m.field, where: m.where },
    { name: `${m.name}HelperCount`, title: '', agg: 'count' as const, where: { ...(m.where ?? {}) } },
  ]);
  let qb = filteredQuery(ctx.db, entity, { filters: ctx.entry.options?.filters, fixed: ctx.entry.options?.fixed }, ctx.query, ctx.session) as any;
  for (const d of dimensions) qb = qb.select(dimensionExpr(entity, d.field, d.granularity).as(d.name ?? d.field));
  for (const m of [...stored, ...helpers]) qb = qb.select(measureExpr(entity, m).as(m.name));
  if (dimensions.length) {
    const exprs = dimensions.map((d) => dimensionExpr(entity, d.field, d.granularity));
    qb = qb.groupBy(exprs).orderBy(exprs[0]!);
    for (const e of exprs.slice(1)) qb = qb.orderBy(e);
  }
  const raw = (await qb.execute()) as Record<string, unknown>[];
  const rows = raw.map((r) => {
    const out: Record<string, unknown> = {};
    for (const d of dimensions) out[d.name ?? d.field] = r[d.name ?? d.field] ?? null;
    for (const m of stored) out[m.name] = num(r[m.name]);
    for (const h of helpers) out[h.name] = num(r[h.name]);
    return out;
  });
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
  const ratio = (target: Record<string, unknown>, m: ReportMeasure) => {
    const a = num(target[m.ratio![0]]);
    const b = num(target[m.ratio![1]]);
    target[m.name] = a === null || !b ? null : a / b;
  };
  for (const m of report.measures.filter((x) => x.ratio)) {
    for (const r of rows) ratio(r, m);
    ratio(summary, m);
  }
  for (const r of rows) for (const h of helpers) delete r[h.name];
  const refDims = Object.fromEntries(dimensions.filter((d) => entity.fields[d.field]?.type === 'reference').map((d) => [d.name ?? d.field, entity.fields[d.field]!]));
  const refs = Object.keys(refDims).length ? await fetchTitles(ctx.db, ctx.session, ctx.entities, collectIds({ ...entity, fields: refDims } as ResolvedEntity, rows)) : {};
  return {
    rows,
    summary,
    dimensions: dimensions.map((d) => {
      const f = entity.fields[d.field];
      return { name: d.name ?? d.field, field: d.field, title: d.title ?? f?.title ?? d.field, granularity: d.granularity ?? null, type: f?.type ?? 'datetime', enum: f?.enum ?? null, ref: f?.ref ?? null };
    }),
    measures: report.measures.map((m) => ({ name: m.name, title: m.title, format: m.format ?? (m.ratio ? 'percent' : m.agg === 'count' || m.agg === 'countDistinct' ? 'integer' : 'decimal') })),
    refs,
  };
}

export const reportHandler: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const report = ctx.entry.options?.report;
  if (!report) throw new Error(`entry ${ctx.entry.id}: crud.report without options.report`);
  const requested = Array.isArray(ctx.query.dims) && ctx.query.dims.length ? (ctx.query.dims as string[]) : [report.dimensions[0]!.name ?? report.dimensions[0]!.field];
  const result = await runReport(ctx, entity, report, requested);
  if (ctx.query.export === true || ctx.query.export === 'true') return sendWorkbook(ctx, entity, result);
  return result;
};

/** The report as a spreadsheet: dimension labels, measures, and the summary row. */
async function sendWorkbook(ctx: Parameters<Handler>[0], entity: ResolvedEntity, result: Record<string, any>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(entity.title);
  const dims = result.dimensions as { name: string; title: string; enum: string | null; ref: string | null }[];
  const measures = result.measures as { name: string; title: string; format: string }[];
  sheet.columns = [...dims.map((d) => ({ header: d.title, key: d.name, width: 18 })), ...measures.map((m) => ({ header: m.title, key: m.name, width: 14, style: { numFmt: m.format === 'percent' ? '0.00%' : m.format === 'money' ? '#,##0.00' : m.format === 'integer' ? '0' : '0.00' } }))];
  sheet.getRow(1).font = { bold: true };
  const label = (d: (typeof dims)[number], v: unknown) => (v === null || v === undefined ? '' : d.enum ? enumLabel(d.enum, v) ?? String(v) : d.ref ? result.refs?.[d.ref]?.[String(v)] ?? String(v) : String(v));
  for (const r of result.rows as Record<string, unknown>[]) sheet.addRow([...dims.map((d) => label(d, r[d.name])), ...measures.map((m) => r[m.name] ?? null)]);
  const total = sheet.addRow([...dims.map((_, i) => (i === 0 ? '合计' : '')), ...measures.map((m) => result.summary[m.name] ?? null)]);
  total.font = { bold: true };
  const name = exportFileName((ctx.entry.summary ?? entity.title).replace(/[\\/:*?"<>|]/g, '_'));
  ctx.reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  ctx.reply.header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  ctx.reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
  return REPLIED;
}
