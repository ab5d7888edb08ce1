/**
 * One freight, one way to pay it. An owner-driver schedule (承运类型 3) that names a bill platform
 * (网货平台) is paid through the platform: its waybill's 批量付款 pays freight and service fee at
 * once. Its own payment nodes (预付/油卡/到付/回单付) are then the same money a second time, so they
 * can't be applied for nor taken into a node payment, and the platform's payment marks them paid
 * (the truck's freight cost item follows). The other way round, a schedule whose nodes are already
 * paid or held in a matter is not paid again through the platform.
 */
import { conflict } from '../http/errors';
import type { HookContext } from '../hooks/types';

type Q = HookContext['q'];

/** Whether the schedule's freight goes through a bill platform. */
export async function paidViaPlatform(q: Q, scheduleId: unknown): Promise<boolean> {
  if (scheduleId == null) return false;
  const s = await q.get('transportSchedule', Number(scheduleId));
  return Number(s?.carrierType) === 3 && s?.billPlatformId != null;
}

export async function refuseNodeOfPlatformSchedule(q: Q, node: Record<string, any>): Promise<void> {
  if (!(await paidViaPlatform(q, node.scheduleId))) return;
  const s = await q.get('transportSchedule', Number(node.scheduleId));
  throw conflict(`调度单 ${s?.scheduleNo ?? ''} 的运费经网货平台支付，请在资金流水管理中付款，不能再按支付节点付款`);
}

/** The schedule's nodes already paid or held by a matter: its freight is being paid directly. */
export async function nodesPaidDirectly(q: Q, scheduleId: unknown): Promise<boolean> {
  const hit = await q.select('schedulePayment').select('paymentId').where('scheduleId', '=', Number(scheduleId))
    .where((eb: any) => eb.or([eb('payNodeStatus', '=', 15), eb('reviewId', 'is not', null)])).executeTakeFirst();
  return Boolean(hit);
}

/** The platform paid the whole freight: every node of the schedule not yet paid becomes 已支付. */
export async function settleNodesPaidViaPlatform(ctx: HookContext, scheduleId: unknown): Promise<void> {
  const nodes = (await ctx.q.select('schedulePayment').select(['paymentId', 'payNodeStatus']).where('scheduleId', '=', Number(scheduleId))
    .where('payNodeStatus', '!=', 15).orderBy('paymentId').execute()) as { paymentId: number; payNodeStatus: number }[];
  const comment = '运费已经网货平台支付';
  for (const n of nodes) {
    const id = Number(n.paymentId);
    if (Number(n.payNodeStatus) === 0) await ctx.transition('schedulePayment', id, 'enable', { comment, ifAllowed: true });
    await ctx.transition('schedulePayment', id, 'apply', { comment, ifAllowed: true });
    await ctx.transition('schedulePayment', id, 'pay', { values: {}, comment, ifAllowed: true });
  }
}
