/**
 * The list's query form (RuoYi/Jeecg pattern: 查询 / 重置, collapsed after three fields). Each
 * filter's widget follows its operator and its field type's browser entry (runtime/renderers/fields);
 * values travel as the query parameters the list call declares (field, fieldStart/fieldEnd, keyword, mine), which is also what the
 * address bar keeps.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef } from '../../../schemas/src/fields/types';
import type { FilterOp } from '../../../schemas/src/fields/registry';
import { FilterWidget, filterValueOf } from '../fields';

export type QueryParams = Record<string, string>;

export interface QueryItem {
  /** a field name, or keyword / mine */
  field: string;
  op: FilterOp | 'keyword' | 'mine';
  def?: FieldDef;
  label: string;
  placeholder?: string;
}

const COLLAPSED = 3;

function toFormValue(item: QueryItem, params: QueryParams): unknown {
  const { field, op, def } = item;
  if (op === 'mine') return params.mine === 'true';
  if (!def || op === 'keyword') return op === 'range' ? [params[`${field}Start`] ?? null, params[`${field}End`] ?? null] : params[field];
  return filterValueOf(def, op, params, field);
}

function fromFormValue(item: QueryItem, value: unknown, out: QueryParams) {
  const { field, op } = item;
  if (op === 'mine') {
    if (value) out.mine = 'true';
    return;
  }
  if (op === 'range') {
    const [a, b] = (Array.isArray(value) ? value : []) as (Dayjs | string | number | null)[];
    const fmt = (v: Dayjs | string | number | null | undefined) => (v === null || v === undefined || v === '' ? undefined : dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : String(v));
    const s = fmt(a);
    const e = fmt(b);
    if (s) out[`${field}Start`] = s;
    if (e) out[`${field}End`] = e;
    return;
  }
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return;
  out[field] = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value.trim() : String(value);
}

/** Form.Item hands value and onChange to its direct child: every widget takes them through. */
function Control({ item, ...bind }: { item: QueryItem; value?: any; onChange?: (v: any) => void }) {
  const { op, def, placeholder } = item;
  // maxWidth: on a phone the box gives way to the card's width instead of sticking out of it.
  if (op === 'keyword' || op === 'like') return <Input {...bind} allowClear style={{ width: placeholder && placeholder.length > 10 ? 280 : 180, maxWidth: '100%' }} placeholder={placeholder ?? '请输入'} data-testid={`query-${item.field}`} />;
  if (!def || op === 'mine') return <Input {...bind} allowClear style={{ width: 180 }} />;
  return <FilterWidget def={def} op={op} placeholder={placeholder} {...bind} />;
}

export function QueryBar({ items, params, onSearch }: { items: QueryItem[]; params: QueryParams; onSearch: (params: QueryParams) => void }) {
  const [form] = Form.useForm();
  // Collapsed filters that carry a value (from the address bar) must stay visible to stay applied.
  const [expanded, setExpanded] = useState(() => items.slice(COLLAPSED).some((item) => {
    const v = toFormValue(item, params);
    return v !== undefined && v !== false && !(Array.isArray(v) && v.every((x) => x === null));
  }));
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(items.map((item) => [item.field, toFormValue(item, params)])));
  }, [JSON.stringify(params)]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = () => {
    const raw = form.getFieldsValue();
    const out: QueryParams = {};
    for (const item of items) fromFormValue(item, raw[item.field], out);
    onSearch(out);
  };
  const shown = expanded ? items : items.slice(0, COLLAPSED);
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 12, marginBottom: 16 }} data-testid="query-bar">
      {shown.map((item) => (
        <Form.Item key={item.field} name={item.field} label={item.op === 'mine' ? undefined : item.label} valuePropName={item.op === 'mine' ? 'checked' : 'value'}
          style={{ maxWidth: '100%' }} wrapperCol={{ style: { minWidth: 0, flex: '0 1 auto' } }}>
          {item.op === 'mine' ? <Checkbox>只看我的</Checkbox> : <Control item={item} />}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
          <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); onSearch({}); }}>重置</Button>
          {items.length > COLLAPSED && (
            <Button type="link" onClick={() => setExpanded(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />}>{expanded ? '收起' : '展开'}</Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
