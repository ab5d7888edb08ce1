/** Which tab of a tabbed list page the address names. */
import type { PageDef, PageTab } from '../../router/types';

/** The address parameter naming the shown tab: the page's `tabParam`, else `tab`. */
export const tabParamOf = (page: PageDef): string => page.tabParam ?? 'tab';

/**
 * The key of the tab an address parameter names; for none or an unknown one, the first tab whose
 * list's fixed filters the address all carries (a report's drill `?type=2` opens the tab fixed to
 * type 2), else the first tab's.
 */
export function tabOf(tabs: PageTab[], named: string | null, search?: URLSearchParams): string | undefined {
  if (tabs.some((t) => t.key === named)) return named!;
  const fits = search && tabs.find((t) => {
    const fixed = Object.entries(t.list?.fixed ?? {});
    return fixed.length > 0 && fixed.every(([k, v]) => search.has(k) && search.get(k) === String(v));
  });
  return fits ? fits.key : tabs[0]?.key;
}
