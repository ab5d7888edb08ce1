/** Home page (首页): who and where, and live figures of the organisation from workbench/summary. */
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { useSession } from '../session/store';
import { enumLabel } from '../reference/enums';
import { relativeTime } from '../../schemas/src/format';
import { CustomerStatus } from './shell/CustomerStatus';
import { customerTotal, useSummary } from './shell/useSummary';

const TEXT_VALUE = { fontSize: 18, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export default function Dashboard() {
  const { profile, orgs } = useSession();
  const { data, failed } = useSummary();
  const orgName = profile?.orgName ?? orgs.find((org) => org.orgId === profile?.orgId)?.name ?? '-';
  const total = customerTotal(data);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <Card><Statistic title="当前用户" value={profile?.name ?? '-'} valueStyle={TEXT_VALUE} /></Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card><Statistic title="所属单位" value={orgName} valueStyle={TEXT_VALUE} /></Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card data-testid="daily-count">
          <Link to="/daily-routine/daily-routine-page"><Statistic title="待处理事项" value={data?.dailyMessageCount} loading={!data && !failed} /></Link>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card data-testid="customer-total">
          {data?.customersByStatus === null || failed ? (
            <Statistic title="客户总数" value={failed ? '加载失败' : '无权查看'} />
          ) : (
            <Statistic title="客户总数" value={total} loading={!data} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="客户状态分布" loading={!data && !failed}>
          <CustomerStatus rows={data?.customersByStatus ?? null} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="我的最近客户" loading={!data && !failed}>
          <ul data-testid="recent-customers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {(data?.recentCustomers ?? []).map((c) => (
              <li key={c.customerId} style={{ display: 'flex', justifyContent: 'space-between', padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
                <span>{c.name} <span style={{ color: '#999', marginLeft: 8 }}>{enumLabel('verifyStatus', c.verifyStatus)?.label ?? '-'}</span></span>
                <span style={{ color: '#999' }}>{relativeTime(c.updatedAt)}</span>
              </li>
            ))}
            {data && !data.recentCustomers?.length && (
              <li style={{ color: '#999', textAlign: 'center', padding: 16 }}>{data.recentCustomers === null ? '无权查看客户' : '暂无客户'}</li>
            )}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
