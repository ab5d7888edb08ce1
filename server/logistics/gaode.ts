/**
 * 地址输入提示 (seed 002 §7.3 `gaode/input-tips`): the product runs offline, so instead of 高德's
 * `v3/assistant/inputtips` the suggestions come from the region tree and the addresses the
 * organisation already uses (customers, delivery addresses, clue/enquiry and demand origins and
 * destinations). The answer keeps 高德's shape — `{count, tips: [{id, name, district, adcode,
 * location, address, typecode}]}` — so a form written against the online service reads it as is.
 * Ranking: the whole text, then its start, then anywhere in it; pinyin initials (shs → 上海市)
 * and full pinyin count a little less; among equals the address used more often comes first.
 */
import { sql } from 'kysely';
import { pinyin } from 'pinyin-pro';
import { requireSession, type Handler } from '../crud/context';
import { badRequest } from '../http/errors';
import { regionLabel, regionTree, type RegionNode } from '../reference/regions';

export interface Candidate { name: string; adcode: string | null; address: string; kind: 'region' | 'address'; uses: number }
export interface Tip { id: string; name: string; district: string; adcode: string; location: string; address: string; typecode: string }

const keyCache = new Map<string, { initials: string; full: string }>();
/** Pinyin initials and the full pinyin (no tones, no spaces) of a text, cached. */
export function pinyinKeys(text: string): { initials: string; full: string } {
  let k = keyCache.get(text);
  if (!k) {
    const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('').toLowerCase().replace(/\s+/g, '');
    const initials = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('').toLowerCase().replace(/\s+/g, '');
    k = { initials, full };
    if (keyCache.size > 50_000) keyCache.clear();
    keyCache.set(text, k);
  }
  return k;
}

/** How well a text matches what was typed (0: not at all). */
export function matchScore(text: string, keyword: string): number {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return 0;
  const t = text.toLowerCase();
  if (t === kw) return 100;
  if (t.startsWith(kw)) return 90;
  if (t.includes(kw)) return 70;
  if (!/^[a-z0-9]+$/.test(kw)) return 0;
  const { initials, full } = pinyinKeys(text);
  if (initials === kw) return 66; // every character's initial: 上海市 for shs, before addresses that merely start so
  if (initials.startsWith(kw)) return 60;
  if (full.startsWith(kw)) return 55;
  if (initials.includes(kw)) return 45;
  if (full.includes(kw)) return 40;
  return 0;
}

let regionCandidates: Candidate[] | undefined;
function regions(): Candidate[] {
  if (regionCandidates) return regionCandidates;
  const out: Candidate[] = [];
  const walk = (nodes: RegionNode[] | null) => {
    for (const n of nodes ?? []) {
      out.push({ name: n.name, adcode: n.regionId, address: '', kind: 'region', uses: 0 });
      walk(n.children);
    }
  };
  walk(regionTree().tree);
  regionCandidates = out;
  return out;
}

/** The regions, each counting how often the organisation's addresses lie in it (湖州市 before 化州市 for hzs). */
export function regionsByUse(addresses: Candidate[]): Candidate[] {
  const uses = new Map<string, number>();
  for (const a of addresses) {
    const code = a.adcode ?? '';
    if (!/^\d{6}$/.test(code)) continue;
    for (const key of new Set([`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code])) uses.set(key, (uses.get(key) ?? 0) + a.uses);
  }
  return regions().map((r) => (uses.has(r.adcode!) ? { ...r, uses: uses.get(r.adcode!)! } : r));
}

/** Ranks candidates for a keyword: score, then uses, then the shorter name; a city limit keeps its area's. */
export function rankTips(candidates: Candidate[], keyword: string, opts: { city?: string; limit?: number } = {}): Tip[] {
  const city = opts.city?.trim();
  const prefix = city && /^\d{6}$/.test(city) ? city.replace(/(00)+$/, '') : undefined;
  const scored: { c: Candidate; score: number }[] = [];
  for (const c of candidates) {
    if (prefix && !(c.adcode ?? '').startsWith(prefix)) continue;
    if (city && !prefix && !(regionLabel(c.adcode ?? '') ?? '').includes(city)) continue;
    const score = Math.max(matchScore(c.name, keyword), c.address ? matchScore(c.address, keyword) - 5 : 0);
    if (score > 0) scored.push({ c, score: score + (c.kind === 'address' ? 2 : 0) });
  }
  scored.sort((a, b) => b.score - a.score || b.c.uses - a.c.uses || a.c.name.length - b.c.name.length || (a.c.name < b.c.name ? -1 : 1));
  const seen = new Set<string>();
  const tips: Tip[] = [];
  for (const { c } of scored) {
    const key = `${c.name}|${c.adcode ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const district = (regionLabel(c.adcode ?? '') ?? '').split('/').join('');
    tips.push({ id: c.kind === 'region' ? `R${c.adcode}` : `A${tips.length + 1}`, name: c.name, district, adcode: c.adcode ?? '', location: '', address: c.kind === 'region' ? '' : c.address, typecode: c.kind === 'region' ? '190000' : '' });
    if (tips.length >= (opts.limit ?? 10)) break;
  }
  return tips;
}

/** The addresses the organisation's records use, with how often. */
async function orgAddresses(ctx: Parameters<Handler>[0]): Promise<Candidate[]> {
  const orgId = requireSession(ctx).orgId;
  const rows = (await sql<{ address: string; adcode: string | null; uses: number }>`
    select address, adcode, count(*)::int as uses from (
      select address, region_code as adcode from customer where org_id = ${orgId}
      union all select address, region_code from delivery_address where org_id = ${orgId}
      union all select load_address, load_region_code from transport_demand where org_id = ${orgId}
      union all select unload_address, unload_region_code from transport_demand where org_id = ${orgId}
      union all select from_address, from_region_code from clue where org_id = ${orgId}
      union all select to_address, to_region_code from clue where org_id = ${orgId}
      union all select from_address, from_region_code from enquiry where org_id = ${orgId}
      union all select to_address, to_region_code from enquiry where org_id = ${orgId}
    ) a where address is not null and btrim(address) <> '' group by address, adcode order by uses desc limit 5000`.execute(ctx.db)).rows;
  return rows.map((r) => ({ name: r.address.trim(), adcode: r.adcode, address: r.address.trim(), kind: 'address' as const, uses: r.uses }));
}

const inputTips: Handler = async (ctx) => {
  const keywords = typeof ctx.query.keywords === 'string' ? ctx.query.keywords.trim() : '';
  if (!keywords) throw badRequest('请输入要查询的地址关键字', { field: 'keywords' });
  if (keywords.length > 50) throw badRequest('地址关键字不能超过50个字', { field: 'keywords' });
  const city = typeof ctx.query.city === 'string' ? ctx.query.city : undefined;
  const citylimit = ctx.query.citylimit === true || ctx.query.citylimit === 'true';
  const addresses = await orgAddresses(ctx);
  const tips = rankTips([...addresses, ...regionsByUse(addresses)], keywords, { city: citylimit ? city : undefined, limit: 10 });
  return { count: tips.length, tips };
};

export const gaodeHandlers: Record<string, Handler> = { 'gaode.inputTips': inputTips };
