/**
 * How a value of each field type reads in a table cell or a description: the runtime half of the
 * field-type registry (its `cell` kind). Enum labels as coloured tags, referenced titles from the
 * page's refs, money right-aligned with separators, expiry warnings on dates.
 */
import { Popover, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { chinaTime } from './form/china-time';
import { fieldType, type CellKind } from '../../schemas/src/fields/registry';
import type { FieldDef } from '../../schemas/src/fields/types';
import { SYSTEM_FIELD_DEFS } from '../../schemas/src/entity-schema';
import { expiryWarning, thousands } from '../../schemas/src/format';
import { enumLabel } from '../reference/enums';
import { regionIndexFor } from '../reference/region';
import { regionTree } from '../reference/lists';
import { RefText } from './common/RefSelect';

export type Refs = Record<string, Record<string, string>>;

/** Days before expiry that a date shows an orange warning (system config expiryWarnDays). */
export const EXPIRY_WARN_DAYS = 30;

const SYSTEM_FIELDS = SYSTEM_FIELD_DEFS;

/** An entity field, or one of the system fields every record carries. */
export function fieldOf(entity: { fields: Record<string, FieldDef>; idField: string }, name: string): FieldDef | undefined {
  if (name === entity.idField) return { type: 'integer', title: '编号' };
  return entity.fields[name] ?? SYSTEM_FIELDS[name];
}

export function cellKind(f: FieldDef): CellKind {
  return fieldType(f).cell;
}

export function isNumeric(f: FieldDef): boolean {
  return ['integer', 'decimal', 'money'].includes(cellKind(f));
}

function enumTag(name: string | undefined, value: unknown) {
  const entry = name ? enumLabel(name, value) : undefined;
  if (!entry) return String(value);
  return <Tag color={entry.color && entry.color !== 'default' ? entry.color : undefined}>{entry.label}</Tag>;
}

/** Plain text of a value (exports of a page, summaries, titles). */
export function textOf(f: FieldDef, value: unknown, refs: Refs = {}): string {
  if (value === null || value === undefined || value === '') return '';
  switch (cellKind(f)) {
    case 'enum': return (Array.isArray(value) ? value : [value]).map((v) => enumLabel(f.enum ?? '', v)?.label ?? String(v)).join('、');
    case 'reference': return refs[f.ref!]?.[String(value)] ?? String(value);
    case 'references': return Array.isArray(value) ? value.map((v) => refs[f.ref!]?.[String(v)] ?? String(v)).join('、') : '';
    case 'region': {
      const tree = regionTree.peek();
      return tree ? regionIndexFor(tree).labelOf(String(value)) : String(value);
    }
    case 'boolean': return value ? '是' : '否';
    case 'money': return thousands(Number(value).toFixed(f.scale ?? 2));
    case 'decimal': return thousands(String(value).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
    case 'date': return chinaTime(value as string, 'YYYY-MM-DD');
    case 'datetime': return chinaTime(value as string, 'YYYY-MM-DD HH:mm:ss');
    case 'attachments': return Array.isArray(value) ? value.map((a) => (a as { name?: string }).name).join('、') : '';
    case 'json': return JSON.stringify(value);
    default: return String(value);
  }
}

function expiryCell(f: FieldDef, value: string) {
  const text = dayjs(value).format('YYYY-MM-DD');
  const expired = expiryWarning(f.title, value);
  if (expired) {
    return <Tooltip title={expired}><Tag color="red">{text} 已过期</Tag></Tooltip>;
  }
  const days = dayjs(value).endOf('day').diff(dayjs(), 'day');
  if (days <= EXPIRY_WARN_DAYS) return <Tooltip title={`${f.title}将于${days}天后到期`}><Tag color="orange">{text}</Tag></Tooltip>;
  return text;
}

export function renderValue(f: FieldDef, value: unknown, refs: Refs = {}) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '-';
  const kind = cellKind(f);
  switch (kind) {
    case 'enum':
      return Array.isArray(value) ? <>{value.map((v) => <span key={String(v)}>{enumTag(f.enum, v)}</span>)}</> : enumTag(f.enum, value);
    case 'boolean':
      return value ? <Tag color="blue">是</Tag> : <Tag>否</Tag>;
    case 'date':
      return f.expiry ? expiryCell(f, value as string) : textOf(f, value, refs);
    case 'attachments':
      return (
        <span>
          {(value as { name: string; url: string }[]).map((a) => (
            <Typography.Link key={a.url} href={a.url} target="_blank" rel="noopener noreferrer" style={{ marginRight: 8 }}>{a.name}</Typography.Link>
          ))}
        </span>
      );
    case 'longText':
      return <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</Typography.Text>;
    case 'json':
      return jsonCell(f, value) ?? textOf(f, value, refs);
    default:
      return textOf(f, value, refs);
  }
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
