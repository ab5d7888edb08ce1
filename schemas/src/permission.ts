/**
 * The one permission matcher (seed 000 §6), shared by the menu, the router and the server.
 * Names are colon-hierarchical: holding `a` grants `a` and every `a:...`, never `ab`.
 * One exception makes "客户列表 view only" expressible: holding `a:仅查看` grants `a` itself
 * (its screen and reading calls) but none of `a`'s other children (编辑, 审核).
 */

/** Pseudo-permissions a catalogue entry may declare instead of a name. */
export const AUTHENTICATED = '@authenticated';
export const PUBLIC = '@public';

/** True when `held` (one granted name) covers `required`. */
export function grants(held: string, required: string): boolean {
  if (!held || !required) return false;
  if (held.endsWith(VIEW_ONLY)) return required === held || required === held.slice(0, -VIEW_ONLY.length);
  return required === held || required.startsWith(held + ':');
}

/** The leaf a screen's permission has for reading alone (schemas/permissions.json lists each). */
export const VIEW_ONLY = ':仅查看';

/** Separates alternatives in one requirement: `合同:成本合同|调度:查看` is met by either. */
export const ANY_OF = '|';

/** The names a requirement accepts (one, or its `|`-separated alternatives). */
export function alternatives(required: string): string[] {
  return required.split(ANY_OF).map((p) => p.trim()).filter(Boolean);
}

/**
 * True when any of the held permissions covers the required one, or one of its alternatives
 * (a list several roles may read, e.g. the cost contracts the dispatch roles also see).
 */
export function hasPermission(held: readonly string[], required: string): boolean {
  if (required === PUBLIC || required === AUTHENTICATED) return true;
  return alternatives(required).some((r) => held.some((h) => grants(h, r)));
}

/**
 * Route visibility (seed 000 §6): a route with no roles is visible to any session; otherwise
 * the user must hold one of its roles, either exactly or as a colon-prefix of it. A user holding
 * a more specific name (e.g. `商务:客户列表`) also sees the enclosing group routed as `商务`,
 * because the seed matches "the user's role equals a listed role, or starts with a listed role
 * followed by a colon".
 */
export function matchesRoles(held: readonly string[], routeRoles?: readonly string[] | null): boolean {
  if (!routeRoles || routeRoles.length === 0) return true;
  return routeRoles.some((role) => held.some((h) => h === role || h.startsWith(role + ':') || grants(h, role)));
}
