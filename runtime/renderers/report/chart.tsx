/**
 * A report's answer drawn with ECharts. ECharts itself is imported when a chart mounts, so a
 * screen that draws one carries only this module until then.
 */
import { useEffect, useRef } from 'react';
import { enumLabel } from '../../reference/enums';
import type { ReportDef } from '../../router/types';
import { formatMeasure, type Measure } from './measureFormat';
export { drillHref } from './drill';

export { formatMeasure, type Measure };

export interface Dim { name: string; field: string; title: string; granularity: string | null; type: string; enum: string | null; ref: string | null;
  /** the names of values the server labels itself (region codes, routes between them) */
  labels?: Record<string, string> }
export interface ReportResult { rows: Record<string, any>[]; summary: Record<string, any>; dimensions: Dim[]; measures: Measure[]; refs?: Record<string, Record<string, string>> }

export function dimLabel(d: Dim, v: unknown, refs: ReportResult['refs']): string {
  if (v === null || v === undefined || v === '') return '(空)';
  if (d.labels) return d.labels[String(v)] ?? String(v);
  if (d.enum) return enumLabel(d.enum, v)?.label ?? String(v);
  if (d.ref) return refs?.[d.ref]?.[String(v)] ?? String(v);
  if (d.type === 'boolean') return v ? '是' : '否';
  return String(v);
}

export function Chart({ option, height = 320, onPick, dark }: { option: Record<string, unknown>; height?: number; onPick?: (name: string, seriesName: string) => void; dark?: boolean }) {
  const el = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let chart: { setOption(o: unknown, notMerge?: boolean): void; resize(): void; dispose(): void; on(event: 'click', cb: (p: any) => void): unknown } | undefined;
    let disposed = false;
    const onResize = () => chart?.resize();
    void import('./echarts').then(({ echarts }) => {
      if (disposed || !el.current) return;
      // ECharts' own dark theme on a big screen; its background left to the card's.
      chart = echarts.init(el.current, dark ? 'dark' : undefined);
      chart.setOption(dark ? { backgroundColor: 'transparent', ...option } : option, true);
      // A point drills down (the report's drill), read at click time so a new handler needs no re-init.
      chart.on('click', (p: { name: string; seriesName: string }) => pick.current?.(p.name, p.seriesName));
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [JSON.stringify(option), dark]); // eslint-disable-line react-hooks/exhaustive-deps
  return <div ref={el} style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }} data-testid="chart" />;
}

/** A ring showing one value of `max` (准时率 of 100 %): the value in its middle, empty for no value. */
export function gaugeOption(value: unknown, opts: { max?: number; suffix?: string; title?: string } = {}): Record<string, unknown> {
  const n = value === null || value === undefined || value === '' ? null : Number(value);
  const suffix = opts.suffix ?? '';
  return {
    series: [{
      type: 'gauge', min: 0, max: opts.max ?? 100, startAngle: 90, endAngle: -270, radius: '85%',
      pointer: { show: false }, progress: { show: true, overlap: false, roundCap: true, clip: false, width: 18 },
      axisLine: { lineStyle: { width: 18 } }, splitLine: { show: false }, axisTick: { show: false }, axisLabel: { show: false },
      title: { show: Boolean(opts.title), offsetCenter: ['0%', '30%'], fontSize: 16 },
      detail: { valueAnimation: true, offsetCenter: ['0%', '-5%'], fontSize: 40, formatter: n === null ? '-' : `{value}${suffix}` },
      data: [{ value: n ?? 0, name: opts.title ?? '' }],
    }],
  };
}

/**
 * A plain answer's rows (not a report): `x` names each row, each `series` field is drawn as a
 * series titled by `titles`.
 */
