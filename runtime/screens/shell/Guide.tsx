/** 操作指引: the business flow of the product (seed 000 §2.3), each step linking to its screen when permitted. */
import { Card, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/store';
import { routeAllowed, matchRoute } from '../../router/routes';
import { routes } from '../../router/pages';

export const FLOW = [
  { title: '客户', path: '/business/clue/customer-list', text: '建立客户档案，完成客户审核' },
  { title: '线索', path: '/business/clue/clue-list', text: '登记销售线索并跟进' },
  { title: '询价', path: '/business/clue/enquiry-list', text: '向供应商询价、比价' },
  { title: '报价', path: '/business/clue/enquiry-seq-quote-list', text: '向客户报价' },
  { title: '合同', path: '/contract/income-contract/income-contract-list', text: '签订收入与成本合同' },
  { title: '项目', path: '/project/project-list', text: '立项并管理项目' },
  { title: '调度', path: '/project/transport-schedule-list', text: '派车调度、在途跟踪' },
  { title: '结算', path: '/finance/finance-settle-bill/customer-settle-list', text: '对账、结算与开票' },
] as const;

export default function Guide() {
  const navigate = useNavigate();
  const roles = useSession().roles ?? [];
  const allowed = (path: string) => {
    const route = matchRoute(routes, path)?.route;
    return Boolean(route && routeAllowed(route, roles));
  };
  return (
    <Card title="业务操作流程" data-testid="guide-flow">
      <Typography.Paragraph type="secondary">点击步骤进入对应功能（灰色表示您没有该功能的权限）。</Typography.Paragraph>
      <Steps
        direction="vertical"
        current={-1}
        items={FLOW.map((step, i) => ({
          title: step.title,
          description: step.text,
          status: allowed(step.path) ? 'process' : 'wait',
          icon: <span style={{ display: 'inline-block', width: 28, lineHeight: '28px', borderRadius: '50%', textAlign: 'center', background: allowed(step.path) ? '#1890ff' : '#d9d9d9', color: '#fff' }}>{i + 1}</span>,
          onClick: allowed(step.path) ? () => navigate(step.path) : undefined,
          style: { cursor: allowed(step.path) ? 'pointer' : 'default' },
        }))}
      />
    </Card>
  );
}
