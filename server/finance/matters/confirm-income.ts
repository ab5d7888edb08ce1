/**
 * 确认收入 of an individual driver or subcontractor makes the 付款确认收入 matter (type 7) that pays
 * it through the 网货平台 (DOMAIN §4.3 driverIncome.confirmStatus 0 → 5): applied by the system on
 * the confirmer's behalf, approved by the process template of business type 7, executed by the cashier.
 */
import type { HookContext } from '../../hooks/types';
import { applyMatter } from './core';

export function confirmIncomeBody(row: Record<string, any>): Record<string, any> {
  return {
    title: `付款确认收入-${row.payeeName}-${row.period}`.slice(0, 100), payeeName: row.payeeName, payChannel: 4, counterpartyName: row.payeeName,
    items: [{ incomeId: Number(row.incomeId) }],
  };
}

export async function confirmIncomeMatter(ctx: HookContext, row: Record<string, any>): Promise<void> {
  if (!ctx.session) return;
  const body = confirmIncomeBody(row);
  // Every request runs in a transaction (the matter's locks need one); the demo seeder confirms
  // outside one, and its 资金事项 seeder makes these matters afterwards.
  if (ctx.db.isTransaction) await applyMatter(ctx, 7, body, { system: true });
}
