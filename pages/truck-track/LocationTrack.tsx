/**
 * 车辆位置 (/truck-track/location-track, DOMAIN §6.5): where every truck of the organisation is
 * now, on the offline map of China and in a list; positions arrive live over STOMP
 * (/topic/truck-position, the organisation's own trucks only) and the list reloads every
 * trackRefreshSeconds so trucks that stop reporting turn offline. A map can't be a definition.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Col, Input, Row, Select, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { invoke } from '../../api/call';
import { realtime, useMessageState } from '../../runtime/realtime';
import { enumLabel } from '../../runtime/reference/enums';
import type { ScreenProps } from '../../runtime/screens/types';
import { Chart } from './Chart';
import { DELTA_CENTER, MOTION, directionText, fmtTime, type LiveTruck, type LocationRow } from './common';

const TOPIC = 'truck-position';
/** Where a position came from (DOMAIN §3.4 trackPoint.source): 2 司机端 is a driver's phone through their link. */
const sourceText = (v: number) => ({ 1: '北斗平台', 2: '司机端', 3: '手工' } as Record<number, string>)[v] ?? String(v);

interface ListData {
  list: LocationRow[];
  summary: { total: number; moving: number; stopped: number; offline: number; onlineMinutes: number };
  refreshSeconds: number;
}

