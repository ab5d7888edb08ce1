/** Clues (线索): owner and department by default, the oversize suggestion, closing cancels open enquiries. */
import { defineHooks } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { assertApprovedCustomer, isOversize, moment, userChanges } from './util';

export const clueHooks = defineHooks('clue', {
  async validate(ctx, record, prev) {
    if (record.customerId !== undefined && Number(record.customerId) !== Number(prev?.customerId)) {
      await assertApprovedCustomer(ctx, record.customerId, { cancelled: '该客户已注销，不能用于新线索', temporary: true });
    }
  },
  async beforeSave(ctx, values, prev) {
    if (prev) {
      if ((prev.clueStatus === 10 || prev.clueStatus === 15) && userChanges(ctx.entity, values).length) throw conflict('已转合同或已关闭的线索不能修改');
      return;
    }
    values.ownerStaffId ??= ctx.session?.staffId;
    if (!values.depId && values.ownerStaffId) {
      const s = await ctx.q.select('staff').select('depId').where('staffId', '=', Number(values.ownerStaffId)).executeTakeFirst() as { depId: number | null } | undefined;
      values.depId = s?.depId ?? null;
    }
    // A suggestion the user may still turn off later; a new clue over a 超限 limit starts as 大件.
    if (!values.isOversize && isOversize(values)) values.isOversize = true;
  },
  async beforeRemove(ctx, row) {
    if (row.clueStatus !== 0) throw conflict('只能删除待跟进的线索');
    for (const e of ['clueFollow', 'technicalPlan', 'enquiry', 'quotation']) {
      const used = await ctx.q.select(e).select(ctx.q.entity(e).idField).where('clueId', '=', Number(row.clueId)).limit(1).executeTakeFirst();
      if (used) throw conflict('该线索已有跟进、方案、询价或报价，不能删除，请关闭');
    }
  },
  afterTransition: {
    async close(ctx, row) {
      // Closing a clue ends its open enquiries (DOMAIN §4.1).
      const open = await ctx.q.select('enquiry').select('enquiryId').where('clueId', '=', Number(row.clueId)).where('status', 'in', [0, 5, 10]).execute() as { enquiryId: number }[];
      for (const e of open) await ctx.transition('enquiry', e.enquiryId, 'cancel', { ifAllowed: true, comment: `线索关闭：${row.closeReason ?? ''}` });
    },
  },
});

export const clueFollowHooks = defineHooks('clueFollow', {
  async validate(ctx, record, prev) {
    if (prev) return;
    const clue = await ctx.q.get('clue', Number(record.clueId));
    if (clue && (clue.clueStatus === 10 || clue.clueStatus === 15)) throw badRequest('已转合同或已关闭的线索不能再跟进', { field: 'clueId' });
    if (record.followAt && moment(record.followAt) > Date.now() + 10 * 60_000) {
      throw badRequest('跟进时间不能晚于当前时间', { field: 'followAt' });
    }
  },
  beforeSave(ctx, values, prev) {
    if (!prev) values.staffId = ctx.session?.staffId ?? null;
  },
  async afterSave(ctx, row, prev) {
    if (prev) return;
    const clueId = Number(row.clueId);
    const clue = await ctx.q.get('clue', clueId);
    if (!clue) return;
    const latest = !clue.lastFollowAt || moment(row.followAt) >= moment(clue.lastFollowAt);
    const changes: Record<string, unknown> = {};
    if (latest) changes.lastFollowAt = row.followAt;
    if (latest && row.nextFollowDate) changes.nextFollowDate = row.nextFollowDate;
    if (Object.keys(changes).length) await ctx.update('clue', clueId, changes);
    // The first follow-up starts the clue (0 待跟进 → 5 跟进中).
    await ctx.transition('clue', clueId, 'follow', { ifAllowed: true });
  },
});
