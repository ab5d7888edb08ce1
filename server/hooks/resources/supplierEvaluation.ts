/**
 * Supplier evaluations (DOMAIN §3.1): one per supplier and source (an awarded quote of an
 * enquiry, or a settled schedule); the supplier's rating is the average score.
 */
import { sql } from 'kysely';
import { defineHooks } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { evaluationSourceAllowed } from '../../resources/evaluation';

export const supplierEvaluationHooks = defineHooks('supplierEvaluation', {
  async validate(ctx, r, prev) {
    if (prev) throw conflict('评价提交后不能修改');
    const sources = [r.enquiryId, r.scheduleId].filter((v) => v !== null && v !== undefined);
    if (sources.length !== 1) throw badRequest('请选择询价单或调度单之一作为评价来源', { field: 'enquiryId' });
    const supplier = await ctx.q.get('supplier', Number(r.supplierId));
    if (!supplier) return; // the reference check answers this one
    if (!(await evaluationSourceAllowed(ctx, Number(r.supplierId), r.enquiryId ?? null, r.scheduleId ?? null))) {
      throw badRequest(r.enquiryId ? '该供应商在此询价中没有中选的报价，不能评价' : '该调度单尚未结算或不是该供应商承运，不能评价', { field: r.enquiryId ? 'enquiryId' : 'scheduleId' });
    }
  },
  beforeSave(ctx, values) {
    values.evaluatorStaffId = ctx.session?.staffId ?? null;
  },
  async afterSave(ctx, row) {
    const avg = (await ctx.q.select('supplierEvaluation').select(sql<string>`round(avg(score)::numeric, 1)`.as('avg'))
      .where('supplierId', '=', row.supplierId).executeTakeFirst()) as { avg: string | null };
    await ctx.q.update('supplier').set({ rating: avg.avg }).where('supplierId', '=', row.supplierId).execute();
  },
});
