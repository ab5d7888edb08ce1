/** 离职交接: the customers I manage go to a colleague of my organisation in one step. */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, List, Popconfirm, Select, Space, message } from 'antd';
import { invoke } from '../../../api/call';
import { staffList } from '../../reference/lists';
import { useReference } from '../../reference/useReference';
import { useSession } from '../../session/store';

export default function Handover() {
  const { profile } = useSession();
  const staff = useReference(staffList);
  const [customers, setCustomers] = useState<{ customerId: number; name: string }[]>();
  const [toStaffId, setTo] = useState<number>();
  const load = () => invoke<{ customers: { customerId: number; name: string }[] }>('handover.preview').then((r) => setCustomers(r.customers), () => setCustomers([]));
  useEffect(() => void load(), []);
  const submit = async () => {
    const r = await invoke<{ customers: number }>('handover.submit', { body: { toStaffId } });
    void message.success(`已交接 ${r.customers} 个客户`);
    setTo(undefined);
    void load();
  };
  const options = (staff ?? []).filter((s) => s.staffId !== profile?.staffId).map((s) => ({ value: s.staffId, label: s.name }));
  return (
    <Card title="离职交接" data-testid="handover">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="离职前请将您负责的客户交接给本单位的同事。" />
      <List
        size="small"
        header={`我负责的客户（${customers?.length ?? 0}）`}
        loading={!customers}
        dataSource={customers ?? []}
        locale={{ emptyText: '没有需要交接的客户' }}
        renderItem={(c) => <List.Item>{c.name}</List.Item>}
        style={{ marginBottom: 16 }}
      />
      <Space>
        <Select showSearch optionFilterProp="label" placeholder="请选择接收人" style={{ width: 220 }} value={toStaffId} onChange={setTo} options={options} />
        <Popconfirm title="确认交接全部客户？" onConfirm={() => submit().catch(() => undefined)} disabled={!toStaffId || !customers?.length}>
          <Button type="primary" disabled={!toStaffId || !customers?.length}>交接</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
