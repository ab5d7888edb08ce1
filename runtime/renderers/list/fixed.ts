/** Fixed filters may name route parameters: {"projectId": "{projectId}"}. */
export function resolveFixed(fixed: Record<string, unknown> | undefined, params: Record<string, string> | undefined): Record<string, unknown> | undefined {
  if (!fixed) return undefined;
  return Object.fromEntries(Object.entries(fixed).map(([k, v]) => {
    if (typeof v === 'string') {
      const m = /^\{(\w+)\}$/.exec(v);
      if (m) {
        const raw = params?.[m[1]!];
        return [k, raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : raw];
      }
    }
    return [k, v];
  }));
}
