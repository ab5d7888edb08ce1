/**
 * 司机链接 tokens (docs/decisions.md "The driver's page"). A link is random (a 128-bit nonce per
 * link), scoped to one schedule, and only its SHA-256 is stored: the token is an HMAC of the
 * link's nonce under the server's secret, so the dispatcher's screen, the 托运单 print and a
 * resent SMS can show it again while a copy of the database opens nothing. The secret is
 * DRIVER_LINK_SECRET, else a random key kept in DATA_DIR (shared by the processes, like uploads).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';

let cachedSecret: Buffer | null = null;

function secret(): Buffer {
  if (cachedSecret) return cachedSecret;
  const configured = process.env.DRIVER_LINK_SECRET;
  if (configured) return (cachedSecret = Buffer.from(configured, 'utf8'));
  const file = path.resolve(process.env.DATA_DIR ?? './data', 'driver-link.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch {
      // another process wrote it first: read theirs
    }
  }
  return (cachedSecret = Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'));
}

/** The token of a link: 32 URL-safe characters (192 bits of the HMAC). */
export function tokenOf(orgId: number, scheduleId: number, nonce: string): string {
  return createHmac('sha256', secret()).update(`driver-link:${orgId}:${scheduleId}:${nonce}`).digest('base64url').slice(0, 32);
}

export const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token's shape: anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Schedule states a driver's link works in: 已派车 through 回单已返 (结算 and 取消 end it). */
export const DRIVER_LINK_LIVE = [10, 15, 20, 25, 30, 35, 40];

/** Why a link stopped working, as the driver reads it. */
export const ENDED: Record<string, string> = {
  revoke: '该链接已被调度员撤销，请联系调度员',
  renew: '该链接已更换，请使用调度员新发送的链接',
  settle: '该调度单已结算，链接已失效',
  cancel: '该调度单已取消，链接已失效',
  reassign: '该调度单已改派其他车辆，链接已失效',
};

export interface LinkRow {
  linkId: number;
  orgId: number;
  corpId: number;
  scheduleId: number;
  nonce: string;
  truckLicensePlate: string | null;
  endedAt: Date | null;
  endReason: string | null;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  openCount: number;
  createdBy: number | null;
}

/** Ends the schedule's working links (a new one replaces them, or the schedule is done with). */
export async function endLinks(db: Db, orgId: number, scheduleId: number, reason: keyof typeof ENDED, staffId: number | null): Promise<void> {
  await db.updateTable('driverLink').set({ endedAt: sql`now()`, endReason: reason, endedBy: staffId })
    .where('orgId', '=', orgId).where('scheduleId', '=', scheduleId).where('endedAt', 'is', null).execute();
}

/** A new link for the schedule (the old ones end); answers its token. */
export async function issueLink(db: Db, s: { orgId: number; corpId: number; staffId: number | null }, schedule: { scheduleId: number; truckLicensePlate?: string | null }): Promise<string> {
  await endLinks(db, s.orgId, schedule.scheduleId, 'renew', s.staffId);
  const nonce = randomBytes(16).toString('hex');
  const token = tokenOf(s.orgId, schedule.scheduleId, nonce);
  await db.insertInto('driverLink').values({
    orgId: s.orgId, corpId: s.corpId, scheduleId: schedule.scheduleId, tokenHash: hashOf(token), nonce,
    truckLicensePlate: schedule.truckLicensePlate ?? null, createdBy: s.staffId,
  }).execute();
  return token;
}

/** The schedule's working link and its token, if it has one. */
export async function currentLink(db: Db, orgId: number, scheduleId: number): Promise<(LinkRow & { token: string }) | undefined> {
  const row = (await db.selectFrom('driverLink').selectAll().where('orgId', '=', orgId).where('scheduleId', '=', scheduleId)
    .where('endedAt', 'is', null).orderBy('linkId', 'desc').executeTakeFirst()) as LinkRow | undefined;
  return row ? { ...row, token: tokenOf(orgId, scheduleId, row.nonce) } : undefined;
}

/**
 * The address a driver opens: PUBLIC_BASE_URL when the server sits behind a proxy that rewrites
 * the host, else the address the dispatcher's request came to.
 */
export function linkUrl(request: FastifyRequest | undefined, token: string): string {
  const base = process.env.PUBLIC_BASE_URL?.replace(/\/+$/, '')
    ?? (request ? `${request.protocol}://${request.host}` : '');
  return `${base}/driver/${token}`;
}
