/**
 * What money matters (资金事项, server/finance/matters) read and write of a bill: the amount
 * still open, and each executed payment/receipt or invoice added to it. Paid/invoiced ≤ the
 * bill's 结算金额 is a quantity rule: the bill row is locked first, so two cashiers paying the
 * same bill at once are applied one after the other and the second sees the first.
 * payStatus / invoiceStatus (DOMAIN §4.3): 0 nothing, 5 when > 0, 10 when ≥ finalAmount.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { BILL, fromCents, toCents } from './bills';

type Row = Record<string, any>;

export interface BillOpenAmounts { finalAmount: string; settledAmount: string; invoicedAmount: string }

/** The bills' amounts by id (bills of other organisations are absent). */
export async function billOpenAmounts(db: Db, orgId: number, billIds: number[]): Promise<Map<number, BillOpenAmounts>> {
  const out = new Map<number, BillOpenAmounts>();
  const ids = [...new Set(billIds.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (!ids.length) return out;
  const rows = (await db.selectFrom('settleBill' as any).select(['settleBillId', 'finalAmount', 'settledAmount', 'invoicedAmount'] as any)
    .where('orgId' as any, '=', orgId).where('settleBillId' as any, 'in', ids).execute()) as Row[];
  for (const r of rows) {
    out.set(Number(r.settleBillId), { finalAmount: fromCents(toCents(r.finalAmount)), settledAmount: fromCents(toCents(r.settledAmount)), invoicedAmount: fromCents(toCents(r.invoicedAmount)) });
  }
  return out;
}

const statusOf = (done: number, final: number) => (done <= 0 ? 0 : done >= final ? 10 : 5);

/**
 * Adds `delta` (yuan text; negative to reverse) to the bill's 已收/已付 (`pay`) or 已开/收票
 * (`invoice`) inside the caller's transaction, under the bill's row lock, and recomputes the
 * status. Only a confirmed bill takes money; the total may not exceed 结算金额 nor fall below 0.
 */
export async function applyBillMoney(trx: Db, billId: number, kind: 'pay' | 'invoice', delta: string): Promise<Row> {
  if (!trx.isTransaction) throw new Error('applyBillMoney must run inside a transaction');
  let d: number;
  try { d = toCents(delta); } catch { throw badRequest('金额格式不正确'); }
  const bill = (await trx.selectFrom('settleBill' as any).selectAll().where('settleBillId' as any, '=', billId).forUpdate().executeTakeFirst()) as Row | undefined;
  if (!bill) throw new HttpError(404, '对账单不存在');
  if (Number(bill.settleStatus) !== BILL.confirmed) throw conflict(`对账单${bill.billNo}未经对方确认，不能${kind === 'pay' ? '收付款' : '开票/收票'}`);
  const amountField = kind === 'pay' ? 'settledAmount' : 'invoicedAmount';
  const statusField = kind === 'pay' ? 'payStatus' : 'invoiceStatus';
  const final = toCents(bill.finalAmount);
  const done = toCents(bill[amountField]) + d;
  const what = kind === 'pay' ? (Number(bill.billType) === 1 ? '收款' : '付款') : (Number(bill.billType) === 1 ? '开票' : '收票');
  if (done > final) throw badRequest(`对账单${bill.billNo}结算金额${fromCents(final)}元，已${what}${fromCents(toCents(bill[amountField]))}元，本次${fromCents(d)}元超出未${what}金额`);
  if (done < 0) throw badRequest(`对账单${bill.billNo}已${what}金额不能小于0`);
  return (await trx.updateTable('settleBill' as any)
    .set({ [amountField]: fromCents(done), [statusField]: statusOf(done, final), updatedAt: sql`now()` } as any)
    .where('settleBillId' as any, '=', billId).returningAll().executeTakeFirstOrThrow()) as Row;
}
