/** The count of incomes awaiting the user's confirmation (profile-finance dot badge, user dropdown). */
import { useSyncExternalStore } from 'react';
import { invoke } from '../../api/call';

let pending = 0;
const listeners = new Set<() => void>();

export async function refreshPendingIncome(): Promise<number> {
  try {
    pending = await invoke<number>('financeMattersMerge.countConfirmIncomeReview', {}, { silent: true });
  } catch {
    // The badge is a hint; a failed count leaves the last known value.
  }
  listeners.forEach((l) => l());
  return pending;
}

export function usePendingIncome(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => pending,
  );
}
