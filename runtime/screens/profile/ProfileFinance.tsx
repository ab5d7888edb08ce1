/** 个人财务管理: my incomes (awaiting and confirmed), with a dot on the tab while some await confirmation. */
import { useEffect } from 'react';
import { Badge, Card, Tabs } from 'antd';
import { refreshPendingIncome, usePendingIncome } from '../../shell/income';
import { IncomeTable } from './ConfirmIncome';

export default function ProfileFinance() {
  const pending = usePendingIncome();
  useEffect(() => void refreshPendingIncome(), []);
  return (
    <Card title="个人财务管理" data-testid="profile-finance">
      <Tabs
        items={[
          { key: 'confirm', label: <Badge dot={pending > 0} offset={[4, 0]} data-testid="income-dot">待确认收入</Badge>, children: <IncomeTable status={0} /> },
          { key: 'all', label: '全部收入', children: <IncomeTable /> },
        ]}
      />
    </Card>
  );
}
