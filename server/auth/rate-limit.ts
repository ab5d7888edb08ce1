/** Failed-login limits per account and per address, counted in the database (shared by all processes). */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { HttpError } from '../http/errors';

export const WINDOW_MINUTES = 15;
const limits = () => ({
  perAccount: Number(process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT) || 5,
  perIp: Number(process.env.LOGIN_MAX_FAILURES_PER_IP) || 20,
});

async function oldestInWindow(db: Db, column: 'username' | 'ip', value: string, limit: number): Promise<Date | null> {
  const rows = await db
    .selectFrom('loginFailure')
    .select('createdAt')
    .where(column, '=', value)
    .where(sql<boolean>`created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  // Locked while the window holds `limit` failures; it opens when the oldest of those leaves it.
  return rows.length >= limit ? new Date((rows.at(-1) as any).createdAt) : null;
}

export async function assertLoginAllowed(db: Db, username: string, ip: string, what = '登录失败'): Promise<void> {
  const { perAccount, perIp } = limits();
  const blocked = [await oldestInWindow(db, 'username', username, perAccount), await oldestInWindow(db, 'ip', ip, perIp)]
    .filter((d): d is Date => d !== null);
  if (!blocked.length) return;
  const until = Math.max(...blocked.map((d) => d.getTime() + WINDOW_MINUTES * 60_000));
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
  throw new HttpError(429, `${what}次数过多，请${minutes}分钟后再试`);
}

export async function recordLoginFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insertInto('loginFailure').values({ username: username.slice(0, 100), ip: ip.slice(0, 64) }).execute();
}

export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('loginFailure').where('username', '=', username).execute();
  // Old rows are useless; pruning here keeps the table small without a scheduler.
  await db.deleteFrom('loginFailure').where(sql<boolean>`created_at < now() - interval '1 day'`).execute();
}
