/**
 * Which suppliers may be evaluated (seed `supplier/can-evaluate/list`, DOMAIN §3.1 choice): a
 * supplier whose quote was chosen (enquiryQuote 15 已中选) in an enquiry, or that carried a
 * settled schedule (transportSchedule 45 已结算), and that has no evaluation for that source yet.
 * The enquiry and dispatch entities belong to other areas: a source whose entity is not
 * defined in this build yields no candidates (and so allows no evaluation).
 */
import type { HookContext } from '../hooks/types';

export const QUOTE_CHOSEN = 15;
export const SCHEDULE_SETTLED = 45;

export interface Candidate { supplierId: number; supplierName: string; enquiryId: number | null; scheduleId: number | null; source: string }

type Ctx = Pick<HookContext, 'q' | 'entities'>;

export async function evaluationSourceAllowed(ctx: Ctx, supplierId: number, enquiryId: number | null, scheduleId: number | null): Promise<boolean> {
  if (enquiryId) {
    if (!ctx.entities.enquiryQuote) return false;
    return !!(await ctx.q.select('enquiryQuote').select('supplierId').where('enquiryId', '=', enquiryId).where('supplierId', '=', supplierId)
      .where('quoteStatus', '=', QUOTE_CHOSEN).limit(1).executeTakeFirst());
  }
  if (scheduleId) {
    if (!ctx.entities.transportSchedule) return false;
    return !!(await ctx.q.select('transportSchedule').select('supplierId').where('scheduleId', '=', scheduleId).where('supplierId', '=', supplierId)
      .where('scheduleStatus', '=', SCHEDULE_SETTLED).limit(1).executeTakeFirst());
  }
  return false;
}

export async function evaluationCandidates(ctx: Ctx, filter: { supplierId?: number; enquiryId?: number; scheduleId?: number }): Promise<Candidate[]> {
  const pairs: { supplierId: number; enquiryId: number | null; scheduleId: number | null; source: string }[] = [];
  if (ctx.entities.enquiryQuote && !filter.scheduleId) {
    let q = ctx.q.select('enquiryQuote').select(['supplierId', 'enquiryId']).distinct().where('quoteStatus', '=', QUOTE_CHOSEN);
    if (filter.supplierId) q = q.where('supplierId', '=', filter.supplierId);
    if (filter.enquiryId) q = q.where('enquiryId', '=', filter.enquiryId);
    for (const r of (await q.limit(500).execute()) as { supplierId: number; enquiryId: number }[]) pairs.push({ supplierId: r.supplierId, enquiryId: r.enquiryId, scheduleId: null, source: '询价中选' });
  }
  if (ctx.entities.transportSchedule && !filter.enquiryId) {
    let q = ctx.q.select('transportSchedule').select(['supplierId', 'scheduleId']).where('scheduleStatus', '=', SCHEDULE_SETTLED).where('supplierId', 'is not', null);
    if (filter.supplierId) q = q.where('supplierId', '=', filter.supplierId);
    if (filter.scheduleId) q = q.where('scheduleId', '=', filter.scheduleId);
    for (const r of (await q.limit(500).execute()) as { supplierId: number; scheduleId: number }[]) pairs.push({ supplierId: r.supplierId, enquiryId: null, scheduleId: r.scheduleId, source: '调度结算' });
  }
  if (!pairs.length) return [];
  const supplierIds = [...new Set(pairs.map((p) => p.supplierId))];
  const done = (await ctx.q.select('supplierEvaluation').select(['supplierId', 'enquiryId', 'scheduleId']).where('supplierId', 'in', supplierIds).execute()) as { supplierId: number; enquiryId: number | null; scheduleId: number | null }[];
  const key = (p: { supplierId: number; enquiryId: number | null; scheduleId: number | null }) => `${p.supplierId}:${p.enquiryId ?? ''}:${p.scheduleId ?? ''}`;
  const evaluated = new Set(done.map(key));
  const names = new Map(((await ctx.q.select('supplier').select(['supplierId', 'name']).where('supplierId', 'in', supplierIds).execute()) as { supplierId: number; name: string }[]).map((s) => [s.supplierId, s.name]));
  return pairs.filter((p) => !evaluated.has(key(p)) && names.has(p.supplierId)).map((p) => ({ ...p, supplierName: names.get(p.supplierId)! }));
}