export default function LocationTrack({ page }: ScreenProps) {
  const [data, setData] = useState<ListData | null>(null);
  const [rows, setRows] = useState<LocationRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [motion, setMotion] = useState<number | undefined>();
  const [selected, setSelected] = useState<string | null>(null);
  const [live, setLive] = useState(0);
  const [loading, setLoading] = useState(false);
  const { connected } = useMessageState();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const d = await invoke<ListData>('track.locationList', { query: {} });
      setData(d);
      setRows(d.list);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Reload now and then: online turns offline by the clock, not by an event.
  useEffect(() => {
    const every = Math.max(10, data?.refreshSeconds ?? 60) * 1000;
    const t = setInterval(() => void load().catch(() => undefined), every);
    return () => clearInterval(t);
  }, [load, data?.refreshSeconds]);

  useEffect(() => realtime.subscribeTopic(TOPIC, (e) => {
    if (e.type !== 'truck_position' || !Array.isArray(e.msg)) return;
    const byPlate = new Map((e.msg as LiveTruck[]).map((p) => [p.plate, p]));
    setLive((n) => n + byPlate.size);
    setRows((prev): LocationRow[] => {
      const seen = new Set<string>();
      const next = prev.map((r) => {
        const p = byPlate.get(r.truckLicensePlate);
        if (!p) return r;
        seen.add(p.plate);
        if (r.gpsTime && r.gpsTime >= p.gpsTime) return r;
        return { ...r, gpsTime: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, online: true, motion: (p.speed >= 5 ? 1 : 2) as 1 | 2, source: p.source ?? r.source };
      });
      // A platform truck reporting for the first time appears at once.
      for (const p of byPlate.values()) {
        if (seen.has(p.plate)) continue;
        next.push({ motion: p.speed >= 5 ? 1 : 2, truckKind: p.truckKind as 1 | 2, truckId: p.truckId, truckLicensePlate: p.plate, vehicleKind: null, truckStatus: null, supplierId: null,
          gpsTime: p.gpsTime, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, mileage: null, kmToday: 0, online: true, source: p.source ?? null });
      }
      return next;
    });
  }), []);

  const shown = useMemo(() => {
    const kw = keyword.trim().toUpperCase();
    return rows.filter((r) => (!kw || r.truckLicensePlate.toUpperCase().includes(kw)) && (!motion || r.motion === motion));
  }, [rows, keyword, motion]);
  const counts = useMemo(() => ({
    total: rows.length, moving: rows.filter((r) => r.motion === 1).length, stopped: rows.filter((r) => r.motion === 2).length, offline: rows.filter((r) => r.motion === 3).length,
  }), [rows]);

  const option = useMemo(() => {
    const located = shown.filter((r) => r.lng !== null && r.lat !== null);
    const focus = located.find((r) => r.truckLicensePlate === selected);
    return {
      tooltip: { trigger: 'item', formatter: (p: { data?: { row?: LocationRow } }) => {
        const r = p.data?.row;
        if (!r) return '';
        return `${r.truckLicensePlate}<br/>${MOTION[r.motion].label} · ${r.speed ?? 0} km/h · ${directionText(r.direction)}<br/>${fmtTime(r.gpsTime)}${r.source ? ` · ${sourceText(r.source)}` : ''}`;
      } },
      geo: {
        map: 'china', roam: true, center: focus ? [focus.lng, focus.lat] : DELTA_CENTER, zoom: focus ? 12 : 6, scaleLimit: { min: 1, max: 80 },
        label: { show: false }, itemStyle: { areaColor: '#f3f6fa', borderColor: '#b8c4d6' }, emphasis: { itemStyle: { areaColor: '#e6f0ff' }, label: { show: false } },
      },
      series: [1, 2, 3].map((m) => ({
        name: MOTION[m as 1 | 2 | 3].label, type: 'scatter', coordinateSystem: 'geo', symbol: 'pin', symbolSize: 26,
        itemStyle: { color: MOTION[m as 1 | 2 | 3].color },
        label: { show: true, formatter: (p: { data: { row: LocationRow } }) => p.data.row.truckLicensePlate, position: 'right', fontSize: 11, color: '#333' },
        data: located.filter((r) => r.motion === m).map((r) => ({ name: r.truckLicensePlate, value: [r.lng, r.lat], row: r })),
      })),
      legend: { bottom: 8, left: 8, data: [MOTION[1].label, MOTION[2].label, MOTION[3].label] },
    };
  }, [shown, selected]);

  return (
    <Card title={page.meta.title} extra={(
      <Space>
        <Tooltip title="定位推送实时到达；列表按系统配置的刷新间隔重新加载">
          <Badge status={connected ? 'processing' : 'default'} text={connected ? `实时 · 已收到${live}条` : '实时连接中'} />
        </Tooltip>
        <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>刷新</Button>
      </Space>
    )}>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}><Statistic title="车辆总数" value={counts.total} /></Col>
        <Col xs={12} md={6}><Statistic title="行驶" value={counts.moving} valueStyle={{ color: MOTION[1].color }} /></Col>
        <Col xs={12} md={6}><Statistic title="停车" value={counts.stopped} valueStyle={{ color: MOTION[2].color }} /></Col>
        <Col xs={12} md={6}><Statistic title={`离线(超过${data?.summary.onlineMinutes ?? 10}分钟未上报)`} value={counts.offline} valueStyle={{ color: MOTION[3].color }} /></Col>
      </Row>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input allowClear placeholder="车牌号" value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 160 }} aria-label="车牌号" />
        <Select allowClear placeholder="状态" value={motion} onChange={setMotion} style={{ width: 120 }} aria-label="状态"
          options={[1, 2, 3].map((m) => ({ value: m, label: MOTION[m as 1 | 2 | 3].label }))} />
      </Space>
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Chart option={option} height={560} testId="location-map" />
        </Col>
        <Col xs={24} xl={10}>
          <Table<LocationRow> size="small" rowKey={(r) => `${r.truckKind}-${r.truckId}`} dataSource={shown} loading={loading && !rows.length}
            pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 辆` }} scroll={{ x: 700 }}
            onRow={(r) => ({ onClick: () => setSelected(r.truckLicensePlate === selected ? null : r.truckLicensePlate), style: { cursor: 'pointer', background: r.truckLicensePlate === selected ? '#e6f4ff' : undefined } })}
            columns={[
              { title: '车牌号', dataIndex: 'truckLicensePlate', width: 100, fixed: 'left' },
              { title: '类别', dataIndex: 'truckKind', width: 70, render: (v: number, r) => <Typography.Text type="secondary">{v === 1 ? '自有' : '平台'}{r.vehicleKind ? `·${enumLabel('vehicleKind', r.vehicleKind)?.label ?? ''}` : ''}</Typography.Text> },
              { title: '状态', dataIndex: 'motion', width: 70, render: (m: 1 | 2 | 3) => <Tag color={MOTION[m].tag} data-testid="motion-tag">{MOTION[m].label}</Tag> },
              { title: '速度(km/h)', dataIndex: 'speed', width: 90, align: 'right', render: (v: number | null) => (v === null ? '—' : v) },
              { title: '方向', dataIndex: 'direction', width: 60, render: directionText },
              { title: '经纬度', key: 'pos', width: 150, render: (_: unknown, r) => (r.lng === null ? '—' : <span data-testid="position">{r.lng.toFixed(5)}, {r.lat!.toFixed(5)}</span>) },
              { title: '定位时间', dataIndex: 'gpsTime', width: 150, render: fmtTime },
              { title: '来源', dataIndex: 'source', width: 80, render: (v: number | null) => (v ? <Tag color={v === 2 ? 'purple' : undefined} data-testid="position-source">{sourceText(v)}</Tag> : '—') },
              { title: '今日里程(km)', dataIndex: 'kmToday', width: 100, align: 'right' },
              { title: '操作', key: 'op', width: 70, fixed: 'right', render: (_: unknown, r) => (
                <Link to={`/truck-track/travel-track?plate=${encodeURIComponent(r.truckLicensePlate)}`} onClick={(e) => e.stopPropagation()}>轨迹</Link>
              ) },
            ]} />
        </Col>
      </Row>
    </Card>
  );
}
