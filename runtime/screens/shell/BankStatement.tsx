/**
 * /bank-statement (public route, seed 000 §2.1): the organisation's bank statement lines from
 * finance-base/bank-statement. The route needs no session, the data does: without one the page
 * says so and offers the login that returns here.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Result, Select, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { invoke } from '../../../api/call';
import { thousands } from '../../../schemas/src/format';
import { useSession } from '../../session/store';
import { APP_TITLE } from '../../router/routes';

interface Line { bankStatementId: number; bankName: string; accountNo: string; tradeDate: string; direction: number; amount: string; counterparty?: string; summary?: string }

export default function BankStatement() {
  const { token } = useSession();
  const navigate = useNavigate();
  const [direction, setDirection] = useState<number>();
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<{ list: Line[]; total: number }>();

  useEffect(() => {
    if (!token) return;
    setData(undefined);
    invoke<{ list: Line[]; total: number }>('bankStatement.page', { query: { pageNo, pageSize: 20, direction } }).then(setData, () =>
      setData({ list: [], total: 0 }),
    );
  }, [token, pageNo, direction]);

  if (!token) {
    return (
      <Result
        status="403"
        title="银行流水"
        subTitle="查看银行流水需要先登录"
        extra={<Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent('/bank-statement')}`)}>登录</Button>}
      />
    );
  }
  return (
    <div style={{ padding: 24, background: '#f0f2f5', minHeight: '100vh' }}>
      <Card title={`银行流水 - ${APP_TITLE}`} extra={<Button onClick={() => navigate('/')}>返回系统</Button>}>
        <div style={{ marginBottom: 12 }}>
          <Select
            allowClear
            placeholder="收支"
            style={{ width: 140 }}
            value={direction}
            onChange={(v) => {
              setPageNo(1);
              setDirection(v);
            }}
            options={[{ value: 1, label: '收入' }, { value: 2, label: '支出' }]}
          />
        </div>
        <Table
          rowKey="bankStatementId"
          data-testid="bank-statement"
          loading={!data}
          dataSource={data?.list ?? []}
          pagination={{ current: pageNo, pageSize: 20, total: data?.total ?? 0, onChange: setPageNo, showTotal: (n) => `共 ${n} 条` }}
          columns={[
            { title: '交易日期', dataIndex: 'tradeDate', width: 120 },
            { title: '开户银行', dataIndex: 'bankName', width: 120 },
            { title: '银行账号', dataIndex: 'accountNo', width: 180 },
            { title: '收支', dataIndex: 'direction', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">收入</Tag> : <Tag color="red">支出</Tag>) },
            { title: '金额(元)', dataIndex: 'amount', width: 140, align: 'right', render: (v: string) => thousands(v) },
            { title: '对方户名', dataIndex: 'counterparty' },
            { title: '摘要', dataIndex: 'summary' },
          ]}
        />
      </Card>
    </div>
  );
}
