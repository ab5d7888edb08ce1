/** kind=dashboard: report cards in a grid; a card the user may not see is left out. */
import { Card, Col, Row } from 'antd';
import { useNavigate } from 'react-router-dom';
import { hasPermission } from '../../../schemas/src/permission';
import { useSession } from '../../session/store';
import type { PageDef } from '../../router/types';
import ReportView from './ReportView';

export default function DashboardPage({ page, params }: { page: PageDef; params?: Record<string, string> }) {
  const { roles } = useSession();
  const navigate = useNavigate();
  const cards = page.dashboard!.cards.filter((c) => !c.permission || hasPermission(roles ?? [], c.permission));
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c, i) => (
        <Col key={i} xs={24} lg={c.span ?? 12}>
          <Card title={c.title} extra={c.link ? <a onClick={() => navigate(c.link!)}>查看</a> : undefined}>
            <ReportView report={{ table: false, export: false, ...c.report }} embedded params={params} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
