/** Table cell rendering by column definition: enum tags, reference names, formats. */
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { StaffItem, DepartmentItem, RegionNode } from '../../../api/reference';
import { enumLabel } from '../../reference/enums';
import { regionIndexFor } from '../../reference/region';
import type { ListColumn } from '../../router/types';

export interface ReferenceData {
  staff?: StaffItem[];
  department?: DepartmentItem[];
  region?: RegionNode[];
}

function thousands(value: number | string): string {
  const [integer, decimals] = String(value).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals !== undefined ? `${grouped}.${decimals}` : grouped;
}

export function renderCell(column: ListColumn, value: unknown, refs: ReferenceData) {
  if (value === null || value === undefined || value === '') return '-';
  if (column.enum) {
    const entry = enumLabel(column.enum, value);
    if (!entry) return String(value);
    return <Tag color={entry.color && entry.color !== 'default' ? entry.color : undefined}>{entry.label}</Tag>;
  }
  if (column.ref === 'staff') return refs.staff?.find((staff) => staff.staffId === Number(value))?.name ?? String(value);
  if (column.ref === 'department') return refs.department?.find((dep) => dep.depId === Number(value))?.name ?? String(value);
  if (column.ref === 'region') return refs.region ? regionIndexFor(refs.region).labelOf(value as string) : String(value);
  switch (column.format) {
    case 'datetime':
      return dayjs(value as string).format('YYYY-MM-DD HH:mm:ss');
    case 'date':
      return dayjs(value as string).format('YYYY-MM-DD');
    case 'money':
      return thousands(Number(value).toFixed(2));
    case 'percent':
      return `${(Number(value) * 100).toFixed(2)}%`;
    case 'thousands':
      return thousands(value as number);
    default:
      return String(value);
  }
}
