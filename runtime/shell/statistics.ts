/**
 * Usage statistics (seed 000 §2.5, 002 §7.2): each view of a route that names a
 * statisticsName is reported once. Failures are silent: counting must never disturb work.
 */
import { invoke } from '../../api/call';

let lastKey: string | undefined;

/** `viewKey` identifies one navigation (the router's location key), so re-renders don't count twice. */
export function reportPageView(statisticsName: string | undefined, path: string, viewKey: string): boolean {
  if (!statisticsName || viewKey === lastKey) return false;
  lastKey = viewKey;
  invoke('pageVisitStatistics.save', { body: { statisticsName, path } }, { silent: true }).catch(() => undefined);
  return true;
}
