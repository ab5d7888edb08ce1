/**
 * The page a message or a 工作台 line opens, for this user: its eventType's route
 * (`eventRoute`) when the user's roles may open that page, else nothing, so no link leads to a
 * 403. The browser only hides; the server checks every call the page makes.
 */
import { useCallback } from 'react';
import { routes } from '../router/pages';
import { matchRoute, routeAllowed } from '../router/routes';
import { useSession } from '../session/store';
import { eventRoute } from './types';

export function useEventLink(): (eventType: number | null | undefined, subjectId: number | null | undefined) => string | undefined {
  const { roles } = useSession();
  return useCallback((eventType, subjectId) => {
    const to = eventRoute(eventType, subjectId);
    if (!to) return undefined;
    const match = matchRoute(routes, to.split('?')[0]!);
    return match && routeAllowed(match.route, roles ?? []) ? to : undefined;
  }, [roles]);
}
