/** Small shared facts of the business hooks: exact money in cents, the oversize rule, who changed what. */
import type { ResolvedEntity } from '../../schema/types';
import { dateTimeWithZone } from '../../../schemas/src/validators';
import { badRequest } from '../../http/errors';

/** A datetime value as hooks meet it: a Date from a row, or text from a request (no zone = China time). */
export const moment = (v: unknown): number => (v instanceof Date ? v.getTime() : v === null || v === undefined || v === '' ? NaN : Date.parse(dateTimeWithZone(String(v))));

/** Money and decimals travel as strings ("36.00"); compute in cents so no float creeps in. */
export const cents = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};
export const yuan = (c: number | null): string | null => (c === null ? null : (c / 100).toFixed(2));
export const round2 = (n: number): string => (Math.round(n * 100) / 100).toFixed(2);

/** Keys a person may write among these values (state, numbers and derived fields are the system's). */
export function userChanges(entity: ResolvedEntity, values: Record<string, unknown>): string[] {
  return Object.keys(values).filter((k) => entity.fields[k] && !entity.fields[k]!.readOnly);
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0);

/**
 * 《超限运输车辆行驶公路管理规定》第三条 before a vehicle is chosen (DOMAIN §3.1, choice): the cargo
 * on a ~1.0 m deck higher than 4 m, wider than 2.55 m, longer than 15 m (with ~3 m of tractor ahead,
 * 18.1 m overall), or heavier than 49 t gross with ~20 t of tare.
 */
export function isOversize(cargo: { height?: unknown; width?: unknown; length?: unknown; maxPieceWeight?: unknown }): boolean {
  return num(cargo.height) + 1.0 > 4 || num(cargo.width) > 2.55 || num(cargo.length) > 15 || num(cargo.maxPieceWeight) + 20 > 49;
}

/** 三类 (escort and profile drawing needed): over 4.5 m high, 3.75 m wide, 28 m long or 100 t gross. */
export function isClassThree(cargo: { height?: unknown; width?: unknown; length?: unknown; maxPieceWeight?: unknown; totalWeight?: unknown }): boolean {
  const weight = Math.max(num(cargo.maxPieceWeight), num(cargo.totalWeight));
  return num(cargo.height) + 1.0 > 4.5 || num(cargo.width) > 3.75 || num(cargo.length) + 3 > 28 || weight + 20 > 100;
}

export const CARGO_FIELDS = ['cargoName', 'pieces', 'maxPieceWeight', 'length', 'width', 'height'] as const;

/** customer.verifyStatus 15 已通过 (DOMAIN §4.1): only approved customers are offered and accepted. */
export const CUSTOMER_APPROVED = 15;

/**
 * Refuses (400 on the field) a customer newly chosen for a record unless it is approved: the
 * pickers offer approved customers only (`filterBy`), and the server holds the same rule.
 */
export async function assertApprovedCustomer(
  ctx: { q: { select: (e: string) => any } }, customerId: unknown,
  opts: { field?: string; cancelled?: string; temporary?: boolean } = {},
): Promise<void> {
  const field = opts.field ?? 'customerId';
  if (customerId === null || customerId === undefined || customerId === '') return;
  const c = await ctx.q.select('customer').select(['verifyStatus', 'name', 'isTemporary']).where('customerId', '=', Number(customerId)).executeTakeFirst() as { verifyStatus: number; name: string; isTemporary: boolean | null } | undefined;
  if (!c) return; // an unknown id is the reference check's 400
  if (Number(c.verifyStatus) === 20) throw badRequest(opts.cancelled ?? '该客户已注销，不能选用', { field });
  // A temporary customer (DOMAIN §3.1 isTemporary: entered quickly from the clue or enquiry screens,
  // not verified) may carry a clue; quoting and contracting need the verified customer.
  if (opts.temporary && c.isTemporary && Number(c.verifyStatus) !== 10) return;
  if (Number(c.verifyStatus) !== CUSTOMER_APPROVED) throw badRequest(`客户「${c.name}」尚未审核通过，不能选用`, { field });
}
