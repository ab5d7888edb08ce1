/**
 * When a big-screen dashboard re-reads (kept apart from its frame, which loads only with a big
 * screen): every refreshSeconds and a moment after the events of its live topic.
 */
import { useEffect, useState } from 'react';
import { realtime } from '../../../realtime/client';
import type { DashboardDef } from '../../../router/types';

type Screen = NonNullable<DashboardDef['screen']>;

/** Events closer together than this make one reading. */
const DEBOUNCE_MS = 1500;

/**
 * The reading number: it grows every refreshSeconds and after the live topic's events; the
 * dashboard makes a new call cache for each, so every card asks again.
 */
export function useScreenReading(screen: Screen | undefined): { reading: number; readAt: Date } {
  const [state, setState] = useState({ reading: 0, readAt: new Date() });
  const refreshMs = (screen?.refreshSeconds ?? 60) * 1000;
  const live = screen?.live;
  useEffect(() => {
    if (!screen) return;
    const next = () => setState((s) => ({ reading: s.reading + 1, readAt: new Date() }));
    const timer = setInterval(next, refreshMs);
    let pending: ReturnType<typeof setTimeout> | undefined;
    // Shown without the layout, the screen keeps the session's connection open itself.
    const stopFollowing = live ? realtime.follow() : undefined;
    const stopTopic = live ? realtime.subscribeTopic(live, () => {
      clearTimeout(pending);
      pending = setTimeout(next, DEBOUNCE_MS);
    }) : undefined;
    return () => {
      clearInterval(timer);
      clearTimeout(pending);
      stopTopic?.();
      stopFollowing?.();
    };
  }, [Boolean(screen), refreshMs, live]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}
