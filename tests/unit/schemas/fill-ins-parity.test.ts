/**
 * Every formula declared in the generated entities gives the same value in the form (the function
 * its effect calls) and in the write pipeline (the function create/update call), over random
 * inputs: money and decimals as text with up to 4 decimals, zeros, blanks, enum codes.
 */
import { describe, expect, it } from 'vitest';
import entities from '../../../schemas/generated/entities.json';
import { formulaInputs } from '../../../schemas/src/formula';
import { formulaValues } from '../../../runtime/renderers/form/formulaValues';
import { applyFormulas, columnProblem } from '../../../server/crud/fill-ins';
import type { EntityMap } from '../../../server/schema/types';

const all = entities as unknown as EntityMap;
const withFormulas = Object.values(all).filter((e) => Object.values(e.fields).some((f) => f.formula));

/** A deterministic generator, so a failure repeats. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Codes of the taxRate enumeration (DOMAIN: 13, 9, 6, 3, 1, 0 %). */
const taxCodes = [13, 9, 6, 3, 1, 0];

describe('formulas agree between the form and the server', () => {
  it('some entity declares formulas (the quotation’s amount without tax and margin)', () => {
    expect(withFormulas.map((e) => e.name)).toContain('quotation');
  });
  for (const entity of withFormulas) {
    it(`${entity.name}: 200 random records`, () => {
      const rand = rng(entity.name.length * 7919);
      const inputs = [...new Set(Object.values(entity.fields).filter((f) => f.formula).flatMap((f) => formulaInputs(f.formula!)))]
        .filter((k) => !entity.fields[k]!.formula);
      let refused = 0;
      for (let i = 0; i < 200; i++) {
        const form: Record<string, unknown> = {};
        for (const k of inputs) {
          const f = entity.fields[k]!;
          const r = rand();
          if (r < 0.08) { form[k] = r < 0.04 ? undefined : ''; continue; }
          if (r < 0.14) { form[k] = '0.00'; continue; }
          if (f.type === 'enum') { form[k] = taxCodes[Math.floor(rand() * taxCodes.length)]; continue; }
          if (f.type === 'integer' || f.type === 'bigint') { form[k] = Math.floor(rand() * 100000); continue; }
          const scale = f.type === 'money' ? 2 : Math.min(f.scale ?? 4, 4);
          form[k] = (rand() * 10 ** (1 + Math.floor(rand() * 7))).toFixed(Math.floor(rand() * (scale + 1)));
        }
        const browser = formulaValues(entity, form);
        // What the server holds: the body's values as columns ('' and absent are no value).
        const columns: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(form)) columns[k] = v === '' || v === undefined ? null : v;
        try {
          applyFormulas(entity, columns, undefined);
        } catch (err) {
          // The server refuses a result its column can't hold, naming the field; the browser
          // computed the very same out-of-range figure.
          const k = (err as { data?: { field?: string } }).data?.field;
          expect(k && columnProblem(entity.fields[k]!, browser[k]), `${entity.name} refused over ${JSON.stringify(form)}`).toBeTruthy();
          refused++;
          continue;
        }
        for (const k of Object.keys(browser)) {
          const server = columns[k] === null ? undefined : columns[k];
          expect(browser[k], `${entity.name}.${k} over ${JSON.stringify(form)}`).toEqual(server);
          expect(String(browser[k] ?? '')).not.toMatch(/NaN|Infinity/);
        }
      }
      // Most random records fit their columns: the comparison above is what ran.
      expect(refused).toBeLessThan(100);
    });
  }
});
