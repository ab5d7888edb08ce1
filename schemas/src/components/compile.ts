/**
 * The Formily compilers of the compTypes the runtime lacked, registered through registerCompType,
 * plus dynamic-option loading for the ones it has. Pure: every reaction is a function (never a
 * `{{ }}` string), and addresses are used only when they are same-origin API paths.
 */
import type { ISchema } from '@formily/json-schema';
import {
  compTypeCompilers, registerCompType, requiredMessage, RULE_TRIGGER, type DesignerItem, type ItemCompiler, type ItemCompilerApi,
} from '../form-to-formily';
import { columnKey, isSafeApiPath, tableRows } from '../designer-rules';
import { richTextLength } from '../format';
import { dynamicOptionLoader } from './runtime-hooks';

type Field = { dataSource?: unknown[]; setDataSource?: (value: unknown[]) => void; loading?: boolean };

/** Loads options from the item's action once; appended only when the list is empty (seed 001 §7). */
export function dynamicOptionsReaction(action: string) {
  return (field: Field) => {
    const load = dynamicOptionLoader();
    if (!load || !isSafeApiPath(action) || (field.dataSource?.length ?? 0) > 0) return;
    field.loading = true;
    load(action)
      .then((options) => {
        if ((field.dataSource?.length ?? 0) === 0) field.dataSource = options;
      })
      .catch(() => undefined)
      .finally(() => {
        field.loading = false;
      });
  };
}

function withDynamicOptions(compType: string): void {
  const base = compTypeCompilers[compType];
  if (!base) return;
  registerCompType(compType, (item, api) => {
    const compiled = base(item, api);
    if (!compiled) return compiled;
    const action = typeof item.action === 'string' ? item.action : '';
    if (item.dataType === 'dynamic' && action && isSafeApiPath(action)) {
      compiled.schema['x-reactions'] = dynamicOptionsReaction(action) as never;
    }
    if (compType === 'radio' || compType === 'checkbox') {
      const props = (compiled.schema['x-component-props'] ?? {}) as Record<string, unknown>;
      compiled.schema['x-component-props'] = { ...props, style: item.vertical ? { display: 'flex', flexDirection: 'column' } : undefined };
    }
    return compiled;
  });
}
for (const compType of ['select', 'radio', 'checkbox', 'cascader']) withDynamicOptions(compType);

const field = (component: string, extra?: (item: DesignerItem, api: ItemCompilerApi) => ISchema): ItemCompiler => (item, api) => ({
  key: item.id,
  schema: api.field(item, component, extra?.(item, api)),
});

const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

registerCompType('slider', field('FormSlider', (item) => {
  const range = Boolean(item.range);
  const min = num(item.min, 0);
  const max = num(item.max, 20);
  return {
    type: range ? 'array' : 'number',
    default: range ? [min, max] : typeof item.value === 'number' ? item.value : min,
    'x-component-props': { min, max, step: num(item.step, 1), dots: Boolean(item['show-stops']), range, tooltipVisible: item['show-tooltip'] === false ? false : undefined },
  };
}));

registerCompType('rate', field('FormRate', (item) => ({
  type: 'number',
  default: typeof item.value === 'number' ? item.value : 1,
  'x-component-props': { count: num(item.max, 5), allowHalf: Boolean(item['allow-half']), showScore: Boolean(item['show-score']) },
})));

export { richTextLength } from '../format';

registerCompType('editor', field('FormEditor', (item, api) => {
  const max = Math.max(100, num(item.max, 2000));
  const label = item.label || '富文本';
  const validators: unknown[] = [];
  if (item.required) validators.push({ required: true, message: requiredMessage(item), triggerType: RULE_TRIGGER });
  if (item.validateMaxText !== false) {
    validators.push({ triggerType: RULE_TRIGGER, validator: (value: unknown) => (richTextLength(value) > max ? `${label}超过最大字符数${max}` : '') });
  }
  void api;
  return { type: 'string', 'x-validator': validators as never, 'x-component-props': { max, validateMaxText: item.validateMaxText !== false } };
}));

registerCompType('colorPicker', field('FormColorPicker', (item) => ({
  type: 'string',
  default: typeof item.value === 'string' && item.value ? item.value : undefined,
  'x-component-props': { showAlpha: Boolean(item['show-alpha']), format: item['color-format'] ?? 'hex', predefine: item.predefine },
})));

registerCompType('upload', field('FormUpload', (item) => ({
  type: 'array',
  default: [],
  'x-component-props': {
    accept: item.accept, fileSize: num(item.fileSize, 10), listType: item['list-type'] ?? 'text', multiple: Boolean(item.multiple),
    limit: num(item.limit, item.multiple ? 10 : 1), buttonText: item.buttonText ?? '点击上传', tips: item.showTip ? item.tips : undefined,
    showFileList: item['show-file-list'] !== false, data: item.data, width: num(item.width, 100),
  },
})));

registerCompType('dialogList', field('DialogList', (item) => ({
  type: 'string',
  'x-component-props': {
    title: item.title ?? 'please choose', multi: Boolean(item.multi), showIndex: item.showIndex !== false,
    action: isSafeApiPath(item.action) ? item.action : '', colConf: item.colConf ?? [], dval: item.dval ?? 'id', dlabel: item.dlabel ?? 'name',
    height: num(item.height, 600),
  },
})));

