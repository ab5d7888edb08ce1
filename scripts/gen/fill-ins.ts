/** Generator checks of declared fill-ins (`fetchFrom`) and formulas: every path names a field that exists. */
import type { ResolvedEntity } from '../../schemas/src/entity-schema';

type ResolvedField = ResolvedEntity['fields'][string];
import { splitFetchFrom } from '../../schemas/src/fill-ins';
import { formulaInputs, formulaOrder } from '../../schemas/src/formula';

const FORMULA_INPUTS = new Set(['integer', 'bigint', 'number', 'money', 'enum']);
const FORMULA_TARGETS = new Set(['integer', 'bigint', 'number', 'money']);

export function fillInProblems(entities: Record<string, ResolvedEntity>, e: ResolvedEntity, name: string, f: ResolvedField): string[] {
  const [refName, source] = splitFetchFrom(f.fetchFrom!);
  const ref = e.fields[refName];
  if (!ref) return [`unknown reference field ${refName}`];
  if (ref.type !== 'reference' || !ref.ref) return [`${refName} is not a reference`];
  if (refName === name) return ['a field cannot fetch from itself'];
  const target = entities[ref.ref];
  if (!target) return [`unknown entity ${ref.ref}`];
  const src = target.fields[source];
  if (!src) return [`${ref.ref} has no field ${source}`];
  if (src.writeOnly) return [`${ref.ref}.${source} is write-only`];
  if (!target.lookup) return [`${ref.ref} declares no lookup (the fetch call follows its picker's permission)`];
  if (src.type !== f.type && !(src.type === 'integer' && f.type === 'reference')) return [`${ref.ref}.${source} is ${src.type}, ${name} is ${f.type}`];
  if (f.type === 'reference' && src.ref && f.ref !== src.ref) return [`${ref.ref}.${source} refers to ${src.ref}, ${name} to ${f.ref}`];
  if (f.formula) return ['a field is either fetched or computed'];
  return [];
}

export function formulaProblems(e: ResolvedEntity, name: string, f: ResolvedField): string[] {
  if (!FORMULA_TARGETS.has(f.type)) return [`a formula fills a number, money or integer field, not ${f.type}`];
  let inputs: string[];
  try { inputs = formulaInputs(f.formula!); } catch (err) { return [`cannot parse: ${(err as Error).message}`]; }
  const out: string[] = [];
  for (const i of inputs) {
    const input = e.fields[i];
    if (!input) out.push(`unknown field ${i}`);
    else if (!FORMULA_INPUTS.has(input.type)) out.push(`${i} is ${input.type}, not a number`);
    else if (i === name) out.push('a formula cannot read its own field');
  }
  if (!out.length) {
    try { formulaOrder(e); } catch (err) { out.push((err as Error).message); }
  }
  return out;
}
