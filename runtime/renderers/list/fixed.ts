/**
 * Fixed filters may name route parameters (or the address's query, `?projectId=`):
 * {"projectId": "{projectId}"}. A placeholder the address doesn't fill is left out, so one
 * screen serves `?projectId=` and `?clueId=`.
 */
export function resolveFixed(fixed: Record<string, unknown> | undefined, params: Record<string, string> | undefined): Record<string, unknown> | undefined {
  if (!fixed) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fixed)) {
    const m = typeof v === 'string' ? /^\{(\w+)\}$/.exec(v) : null;
    if (!m) {
      out[k] = v;
      continue;
    }
    const raw = params?.[m[1]!];
    if (raw === undefined || raw === '') continue;
    out[k] = /^\d+$/.test(raw) ? Number(raw) : raw;
  }
  return out;
}

/**
 * Action values filled from a row (or the context): "{field}" alone keeps the value's own type
 * (an id stays a number); a longer template becomes text. Unfilled placeholders are left out.
 * Objects inside a list (lines) are filled the same way.
 */
export function fillValues(values: Record<string, unknown> | undefined, source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    // A list of lines (a matter's items naming the row) is filled line by line.
    if (Array.isArray(v)) {
      out[k] = v.map((line) => (line && typeof line === 'object' && !Array.isArray(line) ? fillValues(line as Record<string, unknown>, source) : line));
      continue;
    }
    if (typeof v !== 'string' || !v.includes('{')) {
      out[k] = v;
      continue;
    }
    const whole = /^\{(\w+)\}$/.exec(v);
    if (whole) {
      const value = source[whole[1]!];
      if (value !== undefined && value !== null && value !== '') out[k] = value;
      continue;
    }
    out[k] = v.replace(/\{(\w+)\}/g, (_, f: string) => String(source[f] ?? ''));
  }
  return out;
}
