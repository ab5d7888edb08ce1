/** The dispatch area's hooks (运输需求, 调度单, 回单, 运费支付节点), spread into the registry as one line. */
import type { HookRegistry } from '../types';
import { transportDemandHooks } from './demand';
import { transportScheduleHooks } from './schedule';
import { receiptHooks } from './receipt';
import { schedulePaymentHooks } from './payment';

export const dispatchHooks: HookRegistry = {
  transportDemand: transportDemandHooks,
  transportSchedule: transportScheduleHooks,
  receipt: receiptHooks,
  schedulePayment: schedulePaymentHooks,
};
