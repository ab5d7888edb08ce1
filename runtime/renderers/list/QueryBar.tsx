/**
 * The list's query form (RuoYi/Jeecg pattern: 查询 / 重置, collapsed after three fields). Each
 * filter's widget follows its operator and field type; values travel as the query parameters
 * the list call declares (field, fieldStart/fieldEnd, keyword, mine), which is also what the
 * address bar keeps.
 */
import { useEffect, useState } from 'react';
import { Button, Cascader, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef } from '../../../schemas/src/fields/types';
import type { FilterOp } from '../../../schemas/src/fields/registry';
import { dateRangePresets } from '../../../schemas/src/format';
import { enumOptions } from '../../reference/enums';
import { regionIndexFor } from '../../reference/region';
import { regionTree } from '../../reference/lists';
import { useReference } from '../../reference/useReference';
import { RefSelect } from '../common/RefSelect';

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
  if (op === 'range') {
    const start = params[`${field}Start`];
    const end = params[`${field}End`];
    if (def?.type === 'date' || def?.type === 'datetime') return start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : undefined;
    return [start ?? null, end ?? null];
  }
  const raw = params[field];
  if (raw === undefined) return undefined;
  if (def?.type === 'boolean') return raw === 'true';
  const numeric = def && ['enum', 'reference', 'integer'].includes(def.type) && /^-?\d+(,-?\d+)*$/.test(raw);
  const parts = raw.split(',').map((x) => (numeric ? Number(x) : x));
  if (op === 'in' && (def?.type === 'enum')) return parts;
  return parts[0];
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
  const regions = useReference(regionTree, def?.type === 'region');
  if (op === 'keyword' || op === 'like') return <Input {...bind} allowClear style={{ width: placeholder && placeholder.length > 10 ? 280 : 180 }} placeholder={placeholder ?? '请输入'} />;
  if (!def) return <Input {...bind} allowClear style={{ width: 180 }} />;
  if (op === 'range') {
    if (def.type === 'date' || def.type === 'datetime') {
      return <DatePicker.RangePicker {...bind} allowEmpty={[true, true]} presets={dateRangePresets().map((p) => ({ label: p.label, value: p.value }))} style={{ width: 260 }} />;
    }
    return <RangeNumber {...bind} />;
  }
  switch (def.type) {
    case 'enum':
      return (
        <Select {...bind} allowClear showSearch optionFilterProp="label" mode={op === 'in' ? 'multiple' : undefined} maxTagCount="responsive"
          style={{ width: 180 }} placeholder={placeholder ?? '请选择'} options={enumOptions(def.enum ?? '') as { label: string; value: string | number }[]} />
      );
    case 'reference':
      return <RefSelect {...bind} entity={def.ref!} style={{ width: 180 }} placeholder={placeholder ?? '请选择'} />;
    case 'boolean':
      return <Select {...bind} allowClear style={{ width: 120 }} placeholder="请选择" options={[{ label: '是', value: true }, { label: '否', value: false }]} />;
    case 'region':
      return <RegionFilter {...bind} options={regions ? regionIndexFor(regions).options : []} />;
    default:
      return <Input {...bind} allowClear style={{ width: 180 }} placeholder={placeholder ?? '请输入'} />;
  }
}

function RegionFilter({ value, onChange, options }: { value?: string; onChange?: (v?: string) => void; options: { label: string; value: string | number }[] }) {
  return (
    <Cascader changeOnSelect showSearch style={{ width: 220 }} placeholder="请选择" options={options as never}
      value={value ? regionPath(options, value) : undefined}
      onChange={(v) => onChange?.(Array.isArray(v) && v.length ? String(v[v.length - 1]) : undefined)} />
  );
}

function regionPath(options: { value: string | number; children?: unknown[] }[], code: string): (string | number)[] | undefined {
  for (const o of options) {
    if (String(o.value) === code) return [o.value];
    const below = regionPath((o.children ?? []) as never, code);
    if (below) return [o.value, ...below];
  }
  return undefined;
}

function RangeNumber({ value, onChange }: { value?: (string | number | null)[]; onChange?: (v: (string | number | null)[]) => void }) {
  const [a, b] = value ?? [null, null];
  return (
    <Space.Compact>
      <InputNumber style={{ width: 100 }} placeholder="最小" value={a ?? undefined} onChange={(v) => onChange?.([v ?? null, b ?? null])} />
      <InputNumber style={{ width: 100 }} placeholder="最大" value={b ?? undefined} onChange={(v) => onChange?.([a ?? null, v ?? null])} />
    </Space.Compact>
  );
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
        <Form.Item key={item.field} name={item.field} label={item.op === 'mine' ? undefined : item.label} valuePropName={item.op === 'mine' ? 'checked' : 'value'}>
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
