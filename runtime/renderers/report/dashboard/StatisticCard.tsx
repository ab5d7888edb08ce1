/** A dashboard figure: one value of a call's answer (a report's summary, a summary call's count). */
import { Statistic } from 'antd';
import type { StatisticCardDef } from '../../../router/types';
import { formatMeasure, type Measure } from '../measureFormat';
import { valueAt, useCardData, type CallCache } from './cardData';
import { CardError } from './CardError';

/** The declared format, else that of the report measure the path ends with. */
function formatOf(def: StatisticCardDef, answer: unknown): Measure['format'] | undefined {
  if (def.format) return def.format;
  const measures = valueAt(answer, 'measures');
  const name = def.value.split('.').pop();
  return Array.isArray(measures) ? (measures as Measure[]).find((m) => m.name === name)?.format : undefined;
}

export function StatisticCard({ def, cache, title }: { def: StatisticCardDef; cache: CallCache; title: string }) {
  const { data, error } = useCardData(cache, def.api, def.query);
  if (error) return <CardError message={error} />;
  const raw = data === undefined ? undefined : valueAt(data, def.value);
  const format = formatOf(def, data);
  const text = raw === undefined || raw === null ? '-' : format ? formatMeasure({ name: '', title, format }, raw) : String(raw);
  return <Statistic title={title} value={text} suffix={raw === undefined || raw === null ? undefined : def.suffix} loading={data === undefined} />;
}
