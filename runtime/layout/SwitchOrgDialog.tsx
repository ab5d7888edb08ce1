/** Switch organisation (seed 000 §2.5): current company shown, others selectable unless disabled. */
import { useState } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import type { OrgOption } from '../../api/auth';
import { switchOrganisation } from '../session/actions';

export function SwitchOrgDialog({
  open,
  onClose,
  orgs,
  currentOrgId,
  currentName,
}: {
  open: boolean;
  onClose: () => void;
  orgs: OrgOption[];
  currentOrgId?: number;
  currentName?: string;
}) {
  const [orgId, setOrgId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const options = orgs
    .filter((org) => org.orgId !== currentOrgId)
    .map((org) => ({ value: org.orgId, label: org.disabled ? `${org.name}【已禁用】` : org.name, disabled: Boolean(org.disabled) }));

  const submit = async () => {
    if (orgId === undefined) return;
    setBusy(true);
    try {
      await switchOrganisation(orgId);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="切换单位"
      open={open}
      onCancel={onClose}
      okText="切换"
      cancelText="取消"
      onOk={submit}
      okButtonProps={{ disabled: orgId === undefined, loading: busy }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="当前单位">
          <Typography.Text strong>{currentName || '-'}</Typography.Text>
        </Form.Item>
        <Form.Item label="切换到" required>
          <Select placeholder="请选择单位" options={options} value={orgId} onChange={setOrgId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
