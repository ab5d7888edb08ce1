/**
 * 派车轨迹 (/truck-track/travel-track: a truck over a period) and 车辆轨迹查询
 * (/truck-track/travel-track-by-license-date: a plate on one day), DOMAIN §6.5: the path on the
 * offline map with start, end and stops (停留点 ≥ 10 min), and a playback — 播放/暂停, a speed
 * slider and a progress slider — that moves the truck along its recorded points in time.
 * Periods longer than the organisation's maxTrackHours are refused by the server.
 * Opened with ?scheduleId= (the 轨迹 action of 调度列表) it shows that schedule's trip instead:
 * from 发车 to 到达/签收 (to now while on the road), with its nodes on the path.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, AutoComplete, Button, Card, Col, DatePicker, Descriptions, Empty, Row, Slider, Space, Tag, Timeline, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { invoke } from '../../api/call';
import { enumLabel } from '../../runtime/reference/enums';
import type { ScreenProps } from '../../runtime/screens/types';
import { Chart } from './Chart';
import { DELTA_CENTER, directionText, fmtTime, type LocationRow } from './common';
import { indexAt, summarise, type PathPoint, type PathSummary, type Stop } from './pathSummary';

interface PathAnswer {
  plate: string;
  points: PathPoint[];
}
type PathData = PathAnswer & { summary: PathSummary };

/** One node of a schedule, placed where recorded or else where the truck was at that moment. */
interface TripNode { nodeId: number; node: number; occurredAt: string; address: string | null; remark: string | null; lng: number | null; lat: number | null }
/** The schedule around a trip's points (track.scheduleTrack). */
interface TripHead {
  scheduleId: number;
  scheduleNo: string;
  scheduleStatus: number;
  driverName: string | null;
  start: string | null;
  end: string | null;
  inTransit: boolean;
  capped: boolean;
  maxTrackHours: number;
  nodes: TripNode[];
}

/** Playback speeds: recorded seconds per real second. */
const SPEEDS = [10, 30, 60, 120, 300, 600, 1200, 3000];
const TICK_MS = 100;
const FMT = 'YYYY-MM-DD HH:mm:ss';

/** Long paths are drawn from at most this many vertices; playback still walks every point. */
function thin(points: PathPoint[], max = 5000): [number, number][] {
  const step = Math.max(1, Math.ceil(points.length / max));
  const out: [number, number][] = [];
  for (let i = 0; i < points.length; i += step) out.push([points[i]![1], points[i]![2]]);
  const last = points[points.length - 1];
  if (last) out.push([last[1], last[2]]);
  return out;
}

const nodeName = (n: number) => enumLabel('scheduleNode', n)?.label ?? String(n);

