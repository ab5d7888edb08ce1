/** 工作台 (not cached): my to-dos and figures, from workbench/summary and the to-do list. */
import { useEffect, useState } from 'react';
import { Button, Card, Col, List, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { invoke } from '../../../api/call';
import { relativeTime } from '../../../schemas/src/format';
import { useSummary } from './useSummary';

interface Matter { messageId: number; message: string; name?: string; messageDate?: string; createdAt?: string }

export default function Workbench() {
  const { data, failed, reload } = useSummary();
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
            renderItem={(m) => (
              <List.Item extra={<span style={{ color: '#999' }}>{relativeTime(m.messageDate ?? m.createdAt ?? new Date())}</span>}>{m.message}</List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="常用功能访问量" extra={<Button size="small" onClick={reload}>刷新</Button>} loading={loading}>
          <List
            size="small"
            dataSource={data?.visitsByPage ?? []}
            locale={{ emptyText: '暂无访问记录' }}
            renderItem={(v) => <List.Item extra={v.count}>{v.statisticsName}</List.Item>}
          />
        </Card>
      </Col>
    </Row>
  );
}
