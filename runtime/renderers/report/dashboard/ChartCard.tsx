/**
 * A dashboard chart: a report call grouped by its dimensions, drawn without the report's table;
 * or a plain answer's rows (`rows`, `x`), or one value of it as a ring (`gauge`, `value`).
 */
import { Empty, Spin } from 'antd';
import type { ChartCardDef } from '../../../router/types';
import { Chart, chartOption, gaugeOption, rowsChartOption, type ReportResult } from '../chart';
import { useCardData, valueAt, type CallCache } from './cardData';
import { CardError } from './CardError';
import { useOnScreen } from './screenContext';

function optionOf(def: ChartCardDef, data: unknown): Record<string, unknown> | null {
  if (def.chart.type === 'gauge' && def.value) return gaugeOption(valueAt(data, def.value), { max: def.max, suffix: def.suffix });
  if (def.rows !== undefined) {
    const rows = valueAt(data, def.rows);
    return rowsChartOption(def.chart.type, Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [], def.x ?? 'name', def.chart.series ?? [], def.seriesTitles, def.chart.horizontal);
  }
  return chartOption({ chart: def.chart }, data as ReportResult);
}

export function ChartCard({ def, cache }: { def: ChartCardDef; cache: CallCache }) {
  const query = def.dims?.length ? { ...def.query, dims: def.dims } : def.query;
  const { data, error } = useCardData<unknown>(cache, def.api, query);
  const dark = useOnScreen();
  const height = def.height ?? 280;
  if (error) return <CardError message={error} />;
  if (!data) return <div style={{ height, display: 'grid', placeItems: 'center' }}><Spin /></div>;
  const option = optionOf(def, data);
  return option ? <Chart option={option} height={height} dark={dark} /> : <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}
