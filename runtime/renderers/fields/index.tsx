/**
 * The browser half of the field-type registry: per type, how a value shows in a list cell or a
 * description beyond its text (tags, links, expiry warnings, a popover table) and which widget
 * filters it in a list's query bar. Typed by FieldType, so a type added to the registry without
 * its entry here does not compile. The text itself is the registry's (`textOf`).
 */
import type { ComponentType, ReactNode } from 'react';
import { Cascader, DatePicker, Input, InputNumber, Popover, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { FilterOp } from '../../../schemas/src/fields/registry';
import type { FieldDef, FieldType } from '../../../schemas/src/fields/types';
import { dateRangePresets, expiryWarning, monthRangePresets } from '../../../schemas/src/format';
import { enumLabel, enumOptions } from '../../reference/enums';
import { regionIndexFor } from '../../reference/region';
import { regionTree } from '../../reference/lists';
import { useReference } from '../../reference/useReference';
import { RefSelect, RefText } from '../common/RefSelect';
import { FileLinks, type FileRef } from '../common/FilePreview';
import { textOf, type Refs } from './text';

/** What the query bar hands a filter widget; value and onChange come from its Form.Item. */
export interface FilterWidgetProps {
  def: FieldDef;
  op: FilterOp;
  placeholder?: string;
  /** the Form.Item's id: its label points to it (a click on 发送状态 opens that select) */
  id?: string;
  value?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  onChange?: (v: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface BrowserFieldType {
  /** the cell or description when it is more than the text; the text when absent */
  display?(f: FieldDef, value: unknown, refs: Refs): ReactNode;
  /** the query bar's widget for an eq / in filter (like is a text box, range a pair of bounds) */
  Filter: ComponentType<FilterWidgetProps>;
  /** a range filter's widget when the bounds are not numbers */
  RangeFilter?: ComponentType<FilterWidgetProps>;
  /** a query parameter as the address bar keeps it → the filter widget's value */
  fromQuery?(raw: string, op: FilterOp): unknown;
  /** a range's bounds from the address bar → the range widget's value */
  fromRange?(start: string | undefined, end: string | undefined): unknown;
}

/** Days before expiry that a date shows an orange warning (system config expiryWarnDays). */
export const EXPIRY_WARN_DAYS = 30;

const numbers = (raw: string) => (/^-?\d+(,-?\d+)*$/.test(raw) ? raw.split(',').map(Number) : raw.split(','));

function TextFilter({ id, value, onChange, placeholder }: FilterWidgetProps) {
  return <Input id={id} value={value} onChange={onChange} allowClear style={{ width: 180 }} placeholder={placeholder ?? '请输入'} />;
}

function NumberRange({ id, value, onChange }: FilterWidgetProps) {
  const [a, b] = (value ?? [null, null]) as (string | number | null)[];
  return (
    <Space.Compact>
      <InputNumber id={id} style={{ width: 100 }} placeholder="最小" value={a ?? undefined} onChange={(v) => onChange?.([v ?? null, b ?? null])} />
      <InputNumber style={{ width: 100 }} placeholder="最大" value={b ?? undefined} onChange={(v) => onChange?.([a ?? null, v ?? null])} />
    </Space.Compact>
  );
}

function DateRange({ id, value, onChange }: FilterWidgetProps) {
  return <DatePicker.RangePicker id={id} value={value} onChange={onChange} allowEmpty={[true, true]} presets={[...dateRangePresets(), ...monthRangePresets()].map((p) => ({ label: p.label, value: p.value }))} style={{ width: 260 }} />;
}

function EnumFilter({ def, op, id, value, onChange, placeholder }: FilterWidgetProps) {
  return (
    <Select id={id} value={value} onChange={onChange} allowClear showSearch optionFilterProp="label" mode={op === 'in' ? 'multiple' : undefined} maxTagCount="responsive"
      style={{ width: 180 }} placeholder={placeholder ?? '请选择'} options={enumOptions(def.enum ?? '') as { label: string; value: string | number }[]} />
  );
}

function ReferenceFilter({ def, id, value, onChange, placeholder }: FilterWidgetProps) {
  return <RefSelect id={id} value={value} onChange={onChange} entity={def.ref!} style={{ width: 180 }} placeholder={placeholder ?? '请选择'} />;
}

function BooleanFilter({ id, value, onChange }: FilterWidgetProps) {
  return <Select id={id} value={value} onChange={onChange} allowClear style={{ width: 120 }} placeholder="请选择" options={[{ label: '是', value: true }, { label: '否', value: false }]} />;
}

function RegionFilter({ id, value, onChange }: FilterWidgetProps) {
  const regions = useReference(regionTree, true);
  const options = regions ? regionIndexFor(regions).options : [];
  return (
    <Cascader id={id} changeOnSelect showSearch style={{ width: 220 }} placeholder="请选择" options={options as never}
      value={value ? regionPath(options, String(value)) : undefined}
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

function enumTag(name: string | undefined, value: unknown) {
  const entry = name ? enumLabel(name, value) : undefined;
  if (!entry) return String(value);
  return <Tag color={entry.color && entry.color !== 'default' ? entry.color : undefined}>{entry.label}</Tag>;
}

function expiryCell(f: FieldDef, value: string) {
  const text = textOf(f, value);
  const expired = expiryWarning(f.title, value);
  if (expired) {
    return <Tooltip title={expired}><Tag color="red">{text} 已过期</Tag></Tooltip>;
  }
  const days = dayjs(value).endOf('day').diff(dayjs(), 'day');
  if (days <= EXPIRY_WARN_DAYS) return <Tooltip title={`${f.title}将于${days}天后到期`}><Tag color="orange">{text}</Tag></Tooltip>;
  return text;
}

type ItemProps = Record<string, { title?: string; 'x-enum'?: string; 'x-ref'?: string }>;

/**
 * A json list of flat objects (a field diff, contacts, price lines) reads as "标题(n)"; its rows
 * open in a popover table whose columns are the item properties that carry a title (the entity's
 * `items` schema), else every key.
 */
function jsonCell(f: FieldDef, value: unknown) {
  if (!Array.isArray(value) || !value.length || !value.every((v) => v && typeof v === 'object' && !Array.isArray(v))) return undefined;
  const props = ((f.items as { items?: { properties?: ItemProps } } | undefined)?.items?.properties ?? {}) as ItemProps;
  const titled = Object.entries(props).filter(([, p]) => p.title);
  const keys = titled.length ? titled.map(([k, p]) => ({ key: k, title: p.title!, enum: p['x-enum'], ref: p['x-ref'] })) : Object.keys(value[0] as object).map((k) => ({ key: k, title: k, enum: undefined, ref: undefined }));
  const show = (v: unknown, name: string | undefined): string => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return '-';
    if (name) return (Array.isArray(v) ? v : [v]).map((x) => enumLabel(name, x)?.label ?? String(x)).join('、');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const rows = (value as Record<string, unknown>[]).map((r, i) => ({ ...r, __key: i }));
  const table = (
    <Table size="small" pagination={false} rowKey="__key" dataSource={rows} style={{ maxWidth: 560 }} scroll={{ y: 320 }}
      columns={keys.map((k) => ({ key: k.key, dataIndex: k.key, title: k.title, render: (v: unknown) => (k.ref && v !== null && v !== undefined && !(Array.isArray(v) && !v.length) ? <RefText entity={k.ref} value={v as number | number[]} /> : show(v, k.enum)) }))} />
  );
  return (
    <Popover content={table} title={f.title} trigger="click" placement="left">
      <Typography.Link data-testid="json-cell">{`${f.title}(${value.length})`}</Typography.Link>
    </Popover>
  );
}

const firstNumber = (raw: string) => numbers(raw)[0];
const numeric: Pick<BrowserFieldType, 'Filter' | 'fromQuery'> = { Filter: TextFilter, fromQuery: firstNumber };
const dated: BrowserFieldType = {
  display: (f, value) => (f.expiry ? expiryCell(f, value as string) : textOf(f, value)),
  Filter: TextFilter,
  RangeFilter: DateRange,
  fromRange: (start, end) => (start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : undefined),
};

export const BROWSER_FIELD_TYPES: Record<FieldType, BrowserFieldType> = {
  string: { Filter: TextFilter },
  text: {
    display: (_f, value) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Typography.Text>,
    Filter: TextFilter,
  },
  integer: numeric,
  bigint: { Filter: TextFilter },
  number: { Filter: TextFilter },
  money: { Filter: TextFilter },
  boolean: {
    display: (_f, value) => (value ? <Tag color="blue">是</Tag> : <Tag>否</Tag>),
    Filter: BooleanFilter,
    fromQuery: (raw) => raw === 'true',
  },
  date: dated,
  datetime: dated,
  json: { display: (f, value, refs) => jsonCell(f, value) ?? textOf(f, value, refs), Filter: TextFilter },
  enum: {
    display: (f, value) => (Array.isArray(value) ? <>{value.map((v) => <span key={String(v)}>{enumTag(f.enum, v)}</span>)}</> : enumTag(f.enum, value)),
    Filter: EnumFilter,
    fromQuery: (raw, op) => (op === 'in' ? numbers(raw) : firstNumber(raw)),
  },
  reference: { Filter: ReferenceFilter, fromQuery: firstNumber },
  references: { Filter: ReferenceFilter, fromQuery: firstNumber },
  region: { Filter: RegionFilter },
  attachments: {
    // Names cut to 8 characters; a click previews images, PDF and video in the browser.
    display: (_f, value) => <FileLinks files={value as FileRef[]} />,
    Filter: TextFilter,
  },
};

/** The browser entry of a field's type (its display and filter widget). */
export function browserFieldType(f: FieldDef): BrowserFieldType {
  const t = BROWSER_FIELD_TYPES[f.type];
  if (!t) throw new Error(`unknown field type ${String(f.type)}`);
  return t;
}

/** A value in a list cell or a description: the type's display, else its text; '-' when nothing is entered. */
export function renderValue(f: FieldDef, value: unknown, refs: Refs = {}): ReactNode {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '-';
  const display = browserFieldType(f).display;
  return display ? display(f, value, refs) : textOf(f, value, refs);
}

/** The query bar's widget of a field filter. */
export function FilterWidget(props: FilterWidgetProps) {
  const t = browserFieldType(props.def);
  const Widget = props.op === 'range' ? t.RangeFilter ?? NumberRange : props.op === 'like' ? TextFilter : t.Filter;
  return <Widget {...props} />;
}

/** A filter's value as the address bar keeps it → its widget's value. */
export function filterValueOf(def: FieldDef, op: FilterOp, params: Record<string, string>, field: string): unknown {
  const t = browserFieldType(def);
  if (op === 'range') {
    const start = params[`${field}Start`];
    const end = params[`${field}End`];
    return t.fromRange ? t.fromRange(start, end) : [start ?? null, end ?? null];
  }
  const raw = params[field];
  if (raw === undefined) return undefined;
  return t.fromQuery ? t.fromQuery(raw, op) : raw;
}
