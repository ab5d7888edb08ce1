/** 数据看板 and 看板门户 (big-screen board role): organisation figures from workbench/summary and the usage statistics. */
import { useEffect, useState } from 'react';
import { Card, Col, Empty, List, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { invoke } from '../../../api/call';
import type { ScreenProps } from '../types';
import { CustomerStatus } from './CustomerStatus';
import { customerTotal, useSummary } from './useSummary';

interface StaffVisits { staffId: number; staffName: string; count: number }

export default function Kanban({ page }: ScreenProps) {
  const { data, failed } = useSummary();
  const [byStaff, setByStaff] = useState<StaffVisits[] | null>();
  const portal = page.path === '/kanban-portal';
  useEffect(() => {
    invoke<StaffVisits[]>('pageVisitStatistics.byStaff', {}, { silent: true }).then(setByStaff, () => setByStaff(null));
  }, []);
  const loading = !data && !failed;
  return (
    <div data-testid="kanban" style={portal ? undefined : { background: '#0f1c3c', padding: 16, borderRadius: 8 }}>
      {portal && (
        <Card style={{ marginBottom: 16 }}>
          <Link to="/kanban">进入数据看板大屏</Link>
        </Card>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}><Card><Statistic title="客户总数" value={customerTotal(data) ?? '无权查看'} loading={loading} /></Card></Col>
        <Col xs={12} lg={6}><Card><Statistic title="在职员工" value={data?.staffCount} loading={loading} /></Card></Col>
        <Col xs={12} lg={6}><Card><Statistic title="合作中供应商" value={data?.supplierCount} loading={loading} /></Card></Col>
        <Col xs={12} lg={6}><Card><Statistic title="今日页面访问" value={data?.visitsToday} loading={loading} /></Card></Col>
        <Col xs={24} lg={12}>
          <Card title="客户状态分布" loading={loading}><CustomerStatus rows={data?.customersByStatus ?? null} /></Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="员工活跃度(页面访问次数)" loading={byStaff === undefined}>
            {byStaff === null ? (
              <Empty description="无权查看统计" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List size="small" dataSource={byStaff ?? []} locale={{ emptyText: '暂无访问记录' }} renderItem={(r) => <List.Item extra={r.count}>{r.staffName}</List.Item>} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
