/**
 * 8 项目费用 (报销): a line of a staff member's expense claim under a fee subject (targetId =
 * the fee subject). Lines of one subject may repeat (two trips' 差旅费). Executing a line makes
 * its 成本明细 (source 3 项目费用, payee the applicant, costType of the line) on its first
 * payment and adds to its 已付款 after; the claim may offset the applicant's petty cash
 * (./petty-cash.ts).
 */
import { badRequest, conflict, notFound } from '../../../http/errors';
import { fromCents, toCents } from '../money';
import { checkOffset } from './petty-cash';
import type { TargetModule } from './types';

const COST_TYPES = [2, 3, 4, 5, 6];

export const projectFeeTarget: TargetModule = {
  targetType: 8,
  title: '项目费用',
  pickField: 'feeSubjectConfigId',
  entity: 'financeFeeSubjectConfig',
  executionInDone: true,
  repeatable: true,
  amountRequired: true,
  itemFields: ['occurredDate', 'costType', 'projectId', 'clueId'],
  matterTypes: [5],
  async lock(ctx, id) {
    // A shared configuration row: read, not locked, so claims of one subject don't queue on it.
    const row = await ctx.q.get('financeFeeSubjectConfig', id);
    if (!row) throw notFound('费用科目不存在');
    if (row.isProfitLoss) throw badRequest(`「${row.name}」是损益科目，请选择具体费用科目`, { field: 'items' });
    if (Number(row.type) !== 1) throw badRequest(`「${row.name}」不是成本类费用科目`, { field: 'items' });
    return { limit: Number.MAX_SAFE_INTEGER, done: 0, row, label: String(row.name), counterparty: null, projectId: null };
  },
  async checkMatter(ctx, _matterType, body, totalCents, reviewId) {
    const lines = Array.isArray(body.items) ? (body.items as Record<string, any>[]) : [];
    lines.forEach((l, i) => {
      if (!l.occurredDate) throw badRequest(`报销明细第${i + 1}行：请选择发生日期`, { field: 'items' });
      const costType = Number(l.costType) || 6;
      if (!COST_TYPES.includes(costType)) throw badRequest(`报销明细第${i + 1}行：成本类型不正确`, { field: 'items' });
      // the cost item it books needs its project (项目直接成本) or its clue (线索、踏勘方案成本)
      if (costType === 6 && !l.projectId) throw badRequest(`报销明细第${i + 1}行：项目直接成本请选择项目`, { field: 'items' });
      if (costType !== 6 && !l.clueId) throw badRequest(`报销明细第${i + 1}行：线索、踏勘方案成本请选择线索`, { field: 'items' });
    });
    return checkOffset(ctx, body, totalCents, reviewId);
  },
  async apply(ctx, _id, _matterType, delta, _complete, at) {
    if (!at) throw conflict('报销明细缺少事项信息');
    const { review, item } = at;
    if (item.costItemId) {
      const row = await ctx.q.get('costItem', Number(item.costItemId));
      await ctx.q.update('costItem').set({ paidAmount: fromCents(toCents(row?.paidAmount) + delta) }).where('costItemId', '=', Number(item.costItemId)).execute();
      return;
    }
    const subject = await ctx.q.get('financeFeeSubjectConfig', Number(item.targetId));
    const staff = await ctx.q.get('staff', Number(review.applicantStaffId));
    const created = await ctx.create('costItem', {
      projectId: item.projectId ?? null, clueId: item.clueId ?? null, costType: Number(item.costType) || 6, typeId: subject?.typeId ?? null, feeSubjectConfigId: Number(item.targetId),
      payeeKind: 2, staffId: Number(review.applicantStaffId), summary: `${subject?.name ?? '费用'}报销-${staff?.name ?? ''}${item.remark ? ` ${item.remark}` : ''}`.slice(0, 100),
      amount: item.amount, taxRate: 0, occurredDate: item.occurredDate ?? String(review.submittedAt ?? new Date().toISOString()).slice(0, 10),
    });
    const costItemId = Number(created.costItemId);
    await ctx.q.update('costItem').set({ source: 3, sourceId: Number(review.reviewId), paidAmount: fromCents(delta) }).where('costItemId', '=', costItemId).execute();
    await ctx.q.update('financeReviewItem').set({ costItemId }).where('reviewItemId', '=', Number(item.reviewItemId)).execute();
  },
  async candidates() {
    return [];
  },
};
