import { useCallback, useEffect, useState } from 'react';
import { invoke } from '../../../api/call';
import { refreshPendingIncome } from '../../shell/income';

export interface Income { incomeReviewId: number; subject: string; amount: string; incomeDate: string; status: number; confirmedAt?: string | null }

/** My incomes awaiting confirmation (status 0) or all of them; confirming refreshes the header's dot too. */
export function useIncomes(status?: 0 | 1) {
  const [rows, setRows] = useState<Income[]>();
  const load = useCallback(() => {
    invoke<Income[]>('financeMattersMerge.listConfirmIncomeReview', { query: { status } }).then(setRows, () => setRows([]));
  }, [status]);
  useEffect(load, [load]);
  const confirm = async (incomeReviewId: number) => {
    await invoke('financeMattersMerge.confirmIncomeReview', { body: { incomeReviewId } });
    load();
    await refreshPendingIncome();
  };
  return { rows, confirm, reload: load };
}
