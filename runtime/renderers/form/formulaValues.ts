/**
 * The form's half of declared formulas: what the formula fields read while the user types,
 * worked out by the same evaluator the server's write pipeline runs on save.
 */
import { computeFormulas, type FormulaEntity } from '../../../schemas/src/formula';

/** Blank inputs as the server sees them: '' and undefined are no value. */
const clean = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' || v === undefined ? null : v]));

/** The formula fields' values over the form's values; a blank result is undefined (an empty input). */
export function formulaValues(entity: FormulaEntity, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(computeFormulas(entity, clean(values)))) out[k] = v === null ? undefined : v;
  return out;
}
