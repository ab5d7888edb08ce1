/**
 * 运输保险 (DOMAIN §3.2 insuranceEnquiry, insuranceRate): the corporate rate tree (运输方式 →
 * 货类 → 险种, ‰), in two trees the pickers load separately — the general one and the railway one
 * (roots with keyword 铁路, seed 002 §3.2) — and the premium arithmetic.
 */
import { scopedQueries } from '../crud/scope';
import { requireSession, type Handler } from '../crud/context';

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** Premium = insured value × rate ‰, never below the minimum premium. */
export function premiumOf(cargoValue: unknown, ratePermille: unknown, minPremium: unknown): string {
  const raw = Math.round((cents(cargoValue) * Number(ratePermille ?? 0)) / 1000);
  return (Math.max(raw, cents(minPremium)) / 100).toFixed(2);
}

/** The system's minimum premium when a rate row has none (systemConfig insuranceMinPremium, DOMAIN §3.8). */
export const DEFAULT_MIN_PREMIUM = 200;

const rateTree: Handler = async (ctx) => {
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  const rows = (await q.select('insuranceRate').selectAll().orderBy('sort').orderBy('rateId').execute()) as Record<string, any>[];
  const byId = new Map<number, Record<string, any>>(rows.map((r) => [Number(r.rateId), { ...r, children: [] as any[] }]));
  const roots: any[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(Number(node.parentId)) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const keyword = typeof ctx.query.keyword === 'string' ? ctx.query.keyword.trim() : '';
  // The railway tree: roots carrying the keyword; the general tree: roots without one.
  return roots.filter((r) => (keyword ? String(r.keyword ?? '').includes(keyword) : !r.keyword));
};

export const insuranceHandlers: Record<string, Handler> = { 'insurance.rateTree': rateTree };
