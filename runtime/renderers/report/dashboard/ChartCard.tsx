/** A dashboard chart: a report call grouped by its dimensions, drawn without the report's table. */
import { Empty, Spin } from 'antd';
import type { ChartCardDef } from '../../../router/types';
import { Chart, chartOption, type ReportResult } from '../chart';
import { useCardData, type CallCache } from './cardData';
import { CardError } from './CardError';

export function ChartCard({ def, cache }: { def: ChartCardDef; cache: CallCache }) {
  const query = def.dims?.length ? { ...def.query, dims: def.dims } : def.query;
  const { data, error } = useCardData<ReportResult>(cache, def.api, query);
  const height = def.height ?? 280;
  if (error) return <CardError message={error} />;
  if (!data) return <div style={{ height, display: 'grid', placeItems: 'center' }}><Spin /></div>;
  const option = chartOption({ chart: def.chart }, data);
  return option ? <Chart option={option} height={height} /> : <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}
