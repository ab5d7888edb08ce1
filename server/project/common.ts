/**
 * Shared rules of the contract and project area (DOMAIN §3.2, §4.2): who may act on which kind
 * of contract, today's date in China, the ledger's tax arithmetic, and the project's Σ fields.
 */
import { sql } from 'kysely';
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, conflict } from '../http/errors';
import type { HookContext } from '../hooks/types';
import type { ScopedQueries } from '../crud/scope';

/** The permission root of each contract type (1 收入合同, 2 成本合同). */
export const CONTRACT_PERMISSION: Record<number, string> = { 1: '合同:收入合同', 2: '合同:成本合同' };

/** Who reads a contract of this type: its own permission, and for cost contracts the dispatch roles (seed 000 §2.4). */
export function contractReadPermission(type: number): string {
  return type === 2 ? '合同:成本合同|调度:查看|调度:编辑|调度:额外操作' : '合同:收入合同';
}

/** A caller's request acting on a contract needs the permission of the contract's type; the system is trusted. */
export function requireContractPermission(ctx: HookContext, type: number, action: '编辑' | '审核'): void {
  if (ctx.system) return;
  const root = CONTRACT_PERMISSION[type];
  if (!root || !hasPermission(ctx.session?.permissions ?? [], `${root}:${action}`)) throw new HttpError(403, MSG.forbidden);
}

/** The calendar day in China Standard Time as YYYY-MM-DD (dates of the product are Chinese days). */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Adds days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

const cents = (v: unknown): number => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number): string => (c / 100).toFixed(2);

/** taxAmount = amount × rate / (1 + rate), rounded to the cent (DOMAIN §3.2). */
export function taxOf(amount: unknown, ratePercent: unknown): string {
  const rate = Number(ratePercent ?? 0) / 100;
  return yuan(Math.round((cents(amount) * rate) / (1 + rate)));
}

/** Input VAT is deductible only on 专票 (invoiceType 1 增值税专用发票, 5 数电票(增值税专用发票)). */
export const DEDUCTIBLE_INVOICE_TYPES = new Set([1, 5]);

/** Amount excluding tax: income always nets its output VAT; a cost only when its payee issues a 专票. */
export function amountExclTax(amount: unknown, taxAmount: string, deductible: boolean): string {
  return deductible ? yuan(cents(amount) - cents(taxAmount)) : yuan(cents(amount));
}

/** Project run state 30 已结算关账: nothing new may be booked on it. */
export const PROJECT_CLOSED = 30;
export const PROJECT_CLOSED_MESSAGE = '项目已关账';

/** Refuses (409 项目已关账) when the project is closed. */
export async function assertProjectOpen(q: ScopedQueries, projectId: unknown): Promise<Record<string, any> | undefined> {
  if (projectId === null || projectId === undefined) return undefined;
  const project = await q.get('project', Number(projectId));
  if (project && Number(project.runState) === PROJECT_CLOSED) throw conflict(PROJECT_CLOSED_MESSAGE);
  return project;
}

/** Ledger rows that count: valid ones (not cancelled 15, not void 20). */
export const LEDGER_VALID = 10;

/**
 * The project's Σ fields (DOMAIN §3.2, the figures of §7 R1) from its valid ledger rows:
 * 收入/成本 excluding tax, margin and rate, and the balances still to collect and to pay
 * (含税, opening amounts included).
 */
export async function refreshProjectTotals(q: ScopedQueries, projectId: unknown): Promise<void> {
  if (projectId === null || projectId === undefined) return;
  const id = Number(projectId);
  const project = await q.get('project', id);
  if (!project) return;
  const income = (await q.select('incomeItem')
    .select([
      sql<string>`coalesce(sum(amount_excl_tax), 0)`.as('net'),
      sql<string>`coalesce(sum(amount), 0)`.as('gross'),
      sql<string>`coalesce(sum(received_amount), 0)`.as('received'),
    ])
    .where('projectId', '=', id).where('itemStatus', '=', LEDGER_VALID).executeTakeFirstOrThrow()) as { net: string; gross: string; received: string };
  const cost = (await q.select('costItem')
    .select([
      sql<string>`coalesce(sum(amount_excl_tax), 0)`.as('net'),
      sql<string>`coalesce(sum(amount), 0)`.as('gross'),
      sql<string>`coalesce(sum(paid_amount), 0)`.as('paid'),
    ])
    .where('projectId', '=', id).where('itemStatus', '=', LEDGER_VALID).executeTakeFirstOrThrow()) as { net: string; gross: string; paid: string };
  const profit = cents(income.net) - cents(cost.net);
  await q.update('project').set({
    confirmedIncome: yuan(cents(income.net)),
    confirmedCost: yuan(cents(cost.net)),
    grossProfit: yuan(profit),
    grossMargin: cents(income.net) ? ((profit / cents(income.net)) * 100).toFixed(2) : null,
    receivableBalance: yuan(cents(income.gross) - cents(income.received) - cents(project.openingReceived)),
    payableBalance: yuan(cents(cost.gross) - cents(cost.paid) - cents(project.openingPaid)),
  }).where('projectId', '=', id).execute();
}

/** Normalises a value for "did it change" comparisons between a request and the stored row. */
export function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) && blank(b)) return true;
  if (blank(a) || blank(b)) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && String(a).trim() !== '' && String(b).trim() !== '') return na === nb;
  return String(a) === String(b);
}
