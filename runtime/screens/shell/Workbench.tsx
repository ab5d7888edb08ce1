/** 工作台 (not cached): my to-dos and figures, from workbench/summary and the to-do list. */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, List, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { invoke } from '../../../api/call';
import { relativeTime } from '../../../schemas/src/format';
import { routeAllowed } from '../../router/routes';
import { routes } from '../../router/pages';
import { useSession } from '../../session/store';
import { useSummary, type MineCard } from './useSummary';
import { useEventLink } from '../../realtime/useEventLink';

/**
 * The pages behind the organisation's most visited statistics names that this user may open:
 * a page someone else uses but this user can't reach is not offered as a "常用功能".
 */
function useOpenableVisits(visits: { statisticsName: string; count: number }[] | undefined, roles: readonly string[]) {
  return useMemo(() => (visits ?? []).flatMap((v) => {
    const route = routes.find((r) => r.def.meta.statisticsName === v.statisticsName && !r.def.meta.hidden && !/[{:]/.test(r.def.path) && routeAllowed(r, roles));
    return route ? [{ ...v, title: route.def.meta.title ?? v.statisticsName, path: route.def.path }] : [];
  }), [visits, roles]);
}

interface Matter { messageId: number; message: string; name?: string; messageDate?: string; createdAt?: string; eventType?: number | null; eventSubjectId?: number | null }

/** A card of my records (DOMAIN §7 R20), each line opening its record by its eventType's route. */
function MineList({ title, card, empty, testId, loading }: { title: string; card?: MineCard; empty: string; testId: string; loading: boolean }) {
  const linkOf = useEventLink();
  return (
    <Card title={<>{title}{card ? <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>共 {card.total} 项</Typography.Text> : null}</>} loading={loading} data-testid={testId}>
      <List
        size="small"
        dataSource={card?.list ?? []}
        locale={{ emptyText: empty }}
        renderItem={(m) => {
          const to = linkOf(m.eventType, m.subjectId);
          return (
            <List.Item extra={<Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>{m.note}</Typography.Text>}>
              {to ? <Link to={to}>{m.title}</Link> : m.title}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

export default function Workbench() {
  const { data, failed, reload } = useSummary();
  const { roles } = useSession();
  const linkOf = useEventLink();
  const visits = useOpenableVisits(data?.visitsByPage, roles ?? []);
  const [todos, setTodos] = useState<Matter[]>();
  useEffect(() => {
    invoke<{ list: Matter[] }>('message.list', { query: { pageNo: 1, pageSize: 5, handled: false } }, { silent: true }).then(
      (page) => setTodos(page.list),
      () => setTodos([]),
    );
  }, []);
  const loading = !data && !failed;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8} xl={4}><Card><Statistic title="待处理事项" value={data?.dailyMessageCount} loading={loading} /></Card></Col>
      <Col xs={24} md={8} xl={5}><Card><Statistic title="待确认收入" value={data?.pendingIncomeCount} loading={loading} /></Card></Col>
      <Col xs={24} md={8} xl={5}><Card><Statistic title="本单位在职员工" value={data?.staffCount} loading={loading} /></Card></Col>
      <Col xs={24} md={12} xl={5}><Card><Statistic title="合作中供应商" value={data?.supplierCount} loading={loading} /></Card></Col>
      <Col xs={24} md={12} xl={5}><Card data-testid="visits-today"><Statistic title="今日页面访问" value={data?.visitsToday} loading={loading} /></Card></Col>
      <Col xs={24} lg={12}>
        <Card title="我的待办" extra={<Link to="/daily-routine/daily-routine-page">全部</Link>} loading={!todos}>
          <List
            size="small"
            dataSource={todos ?? []}
            locale={{ emptyText: '暂无待办' }}
            renderItem={(m) => {
              const to = linkOf(m.eventType, m.eventSubjectId);
              return (
                <List.Item data-testid="workbench-todo" extra={<span style={{ color: '#999', whiteSpace: 'nowrap' }}>{relativeTime(m.messageDate ?? m.createdAt ?? new Date())}</span>}>
                  {to ? <Link to={to}>{m.message}</Link> : m.message}
                </List.Item>
              );
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <MineList title="待我审批" card={data?.myApprovals} empty="暂无待审批事项" testId="workbench-approvals" loading={loading} />
      </Col>
      <Col xs={24} lg={12}>
        <MineList title="我的项目" card={data?.myProjects} empty="暂无进行中的项目" testId="workbench-projects" loading={loading} />
      </Col>
      <Col xs={24} lg={12}>
        <MineList title={`即将到期的合同(${data?.endingContracts?.warnDays ?? 30}天内)`} card={data?.endingContracts} empty="暂无即将到期的合同" testId="workbench-ending" loading={loading} />
      </Col>
      <Col xs={24} lg={12}>
        <Card title="常用功能访问量" extra={<Button size="small" onClick={reload}>刷新</Button>} loading={loading}>
          <List
            size="small"
            dataSource={visits}
            locale={{ emptyText: '暂无访问记录' }}
            renderItem={(v) => (
              <List.Item data-testid="frequent-page" actions={[<Typography.Text key="count" type="secondary">{v.count} 次</Typography.Text>]}>
                <Link to={v.path}>{v.title}</Link>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
