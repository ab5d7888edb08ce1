/**
 * 日常事项 (seed 000 §2.3): to-dos and reminders of the user, with unread counts on the tabs;
 * ?tabPosition=remind (or todo/handled) opens a tab, as the notification box's "view all" does.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Table, Tabs, message as toast } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { invoke } from '../../../api/call';
import { relativeTime } from '../../../schemas/src/format';
import { enumLabel } from '../../reference/enums';
import { useEventLink } from '../../realtime/useEventLink';

interface Matter { messageId: number; type: number; name?: string; message: string; messageDate?: string; handled?: boolean; createdAt?: string; eventType?: number | null; eventSubjectId?: number | null }

export const DAILY_TABS = [
  { key: 'todo', label: '待办', query: { type: 1, handled: false } },
  { key: 'remind', label: '提醒', query: { type: 2, handled: false } },
  { key: 'handled', label: '已处理', query: { handled: true } },
] as const;
type TabKey = (typeof DAILY_TABS)[number]['key'];

export function tabOf(position: string | null): TabKey {
  return DAILY_TABS.some((t) => t.key === position) ? (position as TabKey) : 'todo';
}

export default function DailyRoutine() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const linkOf = useEventLink();
  const tab = tabOf(params.get('tabPosition'));
  const [rows, setRows] = useState<Matter[]>();
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [unread, setUnread] = useState<Record<string, number>>({});

  const countUnread = useCallback(() => {
    for (const t of DAILY_TABS.filter((x) => x.key !== 'handled')) {
      invoke<{ total: number }>('message.list', { query: { ...t.query, pageNo: 1, pageSize: 1 } }, { silent: true }).then(
        (page) => setUnread((u) => ({ ...u, [t.key]: page.total })),
        () => undefined,
      );
    }
  }, []);

  const load = useCallback(() => {
    const query = DAILY_TABS.find((t) => t.key === tab)!.query;
    setRows(undefined);
    invoke<{ list: Matter[]; total: number }>('message.list', { query: { ...query, pageNo, pageSize: 10 } }).then(
      (page) => {
        setRows(page.list);
        setTotal(page.total);
      },
      () => setRows([]),
    );
  }, [tab, pageNo]);

  useEffect(load, [load]);
  useEffect(countUnread, [countUnread]);

  const close = async (messageId: number) => {
    await invoke('message.closeMessage', { body: { messageId } });
    void toast.success('已关闭');
    load();
    countUnread();
  };

  return (
    <Card data-testid="daily-routine">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setPageNo(1);
          setParams({ tabPosition: key }, { replace: true });
        }}
        items={DAILY_TABS.map((t) => ({
          key: t.key,
          label: t.key === 'handled' ? t.label : <Badge count={unread[t.key] ?? 0} size="small" offset={[8, -2]}>{t.label}</Badge>,
        }))}
      />
      <Table
        rowKey="messageId"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={{ current: pageNo, pageSize: 10, total, onChange: setPageNo, showTotal: (n) => `共 ${n} 条` }}
        locale={{ emptyText: '暂无事项' }}
        columns={[
          { title: '类型', dataIndex: 'eventType', width: 110, render: (v?: number | null) => enumLabel('eventType', v)?.label ?? '-' },
          { title: '事项内容', dataIndex: 'message' },
          { title: '发送人', dataIndex: 'name', width: 120, render: (v?: string) => v || '系统' },
          { title: '时间', dataIndex: 'messageDate', width: 140, render: (v: string | undefined, row) => relativeTime(v ?? row.createdAt ?? new Date()) },
          {
            title: '操作',
            width: 140,
            render: (_, row) => {
              // 处理 opens the matter's subject (its eventType's page); 关闭 puts it away.
              const to = linkOf(row.eventType, row.eventSubjectId);
              return (
                <>
                  {to && <Button type="link" size="small" onClick={() => navigate(to)}>处理</Button>}
                  {row.handled ? <span style={{ color: '#999' }}>已处理</span> : <Button type="link" size="small" onClick={() => void close(row.messageId)}>关闭</Button>}
                </>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
