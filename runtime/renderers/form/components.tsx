/** The components a compiled form schema names (see schemas/src/form-to-formily.ts). */
import { lazy, Suspense, useMemo, type ComponentProps } from 'react';
import { Cascader as AntCascader, Col, Divider, Row, Typography } from 'antd';
import { connect, createSchemaField, mapReadPretty, useField } from '@formily/react';
import {
  Cascader, Checkbox, DatePicker, FormItem, Input, NumberPicker, Password, PreviewText, Radio, Select, Switch, TimePicker,
} from '@formily/antd-v5';
import type { Field } from '@formily/core';
import { pathInOptions, type TreeOption } from '../../reference/region';
import { designerWidgets } from './widgets';
import { FormRefSelect } from '../common/RefSelect';
import { TreeCheck } from './TreeCheck';
import { chinaWallValue } from './china-time';
import { NumberText } from '../fields/form-text';
import { SuggestInput as SuggestInputEdit } from './SuggestInput';

type DatePickerProps = React.ComponentProps<typeof DatePicker>;

/** The picker edits China time: a record's instant (…Z) is shown at +08:00 whatever the browser's zone. */
const ChinaDatePicker = Object.assign(
  (props: DatePickerProps) => <DatePicker {...props} value={chinaWallValue((props as { value?: unknown }).value) as DatePickerProps['value']} />,
  { RangePicker: DatePicker.RangePicker },
);

function FormRow({ gutter, justify, align, children }: { gutter?: number; justify?: 'start' | 'end' | 'center' | 'space-around' | 'space-between'; align?: 'top' | 'middle' | 'bottom'; children?: React.ReactNode }) {
  return <Row gutter={gutter} justify={justify} align={align} style={{ width: '100%' }}>{children}</Row>;
}

/** Below the tablet breakpoint every column takes the whole row (one-column forms on phones). */
function FormCol({ span, children }: { span?: number; children?: React.ReactNode }) {
  return <Col xs={24} md={span ?? 24}>{children}</Col>;
}

function FormDivider({ text, orientation }: { text?: string; orientation?: 'left' | 'right' | 'center' }) {
  return <Divider orientation={orientation}>{text}</Divider>;
}

function FormText({ text, align, color, size, bold }: { text?: string; align?: 'left' | 'center' | 'right'; color?: string; size?: number; bold?: number }) {
  return <div style={{ textAlign: align, color, fontSize: size, fontWeight: bold, marginBottom: 16 }}>{text}</div>;
}

/** The entity keeps only the last region code as a string; the cascader works on the whole path. */
function RegionCascader(props: { value?: string | null; onChange?: (value: string | null) => void; changeOnSelect?: boolean; showSearch?: boolean; placeholder?: string; allowClear?: boolean; disabled?: boolean; style?: React.CSSProperties }) {
  const field = useField<Field>();
  const options = (field.dataSource ?? []) as unknown as TreeOption[];
  const path = useMemo(() => pathInOptions(options, props.value), [options, props.value]);
  if (field.readPretty) {
    return <Typography.Text>{path ? path.map((option) => option.label).join('/') : props.value || '-'}</Typography.Text>;
  }
  return (
    <AntCascader
      options={options}
      value={path?.map((option) => option.value) ?? (props.value ? [props.value] : undefined)}
      onChange={(value) => props.onChange?.(Array.isArray(value) && value.length > 0 ? String(value[value.length - 1]) : null)}
      changeOnSelect={props.changeOnSelect}
      showSearch={props.showSearch}
      placeholder={props.placeholder}
      allowClear={props.allowClear}
      disabled={props.disabled}
      style={props.style}
    />
  );
}

// A designer form inside a form renders through SchemaField itself: loaded when a form has one,
// which also keeps this module out of an import cycle with it.
const LazySubForm = lazy(() => import('./SubForm').then((m) => ({ default: m.SubForm })));
function SubForm(props: ComponentProps<typeof LazySubForm>) {
  return <Suspense fallback={null}><LazySubForm {...props} /></Suspense>;
}

/** Read-only, a suggesting input reads as plain text. */
const SuggestInput = connect(SuggestInputEdit, mapReadPretty(PreviewText.Input));

/** Read-only, a number reads as its field type's text (runtime/renderers/fields/form-text). */
const TypedNumberPicker = connect(NumberPicker, mapReadPretty(NumberText));

export const SchemaField = createSchemaField({
  components: {
    FormItem, Input, Password, NumberPicker: TypedNumberPicker, Select, Radio, Checkbox, Switch, DatePicker: ChinaDatePicker, TimePicker, Cascader,
    RegionCascader, FormRow, FormCol, FormDivider, FormText, RefSelect: FormRefSelect, TreeCheck, SubForm, SuggestInput,
    ...designerWidgets,
  },
});
