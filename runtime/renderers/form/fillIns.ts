/**
 * Formily effects of an entity's declared fill-ins and formulas (schemas/src/fill-ins.ts,
 * formula.ts): picking a reference fills the fields that fetch from it (and a fetched reference
 * fills its own), and formula fields follow their inputs as the user types. The server applies
 * the same declarations on save; this only spares the user the re-typing.
 */
import { onFieldValueChange, onFormMount, type Form } from '@formily/core';
import { fetchRules, isBlank, type FillInEntity } from '../../../schemas/src/fill-ins';
import { formulaInputs, type FormulaEntity } from '../../../schemas/src/formula';
import { invoke } from '../../../api/call';
import { formulaValues } from './formulaValues';
import { fetchOptions } from '../../reference/titles';
import { filterDependents, matchesFilter, resolveFilterBy, type FilterBy } from '../../../schemas/src/ref-filter';
import { liveChecks } from './checks';

type Values = Record<string, unknown>;

export function fillInEffects(entity: (FillInEntity & FormulaEntity) | undefined, mode: 'create' | 'edit' | 'view'): (form: Form) => void {
  return (form) => {
    if (!entity || mode === 'view') return;
    const rules = fetchRules(entity);
    const formulas = Object.entries(entity.fields).filter(([, f]) => f.formula);
    const inputs = new Set(formulas.flatMap(([, f]) => formulaInputs(f.formula!)));

    const recompute = () => {
      const computed = formulaValues(entity, form.values as Values);
      for (const [k, v] of Object.entries(computed)) if (form.getValuesIn(k) !== v) form.setValuesIn(k, v);
    };

    // Only the latest pick of a reference fills: a slow answer for an earlier pick is dropped.
    const latest = new Map<string, unknown>();
    const fill = async (ref: string, onlyBlank: boolean) => {
      const id = form.getValuesIn(ref);
      latest.set(ref, id);
      const target = entity.fields[ref]?.ref;
      if (isBlank(id) && !onlyBlank) {
        // The reference cleared: what only it could bring (read-only fill-ins) goes too, as on save.
        for (const r of rules.get(ref) ?? []) if (r.readOnly) form.setValuesIn(r.field, undefined);
        return;
      }
      if (!target || isBlank(id) || Array.isArray(id)) return;
      let row: Values;
      try {
        row = await invoke<Values>('meta.fetch', { params: { entity: target, id: Number(id) } }, { silent: [403, 404] });
      } catch {
        return; // nothing to bring: the user types the values, the server checks them
      }
      if (latest.get(ref) !== id) return;
      for (const r of rules.get(ref) ?? []) {
        const now = form.getValuesIn(r.field);
        // On opening, a value still equal to the field's declared default is no choice of the user's.
        if (onlyBlank && !isBlank(now) && !(r.fallback !== undefined && String(now) === String(r.fallback))) continue;
        const v = row[r.source];
        // A blank source leaves a field with a declared default at its default, as the server does.
        if (isBlank(v) && !r.readOnly && r.fallback !== undefined) {
          if (isBlank(now)) form.setValuesIn(r.field, r.fallback);
          continue;
        }
        form.setValuesIn(r.field, v === null ? undefined : v);
      }
    };

    for (const ref of rules.keys()) onFieldValueChange(ref, () => void fill(ref, false));
    if (inputs.size) onFieldValueChange(`*(${[...inputs].join(',')})`, recompute);
    onFormMount(() => {
      // A record created from another (新增询价 on a clue) starts with the reference set: fill what is still blank.
      if (mode === 'create') for (const ref of rules.keys()) if (!isBlank(form.getValuesIn(ref))) void fill(ref, true);
      if (formulas.length) recompute();
    });
  };
}

type FilterByEntity = { fields: Record<string, { type: string; ref?: string; filterBy?: FilterBy }> };

/**
 * A reference whose `filterBy` names another field (the driver's "{supplierId}") is cleared when
 * that field changes and its current target no longer passes the filter, with the fields it
 * filled (fetchFrom): otherwise the form would save carrier B with carrier A's driver (the server
 * refuses that, schemas/src/ref-filter.ts). A filter left empty (the field cleared) keeps the value,
 * as the picker then offers everything. The target's lookup fields come from the options call.
 */
export function refFilterEffects(entity: (FillInEntity & FilterByEntity) | undefined, mode: 'create' | 'edit' | 'view'): (form: Form) => void {
  return (form) => {
    if (!entity || mode === 'view') return;
    const dependents = filterDependents(entity);
    if (!dependents.size) return;
    const rules = fetchRules(entity);
    // Only the latest change re-checks a reference: a slow answer for an earlier value is dropped.
    const generation = new Map<string, number>();
    const clear = (ref: string) => {
      form.setValuesIn(ref, undefined);
      for (const r of rules.get(ref) ?? []) form.setValuesIn(r.field, undefined);
    };
    const recheck = async (ref: string) => {
      const f = entity.fields[ref]!;
      const value = form.getValuesIn(ref) as unknown;
      const ids = (Array.isArray(value) ? value : isBlank(value) ? [] : [value]).map(Number);
      if (!ids.length || !f.ref) return;
      const filter = resolveFilterBy(f.filterBy, form.values as Values);
      if (!Object.keys(filter).length) return;
      const gen = (generation.get(ref) ?? 0) + 1;
      generation.set(ref, gen);
      let rows: Values[] = [];
      try {
        rows = await fetchOptions(f.ref, { ids });
      } catch {
        rows = []; // unreadable target: cleared, the user picks again
      }
      if (generation.get(ref) !== gen || form.getValuesIn(ref) !== value) return;
      const pass = ids.every((id) => rows.some((r) => Number(r.value) === id && matchesFilter(r, filter)));
      if (!pass) clear(ref);
    };
    for (const [field, refs] of dependents) onFieldValueChange(field, () => { for (const ref of refs) void recheck(ref); });
  };
}

/**
 * The effects of every form over an entity, whichever host shows it (the drawer, a kind=form
 * screen, a submit form, an action's dialog): the rules' live checks, then the declared
 * fill-ins and formulas, and the clearing of references whose filter no longer holds. Hosts pass this to createForm instead of wiring pieces themselves.
 * `mode` is how the form stands to its record: 'create' fills what a given reference brings
 * when the form opens; 'edit' fills on the user's picks only; 'view' runs nothing.
 */
export function formEffects(entity: (FillInEntity & FormulaEntity & FilterByEntity) | undefined, mode: 'create' | 'edit' | 'view'): (form: Form) => void {
  const fillIns = fillInEffects(entity, mode);
  const refFilters = refFilterEffects(entity, mode);
  return (form) => {
    if (mode !== 'view') liveChecks();
    fillIns(form);
    refFilters(form);
  };
}
