/**
 * 工时记录 (DOMAIN §3.5 workRecord) written from the documents a crew works on: an accepted
 * 入库单's `workers` and a 出库单's `workPostRatio`. One row per person and document carries what
 * the workload statistic (R11) sums — the document's tonnage and pieces, the person's post ratio
 * (a delivery's own ratio, else the configured 岗位系数 of that post and 作业类型), 系数工作量 =
 * 吨 × 系数 (each worker is credited the whole document, not a share) and 点数 from the
 * 作业计量标准 of the operation (入库 卸车, 出库 装车) — and the hours the work-time statistic (R12)
 * reads. The rows of a document are rebuilt whenever it changes and removed when it is voided,
 * so the statistics follow edits of the crew or the ratios.
 */
import type { HookContext } from '../hooks/types';

type Row = Record<string, any>;

export const WORK_DOC = { inStorage: 1, delivery: 2, transship: 3 } as const;
/** workOperation per 作业类型: 入库 卸车, 出库 装车, 转运 倒运. */
const OPERATION: Record<number, number> = { 1: 1, 2: 2, 3: 3 };

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
/** yyyy-MM-dd in China of an instant. */
export const chinaDate = (v: unknown): string | null => {
  if (blank(v)) return null;
  const t = new Date(String(v)).getTime();
  return Number.isFinite(t) ? new Date(t + 8 * 3600_000).toISOString().slice(0, 10) : null;
};

/**
 * The instant a crew's time means. The forms write a time of day (HH:mm:ss, the designer's time
 * widget): it is that time in China on the document's day (`day`, yyyy-MM-dd). A full datetime
 * (records saved before) is read as written; without a zone it is China time too.
 */
export function workMoment(v: unknown, day: string | null): Date | null {
  if (blank(v)) return null;
  const text = String(v).trim();
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(text)) return day ? new Date(`${day}T${text.length === 5 ? `${text}:00` : text}+08:00`) : null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text);
  const t = m ? new Date(`${m[1]}T${m[2]}+08:00`) : new Date(text);
  return Number.isFinite(t.getTime()) ? t : null;
}

/** Hours between two instants, 2 decimals; blank, reversed or over a day gives 0. */
export function hoursBetween(startAt: unknown, endAt: unknown): string {
  if (blank(startAt) || blank(endAt)) return '0.00';
  const ms = new Date(endAt as string | Date).getTime() - new Date(startAt as string | Date).getTime();
  if (!Number.isFinite(ms) || ms <= 0 || ms > 24 * 3600_000) return '0.00';
  return (Math.round(ms / 36_000) / 100).toFixed(2);
}

interface Worker { staffId: number; post: number | null; ratio: number | null; startAt: unknown; endAt: unknown }

async function postRatios(ctx: HookContext, docType: number): Promise<Map<number, number>> {
  const rows = (await ctx.q.select('workPostRatio').selectAll().where('work_post_ratio.docType', '=', docType).execute()) as Row[];
  return new Map(rows.map((r) => [Number(r.post), Number(r.ratio)]));
}

/** 点数 of a document: Σ over the operation's standards of quantity in its unit × points per unit. */
async function pointsOf(ctx: HookContext, docType: number, tonnage: number, pieces: number): Promise<number> {
  const rows = (await ctx.q.select('workRatio').selectAll().where('work_ratio.operation', '=', OPERATION[docType]!).execute()) as Row[];
  return rows.reduce((s, r) => s + Number(r.pointsPerUnit) * (Number(r.unit) === 1 ? tonnage : Number(r.unit) === 2 ? pieces : 1), 0);
}

/**
 * Replaces the work records of one document by those of its crew (none: just removes them).
 * `fresh`: the document was created in this transaction, so it has none to remove yet.
 */
export async function syncWorkRecords(
  ctx: HookContext,
  doc: { docType: number; docId: number; docNo?: string | null; at: unknown; totalWeightKg: unknown; pieces: unknown },
  workers: Worker[],
  opts: { fresh?: boolean } = {},
): Promise<void> {
  if (!opts.fresh) await ctx.q.delete('workRecord').where('work_record.docType', '=', doc.docType).where('work_record.docId', '=', doc.docId).execute();
  const people = workers.filter((w) => Number.isSafeInteger(w.staffId) && w.staffId > 0);
  if (!people.length) return;
  const tonnage = Math.round(Number(doc.totalWeightKg ?? 0)) / 1000;
  const pieces = Number(doc.pieces ?? 0);
  const ratios = await postRatios(ctx, doc.docType);
  const points = Math.round((await pointsOf(ctx, doc.docType, tonnage, pieces)) * 100) / 100;
  const day = chinaDate(doc.at) ?? chinaDate(new Date())!;
  await ctx.q.insert('workRecord', people.map((w) => {
    const ratio = w.ratio ?? (w.post !== null ? ratios.get(w.post) : undefined) ?? 1;
    const startAt = workMoment(w.startAt, day);
    const endAt = workMoment(w.endAt, day);
    return {
      staffId: w.staffId, post: w.post, docType: doc.docType, docId: doc.docId, docNo: doc.docNo ?? null,
      workDate: chinaDate(startAt) ?? day,
      startAt, endAt,
      hours: startAt && endAt ? hoursBetween(startAt, endAt) : '0.00',
      tonnage: tonnage.toFixed(3), pieces, ratio: ratio.toFixed(2),
      weightedLoad: (Math.round(tonnage * ratio * 1000) / 1000).toFixed(3), points: points.toFixed(2),
    };
  }));
}

/** An 入库单's `workers` `[{staffId, post, startAt, endAt}]`. */
export const inStorageWorkers = (v: unknown): Worker[] =>
  (Array.isArray(v) ? v : []).map((w: Row) => ({ staffId: Number(w?.staffId), post: blank(w?.post) ? null : Number(w.post), ratio: null, startAt: w?.startAt, endAt: w?.endAt }));

/** A 出库单's `workPostRatio` `[{post, ratio, staffIds, startAt, endAt}]`: one worker per staff id. */
export const deliveryWorkers = (v: unknown): Worker[] =>
  (Array.isArray(v) ? v : []).flatMap((g: Row) => (Array.isArray(g?.staffIds) ? g.staffIds : []).map((id: unknown) => ({
    staffId: Number(id), post: blank(g.post) ? null : Number(g.post), ratio: blank(g.ratio) ? null : Number(g.ratio), startAt: g.startAt, endAt: g.endAt,
  })));
