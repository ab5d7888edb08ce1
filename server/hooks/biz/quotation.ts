/**
 * Customer quotations (对客报价): cost from the awarded enquiry, amounts without tax and the
 * margin derived; editable until submitted; the result is set only once approved and moves
 * the technical plan. Approval (bizType 18) and its margin-alert node come from the process
 * template; a won quotation's income-contract draft is the contracts area's effect.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { cents, userChanges, yuan } from './util';

type Row = Record<string, any>;

/** Awarded quotes of the enquiry, without their tax: the cost basis offered to the quotation. */
async function awardedCost(ctx: HookContext, enquiryId: number): Promise<string | null> {
  const won = await ctx.q.select('enquiryQuote').select(['amount', 'taxRate']).where('enquiryId', '=', enquiryId).where('quoteStatus', '=', 15).execute() as Row[];
  if (!won.length) return null;
  const total = won.reduce((sum, q) => sum + Math.round((cents(q.amount) ?? 0) / (1 + Number(q.taxRate ?? 0) / 100)), 0);
  return yuan(total);
}

function derive(values: Row, merged: Row) {
  const incl = cents(merged.amountInclTax);
  const rate = Number(merged.taxRate ?? 0);
  const excl = incl === null ? null : Math.round(incl / (1 + rate / 100));
  values.amountExclTax = yuan(excl);
  const cost = cents(merged.costAmount);
  values.marginRate = excl && excl > 0 && cost !== null ? (Math.round(((excl - cost) / excl) * 10000) / 100).toFixed(2) : null;
}

export const quotationHooks = defineHooks('quotation', {
  async validate(ctx, record, prev) {
    if (record.clueId !== undefined && record.clueId !== prev?.clueId) {
      const clue = await ctx.q.get('clue', Number(record.clueId));
      if (clue && (clue.clueStatus === 15)) throw badRequest('已关闭的线索不能再报价', { field: 'clueId' });
    }
    if (record.planId && record.planId !== prev?.planId) {
      const plan = await ctx.q.get('technicalPlan', Number(record.planId));
      if (plan && Number(plan.clueId) !== Number(record.clueId)) throw badRequest('技术方案不属于所选线索', { field: 'planId' });
    }
    if (record.enquiryId && record.enquiryId !== prev?.enquiryId) {
      const e = await ctx.q.get('enquiry', Number(record.enquiryId));
      if (e && (Number(e.clueId) !== Number(record.clueId) || e.status !== 15)) throw badRequest('成本依据应为本线索已定标的询价', { field: 'enquiryId' });
    }
  },
  async beforeSave(ctx, values, prev) {
    if (prev && ![0, 10].includes(Number(prev.auditState)) && userChanges(ctx.entity, values).length) throw conflict('审核中或已审核通过的报价不能修改');
    if (!prev) values.quoterStaffId = ctx.session?.staffId ?? null;
    const merged = { ...(prev ?? {}), ...values };
    if ((merged.costAmount === null || merged.costAmount === undefined || merged.costAmount === '') && merged.enquiryId) {
      values.costAmount = await awardedCost(ctx, Number(merged.enquiryId));
      merged.costAmount = values.costAmount;
    }
    if (userChanges(ctx.entity, values).length || !prev) derive(values, merged);
  },
  beforeRemove(_ctx, row) {
    if (row.auditState !== 0) throw conflict('只能删除待提交的报价');
  },
  beforeTransition: {
    win: (_ctx, row) => { if (row.auditState !== 15) throw conflict('对客报价审核通过后才能标记结果'); },
    lose: (_ctx, row) => { if (row.auditState !== 15) throw conflict('对客报价审核通过后才能标记结果'); },
    abandon: (_ctx, row) => { if (row.auditState !== 15) throw conflict('对客报价审核通过后才能标记结果'); },
  },
  afterTransition: {
    async win(ctx, row) {
      if (row.planId) await ctx.transition('technicalPlan', Number(row.planId), 'win', { ifAllowed: true });
    },
    async lose(ctx, row) {
      if (row.planId) await ctx.transition('technicalPlan', Number(row.planId), 'lose', { ifAllowed: true });
    },
    async abandon(ctx, row) {
      if (row.planId) await ctx.transition('technicalPlan', Number(row.planId), 'lose', { ifAllowed: true });
    },
  },
});
