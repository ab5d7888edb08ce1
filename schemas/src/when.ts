/**
 * A page action's `when`: the rows it is offered on. Each named field must match: a value, any of
 * a list, or `{ "empty": true|false }` (null, "" and [] are empty), for conditions a value can't
 * say, such as "the contract has no project yet". The browser hides by it; the server still
 * enforces its own rule.
 */
export type WhenValue = string | number | boolean | null | (string | number | boolean | null)[] | { empty: boolean };

export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

export function matchesWhen(row: Record<string, unknown>, when: Record<string, unknown> | undefined): boolean {
  return Object.entries(when ?? {}).every(([k, v]) => {
    if (Array.isArray(v)) return v.some((x) => String(x) === String(row[k]));
    if (v && typeof v === 'object' && 'empty' in v) return isEmptyValue(row[k]) === Boolean((v as { empty: unknown }).empty);
    return String(v) === String(row[k]);
  });
}
