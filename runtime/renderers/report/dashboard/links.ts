/** Where a dashboard line or card leads, offered only when this user may open that page. */
import { useCallback } from 'react';
import { routes } from '../../../router/pages';
import { matchRoute, routeAllowed } from '../../../router/routes';
import { useEventLink } from '../../../realtime/useEventLink';
import { useSession } from '../../../session/store';
import type { ListCardLink } from '../../../router/types';

/** A route template filled from a row: `/x?customerId={customerId}`; undefined when a placeholder is empty. */
export function fillRoute(template: string, row: Record<string, unknown>): string | undefined {
  let missing = false;
  const to = template.replace(/\{(\w+)\}/g, (_, f: string) => {
    const v = row[f];
    if (v === undefined || v === null || v === '') missing = true;
    return encodeURIComponent(String(v ?? ''));
  });
  return missing ? undefined : to;
}

export function useOpenable(): (to: string | undefined) => string | undefined {
  const { roles } = useSession();
  return useCallback((to) => {
    if (!to) return undefined;
    const match = matchRoute(routes, to.split('?')[0]!);
    return match && routeAllowed(match.route, roles ?? []) ? to : undefined;
  }, [roles]);
}

/**
 * The link of a list line. A `statisticsName` link answers null when no page this user may open
 * carries that name: such a line is dropped (a page others use but this user can't reach is not
 * offered), where other lines without a link are shown as text.
 */
export function useLineLink(link: ListCardLink | undefined): (row: Record<string, unknown>) => string | undefined | null {
  const { roles } = useSession();
  const openable = useOpenable();
  const eventLink = useEventLink();
  return useCallback((row) => {
    if (!link) return undefined;
    if (typeof link === 'string') return openable(fillRoute(link, row));
    if ('eventType' in link) return eventLink(row[link.eventType] as number | null, row[link.subject] as number | null);
    const name = row[link.statisticsName];
    const route = routes.find((r) => r.def.meta.statisticsName === name && !r.def.meta.hidden && !/[{:]/.test(r.def.path) && routeAllowed(r, roles ?? []));
    return route ? route.def.path : null;
  }, [link, openable, eventLink, roles]);
}

