/**
 * Breadcrumb of seed 000 §2.5: the matched route's groups then the route, items without a
 * title or with breadcrumb: false omitted, home (首页 → /dashboard) prepended unless the first
 * item already is the dashboard, and only the earlier items are links.
 */
import type { PageDef, RouteEntry } from '../router/types';

export interface Crumb {
  title: string;
  /** undefined: not a link (the last item, and groups without a page of their own) */
  to?: string;
}

export const HOME_CRUMB = { title: '首页', path: '/dashboard' };

export function breadcrumbOf(route: RouteEntry | undefined, groups: readonly PageDef[]): Crumb[] {
  if (!route) return [];
  const chain: { title?: string; path?: string; breadcrumb?: boolean; link: boolean }[] = [
    ...groups.map((g) => ({ title: g.meta.title, path: g.redirect, breadcrumb: g.meta.breadcrumb, link: Boolean(g.redirect) })),
    { title: route.def.meta.title, path: route.def.path, breadcrumb: route.def.meta.breadcrumb, link: true },
  ];
  const kept = chain.filter((c) => c.title && c.breadcrumb !== false);
  const items: { title: string; path?: string; link: boolean }[] =
    kept[0]?.path === HOME_CRUMB.path ? (kept as { title: string; path?: string; link: boolean }[]) : [{ ...HOME_CRUMB, link: true }, ...(kept as { title: string; path?: string; link: boolean }[])];
  return items.map((item, i) => ({ title: item.title, to: i < items.length - 1 && item.link ? item.path : undefined }));
}
