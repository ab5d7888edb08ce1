/**
 * Message state (seed 000 §3.6): notices in the box, the queue waiting to enter it, the daily
 * count and the chat unread count. A plain external store so the STOMP client (non-React) writes it.
 */
import { useSyncExternalStore } from 'react';
import type { BoxMessage } from './types';

export interface MessageState {
  /** shown in the notification box (at most BOX_MAX) */
  box: BoxMessage[];
  /** unread notices not yet in the box, newest first */
  queued: BoxMessage[];
  dailyCount: number;
  chatUnread: number;
  connected: boolean;
  /**
   * The box is folded into its header button: notices that were waiting at login don't cover the
   * page (they show as a count); one arriving live unfolds it.
   */
  boxFolded: boolean;
}

const initial: MessageState = { box: [], queued: [], dailyCount: 0, chatUnread: 0, connected: false, boxFolded: false };
let state: MessageState = initial;
const listeners = new Set<() => void>();

export function getMessageState(): MessageState {
  return state;
}

export function patchMessageState(patch: Partial<MessageState> | ((s: MessageState) => Partial<MessageState>)): void {
  state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
  listeners.forEach((l) => l());
}

export function resetMessageState(): void {
  state = initial;
  listeners.forEach((l) => l());
}

export function subscribeMessageState(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useMessageState(): MessageState {
  return useSyncExternalStore(subscribeMessageState, getMessageState, getMessageState);
}

/** The box count can be raised or lowered (seed 000 §4). */
export function adjustDailyCount(delta: number): void {
  patchMessageState((s) => ({ dailyCount: Math.max(0, s.dailyCount + delta) }));
}
