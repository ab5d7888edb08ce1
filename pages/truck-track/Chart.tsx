/** One ECharts canvas that follows its option; ECharts (and the map) load with the first chart. */
import { useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';

export type ChartOption = Record<string, unknown>;

export function Chart({ option, height = 360, onReady, testId, merge = false }: {
  option: ChartOption; height?: number | string; onReady?: (c: EChartsType) => void; testId?: string; merge?: boolean;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let alive = true;
    let ro: ResizeObserver | null = null;
    void import('./map').then(({ echarts }) => {
      if (!alive || !el.current) return;
      const c = echarts.init(el.current);
      chart.current = c;
      c.setOption(latest.current);
      onReady?.(c);
      ro = new ResizeObserver(() => c.resize());
      ro.observe(el.current);
    });
    return () => {
      alive = false;
      ro?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Live updates replace the series' data only: the user's zoom and pan stay.
    chart.current?.setOption(option, merge ? { lazyUpdate: true } : { notMerge: false, lazyUpdate: true });
  }, [option, merge]);

  return <div ref={el} data-testid={testId} style={{ width: '100%', height }} />;
}
