import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits; the token itself is never stored, only its SHA-256. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
