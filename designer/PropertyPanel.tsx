/**
 * The right-hand panel: the active item's property form (a designer-format form from the registry,
 * rendered by the runtime renderer) plus the list editors (options, rules, columns ...).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Checkbox, Empty, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { BUTTON_ICONS } from '../runtime/renderers/form/widgets/icons';
import { createForm, onFieldInputValueChange } from '@formily/core';
import type { DesignerItem, FormOption } from '../schemas/src/form-to-formily';
import { componentOf, UPLOAD_ACCEPT_ALL } from '../schemas/src/components/registry';
import { panelFieldId, panelFields, panelForm } from '../schemas/src/components/panels';
import { fieldSchema } from '../schemas/src/components/metamodel';
import type { PanelField } from '../schemas/src/components/types';
import {
  addColConf, canMergeDown, canMergeRight, canSplit, findItem, getPath, RULE_PRESETS, setRowColumns, validateCascaderJson, type ColConf,
} from '../schemas/src/designer-rules';
import { FormRenderer } from './FormRenderer';
import { findCell, useDesigner, type DesignerStore } from './store';

function panelValue(item: DesignerItem, prop: string): unknown {
  const value = getPath(item, prop);
  if (prop === 'value' && Array.isArray(value)) return value.join(',');
  if (prop === 'value' && typeof value === 'boolean' && item.compType !== 'Switch') return String(value);
  return value;
}

function valuesOf(item: DesignerItem): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of panelFields(item)) values[panelFieldId(field.prop)] = panelValue(item, field.prop);
  return values;
}

/** A panel number whose metamodel wants a multiple (文字 粗细: 100-800 step 100) snaps to it, within its limits. */
function snapOf(field: PanelField | undefined): ((v: number) => number) | undefined {
  const step = field ? (fieldSchema(field)?.multipleOf as number | undefined) : undefined;
  if (!field || !step) return undefined;
  return (v) => Math.min(field.max ?? Infinity, Math.max(field.min ?? -Infinity, Math.round(v / step) * step));
}

function ItemPanel({ item, onChange }: { item: DesignerItem; onChange: (prop: string, value: unknown) => string | null }) {
  const { message } = App.useApp();
  const definition = useMemo(() => panelForm(item), [panelFields(item).map((f) => f.prop).join('|'), item.compType]); // eslint-disable-line react-hooks/exhaustive-deps
  const fields = useMemo(() => Object.fromEntries(panelFields(item).map((f) => [panelFieldId(f.prop), f])), [definition]); // eslint-disable-line react-hooks/exhaustive-deps
  // A number typed off its step waits here until the input is left, then is stored snapped, so
  // the item never holds a value the metamodel refuses (and typing "450" isn't cut short at "4").
  const pending = useRef(new Map<string, number>());
  // The form's effects outlive a render: they call the latest onChange, which names the item by
  // its current id (a renamed item keeps its panel, and the ID field its focus, while typing).
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const form = useMemo(() => createForm({
    initialValues: valuesOf(item),
    effects() {
      onFieldInputValueChange('*', (field) => {
        const key = String(field.path);
        const panelField = fields[key];
        if (!panelField) return;
        const value = (field as { value?: unknown }).value;
        const snap = snapOf(panelField);
        if (snap && typeof value === 'number' && snap(value) !== value) {
          pending.current.set(key, value);
          return;
        }
        pending.current.delete(key);
        const error = latestOnChange.current(panelField.prop, value);
        if (error) void message.error(error);
      });
    },
  }), [definition]); // eslint-disable-line react-hooks/exhaustive-deps
  const commitPending = () => {
    for (const [key, value] of pending.current) {
      const snapped = snapOf(fields[key])!(value);
      form.setValuesIn(key, snapped);
      onChange(fields[key]!.prop, snapped);
    }
    pending.current.clear();
  };
  useEffect(() => {
    const values = valuesOf(item);
    for (const [key, value] of Object.entries(values)) {
      const field = form.query(key).take() as { value?: unknown; setValue?: (v: unknown) => void } | undefined;
      if (field && JSON.stringify(field.value) !== JSON.stringify(value)) form.setValuesIn(key, value);
    }
  }, [item, form]);
  return <div className="panel-form" data-testid="panel-form" onBlur={commitPending}><FormRenderer definition={definition} form={form} loadOptions={false} /></div>;
}

function OptionsEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  if (item.dataType && item.dataType !== 'static') return null;
  const options = item.options ?? [];
  const set = (next: FormOption[]) => store.update(item.id, (it) => ({ ...it, options: next }));
  return (
    <div className="panel-section" data-testid="options-editor">
      <Typography.Text strong>选项</Typography.Text>
      {options.map((option, i) => (
        <Space key={i} size={4} style={{ display: 'flex', marginTop: 4 }}>
          <Input size="small" value={option.label} placeholder="选项名" onChange={(e) => set(options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)))} />
          <Input size="small" value={String(option.value)} placeholder="选项值" onChange={(e) => set(options.map((o, j) => (j === i ? { ...o, value: e.target.value } : o)))} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除选项" onClick={() => set(options.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} style={{ marginTop: 4 }} onClick={() => set([...options, { label: `选项${options.length + 1}`, value: String(options.length + 1) }])}>添加选项</Button>
    </div>
  );
}

function RulesEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const rules = item.rules ?? [];
  const set = (next: typeof rules) => store.update(item.id, (it) => ({ ...it, rules: next }));
  return (
    <div className="panel-section" data-testid="rules-editor">
      <Typography.Text strong>校验规则</Typography.Text>
      <Select size="small" style={{ width: '100%', marginTop: 4 }} value={(item.rulesType as string) ?? 'default'} aria-label="校验类型"
        options={[{ label: '默认', value: 'default' }, ...Object.keys(RULE_PRESETS).map((key) => ({ label: { phone: '手机号', email: '邮箱', number: '纯数字', idcard: '身份证' }[key], value: key }))]}
        onChange={(value) => store.change(item.id, 'rulesType', value)} />
      {rules.map((rule, i) => (
        <Space key={i} size={4} style={{ display: 'flex', marginTop: 4 }}>
          <Input size="small" value={rule.rule} placeholder="正则表达式" onChange={(e) => set(rules.map((r, j) => (j === i ? { ...r, rule: e.target.value } : r)))} />
          <Input size="small" value={rule.msg} placeholder="提示信息" onChange={(e) => set(rules.map((r, j) => (j === i ? { ...r, msg: e.target.value } : r)))} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除规则" onClick={() => set(rules.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} style={{ marginTop: 4 }} onClick={() => set([...rules, { rule: '', msg: '' }])}>添加自定义规则</Button>
    </div>
  );
}

function RowColumnsEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const spans = (item.columns ?? []).map((c) => c.span ?? 12);
  const set = (next: number[]) => store.update(item.id, (it) => setRowColumns(it, next));
  return (
    <div className="panel-section" data-testid="columns-editor">
      <Typography.Text strong>列配置</Typography.Text>
      {spans.map((span, i) => (
        <Space key={i} size={4} style={{ display: 'flex', marginTop: 4 }}>
          <span>第{i + 1}列</span>
          <InputNumber size="small" min={1} max={24} value={span} onChange={(v) => set(spans.map((s, j) => (j === i ? Number(v) || 1 : s)))} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除列" disabled={spans.length <= 1} onClick={() => set(spans.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" type="dashed" icon={<PlusOutlined />} style={{ marginTop: 4 }} onClick={() => set([...spans, 12])}>添加列</Button>
    </div>
  );
}

function ColConfEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const { message } = App.useApp();
  const [label, setLabel] = useState('');
  const [property, setProperty] = useState('');
  const list = (item.colConf ?? []) as ColConf[];
  return (
    <div className="panel-section" data-testid="colconf-editor">
      <Typography.Text strong>弹窗列</Typography.Text>
      {list.map((col, i) => (
        <Space key={col.property} size={4} style={{ display: 'flex', marginTop: 4 }}>
          <Checkbox checked={col.show !== false} onChange={(e) => store.update(item.id, (it) => ({ ...it, colConf: list.map((c, j) => (j === i ? { ...c, show: e.target.checked } : c)) }))} />
          <span>{col.label}</span><Typography.Text type="secondary">{col.property}</Typography.Text>
          <InputNumber size="small" min={0} max={2000} value={col.width ?? 150} onChange={(v) => store.update(item.id, (it) => ({ ...it, colConf: list.map((c, j) => (j === i ? { ...c, width: Number(v) || 150 } : c)) }))} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除列" onClick={() => store.update(item.id, (it) => ({ ...it, colConf: list.filter((_, j) => j !== i) }))} />
        </Space>
      ))}
      <Space size={4} style={{ display: 'flex', marginTop: 4 }}>
        <Input size="small" placeholder="字段名称" value={label} onChange={(e) => setLabel(e.target.value)} />
        <Input size="small" placeholder="属性" value={property} onChange={(e) => setProperty(e.target.value)} />
        <Button size="small" onClick={() => {
          const result = addColConf(list, { label, property });
          if (!result.ok) {
            void message.error(result.error);
            return;
          }
          store.update(item.id, (it) => ({ ...it, colConf: result.list }));
          setLabel('');
          setProperty('');
        }}>添加</Button>
      </Space>
    </div>
  );
}

function CascaderOptionsEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const { message } = App.useApp();
  const [text, setText] = useState(() => JSON.stringify(item.options ?? [], null, 2));
  if (item.dataType === 'dynamic') return null;
  return (
    <div className="panel-section">
      <Typography.Text strong>级联数据(JSON)</Typography.Text>
      <Input.TextArea rows={6} value={text} onChange={(e) => setText(e.target.value)} style={{ fontFamily: 'monospace', marginTop: 4 }} />
      <Button size="small" style={{ marginTop: 4 }} onClick={() => {
        const result = validateCascaderJson(text);
        if (!result.ok) {
          void message.error(result.error);
          return;
        }
        store.update(item.id, (it) => ({ ...it, options: result.options }));
      }}>保存数据</Button>
    </div>
  );
}

function AcceptEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const allowed = item['list-type'] === 'picture-card' ? ['jpg', 'jpeg', 'png'] : UPLOAD_ACCEPT_ALL;
  return (
    <div className="panel-section">
      <Typography.Text strong>允许的文件类型</Typography.Text>
      <Checkbox.Group style={{ marginTop: 4 }} value={(item.accept as string[]) ?? []} options={allowed}
        onChange={(value) => store.update(item.id, (it) => ({ ...it, accept: value }))} />
    </div>
  );
}

function PredefineEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  return (
    <div className="panel-section">
      <Typography.Text strong>预设颜色</Typography.Text>
      <Select mode="tags" size="small" style={{ width: '100%', marginTop: 4 }} value={(item.predefine as string[]) ?? []}
        onChange={(value) => store.update(item.id, (it) => ({ ...it, predefine: value.filter((v: string) => /^#[0-9A-Fa-f]{3,8}$/.test(v)) }))} />
    </div>
  );
}

/** A read-only icon field with a picture icon that opens the icon picker (seed 001 §3 button). */
function IconPicker({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const [open, setOpen] = useState(false);
  const icon = (item.icon as string) ?? '';
  return (
    <div className="panel-section">
      <Typography.Text strong>图标</Typography.Text>
      <Input readOnly value={icon} placeholder="请选择图标" style={{ marginTop: 4 }} data-testid="icon-field"
        addonAfter={<PictureOutlined aria-label="选择图标" data-testid="icon-picker" onClick={() => setOpen(true)} style={{ cursor: 'pointer' }} />}
        allowClear onChange={(e) => !e.target.value && store.change(item.id, 'icon', '')} />
      <Modal title="选择图标" open={open} onCancel={() => setOpen(false)} footer={null} width={560}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8 }}>
          {Object.entries(BUTTON_ICONS).map(([name, node]) => (
            <Button key={name} type={name === icon ? 'primary' : 'default'} icon={node} onClick={() => {
              store.change(item.id, 'icon', name);
              setOpen(false);
            }}>{name}</Button>
          ))}
        </div>
      </Modal>
    </div>
  );
}

function DynamicColumnsEditor({ item, store }: { item: DesignerItem; store: DesignerStore }) {
  const columns = (item.columns ?? []) as unknown as DesignerItem[];
  return (
    <div className="panel-section">
      <Typography.Text strong>表格列</Typography.Text>
      {columns.length === 0 && <div><Typography.Text type="secondary">从左侧拖入输入类组件作为表格列</Typography.Text></div>}
      {columns.map((column) => (
        <div key={column.id}><Button type="link" size="small" onClick={() => store.select(column.id)}>{column.label || column.id}</Button></div>
      ))}
    </div>
  );
}

function CellPanel({ cellId, store }: { cellId: string; store: DesignerStore }) {
  const list = useDesigner(store, (s) => s.form.list);
  const ref = findCell(list, cellId);
  if (!ref) return null;
  const pseudo: DesignerItem = { id: cellId, compType: 'tdItem', style: ref.cell.style ?? {} };
  const { table, r, c } = ref;
  return (
    <div data-testid="cell-panel">
      <Typography.Title level={5}>单元格</Typography.Title>
      <ItemPanel key={`${cellId}`} item={pseudo} onChange={(prop, value) => {
        if (prop === 'id') return null;
        store.cell(cellId, { prop, value });
        return null;
      }} />
      <Space wrap>
        {canMergeRight(table, r, c) && <Button size="small" onClick={() => store.cell(cellId, 'mergeRight')}>向右合并</Button>}
        {canMergeDown(table, r, c) && <Button size="small" onClick={() => store.cell(cellId, 'mergeDown')}>向下合并</Button>}
        {canSplit(table, r, c) && <Button size="small" onClick={() => store.cell(cellId, 'split')}>拆分单元格</Button>}
        <Button size="small" onClick={() => store.cell(cellId, 'appendRow')}>插入行</Button>
        <Button size="small" onClick={() => store.cell(cellId, 'appendColumn')}>插入列</Button>
      </Space>
    </div>
  );
}

export function PropertyPanel({ store }: { store: DesignerStore }) {
  const activeId = useDesigner(store, (s) => s.activeId);
  const list = useDesigner(store, (s) => s.form.list);
  const rev = useDesigner(store, (s) => s.externalRev);
  const item = activeId ? findItem(list, activeId) : undefined;
  if (!item && activeId && findCell(list, activeId)) return <CellPanel key={`${activeId}:${rev}`} cellId={activeId} store={store} />;
  if (!item) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请在画布中选择组件" />;
  const def = componentOf(item.compType);
  const extras = def?.extras ?? [];
  return (
    <div data-testid={`panel-${item.compType}`}>
      <Typography.Title level={5}>{def?.compName ?? item.compType}</Typography.Title>
      {/* Keyed by the selection and outside changes only: renaming the item (its ID) keeps the panel. */}
      <ItemPanel key={`item:${rev}`} item={item} onChange={(prop, value) => store.change(item.id, prop, value)} />
      {extras.includes('options') && <OptionsEditor item={item} store={store} />}
      {extras.includes('rules') && <RulesEditor item={item} store={store} />}
      {extras.includes('rowColumns') && <RowColumnsEditor item={item} store={store} />}
      {extras.includes('dynamicColumns') && <DynamicColumnsEditor item={item} store={store} />}
      {extras.includes('colConf') && <ColConfEditor item={item} store={store} />}
      {extras.includes('cascaderOptions') && <CascaderOptionsEditor key={`cascader:${item.id}:${rev}`} item={item} store={store} />}
      {extras.includes('accept') && <AcceptEditor item={item} store={store} />}
      {extras.includes('predefine') && <PredefineEditor item={item} store={store} />}
      {extras.includes('icon') && <IconPicker item={item} store={store} />}
      {extras.includes('tableCells') && <Typography.Paragraph type="secondary">点击表格中的单元格可设置背景、宽度，并进行合并、拆分、插入行列。</Typography.Paragraph>}
    </div>
  );
}
