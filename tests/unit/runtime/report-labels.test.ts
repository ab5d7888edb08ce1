/**
 * A report dimension the server names itself (regions, routes between them): the chart's axis
 * and the table show 上海市→江苏省, not the codes the rows carry.
 */
import { describe, expect, it } from 'vitest';
import { chartOption, dimLabel, type Dim } from '../../../runtime/renderers/report/chart';

const route: Dim = { name: 'route', field: 'demandId', title: '线路', granularity: 'province', type: 'region', enum: null, ref: null,
  labels: { '310000→320000': '上海市→江苏省', '→330000': '→浙江省' } };

describe('report labels', () => {
  it('names a value by the dimension\'s labels, a blank value as (空)', () => {
    expect(dimLabel(route, '310000→320000', {})).toBe('上海市→江苏省');
    expect(dimLabel(route, '→330000', {})).toBe('→浙江省');
    expect(dimLabel(route, null, {})).toBe('(空)');
    expect(dimLabel(route, '440000→110000', {})).toBe('440000→110000');
  });

  it('the chart\'s categories are the names', () => {
    const o = chartOption({ chart: { type: 'bar', series: ['trips'] } }, {
      rows: [{ route: '310000→320000', trips: 3 }, { route: '→330000', trips: 1 }], dimensions: [route], summary: {},
      measures: [{ name: 'trips', title: '车次', format: 'integer' }],
    } as any) as any;
    expect(JSON.stringify(o)).toContain('上海市→江苏省');
    expect(JSON.stringify(o)).toContain('→浙江省');
    expect(JSON.stringify(o)).not.toContain('310000→320000');
  });
});
