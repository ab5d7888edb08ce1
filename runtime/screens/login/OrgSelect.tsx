import { Select } from 'antd';
import type { OrgOption } from '../../../api/auth';

/** Loaded after the login form shows: the organisation is optional and antd's Select is heavy. */
export default function OrgSelect({ orgs, value, onChange }: { orgs: OrgOption[]; value?: number; onChange: (orgId?: number) => void }) {
  return (
    <Select
      allowClear
      size="large"
      style={{ width: '100%' }}
      placeholder="请选择单位(可选)"
      value={value}
      onChange={onChange}
      options={orgs.map((org) => ({ label: org.name, value: org.orgId }))}
    />
  );
}
