/**
 * 节假日日历 (/user/system/generate): the year as twelve month grids coloured by day type
 * (工作日, 休息日, 法定节假日, 调休上班). 生成 fills a year from the statutory days and the State
 * Council's arrangement as the chinese-days package carries it; any day opens its own small form to
 * be corrected by hand (a company holiday, next year's notice). A calendar screen: a list or form
 * definition can't draw a year.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Card, Checkbox, Col, Empty, Row, Select, Space, Spin, Statistic, Tooltip, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { invoke } from '../../api/call';
import { enumLabel, enumOptions } from '../../runtime/reference/enums';
import type { ScreenProps } from '../../runtime/screens/types';

const FormDrawer = lazy(() => import('../../runtime/renderers/form/FormDrawer'));

interface Day { calendarId: number; day: string; dayType: number; holidayName: string | null; remark: string | null; version: number }
interface YearInfo { year: number; days: number; statutory: number; covered: boolean }

const COLORS: Record<number, { bg: string; fg: string }> = {
  1: { bg: '#ffffff', fg: '#262626' },
  2: { bg: '#f6ffed', fg: '#389e0d' },
  3: { bg: '#fff1f0', fg: '#cf1322' },
  4: { bg: '#fff7e6', fg: '#d46b08' },
};
const WEEK = ['一', '二', '三', '四', '五', '六', '日'];

function MonthGrid({ year, month, days, onPick }: { year: number; month: number; days: Map<string, Day>; onPick: (d: Day) => void }) {
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array(lead).fill(null), ...Array.from({ length: count }, (_, i) => i + 1)];
  return (
    <Card size="small" title={`${month + 1}月`} styles={{ body: { padding: 8 } }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2, fontSize: 12 }}>
        {WEEK.map((w) => <div key={w} style={{ textAlign: 'center', color: '#8c8c8c' }}>{w}</div>)}
        {cells.map((n, i) => {
          if (n === null) return <div key={`e${i}`} />;
          const key = `${year}-${String(month + 1).padStart(2, '0')}-${String(n).padStart(2, '0')}`;
          const d = days.get(key);
          const c = COLORS[d?.dayType ?? 0] ?? { bg: '#fafafa', fg: '#bfbfbf' };
          const label = d ? `${key} ${enumLabel('dayType', d.dayType)?.label ?? ''}${d.holidayName ? ` · ${d.holidayName}` : ''}` : `${key} 未生成`;
          return (
            <Tooltip key={key} title={label}>
              <button type="button" data-testid={`day-${key}`} aria-label={label} disabled={!d} onClick={() => d && onPick(d)}
                style={{ border: '1px solid #f0f0f0', borderRadius: 4, background: c.bg, color: c.fg, cursor: d ? 'pointer' : 'default', padding: '2px 0', minHeight: 34, lineHeight: 1.2 }}>
                <div style={{ fontWeight: d?.dayType === 3 ? 600 : 400 }}>{n}</div>
                <div style={{ fontSize: 10, overflow: 'hidden', whiteSpace: 'nowrap' }}>{d?.dayType === 3 || d?.dayType === 4 ? (d.dayType === 4 ? '班' : d.holidayName?.slice(0, 2)) : ''}</div>
              </button>
            </Tooltip>
          );
        })}
      </div>
    </Card>
  );
}

export default function HolidayCalendar({ page }: ScreenProps) {
  const { modal, message } = App.useApp();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [years, setYears] = useState<YearInfo[]>([]);
  const [days, setDays] = useState<Day[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Day | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    Promise.all([invoke<YearInfo[]>('holidayCalendar.years'), invoke<Day[]>('holidayCalendar.list', { query: { year } })])
      .then(([y, d]) => { if (alive) { setYears(y); setDays(d); } })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => { alive = false; };
  }, [year, tick]);

  const byDay = useMemo(() => new Map(days.map((d) => [d.day, d])), [days]);
  const counts = useMemo(() => [1, 2, 3, 4].map((t) => days.filter((d) => d.dayType === t).length), [days]);
  const info = years.find((y) => y.year === year);
  const yearOptions = useMemo(() => {
    const set = new Set([thisYear - 1, thisYear, thisYear + 1, ...years.map((y) => y.year)]);
    return [...set].sort().map((y) => ({ value: y, label: `${y}年` }));
  }, [years, thisYear]);

  const generate = useCallback(() => {
    let overwrite = false;
    modal.confirm({
      title: `生成${year}年日历`,
      content: (
        <Space direction="vertical">
          <Typography.Text>按法定节假日和国务院办公厅当年的放假安排生成全年日期；已有的日期默认保留。</Typography.Text>
          <Checkbox onChange={(e) => { overwrite = e.target.checked; }}>覆盖已存在（含手工修改）的日期</Checkbox>
        </Space>
      ),
      okText: '生成', cancelText: '取消',
      onOk: async () => {
        const r = await invoke<{ message: string; covered: boolean }>('holidayCalendar.generate', { body: { year, overwrite } });
        if (r.covered) void message.success(r.message); else void message.warning(r.message, 6);
        setTick((t) => t + 1);
      },
    });
  }, [year, modal, message]);

  return (
    <Card title={page.meta.title} extra={(
      <Space>
        <Select value={year} options={yearOptions} onChange={setYear} style={{ width: 110 }} aria-label="年份" />
        <Button type="primary" icon={<CalendarOutlined />} onClick={generate}>生成</Button>
      </Space>
    )}>
      {info && !info.covered && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }}
          message={`${year}年的放假安排尚未收录：已按周末和法定节假日生成，调休请按国务院办公厅通知点选日期逐日修改。`} />
      )}
      <Row gutter={16} style={{ marginBottom: 12 }}>
        {enumOptions('dayType').map((o, i) => (
          <Col key={String(o.value)} xs={12} md={6}>
            <Statistic title={<Space size={4}><Badge color={COLORS[Number(o.value)]!.fg} />{o.label}</Space>} value={counts[i]} suffix="天" />
          </Col>
        ))}
      </Row>
      {loading ? <Spin /> : !days.length ? (
        <Empty description={`${year}年日历尚未生成`}><Button type="primary" onClick={generate}>生成{year}年日历</Button></Empty>
      ) : (
        <Row gutter={[12, 12]}>
          {Array.from({ length: 12 }, (_, m) => (
            <Col key={m} xs={24} sm={12} lg={8} xxl={6}><MonthGrid year={year} month={m} days={byDay} onPick={setEditing} /></Col>
          ))}
        </Row>
      )}
      <Suspense fallback={null}>
        {editing && (
          <FormDrawer title={`修改 ${editing.day}`} formName="holidayCalendar" mode="edit" id={editing.calendarId} rowKey="calendarId"
            api={{ get: 'holidayCalendar.get', update: 'holidayCalendar.update' }}
            onClose={() => setEditing(null)} onSaved={() => { setEditing(null); setTick((t) => t + 1); }} />
        )}
      </Suspense>
    </Card>
  );
}
