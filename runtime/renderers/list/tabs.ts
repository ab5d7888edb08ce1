/** Which tab of a tabbed list page the address names. */
import type { PageDef, PageTab } from '../../router/types';

/** The address parameter naming the shown tab: the page's `tabParam`, else `tab`. */
export const tabParamOf = (page: PageDef): string => page.tabParam ?? 'tab';

/** The key of the tab an address parameter names; the first tab's for none or an unknown one. */
export function tabOf(tabs: PageTab[], named: string | null): string | undefined {
  return tabs.some((t) => t.key === named) ? named! : tabs[0]?.key;
}
