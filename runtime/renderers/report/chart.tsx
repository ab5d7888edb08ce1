/**
 * A report's answer drawn with ECharts. ECharts itself is imported when a chart mounts, so a
 * screen that draws one carries only this module until then.
 */
import { useEffect, useRef } from 'react';
import { enumLabel } from '../../reference/enums';
import type { ReportDef } from '../../router/types';
import { formatMeasure, type Measure } from './measureFormat';

export { formatMeasure, type Measure };

export interface Dim { name: string; field: string; title: string; granularity: string | null; type: string; enum: string | null; ref: string | null }
export interface ReportResult { rows: Record<string, any>[]; summary: Record<string, any>; dimensions: Dim[]; measures: Measure[]; refs?: Record<string, Record<string, string>> }

export function dimLabel(d: Dim, v: unknown, refs: ReportResult['refs']): string {
  if (v === null || v === undefined || v === '') return '(空)';
  if (d.enum) return enumLabel(d.enum, v)?.label ?? String(v);
  if (d.ref) return refs?.[d.ref]?.[String(v)] ?? String(v);
  if (d.type === 'boolean') return v ? '是' : '否';
  return String(v);
}

export function Chart({ option, height = 320, onPick }: { option: Record<string, unknown>; height?: number; onPick?: (name: string, seriesName: string) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    let chart: { setOption(o: unknown, notMerge?: boolean): void; resize(): void; dispose(): void; on(event: 'click', cb: (p: any) => void): unknown } | undefined;
    let disposed = false;
    const onResize = () => chart?.resize();
    void import('./echarts').then(({ echarts }) => {
      if (disposed || !el.current) return;
      chart = echarts.init(el.current);
      chart.setOption(option, true);
      // A point drills down (the report's drill), read at click time so a new handler needs no re-init.
      chart.on('click', (p: { name: string; seriesName: string }) => pick.current?.(p.name, p.seriesName));
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [JSON.stringify(option)]); // eslint-disable-line react-hooks/exhaustive-deps
  return <div ref={el} style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }} data-testid="chart" />;
}

export function chartOption(report: Pick<ReportDef, 'chart'>, data: ReportResult): Record<string, unknown> | null {
  const type = report.chart?.type ?? 'bar';
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


/**
 * The list a report row drills to: each mapped dimension's value (a month or day bucket becomes
 * the target's <field>Start/<field>End range) and the report's own filters under the target's names.
 */
export function drillHref(drill: { to: string; params?: Record<string, string> }, row: Record<string, unknown>, dims: Dim[], filters: Record<string, unknown>): string {
  const q = new URLSearchParams();
  const set = (k: string, v: unknown) => { if (v !== undefined && v !== null && v !== '') q.set(k, Array.isArray(v) ? v.join(',') : String(v)); };
  for (const [from, to] of Object.entries(drill.params ?? {})) {
    set(to, filters[from]);
    set(`${to}Start`, filters[`${from}Start`]);
    set(`${to}End`, filters[`${from}End`]);
  }
  for (const d of dims) {
    const to = drill.params?.[d.name];
    const v = row[d.name];
    if (!to || v === null || v === undefined) continue;
    if (d.granularity === 'month' || d.granularity === 'day' || d.granularity === 'year') {
      const s = String(v);
      const [y, m, day] = s.split('-');
      const start = d.granularity === 'year' ? `${y}-01-01` : d.granularity === 'month' ? `${y}-${m}-01` : s;
      const last = d.granularity === 'year' ? `${y}-12-31` : d.granularity === 'month' ? `${y}-${m}-${String(new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate()).padStart(2, '0')}` : `${y}-${m}-${day}`;
      q.delete(to);
      q.set(`${to}Start`, start);
      q.set(`${to}End`, last);
    } else set(to, v);
  }
  const search = q.toString();
  return search ? `${drill.to}?${search}` : drill.to;
}
