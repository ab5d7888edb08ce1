/**
 * Login captchas (svg-captcha): issued by the server, kept in the database so any process can
 * check one another process issued, valid 5 minutes and good for exactly one guess.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/connect';

const VALID_MINUTES = 5;
// Characters people confuse (0/o, 1/l/i) are left out, so a failure is the attacker's, not the user's.
const OPTIONS = { size: 4, noise: 2, color: true, ignoreChars: '0oO1ilI', background: '#f5f5f5' };

export interface IssuedCaptcha { captchaId: string; svg: string }

export async function issueCaptcha(db: Db): Promise<IssuedCaptcha> {
  const { data, text } = svgCaptcha.create(OPTIONS);
  const captchaId = randomBytes(16).toString('hex');
  // The answer is stored as plain text: it lives minutes, protects nothing by itself, and the
  // database is the server's own.
  await db.insertInto('loginCaptcha').values({ captchaId, answer: text.toLowerCase() }).execute();
  await db.deleteFrom('loginCaptcha').where(sql<boolean>`created_at < now() - make_interval(mins => ${VALID_MINUTES})`).execute();
  return { captchaId, svg: data };
}

/** Burns the captcha whatever the guess: one captcha, one try. */
export async function solveCaptcha(db: Db, captchaId: unknown, code: unknown): Promise<boolean> {
  if (typeof captchaId !== 'string' || !/^[0-9a-f]{32}$/.test(captchaId) || typeof code !== 'string') return false;
  const row = (await db
    .deleteFrom('loginCaptcha')
    .where('captchaId', '=', captchaId)
    .where(sql<boolean>`created_at > now() - make_interval(mins => ${VALID_MINUTES})`)
    .returning('answer')
    .executeTakeFirst()) as { answer: string } | undefined;
  return !!row && row.answer === code.trim().toLowerCase();
}
