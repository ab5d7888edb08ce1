/**
 * The dashboard's chart options beyond a report's bars and lines: a ring showing one value (准时率
 * of the big screen) and a plain answer's rows (provinces with their counts).
 */
import { describe, expect, it } from 'vitest';
import { chartOption, gaugeOption, rowsChartOption } from '../../../runtime/renderers/report/chart';

describe('dashboard charts', () => {
  it('a ring shows its value of the full circle with its suffix, and - without a value', () => {
    const ring = gaugeOption(87.5, { max: 100, suffix: '%' }) as any;
    expect(ring.series[0]).toMatchObject({ type: 'gauge', max: 100, data: [{ value: 87.5 }] });
    expect(ring.series[0].detail.formatter).toBe('{value}%');
    expect((gaugeOption(null, { suffix: '%' }) as any).series[0].detail.formatter).toBe('-');
  });

  it('a report drawn as a ring shows its summary, a share in percent', () => {
    const o = chartOption({ chart: { type: 'gauge' } }, {
      rows: [], dimensions: [], summary: { rate: 0.923 }, measures: [{ name: 'rate', title: '准时率', format: 'percent' }],
    } as any) as any;
    expect(o.series[0].data[0]).toEqual({ value: 92.3, name: '准时率' });
  });

  it('plain rows become one bar per row, named by their field, in their order', () => {
    const o = rowsChartOption('bar', [{ province: '江苏省', count: 5 }, { province: '上海市', count: 1 }], 'province', ['count'], ['调度单']) as any;
    expect(o.xAxis.data).toEqual(['江苏省', '上海市']);
    expect(o.series).toEqual([expect.objectContaining({ type: 'bar', name: '调度单', data: [5, 1] })]);
    expect(rowsChartOption('bar', [], 'province', ['count'])).toBeNull();
  });
});
