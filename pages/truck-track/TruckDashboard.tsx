/**
 * 车辆看板 (/truck-track/truck-dashboard, DOMAIN §7 R17): the organisation's own trucks — how
 * many drive, stand or are offline right now, the online rate (trucks in service), kilometres
 * per day and the top ten, the 出勤率, trucks by state, and licences expiring within
 * expiryWarnDays. Figures drill to 车辆位置 and 自有车辆.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card, Col, DatePicker, Empty, Row, Space, Statistic, Table, Tag, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import { invoke } from '../../api/call';
import { enumLabel } from '../../runtime/reference/enums';
import type { ScreenProps } from '../../runtime/screens/types';
import { Chart } from './Chart';
import { MOTION } from './common';

interface Dashboard {
  startDate: string;
  endDate: string;
  days: number;
  onlineMinutes: number;
  expiryWarnDays: number;
  summary: { trucks: number; inService: number; moving: number; stopped: number; offline: number; onlineRate: number; km: number; attendanceRate: number; warnings: number; expired: number };
  byStatus: { status: number; count: number }[];
  kmTop: { plate: string; km: number }[];
  kmByDay: { day: string; km: number }[];
  warnings: { truckId: number; plate: string; item: string; date: string; daysLeft: number; expired: boolean }[];
}

const STATUS_COLORS = ['#52c41a', '#1677ff', '#faad14', '#8c8c8c', '#f5222d'];

export default function TruckDashboard({ page }: ScreenProps) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const [d, setD] = useState<Dashboard | null>(null);

  const load = useCallback(async () => {
    setD(await invoke<Dashboard>('track.truckDashboard', { query: { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } }));
  }, [range]);
  useEffect(() => {
    void load().catch(() => undefined);
    // The dashboard is a wall screen too: it follows the trucks every minute.
    const t = setInterval(() => void load().catch(() => undefined), 60_000);
    return () => clearInterval(t);
  }, [load]);

  const gauge = useMemo(() => ({
    series: [{ type: 'gauge', min: 0, max: 100, progress: { show: true, width: 14 }, axisLine: { lineStyle: { width: 14 } }, pointer: { show: false },
      axisTick: { show: false }, splitLine: { show: false }, axisLabel: { show: false }, title: { offsetCenter: [0, '30%'], fontSize: 14 },
      detail: { valueAnimation: true, formatter: '{value}%', fontSize: 28, offsetCenter: [0, '-5%'] },
      data: [{ value: d?.summary.onlineRate ?? 0, name: '在线率' }] }],
  }), [d]);
  const motionPie = useMemo(() => ({
    tooltip: { trigger: 'item' }, legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '65%'], label: { formatter: '{b} {c}' },
      data: d ? [1, 2, 3].map((m) => ({ name: MOTION[m as 1 | 2 | 3].label, value: [d.summary.moving, d.summary.stopped, d.summary.offline][m - 1], itemStyle: { color: MOTION[m as 1 | 2 | 3].color } })) : [] }],
  }), [d]);
  const statusPie = useMemo(() => ({
    tooltip: { trigger: 'item' }, legend: { bottom: 0 },
    series: [{ type: 'pie', radius: '60%', label: { formatter: '{b} {c}' },
      data: (d?.byStatus ?? []).map((s) => ({ name: enumLabel('truckStatus', s.status)?.label ?? String(s.status), value: s.count, itemStyle: { color: STATUS_COLORS[(s.status - 1) % 5] } })) }],
  }), [d]);
  const top = useMemo(() => {
    const rows = [...(d?.kmTop ?? [])].reverse();
    return {
      tooltip: { trigger: 'axis' }, grid: { left: 90, right: 40, top: 10, bottom: 30 },
      xAxis: { type: 'value', name: 'km' }, yAxis: { type: 'category', data: rows.map((r) => r.plate) },
      series: [{ type: 'bar', data: rows.map((r) => r.km), itemStyle: { color: '#1677ff' }, label: { show: true, position: 'right' } }],
    };
  }, [d]);
  const daily = useMemo(() => ({
    tooltip: { trigger: 'axis' }, grid: { left: 50, right: 20, top: 20, bottom: 30 },
    xAxis: { type: 'category', data: (d?.kmByDay ?? []).map((x) => x.day.slice(5)) }, yAxis: { type: 'value', name: 'km' },
    series: [{ type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: (d?.kmByDay ?? []).map((x) => x.km) }],
  }), [d]);

  const s = d?.summary;
  return (
    <Card title={page.meta.title} extra={(
      <DatePicker.RangePicker value={range} allowClear={false} aria-label="统计期间" onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
    )}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={4}><Card size="small"><Link to="/transport-resource/company-truck-page"><Statistic title="自有车辆" value={s?.trucks ?? 0} suffix={`辆 (在用${s?.inService ?? 0})`} /></Link></Card></Col>
        <Col xs={12} md={4}><Card size="small"><Link to="/truck-track/location-track"><Statistic title="行驶" value={s?.moving ?? 0} valueStyle={{ color: MOTION[1].color }} /></Link></Card></Col>
        <Col xs={12} md={4}><Card size="small"><Link to="/truck-track/location-track"><Statistic title="停车" value={s?.stopped ?? 0} valueStyle={{ color: MOTION[2].color }} /></Link></Card></Col>
        <Col xs={12} md={4}><Card size="small"><Link to="/truck-track/location-track"><Statistic title="离线" value={s?.offline ?? 0} valueStyle={{ color: MOTION[3].color }} /></Link></Card></Col>
        <Col xs={12} md={4}><Card size="small"><Statistic title="期间里程" value={s?.km ?? 0} precision={1} suffix="km" /></Card></Col>
        <Col xs={12} md={4}><Card size="small"><Statistic title={<Space size={4}>出勤率<Tooltip title="在用自有车辆中，有调度单处于装车至签收(已装车、运输中、异常、已到达、已签收)的车日 ÷ 车辆数 × 天数"><QuestionCircleOutlined /></Tooltip></Space>} value={s?.attendanceRate ?? 0} suffix="%" /></Card></Col>
        <Col xs={24} md={8}><Card size="small" title={<Space size={4}>在线率<Tooltip title={`在用车辆(不含停用、报废)中${d?.onlineMinutes ?? 10}分钟内上报过定位的比例`}><QuestionCircleOutlined /></Tooltip></Space>}><Chart option={gauge} height={240} testId="online-gauge" /></Card></Col>
        <Col xs={24} md={8}><Card size="small" title="行驶状态"><Chart option={motionPie} height={240} /></Card></Col>
        <Col xs={24} md={8}><Card size="small" title="车辆状态"><Chart option={statusPie} height={240} /></Card></Col>
        <Col xs={24} md={12}><Card size="small" title="里程排行 (前10)">{d?.kmTop.length ? <Chart option={top} height={300} /> : <Empty description="期间内没有行驶里程" />}</Card></Col>
        <Col xs={24} md={12}><Card size="small" title="每日里程"><Chart option={daily} height={300} /></Card></Col>
        <Col span={24}>
          <Card size="small" title={`证照预警 (${d?.expiryWarnDays ?? 30}天内到期或已过期)`}>
            <Table size="small" rowKey={(r) => `${r.truckId}-${r.item}`} dataSource={d?.warnings ?? []} pagination={{ pageSize: 10 }}
              columns={[
                { title: '车牌号', dataIndex: 'plate', render: (v: string) => <Link to={`/transport-resource/company-truck-page?keyword=${encodeURIComponent(v)}`}>{v}</Link> },
                { title: '证照', dataIndex: 'item' },
                { title: '到期日', dataIndex: 'date' },
                { title: '状态', dataIndex: 'daysLeft', render: (n: number, r) => (r.expired ? <Tag color="red">{r.item}已过期, 请及时更新</Tag> : <Tag color="orange">{n === 0 ? '今天到期' : `${n}天后到期`}</Tag>) },
              ]} />
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
