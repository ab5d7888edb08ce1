/**
 * A searchable picker over another entity through the generic, tenant-scoped options call
 * (meta.options): the first page on open, a search per keystroke (debounced), and the titles
 * of the current value resolved once. Works standalone (query bars) and inside Formily forms.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin, Typography } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { ensureTitles, fetchOptions, titleOf, type RefOption } from '../../reference/titles';

type Value = number | number[] | null | undefined;

export interface RefSelectProps {
  entity: string;
  value?: Value;
  onChange?: (value: Value) => void;
  mode?: 'multiple';
  /** equality filters on the entity's lookup fields, as "field:value" */
  filter?: string[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

const asIds = (v: Value): number[] => (Array.isArray(v) ? v : v === null || v === undefined || (v as unknown) === '' ? [] : [Number(v)]);

export function RefSelect({ entity, value, onChange, mode, filter, placeholder, allowClear = true, disabled, style, ...rest }: RefSelectProps) {
  const [options, setOptions] = useState<RefOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [, setResolved] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const ids = asIds(value);
  const filterKey = (filter ?? []).join('|');

  useEffect(() => {
    if (ids.length) void ensureTitles(entity, ids).then(() => setResolved((n) => n + 1));
  }, [entity, ids.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps

  const load = (keyword?: string) => {
    setLoading(true);
    fetchOptions(entity, { keyword: keyword || undefined, filter, limit: 50 })
      .then(setOptions)
      .catch(() => setOptions([]))
      .finally(() => setLoading(false));
  };
  useEffect(() => setOptions([]), [entity, filterKey]);

  const merged = useMemo(() => {
    const list = [...options];
    for (const id of ids) if (!list.some((o) => o.value === id)) list.unshift({ value: id, label: titleOf(entity, id) ?? String(id) });
    return list;
  }, [options, ids.join(','), entity]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Select
      {...rest}
      showSearch
      mode={mode}
      value={mode ? ids : ids[0] ?? undefined}
      placeholder={placeholder ?? '请选择'}
      allowClear={allowClear}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      filterOption={false}
      notFoundContent={loading ? <Spin size="small" /> : '无匹配数据'}
      options={merged.map((o) => ({ value: o.value, label: o.label }))}
      onOpenChange={(open) => { if (open && !options.length) load(); }}
      onSearch={(text) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => load(text.trim()), 300);
      }}
      onChange={(next) => onChange?.((next as Value) ?? null)}
    />
  );
}

export function RefText({ entity, value }: { entity: string; value?: Value }) {
  const ids = asIds(value);
  const [, setResolved] = useState(0);
  useEffect(() => {
    if (ids.length) void ensureTitles(entity, ids).then(() => setResolved((n) => n + 1));
  }, [entity, ids.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!ids.length) return <Typography.Text>-</Typography.Text>;
  return <Typography.Text>{ids.map((id) => titleOf(entity, id) ?? String(id)).join('、')}</Typography.Text>;
}

/** The Formily-bound picker: read-pretty mode shows the titles. */
export const FormRefSelect = connect(RefSelect, mapReadPretty(RefText));
