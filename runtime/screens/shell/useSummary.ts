/** The home/workbench/kanban figures from GET workbench/summary (real rows, never constants). */
import { useCallback, useEffect, useState } from 'react';
import { invoke } from '../../../api/call';

export interface Summary {
  customersByStatus: { verifyStatus: number | null; count: number }[] | null;
  recentCustomers: { customerId: number; name: string; verifyStatus: number | null; updatedAt: string }[] | null;
  dailyMessageCount: number;
  pendingIncomeCount: number;
  staffCount: number;
  supplierCount: number;
  visitsToday: number;
  visitsByPage: { statisticsName: string; count: number }[];
  myApprovals?: MineCard;
  myProjects?: MineCard;
  endingContracts?: MineCard & { warnDays?: number };
}

/** A 工作台 card of my records: how many, and the first few with the record each opens. */
export interface MineCard {
  total: number;
  list: { title: string; note: string; at: string | null; eventType: number | null; subjectId: number }[];
}

export function useSummary(): { data?: Summary; failed: boolean; reload: () => void } {
  const [data, setData] = useState<Summary>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    invoke<Summary>('workbench.summary', {}, { silent: true }).then(
      (value) => {
        setData(value);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);
  return { data, failed, reload: load };
}

export const customerTotal = (s?: Summary) => s?.customersByStatus?.reduce((n, row) => n + row.count, 0);
