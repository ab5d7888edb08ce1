/**
 * 确认收入 of an individual driver or subcontractor makes the 付款确认收入 matter (type 7) that pays
 * it through the 网货平台 (DOMAIN §4.3 driverIncome.confirmStatus 0 → 5): applied by the system on
 * the confirmer's behalf, approved by the process template of business type 7, executed by the cashier.
 */
import { inTransaction } from '../../db/connect';
import type { HookContext } from '../../hooks/types';
import { applyMatter } from './core';

export async function confirmIncomeMatter(ctx: HookContext, row: Record<string, any>): Promise<void> {
  if (!ctx.session) return;
  const body = {
    title: `付款确认收入-${row.payeeName}-${row.period}`.slice(0, 100), payeeName: row.payeeName, payChannel: 4, counterpartyName: row.payeeName,
    items: [{ incomeId: Number(row.incomeId) }],
  };
  const run = (db: HookContext['db']) => applyMatter({ db, session: ctx.session, entities: ctx.entities, request: ctx.request }, 7, body, { system: true });
  // The seeder confirms outside a request's transaction; the matter's locks need one.
  if (ctx.db.isTransaction) await run(ctx.db);
  else await inTransaction(ctx.db, run);
}
