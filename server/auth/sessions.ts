/** Session store in PostgreSQL: opaque tokens, hashed at rest, idle (sliding) expiry. */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Session } from './session-types';
import { hashToken, newToken } from './tokens';
import { staffPermissions } from './permissions';

export type { Session } from './session-types';

export interface RevokedSession { sessionId: number; accountId: number; staffId: number; orgId: number }

type RevokedListener = (rows: RevokedSession[], db: Db) => Promise<void> | void;
const listeners = new Set<RevokedListener>();

/**
 * Lets the real-time layer announce ended sessions (logout, switch, password change) to every
 * process. Listeners are awaited, so the announcement is out before the logout is answered.
 */
export function onSessionRevoked(cb: RevokedListener): () => void {
  listeners.add(cb);
  return () => void listeners.delete(cb);
}

async function emitRevoked(db: Db, rows: RevokedSession[]): Promise<void> {
  for (const r of rows) forgetSession(r.sessionId);
  if (rows.length) await Promise.all([...listeners].map((cb) => cb(rows, db)));
}

/**
 * Verified sessions are kept in memory for a few seconds: resolving a token costs two queries,
 * and most screens fire several calls at once. A cached session is reused only while its
 * organisation's authorisation epoch (table auth_epoch, migration 003) is unchanged: every change
 * that can narrow a session — a role's permissions, a role assignment, a staff member disabled,
 * resigned or moved, an account disabled or its password reset, an organisation disabled, a
 * session revoked — bumps the epoch by trigger in the same transaction. One primary-key read per
 * request then makes such a change effective on the holder's very next request, in every
 * server process sharing the database.
 */
const CACHE_MS = Number.isFinite(Number(process.env.SESSION_CACHE_MS)) ? Number(process.env.SESSION_CACHE_MS) : 5000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { session: Session; until: number; epoch: string }>();
const hashBySession = new Map<number, string>();

/**
 * Kept for the realtime bus's wiring: every database now re-checks a cached session through the
 * organisation's authorisation epoch (one primary-key read per request), which also covers a
 * revocation made by another process before its announcement arrives.
 */
export function shareSessionsAcrossProcesses(_db: Db): void {}

/** Another process announced these sessions ended (the realtime bus): drop them from the cache. */
export function forgetSessions(sessionIds: number[]): void {
  for (const id of sessionIds) forgetSession(id);
}

function forgetSession(sessionId: number): void {
  const hash = hashBySession.get(sessionId);
  if (hash !== undefined) cache.delete(hash);
  hashBySession.delete(sessionId);
}

function remember(hash: string, session: Session, epoch: string): void {
  if (CACHE_MS <= 0) return;
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value as string;
    const entry = cache.get(oldest);
    cache.delete(oldest);
    if (entry) hashBySession.delete(entry.session.sessionId);
  }
  cache.set(hash, { session, until: Date.now() + CACHE_MS, epoch });
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
  if (hit && hit.until > Date.now()) {
    if ((await currentEpoch(db, hit.session.orgId)) === hit.epoch) return hit.session;
    forgetSession(hit.session.sessionId);
  }
  const row = (await db
    .selectFrom('authSession as s')
    .innerJoin('staff as st', 'st.staffId', 's.staffId')
    .innerJoin('organization as o', 'o.orgId', 's.orgId')
    .innerJoin('account as a', 'a.accountId', 's.accountId')
    // Read in the same statement as the session, so the epoch cached is never newer than what was verified.
    .leftJoin('authEpoch as e', 'e.orgId', 's.orgId')
    .select([
      sql<string>`coalesce(e.epoch, 0)::text`.as('epoch'),
      's.sessionId', 's.accountId', 's.staffId', 's.orgId', 's.corpId', 'st.depId',
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`.as('stale'),
    ])
    .where('s.tokenHash', '=', hash)
    .where('s.revokedAt', 'is', null)
    .where(sql<boolean>`s.last_seen_at > now() - make_interval(mins => ${idleMinutes()})`)
    .where('o.disabled', 'is not', true)
    .where('a.disabled', 'is not', true)
    .where('st.resigned', 'is not', true)
    .where('st.disabled', 'is not', true)
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
  remember(hash, session, String(row.epoch));
  return session;
}

async function currentEpoch(db: Db, orgId: number): Promise<string> {
  const row = (await db.selectFrom('authEpoch').select(sql<string>`epoch::text`.as('epoch')).where('orgId', '=', orgId).executeTakeFirst()) as { epoch: string } | undefined;
  return row?.epoch ?? '0';
}

async function revokeWhere(db: Db, where: (qb: any) => any): Promise<number> {
  const rows = (await where(db.updateTable('authSession').set({ revokedAt: sql`now()` }).where('revokedAt', 'is', null))
    .returning(['sessionId', 'accountId', 'staffId', 'orgId'])
    .execute()) as RevokedSession[];
  await emitRevoked(db, rows);
  return rows.length;
}

export const revokeSession = (db: Db, sessionId: number) => revokeWhere(db, (q) => q.where('sessionId', '=', sessionId));

export const revokeOtherSessions = (db: Db, accountId: number, keepSessionId: number) =>
  revokeWhere(db, (q) => q.where('accountId', '=', accountId).where('sessionId', '!=', keepSessionId));

export const revokeOrgSessions = (db: Db, orgId: number) => revokeWhere(db, (q) => q.where('orgId', '=', orgId));

/** Every session of a person (password reset, account disabled), in every organisation. */
export const revokeAccountSessions = (db: Db, accountId: number) => revokeWhere(db, (q) => q.where('accountId', '=', accountId));

/** The sessions of one staff membership (disabled, resigned, removed from the organisation). */
export const revokeStaffSessions = (db: Db, staffId: number) => revokeWhere(db, (q) => q.where('staffId', '=', staffId));
