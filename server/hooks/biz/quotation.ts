/**
 * Customer quotations (对客报价): the customer, cost and amounts without tax and the margin are
 * declared (fetchFrom, formula in the entity); editable until submitted; the result is set only once approved and moves
 * the technical plan. Approval (bizType 18) and its margin-alert node come from the process
 * template; a won quotation's income-contract draft is the contracts area's effect.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { chinaToday } from '../../project/common';
import { assertApprovedCustomer, userChanges } from './util';

type Row = Record<string, any>;

/** quotation.quoteMode → the unit of a contract rate line (5 综合 has none: the amount alone). */
const RATE_UNIT: Record<number, string> = { 1: '件', 2: '吨', 3: '吨公里', 4: '车' };

/** A year from the day, less one day (YYYY-MM-DD). */
function yearFrom(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * 标记中标 (DOMAIN §4.1 quoteResult 0 → 1, §5.1 step 6): the income contract's draft (contractType 1,
 * auditState 0) linked to the quotation, whose customer, clue, amount, tax rate, service category and
 * quote mode the contract's declared fill-ins (fetchFrom quotationId.*) bring; the rate line is built here, for the contract owner to complete (dates, paper number) and submit.
 * Dates start as today and a year (choice). The quotation keeps the contract's id, and the
 * salesperson is told the draft's number (the answer's message).
 */
async function draftIncomeContract(ctx: HookContext, q: Row): Promise<void> {
  if (q.contractId) return;
  const clue = q.clueId ? await ctx.q.get('clue', Number(q.clueId)) : undefined;
  const today = chinaToday();
  const unit = RATE_UNIT[Number(q.quoteMode)];
  const rates = unit && q.unitPrice !== null && q.unitPrice !== undefined && q.unitPrice !== ''
    ? [{ route: clue?.name ? String(clue.name).slice(0, 100) : null, unit, unitPrice: Number(q.unitPrice), taxRate: q.taxRate === null || q.taxRate === undefined ? null : Number(q.taxRate) }]
    : [];
  const contract = await ctx.create('contract', {
    name: String(clue?.name ?? `对客报价${q.quotationNo}`).slice(0, 100), contractType: 1, contractKind: 1,
    quotationId: q.quotationId,
    // The clue's category when the quotation has none; otherwise the fill-in brings the quotation's.
    ...(q.serviceCategory === null || q.serviceCategory === undefined ? { serviceCategory: clue?.serviceCategory ?? null } : {}),
    rates, signDate: today, startDate: today, endDate: yearFrom(today),
    ownerStaffId: q.quoterStaffId ?? ctx.session?.staffId ?? null, remark: `由对客报价${q.quotationNo}中标生成`,
  });
  await ctx.update('quotation', Number(q.quotationId), { contractId: contract.contractId });
  ctx.say(`已生成收入合同草稿 ${contract.contractNo}，请到收入合同完善后提交审核`);
}

export const quotationHooks = defineHooks('quotation', {
  async validate(ctx, record, prev) {
    if (record.customerId !== undefined && Number(record.customerId) !== Number(prev?.customerId)) await assertApprovedCustomer(ctx, record.customerId);
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
      await draftIncomeContract(ctx, row);
    },
    async lose(ctx, row) {
      if (row.planId) await ctx.transition('technicalPlan', Number(row.planId), 'lose', { ifAllowed: true });
    },
    async abandon(ctx, row) {
      if (row.planId) await ctx.transition('technicalPlan', Number(row.planId), 'lose', { ifAllowed: true });
    },
  },
});