export function rowsChartOption(type: string, rows: Record<string, unknown>[], x: string, series: string[], titles: string[] = [], horizontal = false): Record<string, unknown> | null {
  if (!rows.length || !series.length) return null;
  const xs = rows.map((r) => String(r[x] ?? '(空)'));
  if (type === 'pie' || type === 'funnel') {
    return { tooltip: { trigger: 'item' }, legend: { type: 'scroll', bottom: 0 },
      series: [{ type, name: titles[0] ?? series[0], radius: type === 'pie' ? ['35%', '65%'] : undefined, data: rows.map((r, i) => ({ name: xs[i], value: Number(r[series[0]!] ?? 0) })) }] };
  }
  const category = { type: 'category', data: xs, axisLabel: { interval: 0, rotate: !horizontal && xs.length > 8 ? 30 : 0 } };
  const value = { type: 'value', minInterval: 1 };
  return {
    tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 24, right: 24, bottom: 24, top: 36, containLabel: true },
    xAxis: horizontal ? value : category, yAxis: horizontal ? { ...category, inverse: true } : value,
    series: series.map((f, i) => ({ type: type === 'gauge' ? 'bar' : type, name: titles[i] ?? f, data: rows.map((r) => Number(r[f] ?? 0)), label: { show: true, position: horizontal ? 'right' : 'top' } })),
  };
}

export function chartOption(report: Pick<ReportDef, 'chart'>, data: ReportResult): Record<string, unknown> | null {
  const type = report.chart?.type ?? 'bar';
  if (type === 'gauge') {
    const m = data.measures.find((x) => !report.chart?.series || report.chart.series.includes(x.name));
    if (!m) return null;
    const v = data.summary?.[m.name];
    return gaugeOption(m.format === 'percent' && v !== null && v !== undefined ? Math.round(Number(v) * 1000) / 10 : v, { title: m.title, suffix: m.format === 'percent' ? '%' : '' });
  }
  const [d1, d2] = data.dimensions;
  if (!d1 || !data.rows.length) return null;
  const measures = data.measures.filter((m) => !report.chart?.series || report.chart.series.includes(m.name));
  const xs = [...new Set(data.rows.map((r) => dimLabel(d1, r[d1.name], data.refs)))];
  if (type === 'pie' || type === 'funnel') {
    const m = measures[0]!;
    return {
      tooltip: { trigger: 'item' }, legend: { type: 'scroll', bottom: 0 },
      series: [{ type, name: m.title, radius: type === 'pie' ? ['35%', '65%'] : undefined, data: data.rows.map((r) => ({ name: dimLabel(d1, r[d1.name], data.refs), value: r[m.name] ?? 0 })) }],
    };
  }
  let series: Record<string, unknown>[];
  if (d2) {
    const m = measures[0]!;
    const groups = [...new Set(data.rows.map((r) => dimLabel(d2, r[d2.name], data.refs)))];
    series = groups.map((g) => ({
      type, name: g, stack: report.chart?.stack ? 'total' : undefined,
      data: xs.map((x) => data.rows.find((r) => dimLabel(d1, r[d1.name], data.refs) === x && dimLabel(d2, r[d2.name], data.refs) === g)?.[m.name] ?? 0),
    }));
  } else {
    series = measures.map((m) => ({
      type, name: m.title, stack: report.chart?.stack && m.format !== 'percent' ? 'total' : undefined,
      yAxisIndex: m.format === 'percent' && measures.some((x) => x.format !== 'percent') ? 1 : 0,
      data: data.rows.map((r) => (m.format === 'percent' && r[m.name] !== null ? Math.round(Number(r[m.name]) * 10000) / 100 : r[m.name] ?? 0)),
    }));
  }
  const category = { type: 'category', data: xs, axisLabel: { interval: 'auto', rotate: xs.length > 8 ? 30 : 0 } };
  const values = [{ type: 'value' }, ...(series.some((s) => s.yAxisIndex === 1) ? [{ type: 'value', axisLabel: { formatter: '{value}%' } }] : [])];
  return {
    tooltip: { trigger: 'axis' }, legend: { type: 'scroll', top: 0 }, grid: { left: 48, right: 48, bottom: 48, top: 40, containLabel: true },
    xAxis: report.chart?.horizontal ? values[0] : category,
    yAxis: report.chart?.horizontal ? category : values,
    series,
  };
}
