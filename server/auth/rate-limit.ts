/**
 * Failed-login limits per account and per address, counted in the database (shared by all
 * processes). An attempt is reserved *before* the slow password check, in one transaction that
 * holds advisory locks on the account and the address: parallel attempts queue on the lock, so
 * exactly the limit gets a password check however many arrive at once, on any process.
 *
 * Past the per-address limit a login is refused (429). Past the per-account limit it is not:
 * it needs a captcha (captcha.ts), so a stranger who types wrong passwords on purpose can't lock
 * the owner out, while guessing costs a solved captcha per try (docs/decisions.md).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { HttpError } from '../http/errors';

export const WINDOW_MINUTES = 15;
const limits = () => ({
  perAccount: Number(process.env.LOGIN_MAX_FAILURES_PER_ACCOUNT) || 5,
  perIp: Number(process.env.LOGIN_MAX_FAILURES_PER_IP) || 20,
});

export const CAPTCHA_REQUIRED_MSG = '登录失败次数过多，请输入验证码';

/** Advisory-lock classes: the two-key form keeps account and address keys apart. */
const LOCK_ACCOUNT = 1101;
const LOCK_ADDRESS = 1102;

interface Window { count: number; oldest: Date | null }

async function inWindow(db: Db, column: 'username' | 'ip', value: string, limit: number): Promise<Window> {
  const rows = await db
    .selectFrom('loginFailure')
    .select('createdAt')
    .where(column, '=', value)
    .where(sql<boolean>`created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  // Full while the window holds `limit` failures; it opens when the oldest of those leaves it.
  return { count: rows.length, oldest: rows.length ? new Date((rows.at(-1) as any).createdAt) : null };
}

function tooMany(what: string, oldest: Date): HttpError {
  const minutes = Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
  return new HttpError(429, `${what}次数过多，请${minutes}分钟后再试`);
}

export interface Attempt {
  /** the provisional failure row; released on success */
  failureId: number;
  /** failures of the account in the window, this attempt included */
  accountFailures: number;
}

export interface ReserveOptions {
  /** prefix of the 429 message */
  what?: string;
  /**
   * 'captcha': past the account limit ask for a captcha (login); `captchaSolved` lets it through.
   * 'refuse': past the account limit answer 429 (password change: the caller already has a session).
   */
  accountLimit: 'captcha' | 'refuse';
  captchaSolved?: boolean;
}

/**
 * Checks both limits and records this attempt as a failure, atomically. Call release() when the
 * password turns out right; otherwise the row stays and counts.
 */
export async function reserveAttempt(db: Db, username: string, ip: string, opts: ReserveOptions): Promise<Attempt> {
  const { perAccount, perIp } = limits();
  const user = username.slice(0, 100);
  const address = ip.slice(0, 64);
  const what = opts.what ?? '登录失败';
  return db.transaction().execute(async (trx) => {
    // Always account before address, so two attempts can't wait on each other's locks.
    await sql`select pg_advisory_xact_lock(${LOCK_ACCOUNT}, hashtext(${user}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${address}))`.execute(trx);
    const byIp = await inWindow(trx, 'ip', address, perIp);
    if (byIp.count >= perIp) throw tooMany(what, byIp.oldest!);
    const byAccount = await inWindow(trx, 'username', user, perAccount);
    if (byAccount.count >= perAccount) {
      if (opts.accountLimit === 'refuse') throw tooMany(what, byAccount.oldest!);
      if (!opts.captchaSolved) throw new HttpError(400, CAPTCHA_REQUIRED_MSG, { captchaRequired: true });
    }
    const row = (await trx.insertInto('loginFailure').values({ username: user, ip: address })
      .returning('loginFailureId').executeTakeFirstOrThrow()) as { loginFailureId: number };
    return { failureId: row.loginFailureId, accountFailures: Math.min(perAccount, byAccount.count + 1) };
  });
}

/** Whether the next attempt of this account will need a captcha (told to the client with a failure). */
export function captchaNeededAfter(attempt: Attempt): boolean {
  return attempt.accountFailures >= limits().perAccount;
}

/** The password was right: the attempt was no failure, and the account's slate is wiped. */
export async function releaseAttempt(db: Db, username: string, attempt: Attempt): Promise<void> {
  await db.deleteFrom('loginFailure').where('loginFailureId', '=', attempt.failureId).execute();
  await clearLoginFailures(db, username);
}

export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('loginFailure').where('username', '=', username.slice(0, 100)).execute();
  // Old rows are useless; pruning here keeps the table small without a scheduler.
  await db.deleteFrom('loginFailure').where(sql<boolean>`created_at < now() - interval '1 day'`).execute();
}
