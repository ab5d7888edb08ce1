/**
 * Bank list from the `bankcardinfo` package. Its table isn't exported, so the bankName/bankCode
 * pairs are read from the module source once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Bank { bankId: number; bankCode: string; bankName: string }

let cache: Bank[] | undefined;

export function bankList(): Bank[] {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const text = readFileSync(require.resolve('bankcardinfo'), 'utf8');
  const seen = new Set<string>();
  const out: Bank[] = [];
  for (const m of text.matchAll(/bankName:\s*"([^"]+)",\s*bankCode:\s*"([^"]+)"/g)) {
    const bankName = m[1]!.trim();
    if (seen.has(bankName)) continue;
    seen.add(bankName);
    out.push({ bankId: out.length + 1, bankCode: m[2]!, bankName });
  }
  cache = out;
  return out;
}
