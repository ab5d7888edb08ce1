/**
 * The registry of matter targets by financeReviewItem.targetType. Type 2 (对账单) is registered at
 * merge from the settle bills' own money module (server/finance/settle/money.ts: billOpenAmounts,
 * applyBillMoney); until then a matter naming a bill is refused as an unknown target.
 */
import { paymentNodeTarget } from './payment-node';
import { costItemTarget, incomeItemTarget } from './ledger';
import { driverIncomeTarget } from './driver-income';
import { platformWaybillTarget } from './platform-waybill';
import type { TargetModule } from './types';

export const TARGETS: Record<number, TargetModule> = {
  1: paymentNodeTarget,
  3: costItemTarget,
  4: incomeItemTarget,
  6: driverIncomeTarget,
  7: platformWaybillTarget,
};

/** The targets a matter type may hold, in the order the forms offer them. */
export function targetsFor(matterType: number): TargetModule[] {
  return Object.values(TARGETS).filter((t) => t.matterTypes.includes(matterType));
}
