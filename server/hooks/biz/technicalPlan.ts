/** Technical plans (技术方案): cargo copied from the clue, escort suggested for 三类 loads, stage effects on the clue. */
import { defineHooks } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { CARGO_FIELDS, isClassThree } from './util';

/** Stages of a plan still in play for its clue (方案/询价/投标/已中标/合同). */
const OPEN_STAGES = [5, 10, 15, 25, 30];

export const technicalPlanHooks = defineHooks('technicalPlan', {
  async validate(ctx, record, prev) {
    if (record.clueId === undefined || record.clueId === prev?.clueId) return;
    const clue = await ctx.q.get('clue', Number(record.clueId));
    if (clue && (clue.clueStatus === 10 || clue.clueStatus === 15)) throw badRequest('已转合同或已关闭的线索不能再编制方案', { field: 'clueId' });
  },
  async beforeSave(ctx, values, prev) {
    if (prev) return;
    const clue = await ctx.q.get('clue', Number(values.clueId));
    if (clue) {
      values.customerId = clue.customerId;
      for (const f of CARGO_FIELDS) if (values[f] === undefined || values[f] === null || values[f] === '') values[f] = clue[f];
    }
    values.authorStaffId ??= ctx.session?.staffId ?? null;
    if (!values.escortRequired && isClassThree(values)) values.escortRequired = true;
  },
  beforeRemove(_ctx, row) {
    if (row.planStage !== 5) throw conflict('只能删除方案阶段的技术方案');
  },
  beforeTransition: {
    async bid(ctx, row) {
      const approved = await ctx.q.select('quotation').select('quotationId').where('planId', '=', Number(row.planId)).where('auditState', '=', 15).limit(1).executeTakeFirst();
      if (!approved) throw conflict('提交投标前需要一份审核通过的对客报价');
    },
  },
  afterTransition: {
    async lose(ctx, row) {
      // A lost plan closes its clue unless another plan of the clue is still in play.
      const other = await ctx.q.select('technicalPlan').select('planId')
        .where('clueId', '=', Number(row.clueId)).where('planId', '<>', Number(row.planId)).where('planStage', 'in', OPEN_STAGES).limit(1).executeTakeFirst();
      if (!other) await ctx.transition('clue', Number(row.clueId), 'close', { ifAllowed: true, values: { closeReason: `方案「${row.name}」未中标` } });
    },
  },
});
