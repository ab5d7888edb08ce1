/** A first home page: who is signed in, where, and the real customer count. */
import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { hasPermission } from '../../schemas/src/permission';
import { invoke } from '../../api/call';
import { useSession } from '../session/store';

const CUSTOMER_PERMISSION = '商务:客户列表';
const TEXT_VALUE = { fontSize: 18, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export default function Dashboard() {
  const { profile, roles, orgs } = useSession();
  const canSeeCustomers = hasPermission(roles ?? [], CUSTOMER_PERMISSION);
  const [customerTotal, setCustomerTotal] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canSeeCustomers) return;
    invoke<{ total: number }>('customer.listLocalCustomer', { query: { pageNo: 1, pageSize: 1 } }, { silent: true }).then(
      (page) => setCustomerTotal(page.total),
      () => setFailed(true),
    );
  }, [canSeeCustomers]);

  const orgName = profile?.orgName ?? orgs.find((org) => org.orgId === profile?.orgId)?.name ?? '-';
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <Card><Statistic title="当前用户" value={profile?.name ?? '-'} valueStyle={TEXT_VALUE} /></Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card><Statistic title="所属单位" value={orgName} valueStyle={TEXT_VALUE} /></Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card><Statistic title="权限数量" value={roles?.length ?? 0} /></Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card data-testid="customer-total">
          {canSeeCustomers && !failed ? (
            <Statistic title="客户总数" value={customerTotal ?? undefined} loading={customerTotal === null} />
          ) : (
            <Statistic title="客户总数" value={failed ? '加载失败' : '无权查看'} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
