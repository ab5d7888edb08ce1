/**
 * Document numbers (DOMAIN §0): prefix + yyMMdd + a 4-digit daily sequence per organisation.
 * The counter row is bumped with an upsert inside the creating transaction, so concurrent
 * creates queue on its row lock and a rolled-back create gives its number back: gap-free.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';

/** The calendar day in China Standard Time as yyMMdd. */
export function chinaDay(now = new Date()): string {
  const t = new Date(now.getTime() + 8 * 3600_000).toISOString();
  return `${t.slice(2, 4)}${t.slice(5, 7)}${t.slice(8, 10)}`;
}

export async function nextNumber(db: Db, session: Session, prefix: string, now = new Date()): Promise<string> {
  const day = chinaDay(now);
  const row = (await db.insertInto('docSequence')
    .values({ corpId: session.corpId, orgId: session.orgId, prefix, day, value: 1 })
    .onConflict((oc) => oc.columns(['orgId', 'prefix', 'day']).doUpdateSet({ value: sql`doc_sequence.value + 1`, updatedAt: sql`now()` }))
    .returning('value')
    .executeTakeFirstOrThrow()) as { value: number };
  return `${prefix}${day}${String(row.value).padStart(4, '0')}`;
}
