/**
 * The registry of matter targets by financeReviewItem.targetType. Type 2 (对账单) writes through the
 * settle bills' own money module (server/finance/settle/money.ts: applyBillMoney).
 */
import { paymentNodeTarget } from './payment-node';
import { billTarget } from './bill';
import { costItemTarget, incomeItemTarget } from './ledger';
import { driverIncomeTarget } from './driver-income';
import { platformWaybillTarget } from './platform-waybill';
import { pettyCashTarget } from './petty-cash';
import { projectFeeTarget } from './project-fee';
import type { TargetModule } from './types';

export const TARGETS: Record<number, TargetModule> = {
  1: paymentNodeTarget,
  2: billTarget,
  3: costItemTarget,
  4: incomeItemTarget,
  6: driverIncomeTarget,
  7: platformWaybillTarget,
  5: pettyCashTarget,
  8: projectFeeTarget,
};

/** The targets a matter type may hold, in the order the forms offer them. */
export function targetsFor(matterType: number): TargetModule[] {
  return Object.values(TARGETS).filter((t) => t.matterTypes.includes(matterType));
}
