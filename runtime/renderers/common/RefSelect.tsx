/**
 * A searchable picker over another entity through the generic, tenant-scoped options call
 * (meta.options): the first page on open, a search per keystroke (debounced), and the titles
 * of the current value resolved once. Works standalone (query bars) and inside Formily forms.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin, Typography } from 'antd';
import { connect, mapReadPretty, observer, useForm } from '@formily/react';
import { ensureTitles, fetchOptions, titleOf, type RefOption } from '../../reference/titles';
import { resolveFilterBy } from '../../../schemas/src/ref-filter';

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
  /** the label's target (a Form.Item hands it down) */
  id?: string;
}

const asIds = (v: Value): number[] => (Array.isArray(v) ? v : v === null || v === undefined || (v as unknown) === '' ? [] : [Number(v)]);

export function RefSelect({ entity, value, onChange, mode, filter, placeholder, allowClear = true, disabled, style, ...rest }: RefSelectProps) {
  const [options, setOptions] = useState<RefOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [resolved, setResolved] = useState(0);
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
    // `resolved` ticks when the titles of the current value arrive (a prefilled or saved value).
  }, [options, ids.join(','), entity, resolved]); // eslint-disable-line react-hooks/exhaustive-deps

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

/**
 * The record a form or action dialog acts on (a transition's row): dependent pickers read
 * their "{field}" filters from the form's values first, then from it.
 */
export const RecordContext = createContext<Record<string, unknown> | undefined>(undefined);

/** A field's `filterBy` as the options call's "field:value" filters; placeholders without a value are left out. */
export function resolveRefFilter(filterBy: Record<string, unknown> | undefined, values: Record<string, unknown>): string[] {
  return Object.entries(resolveFilterBy(filterBy, values)).map(([k, v]) => `${k}:${Array.isArray(v) ? v.join('|') : String(v)}`);
}

const DependentRefSelect = observer((props: RefSelectProps & { filterBy?: Record<string, unknown> }) => {
  const { filterBy, ...rest } = props;
  const form = useForm();
  const record = useContext(RecordContext);
  const filter = filterBy ? resolveRefFilter(filterBy, { ...(record ?? {}), ...((form?.values ?? {}) as Record<string, unknown>) }) : rest.filter;
  return <RefSelect {...rest} filter={filter} />;
});

/** The Formily-bound picker (dependent on other fields when the entity says so): read-pretty mode shows the titles. */
export const FormRefSelect = connect(DependentRefSelect, mapReadPretty(RefText));
