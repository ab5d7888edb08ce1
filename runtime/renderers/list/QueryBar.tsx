/** The list's query form from `list.query`. */
import { Button, Cascader, DatePicker, Form, Input, Select, Space } from 'antd';
import { SearchOutlined, ReloadOutlined } from '@ant-design/icons';
import { enumOptions } from '../../reference/enums';
import { regionIndexFor } from '../../reference/region';
import type { QueryField } from '../../router/types';
import type { ReferenceData } from './cells';

export type QueryValues = Record<string, unknown>;

export function QueryBar({ fields, refs, onSearch }: { fields: QueryField[]; refs: ReferenceData; onSearch: (values: QueryValues) => void }) {
  const [form] = Form.useForm<QueryValues>();
  const control = (field: QueryField) => {
    const placeholder = field.placeholder;
    switch (field.type) {
      case 'select':
        return <Select allowClear style={{ width: 160 }} placeholder={placeholder ?? '请选择'} options={enumOptions(field.enum ?? '') as { label: string; value: string | number }[]} />;
      case 'staff':
        return (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 160 }}
            placeholder={placeholder ?? '请选择'}
            options={(refs.staff ?? []).map((staff) => ({ label: staff.name, value: staff.staffId }))}
          />
        );
      case 'region':
        return <Cascader changeOnSelect showSearch style={{ width: 220 }} placeholder={placeholder ?? '请选择'} options={refs.region ? regionIndexFor(refs.region).options : []} />;
      case 'dateRange':
        return <DatePicker.RangePicker />;
      default:
        return <Input allowClear style={{ width: field.placeholder && field.placeholder.length > 10 ? 280 : 180 }} placeholder={placeholder ?? '请输入'} />;
    }
  };

  const submit = () => {
    const raw = form.getFieldsValue();
    const values: QueryValues = {};
    for (const field of fields) {
      const value = raw[field.field];
      if (value === undefined || value === null || value === '') continue;
      if (field.type === 'region' && Array.isArray(value)) values[field.field] = value[value.length - 1];
      else if (field.type === 'dateRange' && Array.isArray(value)) {
        values[`${field.field}Start`] = (value[0] as { format(f: string): string }).format('YYYY-MM-DD');
        values[`${field.field}End`] = (value[1] as { format(f: string): string }).format('YYYY-MM-DD');
      } else values[field.field] = typeof value === 'string' ? value.trim() : value;
    }
    onSearch(values);
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 12, marginBottom: 16 }}>
      {fields.map((field) => (
        <Form.Item key={field.field} name={field.field} label={field.label}>
          {control(field)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              submit();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
