/**
 * One-time, short-lived single-sign-on tickets (seed 000 §2.1 /sso). An integrating system
 * proves itself with its own key (env SSO_CLIENT_KEY, compared by hash so the key never sits
 * in a comparison in clear), asks for a ticket for one of our users, and hands the ticket to
 * the browser. The ticket is stored hashed, lives SSO_TICKET_SECONDS (60 s) and is burnt by the
 * first exchange (one atomic UPDATE), so a replayed or leaked ticket is useless.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { HttpError } from '../http/errors';
import { hashToken } from '../auth/tokens';

export const SSO_TICKET_SECONDS = 60;

export const SSO_MSG = {
  notConfigured: '单点登录未启用',
  badKey: '接入系统密钥不正确',
  noUser: '单点登录失败，账户不存在!',
  orgDisabled: '该单位已被禁用',
  invalid: '单点登录票据无效，请从原系统重新进入',
  used: '单点登录票据已使用，请从原系统重新进入',
  expired: '单点登录票据已过期，请从原系统重新进入',
} as const;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Throws unless the x-sso-key header matches the configured client key. */
export function assertClientKey(given: unknown, configured = process.env.SSO_CLIENT_KEY): void {
  if (!configured) throw new HttpError(403, SSO_MSG.notConfigured);
  if (typeof given !== 'string' || !given || !timingSafeEqual(sha256(given), sha256(configured))) {
    throw new HttpError(401, SSO_MSG.badKey);
  }
}

export interface TicketSubject {
  accountId: number;
  staffId: number;
  orgId: number;
  router?: string | null;
  client?: string;
}

export async function issueTicket(db: Db, subject: TicketSubject): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await db
    .insertInto('ssoTicket')
    .values({
      ticketHash: hashToken(ticket),
      accountId: subject.accountId,
      staffId: subject.staffId,
      targetOrgId: subject.orgId,
      router: subject.router ?? null,
      client: subject.client ?? null,
      expiresAt: sql`now() + make_interval(secs => ${SSO_TICKET_SECONDS})`,
    })
    .execute();
  return ticket;
}

/** Burns the ticket and returns what it was issued for; a second use, or a late one, fails clearly. */
export async function redeemTicket(db: Db, ticket: string): Promise<TicketSubject> {
  const ticketHash = hashToken(ticket);
  const row = (await db
    .updateTable('ssoTicket')
    .set({ usedAt: sql`now()` })
    .where('ticketHash', '=', ticketHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['accountId', 'staffId', 'targetOrgId', 'router'])
    .executeTakeFirst()) as { accountId: number; staffId: number; targetOrgId: number; router: string | null } | undefined;
  if (row) return { accountId: row.accountId, staffId: row.staffId, orgId: row.targetOrgId, router: row.router };
  const known = (await db.selectFrom('ssoTicket').select(['usedAt']).where('ticketHash', '=', ticketHash).executeTakeFirst()) as
    | { usedAt: unknown }
    | undefined;
  if (!known) throw new HttpError(401, SSO_MSG.invalid);
  throw new HttpError(401, known.usedAt ? SSO_MSG.used : SSO_MSG.expired);
}

/**
 * Where a router id leads. Numeric ids are the integrating systems' own numbering (the seed
 * accepts them); names are our route names. Unknown ids land on the home page.
 */
export const SSO_ROUTERS: Record<string, string> = {
  '0': '/dashboard',
  '1': '/workbench',
  '2': '/daily-routine/daily-routine-page',
  '3': '/business/clue/customer-list',
  '4': '/profile/profile-finance',
  dashboard: '/dashboard',
  workbench: '/workbench',
  'daily-routine': '/daily-routine/daily-routine-page',
  'customer-list': '/business/clue/customer-list',
  'profile-finance': '/profile/profile-finance',
};

/** Only local paths: a ticket must never turn our login into an open redirect. */
export function safeRouter(router: string | null | undefined): string | undefined {
  return router && router.startsWith('/') && !router.startsWith('//') && !router.includes('\\') ? router : undefined;
}

export function routerFor(routerId: string, ticketRouter?: string | null): string {
  return SSO_ROUTERS[routerId] ?? safeRouter(ticketRouter) ?? '/dashboard';
}
