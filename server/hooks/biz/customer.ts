/** Customers: the group tree without cycles, cancellation only when nothing is open, approval outcomes kept on the record. */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { pendingApproval } from '../../crud/approval';

/** Open work that keeps a customer from being cancelled; each part applies once its area exists. */
async function openWork(ctx: HookContext, customerId: number): Promise<string | null> {
  // Projects (项目管理) not completed: runState below 25 已完成.
  if (ctx.entities.project?.fields.customerId && ctx.entities.project.fields.runState) {
    const open = await ctx.q.select('project').select('projectId').where('customerId', '=', customerId).where('runState', '<', 25).limit(1).executeTakeFirst();
    if (open) return '该客户还有未完成的项目，不能注销';
  }
  // Customer reconciliations (对账) not settled.
  if (ctx.entities.settleBill?.fields.customerId && ctx.entities.settleBill.fields.payStatus) {
    const open = await ctx.q.select('settleBill').select('settleBillId').where('customerId', '=', customerId).where('payStatus', '<', 10).limit(1).executeTakeFirst();
    if (open) return '该客户还有未结清的对账单，不能注销';
  }
  return null;
}

export const customerHooks = defineHooks('customer', {
  async validate(ctx, record, prev) {
    const parent = record.parentCustomerId;
    if (parent === undefined || parent === null) return;
    const self = prev?.customerId;
    // Walk up the group tree: a customer can't sit under itself or its own subsidiaries.
    let at: number | null = Number(parent);
    for (let depth = 0; at && depth < 50; depth += 1) {
      if (self && at === Number(self)) throw badRequest('上级客户不能是本客户或其下级客户', { field: 'parentCustomerId' });
      const up = await ctx.q.select('customer').select('parentCustomerId').where('customerId', '=', at).executeTakeFirst() as { parentCustomerId: number | null } | undefined;
      at = up?.parentCustomerId ?? null;
    }
  },
  beforeTransition: {
    async applyCancel(ctx, row) {
      if (await pendingApproval(ctx.db, ctx.session, ctx.entity, Number(row.customerId))) throw conflict('该客户的注销申请正在审核中');
      const reason = await openWork(ctx, Number(row.customerId));
      if (reason) throw conflict(reason);
    },
    bindOrg(ctx, _row, input) {
      if (Number(input.values.boundOrgId) === ctx.session?.orgId) throw badRequest('不能绑定本单位', { field: 'boundOrgId' });
    },
  },
  afterTransition: {
    async submit(ctx, row, _prev, input) {
      // Approved: in use from now on; a temporary customer (from an enquiry) becomes a regular one.
      await ctx.update('customer', Number(row.customerId), { isTemporary: false, verifyRemark: input.comment ?? null });
    },
    async applyCancel(ctx, row, _prev, input) {
      // Cancellation approved: the opinion stays beside the reason.
      if (input.comment) await ctx.update('customer', Number(row.customerId), { verifyRemark: input.comment });
    },
    async bindOrg(ctx, row) {
      await ctx.update('customer', Number(row.customerId), { inviterOrgId: ctx.session?.orgId ?? null });
    },
  },
  onRejected: {
    async submit(ctx, row, comment) {
      await ctx.update('customer', Number(row.customerId), { verifyRemark: comment });
    },
  },
});
