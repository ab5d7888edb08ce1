/** 收入确认: incomes awaiting my confirmation, confirmed one at a time. */
import { Button, Card, Popconfirm, Table, message } from 'antd';
import { thousands } from '../../../schemas/src/format';
import { useIncomes } from './useIncomes';

export function IncomeTable({ status }: { status?: 0 | 1 }) {
  const { rows, confirm } = useIncomes(status);
  return (
    <Table
      rowKey="incomeReviewId"
      data-testid="income-table"
      loading={!rows}
      dataSource={rows ?? []}
      pagination={false}
      locale={{ emptyText: '暂无待确认收入' }}
      columns={[
        { title: '收入事项', dataIndex: 'subject' },
        { title: '金额(元)', dataIndex: 'amount', align: 'right', width: 140, render: (v: string) => thousands(v) },
        { title: '收入日期', dataIndex: 'incomeDate', width: 120 },
        {
          title: '操作',
          width: 120,
          render: (_, row) =>
            row.status === 1 ? (
              <span style={{ color: '#52c41a' }}>已确认</span>
            ) : (
              <Popconfirm title="确认该笔收入？" onConfirm={() => confirm(row.incomeReviewId).then(() => void message.success('已确认'), () => undefined)}>
                <Button type="link" size="small">确认收入</Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}

export default function ConfirmIncome() {
  return (
    <Card title="收入确认">
      <IncomeTable status={0} />
    </Card>
  );
}
