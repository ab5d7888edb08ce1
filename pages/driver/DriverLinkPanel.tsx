/**
 * 司机链接 (a schedule's detail tab): the driver's phone page as a QR code and an address to send
 * again, whether the driver opened it (first and last time), and the steps the driver did
 * through it. 撤销 and 重新生成 are the schedule's row actions (transitions of driverLinkState).
 */
import { useEffect, useState } from 'react';
import { Alert, Descriptions, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { invoke } from '../../api/call';
import type { ScreenProps } from '../../runtime/screens/types';
import { chinaTime } from '../../runtime/renderers/form/china-time';
import { QrImage } from './QrImage';

interface LinkStatus {
  state: number;
  stateLabel: string;
  url: string | null;
  endedReason: string | null;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  openCount: number;
  driverSteps: { node: number; title: string; occurredAt: string; operatorName: string | null }[];
}

const COLOR: Record<number, string> = { 0: 'default', 1: 'success', 5: 'warning', 10: 'default' };
// China time whatever the browser's zone, as every other time on the screens.
const at = (v: string | null) => (v ? chinaTime(v, 'YYYY-MM-DD HH:mm') : '—');

export default function DriverLinkPanel({ params, record }: ScreenProps) {
  const id = Number(params?.scheduleId ?? record?.scheduleId);
  const [data, setData] = useState<LinkStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    invoke<LinkStatus>('transportSchedule.driverLink', { params: { scheduleId: id } }).then(setData, (e: Error) => setError(e.message));
  }, [id, record?.driverLinkState, record?.version]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <Spin />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="driver-link">
      <Space align="start" size="large" wrap>
        {data.url ? <QrImage text={data.url} testId="driver-link-qr" /> : null}
        <Descriptions size="small" column={1} items={[
          { key: 'state', label: '链接状态', children: <Tag color={COLOR[data.state]} data-testid="driver-link-state">{data.stateLabel}</Tag> },
          { key: 'url', label: '链接', children: data.url
            ? <Typography.Paragraph copyable style={{ margin: 0, wordBreak: 'break-all' }} data-testid="driver-link-url">{data.url}</Typography.Paragraph>
            : <Typography.Text type="secondary">{data.endedReason ?? (data.state === 0 ? '派车确认后生成并短信发送给司机' : '—')}</Typography.Text> },
          { key: 'opened', label: '司机打开', children: data.firstOpenedAt
            ? <span data-testid="driver-link-opened">首次 {at(data.firstOpenedAt)}，最近 {at(data.lastOpenedAt)}{data.openCount ? `（本链接 ${data.openCount} 次）` : ''}</span>
            : <Typography.Text type="secondary" data-testid="driver-link-opened">司机尚未打开</Typography.Text> },
        ]} />
      </Space>
      {data.driverSteps.length
        ? <Table size="small" rowKey={(r) => `${r.node}-${r.occurredAt}`} pagination={false} dataSource={data.driverSteps} data-testid="driver-steps"
            columns={[
              { title: '司机完成的节点', dataIndex: 'title' },
              { title: '时间', dataIndex: 'occurredAt', render: at },
              { title: '操作人', dataIndex: 'operatorName' },
            ]} />
        : <Empty description="司机尚未通过链接完成节点" />}
    </Space>
  );
}
