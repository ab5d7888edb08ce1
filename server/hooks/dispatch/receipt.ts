/**
 * 回单 (DOMAIN §3.2 receipt, §4.2 receipt.receiptStatus): made when the truck is signed for;
 * 上传 (photos) → 审核 通过 (the schedule becomes 回单已返 and its freight is booked) or 驳回
 * (reason, back to the dispatcher) → 重新上传; 原件寄回 records the posted original.
 * The schedule's receiptStatus mirrors it.
 */
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../types';
import { badRequest } from '../../http/errors';
import { getSetting } from '../../admin/settings';
import { blank } from '../../dispatch/common';

type Row = Record<string, any>;

async function mirror(ctx: HookContext, row: Row, status: number) {
  await ctx.q.update('transportSchedule').set({ receiptStatus: status }).where('scheduleId', '=', Number(row.scheduleId)).execute();
}

export const receiptHooks = defineHooks('receipt', {
  async beforeSave(ctx, values, prev) {
    if (prev) return;
    const s = await ctx.q.get('transportSchedule', Number(values.scheduleId));
    if (s) {
      values.demandId = s.demandId;
      values.projectId = s.projectId;
      values.truckLicensePlate = s.truckLicensePlate;
    }
  },
  beforeTransition: {
    upload(ctx, row, input) {
      void row;
      const photos = input.values.photos;
      if (!Array.isArray(photos) || photos.length === 0) throw badRequest('请上传回单照片', { field: 'photos' });
      if (blank(input.values.signedBy)) throw badRequest('请填写签收人', { field: 'signedBy' });
    },
    reject(ctx, row, input) {
      void row;
      if (blank(input.values.rejectReason)) throw badRequest('请填写驳回原因', { field: 'rejectReason' });
    },
    returnOriginal(ctx, row, input) {
      void row;
      if (blank(input.values.expressNo)) throw badRequest('请填写快递单号', { field: 'expressNo' });
    },
  },
  afterTransition: {
    async upload(ctx, row) {
      await ctx.q.update('receipt').set({ uploadedAt: sql`now()`, rejectReason: null }).where('receiptId', '=', Number(row.receiptId)).execute();
      await mirror(ctx, row, 5);
    },
    async confirm(ctx, row) {
      await ctx.q.update('receipt').set({ auditStaffId: ctx.session?.staffId ?? null, auditedAt: sql`now()` }).where('receiptId', '=', Number(row.receiptId)).execute();
      await mirror(ctx, row, 15);
      await ctx.transition('transportSchedule', Number(row.scheduleId), 'receiptReturned', { ifAllowed: true });
    },
    async reject(ctx, row) {
      await ctx.q.update('receipt').set({ auditStaffId: ctx.session?.staffId ?? null, auditedAt: sql`now()` }).where('receiptId', '=', Number(row.receiptId)).execute();
      await mirror(ctx, row, 10);
      const s = await ctx.q.get('transportSchedule', Number(row.scheduleId));
      if (s?.dispatcherStaffId && Number(s.dispatcherStaffId) !== ctx.session?.staffId) {
        await ctx.notify({ recipients: [Number(s.dispatcherStaffId)], eventType: 9, eventSubjectId: Number(row.scheduleId), message: `调度单${s.scheduleNo}（${s.truckLicensePlate}）的回单被驳回：${row.rejectReason}，请重新上传` });
      }
    },
    async returnOriginal(ctx, row, prev) {
      await ctx.q.update('receipt').set({ originalReturned: true, originalReceivedAt: sql`now()` }).where('receiptId', '=', Number(row.receiptId)).execute();
      // With 回单须交原件, the 回单付 node opens only now.
      if (Number(prev.receiptStatus) === 15 && ctx.session && (await getSetting(ctx.db, ctx.session.orgId, 'receiptOriginalRequired'))) {
        const nodes = (await ctx.q.select('schedulePayment').select('paymentId').where('scheduleId', '=', Number(row.scheduleId)).where('payNode', '=', 4).where('payNodeStatus', '=', 0).execute()) as { paymentId: number }[];
        for (const n of nodes) await ctx.transition('schedulePayment', Number(n.paymentId), 'enable', { ifAllowed: true });
      }
    },
  },
});
