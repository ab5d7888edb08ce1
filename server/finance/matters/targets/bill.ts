/**
 * 2 对账单 (settleBill): a bill the counterparty confirmed (15) is paid, received, invoiced as a
 * whole through matters. A customer bill (对账类型 1) is 收款 (2) / 开票 (4); a supplier, project-fee
 * or staff bill is 付款 (1) / 收票 (3). Its account per matter type is the bill's own column
 * (已收/已付 settledAmount, 已开(收)票 invoicedAmount), written only by the settle module's
 * `applyBillMoney` inside the execution's transaction. A supplier bill is paid only once its
 * invoices are all received (先票后款, DOMAIN §4.3).
 */
import { sql } from 'kysely';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { lockParent } from '../../../crud/quantity';
import { applyBillMoney } from '../../settle/money';
import { fromCents, toCents } from '../money';
import type { MatterCtx, TargetModule } from './types';

type Row = Record<string, any>;
const CONFIRMED = 15;
/** which matter types each 对账类型 takes */
const TYPES_OF: Record<number, number[]> = { 1: [2, 4], 2: [1, 3], 3: [1, 3], 4: [1, 3] };
const PAY_TYPES = [1, 2];
const columnOf = (matterType: number) => (PAY_TYPES.includes(matterType) ? 'settledAmount' : 'invoicedAmount');
const BILL_KIND: Record<number, string> = { 1: '客户对账单', 2: '供应商对账单', 3: '项目费用对账单', 4: '员工调度对账单' };

async function partyNames(ctx: MatterCtx, bills: Row[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [entity, field] of [['customer', 'customerId'], ['supplier', 'supplierId'], ['staff', 'staffId'], ['project', 'projectId']] as const) {
    const ids = [...new Set(bills.map((b) => Number(b[field])).filter(Boolean))];
    if (!ids.length) continue;
    const e = ctx.q.entity(entity);
    const nameField = entity === 'project' ? (e.titleField ?? 'name') : 'name';
    const rows = (await ctx.q.select(entity).select([e.idField, nameField]).where(e.idField, 'in', ids).execute()) as Row[];
    for (const r of rows) out.set(`${field}:${r[e.idField]}`, String(r[nameField]));
  }
  return out;
}

/** 客户/供应商/员工 of the bill; a project-fee bill's party is its project */
function partyOf(bill: Row, names: Map<string, string>): string | null {
  const type = Number(bill.billType);
  const key = type === 1 ? `customerId:${bill.customerId}` : type === 2 ? `supplierId:${bill.supplierId}` : type === 4 ? `staffId:${bill.staffId}` : `projectId:${bill.projectId}`;
  return names.get(key) ?? null;
}

const labelOf = (bill: Row) => `${bill.billNo} ${BILL_KIND[Number(bill.billType)] ?? '对账单'}`;

/** 先票后款: a supplier bill is paid only after its invoices are all received (invoiceStatus 10). */
function invoiceFirst(bill: Row, matterType: number) {
  if (matterType === 1 && Number(bill.billType) === 2 && Number(bill.invoiceStatus ?? 0) !== 10) {
    throw conflict(`对账单${bill.billNo}尚未收齐供应商发票，须先收票后付款（先票后款）`);
  }
}

export const billTarget: TargetModule = {
  targetType: 2,
  title: '对账单',
  pickField: 'settleBillId',
  entity: 'settleBill',
  executionInDone: true,
  matterTypes: [1, 2, 3, 4],
  async lock(ctx, id, matterType) {
    const bill = await lockParent(ctx, 'settleBill', id);
    if (!bill) throw notFound(`对账单 ${id} 不存在`);
    if (Number(bill.settleStatus) !== CONFIRMED) throw conflict(`对账单${bill.billNo}未经对方确认，不能纳入资金事项`);
    if (!TYPES_OF[Number(bill.billType)]?.includes(matterType)) {
      const what = Number(bill.billType) === 1 ? '收款或开票' : '付款或收票';
      throw badRequest(`${BILL_KIND[Number(bill.billType)] ?? '对账单'}${bill.billNo}只能${what}`, { field: 'items' });
    }
    invoiceFirst(bill, matterType);
    const names = await partyNames(ctx, [bill]);
    return {
      limit: toCents(bill.finalAmount), done: toCents(bill[columnOf(matterType)]), row: bill,
      label: labelOf(bill), counterparty: partyOf(bill, names), projectId: bill.projectId ?? null,
    };
  },
  async apply(ctx, id, matterType, delta) {
    await applyBillMoney(ctx.db, id, PAY_TYPES.includes(matterType) ? 'pay' : 'invoice', fromCents(delta));
  },
  async candidates(ctx, matterType, filter) {
    const column = columnOf(matterType);
    const billTypes = Object.entries(TYPES_OF).filter(([, m]) => m.includes(matterType)).map(([b]) => Number(b));
    let q = ctx.q.select('settleBill').selectAll().where('settleStatus', '=', CONFIRMED).where('billType', 'in', billTypes)
      .where(sql<boolean>`coalesce(${sql.ref(column)}, 0) < ${sql.ref('finalAmount')}`);
    if (matterType === 1) q = q.where((eb: any) => eb.or([eb('billType', '<>', 2), eb('invoiceStatus', '=', 10)]));
    if (filter.projectId) q = q.where('projectId', '=', filter.projectId);
    if (filter.keyword) q = q.where('billNo', 'like', `%${filter.keyword}%`);
    const rows = (await q.orderBy('settleBillId').limit(500).execute()) as Row[];
    const names = await partyNames(ctx, rows);
    return rows.map((r) => ({
      targetType: 2, targetId: r.settleBillId, settleBillId: r.settleBillId, label: labelOf(r), counterpartyName: partyOf(r, names),
      projectId: r.projectId, amount: r.finalAmount, openAmount: fromCents(toCents(r.finalAmount) - toCents(r[column])), taxRate: r.taxRate,
    }));
  },
};
