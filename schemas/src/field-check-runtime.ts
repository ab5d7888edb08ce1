/**
 * What the build-time field validators (schemas/generated/field-validators.ts, written by
 * scripts/gen/field-validators.ts) call at run time: the formats and the custom keywords of the
 * shared ajv setup (schemas/src/ajv.ts), as plain functions. Nothing here compiles code, so the
 * browser checks fields under a Content-Security-Policy without 'unsafe-eval'.
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import { FORMAT_VALIDATORS, timeOrderHolds } from './validators';
import { decimalProblem, isBlankText } from './ajv';
import { richTextLength } from './format';

/** Every format the server knows, under the same names (ajv-formats' full set, then ours). */
export const formats: Record<string, unknown> = {
  ...fullFormats,
  ...Object.fromEntries(Object.entries(FORMAT_VALIDATORS).map(([name, validate]) => [name, { type: 'string', validate }])),
};

/** ajv's ucs2length: a string's length in code points (what maxLength counts). */
export function ucs2length(str: string): number {
  let n = 0;
  for (const _ of str) n++;
  return n;
}

/** ajv's deep equality (enum and const of objects, uniqueItems). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  // NaN equals NaN, as in fast-deep-equal.
  return a !== a && b !== b;
}

export { decimalProblem, isBlankText, richTextLength, timeOrderHolds };
