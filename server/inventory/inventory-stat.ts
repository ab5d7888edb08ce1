/**
 * 工时统计 (DOMAIN §7 R12): the work records of each person and day joined with the holiday
 * calendar. The overtime of a day depends on the whole day, not on one record, so this is not a
 * plain GROUP BY: the hours are summed per person and day first, the day's type is read from the
 * organisation's 节假日日历 (系统管理; a day it lacks from `chinese-days` through the same
 * generator), and 劳动法 第四十四条 splits them — 工作日/调休上班 hours over 8 → 150 %, 休息日 → 200 %,
 * 法定节假日 → 300 % — before the days are grouped by the chosen dimensions. It answers the shape
 * of a declared report (rows, summary, dimensions, measures, refs) so the report screen, its
 * chart and its Excel export work unchanged.
 */
import { sql } from 'kysely';
import { requireEntity, requireSession, type Handler } from '../crud/context';
import { filteredQuery } from '../crud/query';
import { collectIds, fetchTitles } from '../crud/refs';
import { scopedQueries } from '../crud/scope';
import { sendReportWorkbook } from '../crud/report';
import { calendarOf, DAY_TYPE } from '../admin/holidays';
import type { ResolvedEntity } from '../schema/types';

type Row = Record<string, any>;

export interface DayHours { normalHours: number; overtime150: number; overtime200: number; overtime300: number; paidHours: number }

const r2 = (n: number) => Math.round(n * 100) / 100;

/** 劳动法 第四十四条: how one person's hours of one day split by the day's type. */
export function splitDay(hours: number, dayType: number): DayHours {
  const h = r2(hours);
  const out = { normalHours: 0, overtime150: 0, overtime200: 0, overtime300: 0, paidHours: 0 };
  if (dayType === DAY_TYPE.restday) out.overtime200 = h;
  else if (dayType === DAY_TYPE.statutory) out.overtime300 = h;
  else { out.normalHours = Math.min(h, 8); out.overtime150 = r2(Math.max(0, h - 8)); }
  out.paidHours = r2(out.normalHours + out.overtime150 * 1.5 + out.overtime200 * 2 + out.overtime300 * 3);
  return out;
}

/** The day types of the organisation's calendar between two days, completed from the generator. */
export async function dayTypes(ctx: Parameters<Handler>[0], days: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!days.length) return out;
  const sorted = [...days].sort();
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  const rows = (await q.select('holidayCalendar').select(['holiday_calendar.day', 'holiday_calendar.dayType'] as any)
    .where('holiday_calendar.day', '>=', sorted[0]!).where('holiday_calendar.day', '<=', sorted[sorted.length - 1]!).execute()) as Row[];
  for (const r of rows) out.set(typeof r.day === 'string' ? r.day.slice(0, 10) : new Date(r.day).toISOString().slice(0, 10), Number(r.dayType));
  const years = new Set(days.filter((d) => !out.has(d)).map((d) => Number(d.slice(0, 4))));
  for (const y of years) for (const c of calendarOf(y)) if (!out.has(c.day)) out.set(c.day, c.dayType);
  return out;
}

const MEASURES = [
  { name: 'days', title: '出勤天数', format: 'integer' },
  { name: 'hours', title: '工时(小时)', format: 'decimal' },
  { name: 'normalHours', title: '正常工时', format: 'decimal' },
  { name: 'overtime150', title: '加班(150%)', format: 'decimal' },
  { name: 'overtime200', title: '休息日加班(200%)', format: 'decimal' },
  { name: 'overtime300', title: '法定节假日加班(300%)', format: 'decimal' },
  { name: 'paidHours', title: '折算工时(按倍率)', format: 'decimal' },
] as const;

const DIMS: Record<string, { title: string; type: string; enum: string | null; ref: string | null; granularity: string | null; key: (d: { staffId: number; day: string; dayType: number }) => unknown }> = {
  staffId: { title: '员工', type: 'reference', enum: null, ref: 'staff', granularity: null, key: (d) => d.staffId },
  day: { title: '日期', type: 'date', enum: null, ref: null, granularity: 'day', key: (d) => d.day },
  month: { title: '月份', type: 'date', enum: null, ref: null, granularity: 'month', key: (d) => d.day.slice(0, 7) },
  dayType: { title: '日历类型', type: 'enum', enum: 'dayType', ref: null, granularity: null, key: (d) => d.dayType },
};

const workTime: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const requested = (Array.isArray(ctx.query.dims) && ctx.query.dims.length ? (ctx.query.dims as string[]) : ['staffId']).filter((d) => d in DIMS).slice(0, 3);
  const dims = requested.length ? requested : ['staffId'];
  const t = entity.table;
  const perDay = (await (filteredQuery(ctx.db, entity, { filters: ctx.entry.options?.filters }, ctx.query, ctx.session, ctx.entities) as any)
    .select([sql.ref(`${t}.staffId`).as('staffId'), sql`to_char(${sql.ref(`${t}.workDate`)}, 'YYYY-MM-DD')`.as('day'), sql`sum(${sql.ref(`${t}.hours`)})`.as('hours')])
    .groupBy([sql.ref(`${t}.staffId`), sql`to_char(${sql.ref(`${t}.workDate`)}, 'YYYY-MM-DD')`])
    .execute()) as Row[];
  const types = await dayTypes(ctx, [...new Set(perDay.map((r) => String(r.day)))]);
  const groups = new Map<string, Row>();
  for (const r of perDay) {
    const d = { staffId: Number(r.staffId), day: String(r.day), dayType: types.get(String(r.day)) ?? DAY_TYPE.workday };
    const split = splitDay(Number(r.hours), d.dayType);
    const keyVals = dims.map((k) => DIMS[k]!.key(d));
    const key = JSON.stringify(keyVals);
    const g = groups.get(key) ?? { ...Object.fromEntries(dims.map((k, i) => [k, keyVals[i]])), days: 0, hours: 0, normalHours: 0, overtime150: 0, overtime200: 0, overtime300: 0, paidHours: 0 };
    g.days += 1;
    g.hours = r2(g.hours + Number(r.hours));
    for (const m of ['normalHours', 'overtime150', 'overtime200', 'overtime300', 'paidHours'] as const) g[m] = r2(g[m] + split[m]);
    groups.set(key, g);
  }
  const rows = [...groups.values()].sort((a, b) => {
    for (const k of dims) { if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1; }
    return 0;
  });
  const summary = Object.fromEntries(MEASURES.map((m) => [m.name, r2(rows.reduce((s, r) => s + Number(r[m.name]), 0))]));
  const refs = dims.includes('staffId')
    ? await fetchTitles(ctx.db, ctx.session, ctx.entities, collectIds({ ...entity, fields: { staffId: entity.fields.staffId! } } as ResolvedEntity, rows))
    : {};
  const result = {
    rows, summary, refs,
    dimensions: dims.map((k) => ({ name: k, field: k === 'staffId' ? 'staffId' : 'workDate', title: DIMS[k]!.title, granularity: DIMS[k]!.granularity, type: DIMS[k]!.type, enum: DIMS[k]!.enum, ref: DIMS[k]!.ref })),
    measures: MEASURES.map((m) => ({ ...m })),
  };
  if (ctx.query.export === true || ctx.query.export === 'true') return sendReportWorkbook(ctx, entity, result);
  return result;
};

export const inventoryStatHandlers: Record<string, Handler> = { 'inventoryStat.workTime': workTime };