/** A display block, with a FormItem label when the item shows one. */
function block(component: string, props: (item: DesignerItem) => Record<string, unknown>): ItemCompiler {
  return (item, api) => {
    const labelled = item.showLabel === true;
    return {
      key: item.id,
      schema: {
        type: 'void',
        title: labelled ? item.label : undefined,
        'x-decorator': labelled ? 'FormItem' : undefined,
        'x-decorator-props': labelled ? { labelWidth: item.labelWidth ?? api.config.labelWidth, colon: false } : undefined,
        'x-component': component,
        'x-component-props': props(item),
      },
    };
  };
}

registerCompType('button', block('FormButton', (item) => ({
  text: item.text, type: item.type, size: item.size, disabled: item.disabled, plain: item.plain, round: item.round, circle: item.circle, icon: item.icon,
})));
registerCompType('alert', block('FormAlert', (item) => ({
  title: item.title, type: item.type, description: item.description, closable: item.closable, center: item.center,
  closeText: item['close-text'], showIcon: item['show-icon'], effect: item.effect,
})));
registerCompType('link', block('FormLink', (item) => ({
  text: item.text, href: item.href, type: item.type, underline: item.underline, disabled: item.disabled, target: item.target,
})));
registerCompType('html', block('FormHtml', (item) => ({ html: item.html })));
registerCompType('barCode', block('FormBarCode', (item) => ({
  // not `value`: the form renderer keeps that prop for a field's own value, and a barcode is no field
  code: item.value, format: item.format, lineColor: item.lineColor || '#000000', background: item.background || '#ffffff',
  width: item.width, height: item.height, fontSize: item.fontSize, displayValue: item.displayValue !== false,
})));

/** A table row as the server reads it: cells left empty are absent, not '' or undefined. */
function compactRow(row: unknown): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  return Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== '' && v !== null));
}

registerCompType('dynamicTable', (item, api) => {
  const columns = (item.columns ?? []) as unknown as DesignerItem[];
  const properties: Record<string, ISchema> = {};
  const headers: { key: string; title: string; required: boolean; numeric: boolean }[] = [];
  // Child lines of the bound entity: the columns follow the child entity's rules.
  const columnApi = api.child(item.id);
  columns.forEach((column, index) => {
    const compiler = compTypeCompilers[column.compType];
    // The row property is the column's field (its id may carry the table's prefix to stay unique).
    const compiled = compiler?.({ ...column, id: columnKey(column), showLabel: true }, columnApi);
    if (!compiled) return;
    const schema = { ...compiled.schema, title: undefined, 'x-index': index, 'x-decorator': 'FormItem', 'x-decorator-props': { feedbackLayout: 'popover', labelWidth: 0, colon: false } } as ISchema;
    properties[compiled.key] = schema;
    headers.push({ key: compiled.key, title: column.label ?? compiled.key, required: Boolean(compiled.schema.required ?? column.required), numeric: ['inputNumber', 'slider', 'rate'].includes(column.compType) });
  });
  const labelled = item.showLabel !== false;
  // A json field of the bound entity (a list of objects: a crew's posts and times) is checked
  // whole by the entity's own JSON Schema, the server's check: rules across a row's properties
  // (结束时间须晚于开始时间) say their message under the table, naming the row.
  const entity = api.ctx.entity;
  const check = api.ctx.checkField;
  const own = entity?.fields[item.id];
  const whole = entity && check && own?.type === 'json' && !own.readOnly && !api.ctx.readOnly
    ? [{ triggerType: RULE_TRIGGER, validator: (value: unknown) => (Array.isArray(value) && value.length ? check(entity, item.id, value.map(compactRow)) ?? '' : '') }]
    : undefined;
  return {
    key: item.id,
    schema: {
      type: 'array',
      ...(whole ? { 'x-validator': whole } : {}),
      title: labelled ? item.label : undefined,
      'x-decorator': 'FormItem',
      'x-decorator-props': { labelWidth: labelled ? (item.labelWidth ?? api.config.labelWidth) : 0, colon: false },
      'x-component': 'DynamicTable',
      'x-component-props': {
        columns: headers, buttonAdd: item.buttonAdd !== false, buttonDel: item.buttonDel !== false, showIndex: item.showIndex !== false,
        multiCheck: Boolean(item.multiCheck), showSummary: Boolean(item['show-summary']), sumText: item['sum-text'] ?? '合计',
        summaryText: item['summary-text'] ?? '元',
        ...(item.scan ? { scan: item.scan } : {}),
      },
      'x-visible': item.visible === false ? false : undefined,
      default: [],
      items: { type: 'object', properties },
    },
  };
});

registerCompType('table', (item, api) => {
  const rows = tableRows(item);
  const properties: Record<string, ISchema> = {};
  const layout = rows.map((row, r) => row.map((cell, c) => {
    const key = `${item.id}_r${r}c${c}`;
    if (!cell.hide) {
      properties[key] = { type: 'void', 'x-component': 'FormRow', 'x-component-props': { gutter: 0 }, properties: api.compileList(cell.columns) };
    }
    return { key, col: cell.col ?? 1, row: cell.row ?? 1, hide: Boolean(cell.hide), style: cell.style ?? {} };
  }));
  return {
    key: item.id,
    schema: {
      type: 'void',
      'x-component': 'LayoutTable',
      'x-component-props': { layout, width: num(item.width, 100), height: num(item.height, 40), tdStyle: item.tdStyle },
      properties,
    },
  };
});

registerCompType('tdItem', () => null);
