/**
 * Chinese text sorts by pinyin (上海 before 上汽), not by code point, on both databases: list
 * ORDER BYs on text columns use the collation `zh_pinyin` of the current schema, made here.
 *
 * - PostgreSQL with ICU's Chinese data (Debian's): ICU's own pinyin collation, `zh-u-co-pinyin`.
 * - PGlite: its ICU carries no Chinese data (zh sorts like the root, by code point), but it is
 *   PostgreSQL 17, whose ICU collations accept tailoring rules: the CJK block in pinyin order,
 *   computed with pinyin-pro (the header search's library), Han before Latin as ICU's zh does.
 * - Neither: a copy of the default collation, so queries still run.
 * Each candidate is kept only if it actually puts 上海 before 上汽.
 */
import { sql } from 'kysely';
import { pinyin } from 'pinyin-pro';
import type { Db } from './connect';

export const PINYIN_COLLATION = 'zh_pinyin';

/**
 * ICU tailoring: every CJK unified ideograph, ordered by pinyin (tone number), then code point;
 * Han before Latin as in ICU's own zh collation, so both databases agree.
 */
export function pinyinRules(): string {
  const chars: { c: string; key: string }[] = [];
  for (let cp = 0x4e00; cp <= 0x9fff; cp++) {
    const c = String.fromCodePoint(cp);
    const key = pinyin(c, { toneType: 'num', type: 'string' });
    if (key && key !== c) chars.push({ c, key });
  }
  chars.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.c.codePointAt(0)! - b.c.codePointAt(0)!));
  return `[reorder Hani Latn]&[last regular]<*${chars.map((x) => x.c).join('')}`;
}

async function sortsByPinyin(db: Db): Promise<boolean> {
  const r = await sql<{ first: string }>`select x as first from (values ('上汽'), ('上海')) v(x) order by x collate zh_pinyin limit 1`.execute(db);
  return (r.rows[0] as { first: string }).first === '上海';
}

// cascade: the pinyin sort indexes depend on the collation (server/db/sort-indexes.ts); they are
// made again right after it.
async function attempt(db: Db, create: string): Promise<boolean> {
  try {
    await sql.raw('drop collation if exists zh_pinyin cascade').execute(db);
    await sql.raw(create).execute(db);
    return await sortsByPinyin(db);
  } catch {
    return false;
  }
}

/** Creates (or repairs) `zh_pinyin` in the current schema; returns how it sorts. */
export async function ensurePinyinCollation(db: Db): Promise<'kept' | 'icu' | 'rules' | 'none'> {
  const exists = await sql`select 1 from pg_collation where collname = 'zh_pinyin' and collnamespace = current_schema()::regnamespace`.execute(db);
  if (exists.rows.length && (await sortsByPinyin(db).catch(() => false))) return 'kept';
  if (await attempt(db, "create collation zh_pinyin (provider = icu, locale = 'zh-u-co-pinyin')")) return 'icu';
  // Dollar quoting: the rules are CJK characters only, no $ inside.
  if (await attempt(db, `create collation zh_pinyin (provider = icu, locale = 'und', rules = $rules$${pinyinRules()}$rules$)`)) return 'rules';
  await sql.raw('drop collation if exists zh_pinyin cascade').execute(db).catch(() => undefined);
  await sql.raw('create collation zh_pinyin from "default"').execute(db);
  return 'none';
}
