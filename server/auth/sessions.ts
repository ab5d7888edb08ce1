/** Session store in PostgreSQL: opaque tokens, hashed at rest, idle (sliding) expiry. */
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Session } from './session-types';
import { hashToken, newToken } from './tokens';
import { staffPermissions } from './permissions';

export type { Session } from './session-types';

export interface RevokedSession { sessionId: number; accountId: number; staffId: number; orgId: number }

const events = new EventEmitter();
events.setMaxListeners(0);

/** Lets the real-time gateway drop connections whose session ended (logout, switch, password change). */
export function onSessionRevoked(cb: (s: RevokedSession) => void): () => void {
  events.on('revoked', cb);
  return () => events.off('revoked', cb);
}

function emitRevoked(rows: RevokedSession[]): void {
  for (const r of rows) {
    forgetSession(r.sessionId);
    events.emit('revoked', r);
  }
}

/**
 * Verified sessions are kept in memory for a few seconds: resolving a token costs two queries,
 * and most screens fire several calls at once. A revocation in this process evicts at once;
 * another process sees it within SESSION_CACHE_MS (default 5 s), and so do role changes.
 */
const CACHE_MS = Number.isFinite(Number(process.env.SESSION_CACHE_MS)) ? Number(process.env.SESSION_CACHE_MS) : 5000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { session: Session; until: number }>();
const hashBySession = new Map<number, string>();

function forgetSession(sessionId: number): void {
  const hash = hashBySession.get(sessionId);
  if (hash !== undefined) cache.delete(hash);
  hashBySession.delete(sessionId);
}

function remember(hash: string, session: Session): void {
  if (CACHE_MS <= 0) return;
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value as string;
    const entry = cache.get(oldest);
    cache.delete(oldest);
    if (entry) hashBySession.delete(entry.session.sessionId);
  }
  cache.set(hash, { session, until: Date.now() + CACHE_MS });
  hashBySession.set(session.sessionId, hash);
}

/** Forget every cached session (tests that move the clock in the database). */
export function clearSessionCache(): void {
  cache.clear();
  hashBySession.clear();
}

export function idleMinutes(): number {
  const n = Number(process.env.SESSION_IDLE_MINUTES);
  return Number.isFinite(n) && n > 0 ? n : 480;
}

// Writing last_seen_at on every request would make each read a write; a minute of slack is enough.
const TOUCH_AFTER_SECONDS = 60;

export async function createSession(
  db: Db,
  s: { accountId: number; staffId: number; orgId: number; corpId: number; ip?: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('authSession')
    .values({ tokenHash: hashToken(token), accountId: s.accountId, staffId: s.staffId, orgId: s.orgId, corpId: s.corpId, ip: s.ip?.slice(0, 64) ?? null })
    .execute();
  return token;
}

export async function verifyToken(db: Db, token: string | undefined | null): Promise<Session | null> {
  if (!token || typeof token !== 'string' || token.length > 200) return null;
  const hash = hashToken(token);
  const hit = cache.get(hash);
  if (hit && hit.until > Date.now()) return hit.session;
  const row = (await db
    .selectFrom('authSession as s')
    .innerJoin('staff as st', 'st.staffId', 's.staffId')
    .innerJoin('organization as o', 'o.orgId', 's.orgId')
    .innerJoin('account as a', 'a.accountId', 's.accountId')
    .select([
      's.sessionId', 's.accountId', 's.staffId', 's.orgId', 's.corpId', 'st.depId',
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`.as('stale'),
    ])
    .where('s.tokenHash', '=', hash)
    .where('s.revokedAt', 'is', null)
    .where(sql<boolean>`s.last_seen_at > now() - make_interval(mins => ${idleMinutes()})`)
    .where('o.disabled', 'is not', true)
    .where('a.disabled', 'is not', true)
    .where('st.resigned', 'is not', true)
    .executeTakeFirst()) as any;
  if (!row) return null;
  if (row.stale) await db.updateTable('authSession').set({ lastSeenAt: sql`now()` }).where('sessionId', '=', row.sessionId).execute();
  const session: Session = {
    sessionId: row.sessionId,
    accountId: row.accountId,
    staffId: row.staffId,
    orgId: row.orgId,
    corpId: row.corpId,
    depId: row.depId ?? null,
    permissions: await staffPermissions(db, row.staffId, row.orgId),
  };
  remember(hash, session);
  return session;
}

async function revokeWhere(db: Db, where: (qb: any) => any): Promise<number> {
  const rows = (await where(db.updateTable('authSession').set({ revokedAt: sql`now()` }).where('revokedAt', 'is', null))
    .returning(['sessionId', 'accountId', 'staffId', 'orgId'])
    .execute()) as RevokedSession[];
  emitRevoked(rows);
  return rows.length;
}

export const revokeSession = (db: Db, sessionId: number) => revokeWhere(db, (q) => q.where('sessionId', '=', sessionId));

export const revokeOtherSessions = (db: Db, accountId: number, keepSessionId: number) =>
  revokeWhere(db, (q) => q.where('accountId', '=', accountId).where('sessionId', '!=', keepSessionId));

export const revokeOrgSessions = (db: Db, orgId: number) => revokeWhere(db, (q) => q.where('orgId', '=', orgId));