export function TravelTrackScreen({ page, params, byDate }: ScreenProps & { byDate: boolean }) {
  const { message } = App.useApp();
  const [plates, setPlates] = useState<string[]>([]);
  const [plate, setPlate] = useState(params?.plate ?? '');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(24, 'hour').startOf('minute'), dayjs().add(1, 'minute').startOf('minute')]);
  const [day, setDay] = useState<Dayjs>(() => (params?.date ? dayjs(params.date) : dayjs()));
  const [data, setData] = useState<PathData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [speedIdx, setSpeedIdx] = useState(3);
  const [cursor, setCursor] = useState(0); // playback time, epoch ms
  const [trip, setTrip] = useState<TripHead | null>(null);
  const speedRef = useRef(SPEEDS[3]!);
  speedRef.current = SPEEDS[speedIdx]!;

  useEffect(() => {
    void invoke<{ list: LocationRow[] }>('track.locationList', { query: {} }, { silent: true })
      .then((d) => setPlates(d.list.map((r) => r.truckLicensePlate))).catch(() => undefined);
  }, []);

  const query = useCallback(async (p = plate) => {
    const plateText = p.trim().toUpperCase();
    if (!plateText) {
      void message.warning('请输入车牌号');
      return;
    }
    // The pickers show the browser's clock; the moments travel as ISO instants.
    const [start, end] = byDate ? [day.startOf('day'), day.endOf('day').startOf('second')] : range;
    setLoading(true);
    setPlaying(false);
    setError(null);
    setTrip(null);
    try {
      const a = await invoke<PathAnswer>('track.trackList', { query: { plate: plateText, start: start.toISOString(), end: end.toISOString() } }, { silent: true });
      const d = { ...a, summary: summarise(a.points) };
      setData(d);
      setCursor(d.points[0]?.[0] ?? 0);
    } catch (err) {
      setData(null);
      setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  }, [plate, byDate, day, range, message]);

  const loadTrip = useCallback(async (scheduleId: string) => {
    setLoading(true);
    setPlaying(false);
    setError(null);
    try {
      const a = await invoke<PathAnswer & TripHead>('track.scheduleTrack', { params: { scheduleId } }, { silent: true });
      setTrip(a);
      setPlate(a.plate);
      if (a.start && a.end) setRange([dayjs(a.start), dayjs(a.end)]);
      const d = { ...a, summary: summarise(a.points) };
      setData(d);
      setCursor(d.points[0]?.[0] ?? 0);
    } catch (err) {
      setData(null);
      setTrip(null);
      setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  }, []);

  // Opened from 车辆位置 with ?plate=: show that truck at once; from 调度列表 with ?scheduleId=: that trip.
  useEffect(() => {
    if (params?.scheduleId && !byDate) void loadTrip(params.scheduleId);
    else if (params?.plate) void query(params.plate);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params?.plate, params?.scheduleId]);

  const points = data?.points ?? [];
  const first = points[0]?.[0] ?? 0;
  const last = points[points.length - 1]?.[0] ?? 0;

  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => {
      setCursor((c) => {
        const next = c + TICK_MS * speedRef.current;
        if (next >= last) {
          setPlaying(false);
          return last;
        }
        return next;
      });
    }, TICK_MS);
    return () => clearInterval(t);
  }, [playing, last]);

  const idx = points.length ? indexAt(points, cursor) : -1;
  const here = idx >= 0 ? points[idx]! : null;
  const line = useMemo(() => thin(points), [points]);
  const done = useMemo(() => (idx >= 0 ? thin(points.slice(0, idx + 1), 2000) : []), [points, idx]);

  const option = useMemo(() => ({
    tooltip: { trigger: 'item' },
    geo: {
      map: 'china', roam: true, center: line.length ? line[Math.floor(line.length / 2)] : DELTA_CENTER, zoom: line.length ? 9 : 6, scaleLimit: { min: 1, max: 200 },
      label: { show: false }, itemStyle: { areaColor: '#f3f6fa', borderColor: '#b8c4d6' }, emphasis: { itemStyle: { areaColor: '#e6f0ff' }, label: { show: false } },
    },
    series: [
      { name: '轨迹', type: 'lines', coordinateSystem: 'geo', polyline: true, silent: true, lineStyle: { color: '#91caff', width: 3, opacity: 0.9 }, data: line.length > 1 ? [{ coords: line }] : [] },
      { name: '已行驶', type: 'lines', coordinateSystem: 'geo', polyline: true, silent: true, lineStyle: { color: '#1677ff', width: 4 }, data: done.length > 1 ? [{ coords: done }] : [] },
      { name: '节点', type: 'scatter', coordinateSystem: 'geo', symbolSize: 14, label: { show: true, position: 'top', formatter: '{b}' },
        data: points.length ? [
          { name: '起点', value: [points[0]![1], points[0]![2]], itemStyle: { color: '#52c41a' } },
          { name: '终点', value: [points[points.length - 1]![1], points[points.length - 1]![2]], itemStyle: { color: '#f5222d' } },
        ] : [] },
      { name: '停留点', type: 'scatter', coordinateSystem: 'geo', symbol: 'diamond', symbolSize: 12, itemStyle: { color: '#faad14' },
        tooltip: { formatter: (p: { data: { stop: Stop } }) => `停留 ${p.data.stop.minutes} 分钟<br/>${fmtTime(p.data.stop.start)} 至 ${fmtTime(p.data.stop.end)}` },
        data: (data?.summary.stops ?? []).map((s) => ({ name: '停留', value: [s.lng, s.lat], stop: s })) },
      { name: '调度节点', type: 'scatter', coordinateSystem: 'geo', symbol: 'pin', symbolSize: 26, label: { show: true, position: 'top', formatter: '{b}' },
        tooltip: { formatter: (p: { data: { n: TripNode } }) => `${nodeName(p.data.n.node)} ${fmtTime(p.data.n.occurredAt)}${p.data.n.address ? `<br/>${p.data.n.address}` : ''}` },
        data: (trip?.nodes ?? []).filter((n) => n.lng !== null && n.lat !== null).map((n) => ({ name: nodeName(n.node), value: [n.lng, n.lat], n })) },
      { name: '车辆', type: 'effectScatter', coordinateSystem: 'geo', symbolSize: 16, itemStyle: { color: '#fa541c' }, rippleEffect: { scale: 3 },
        data: here ? [{ name: data?.plate ?? '', value: [here[1], here[2]] }] : [] },
    ],
  }), [line, done, points, here, data, trip]);

  return (
    <Card title={page.meta.title}>
      <Space wrap style={{ marginBottom: 12 }}>
        <AutoComplete value={plate} onChange={setPlate} style={{ width: 170 }} placeholder="车牌号" aria-label="车牌号"
          options={plates.filter((p) => p.includes(plate.trim().toUpperCase())).map((p) => ({ value: p }))} />
        {byDate ? (
          <DatePicker value={day} onChange={(d) => d && setDay(d)} allowClear={false} aria-label="日期" />
        ) : (
          <DatePicker.RangePicker showTime value={range} format={FMT} allowClear={false} aria-label="时段"
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        )}
        <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={() => void query()}>查询</Button>
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {trip && (
        <div data-testid="trip-head" style={{ marginBottom: 12 }}><Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} items={[
          { key: 'no', label: '调度单', children: <span data-testid="trip-no">{trip.scheduleNo}</span> },
          { key: 'st', label: '调度状态', children: <Space size={4}><Tag color={enumLabel('scheduleStatus', trip.scheduleStatus)?.color}>{enumLabel('scheduleStatus', trip.scheduleStatus)?.label ?? trip.scheduleStatus}</Tag>{trip.inTransit && <Tag color="green">在途</Tag>}</Space> },
          { key: 'dr', label: '司机', children: trip.driverName ?? '—' },
          { key: 'tm', label: '轨迹时段', children: trip.start ? `${fmtTime(trip.start)} 至 ${trip.inTransit ? '当前' : fmtTime(trip.end)}${trip.capped ? `(仅最近${trip.maxTrackHours}小时)` : ''}` : '尚未发车' },
        ]} /></div>
      )}
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <Chart option={option} height={560} testId="track-map" />
        </Col>
        <Col xs={24} xl={7}>
          {data && points.length ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Descriptions size="small" column={1} bordered items={[
                { key: 'p', label: '车牌号', children: data.plate },
                { key: 'n', label: '定位点', children: data.summary.points },
                { key: 'k', label: '里程', children: `${data.summary.km} km` },
                { key: 'd', label: '时长', children: `${Math.floor(data.summary.durationMinutes / 60)}小时${data.summary.durationMinutes % 60}分` },
                { key: 's', label: '最高/平均速度', children: `${data.summary.maxSpeed} / ${data.summary.avgSpeed} km/h` },
                { key: 't', label: '停留点', children: `${data.summary.stops.length} 处` },
              ]} />
              <Card size="small" title="轨迹回放">
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Space>
                    <Button type="primary" data-testid="track-play" icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                      onClick={() => {
                        if (!playing && cursor >= last) setCursor(first);
                        setPlaying(!playing);
                      }}>{playing ? '暂停' : '播放'}</Button>
                    <Typography.Text>倍速 ×{SPEEDS[speedIdx]}</Typography.Text>
                  </Space>
                  <div>
                    <Typography.Text type="secondary">回放速度</Typography.Text>
                    <Slider min={0} max={SPEEDS.length - 1} value={speedIdx} onChange={setSpeedIdx} tooltip={{ formatter: (v) => `×${SPEEDS[v ?? 0]}` }} ariaLabelForHandle="回放速度" />
                  </div>
                  <div>
                    <Typography.Text type="secondary">进度</Typography.Text>
                    <Slider min={first} max={Math.max(last, first + 1)} value={cursor} onChange={(v) => setCursor(v)} tooltip={{ formatter: (v) => fmtTime(v ?? 0) }} ariaLabelForHandle="回放进度" />
                  </div>
                  {here && (
                    <Descriptions size="small" column={1} items={[
                      { key: 't', label: '时间', children: <span data-testid="track-time">{fmtTime(here[0])}</span> },
                      { key: 'v', label: '速度', children: `${here[3]} km/h · ${directionText(here[4])}` },
                      { key: 'p', label: '位置', children: <span data-testid="track-position">{here[1].toFixed(5)}, {here[2].toFixed(5)}</span> },
                      { key: 'i', label: '点位', children: <span data-testid="track-index">{idx + 1} / {points.length}</span> },
                    ]} />
                  )}
                </Space>
              </Card>
            </Space>
          ) : (
            <Empty description={trip ? (trip.start ? '该调度单行程中没有定位数据' : '该调度单尚未发车') : data ? '该时段没有定位数据' : '输入车牌号和时段后查询'} />
          )}
          {trip && trip.nodes.length > 0 && (
            <Card size="small" title="调度节点" style={{ marginTop: 12 }} data-testid="trip-nodes">
              <Timeline items={trip.nodes.map((n) => ({
                key: n.nodeId,
                color: n.node === 25 ? 'red' : n.node >= 30 ? 'green' : 'blue',
                children: <span><Typography.Text strong>{nodeName(n.node)}</Typography.Text> {fmtTime(n.occurredAt)}{n.address ? ` · ${n.address}` : ''}</span>,
              }))} />
            </Card>
          )}
        </Col>
      </Row>
    </Card>
  );
}

export default function TravelTrack(props: ScreenProps) {
  return <TravelTrackScreen {...props} byDate={false} />;
}
