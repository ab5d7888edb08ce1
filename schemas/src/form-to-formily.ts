/**
 * Compiles a form in the designer format (seed 001 §3: config + list of component items) into a
 * Formily JSON schema. Pure and isomorphic: no React, no DOM. Each compType has one compiler in
 * `compTypeCompilers`; the designer issue adds the remaining types with `registerCompType`.
 *
 * Option lists that live in the browser's caches (enums, staff, departments, regions) are not
 * known here: the caller passes `resolveOptions`, and `collectOptionSources` tells it which to load.
 * Nothing executable is emitted as text: Formily compiles `{{ }}` strings with `new Function`
 * (STACK pitfall 12), so every string taken from the definition is neutralised and reactions,
 * when a type needs one, are functions.
 */
import type { ISchema } from '@formily/json-schema';
import { matchesWhen } from './when';

export const DEFAULT_RULE_ERROR = '该字段不能为空';

export interface FormOption {
  label: string;
  value: string | number | boolean;
  disabled?: boolean;
  children?: FormOption[];
}

export interface DesignerRule {
  rule: string;
  msg: string;
}

export interface DesignerColumn {
  index?: number;
  span?: number;
  list?: DesignerItem[];
}

export interface DesignerItem {
  id: string;
  compType: string;
  label?: string;
  showLabel?: boolean;
  labelWidth?: number;
  placeholder?: string;
  required?: boolean;
  ruleError?: string;
  rules?: DesignerRule[];
  /** must equal the value of the item with this id (确认新密码 = newPassword); checked in the browser and on the server */
  sameAs?: string;
  /** the whole sentence when it does not (两次输入的密码不一致) */
  sameAsMessage?: string;
  /** shown only while the items with these ids have these values (arrays: any of); see `visibleWhenHolds` */
  visibleWhen?: Record<string, unknown>;
  span?: number;
  value?: unknown;
  disabled?: boolean;
  readonly?: boolean;
  clearable?: boolean;
  options?: FormOption[];
  dataType?: string;
  storeDispatchName?: string;
  multiple?: boolean;
  columns?: DesignerColumn[];
  gutter?: number;
  [key: string]: unknown;
}

export interface DesignerConfig {
  labelWidth?: number;
  labelPosition?: 'right' | 'left' | 'top';
  gutter?: number;
  disabled?: boolean;
  size?: string;
  [key: string]: unknown;
}

export interface DesignerForm {
  name?: string;
  title?: string;
  entity?: string;
  config?: DesignerConfig;
  list: DesignerItem[];
}

/**
 * The designer's staff and department pickers (seed 001 store names 'staff' / 'department') are
 * references like any other: they search the entity through the generic options call.
 */
const STORE_REFERENCES: Record<string, string> = { staff: 'ref:staff', department: 'ref:department' };

/** Where an item's options come from when they are not static: 'enum:<name>', 'ref:<entity>', 'region'. */
export function optionSourceOf(item: DesignerItem): string | undefined {
  if (item.dataType !== 'store') return undefined;
  const name = item.storeDispatchName || (item.compType === 'selectStaff' ? 'staff' : item.compType === 'selectDepartment' ? 'department' : item.compType === 'cascaderRegion' ? 'region' : '');
  return STORE_REFERENCES[name] ?? (name || undefined);
}

/** The entity facts a business form inherits (structural: no dependency on the entity module). */
export interface FormEntity {
  name: string;
  fields: Record<string, { title: string; required?: boolean; readOnly?: boolean; editable?: boolean; type: string }>;
  children: Record<string, { entity: string }>;
}

export interface CompileContext {
  /** Options for a store-backed item; undefined leaves the list empty. */
  resolveOptions?: (source: string, item: DesignerItem) => FormOption[] | undefined;
  /** Render every field read-only (a view action). */
  readOnly?: boolean;
  /** The entity the form is bound to: its fields' rules apply to items with their ids. */
  entity?: FormEntity;
  /** Resolves child entities (for child-line tables). */
  resolveEntity?: (name: string) => FormEntity | undefined;
  /** The entity's own check of a field value (the server's JSON Schema): a message or undefined. */
  checkField?: (entity: FormEntity, field: string, value: unknown) => string | undefined;
  /** the form edits an existing record (editable document numbers become writable) */
  editing?: boolean;
}

export interface ItemCompilerApi {
  ctx: CompileContext;
  config: DesignerConfig;
  /** Compiles a nested list (row columns, containers) into properties. */
  compileList(list: readonly DesignerItem[] | undefined): Record<string, ISchema>;
  /** The common field part: title, FormItem decorator, required and rule validators. */
  field(item: DesignerItem, component: string, extra?: ISchema): ISchema;
  options(item: DesignerItem): FormOption[];
  /** The api for the columns of a child-line table (its entity's rules), or this one. */
  child(itemId: string): ItemCompilerApi;
}

/** Returns the Formily schema of one item, keyed by the returned key (a field id or a void key). */
export type ItemCompiler = (item: DesignerItem, api: ItemCompilerApi) => { key: string; schema: ISchema } | null;

export const compTypeCompilers: Record<string, ItemCompiler> = {};

export function registerCompType(compType: string, compiler: ItemCompiler): void {
  compTypeCompilers[compType] = compiler;
}

const EXPRESSION = /\{\{[\s\S]*\}\}/;

/** Breaks `{{ ... }}` in text taken from a definition so Formily shows it instead of compiling it. */
export function neutralise<T>(value: T): T {
  if (typeof value === 'string') return (EXPRESSION.test(value) ? value.replace(/\{\{/g, '{\u200b{') : value) as T;
  if (Array.isArray(value)) return value.map((entry) => neutralise(entry)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) out[key] = neutralise(entry);
    return out as T;
  }
  return value;
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Designer date formats (yyyy-MM-dd) in dayjs tokens (YYYY-MM-DD). */
export function toDayjsFormat(format: string | undefined, fallback: string): string {
  if (!format) return fallback;
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD').replace(/WW/g, 'ww');
}

/**
 * When a field's rules run: on blur and on submit; after that, on every change (the form's
 * effect, runtime/renderers/form/checks.ts), so a message shows once and leaves as soon as the
 * value is right. One trigger type for all rules, or Formily keeps one message per type.
 */
export const RULE_TRIGGER = 'onBlur';

/** The message of a required item: its own, or «<标题>不能为空» (seed 001 §5), the server's words too. */
export function requiredMessage(item: DesignerItem, title?: string): string {
  const own = typeof item.ruleError === 'string' ? item.ruleError.trim() : '';
  return own && own !== DEFAULT_RULE_ERROR ? own : `${title || item.label || item.id}不能为空`;
}

/** A pattern rule's message as the server words it (schemas/src/ajv.ts): said after the field's title unless it names it. */
export function patternMessage(title: string, msg: string | undefined): string {
  if (!msg) return `${title}格式不正确`;
  return msg.includes(title) ? msg : `${title}：${msg}`;
}

function titleOf(item: DesignerItem): string {
  return item.label || item.id;
}

/** What a `sameAs` item says when it differs from the item it must equal: its own sentence, else «<标题>不一致» (the server's words too). */
export function sameAsMessage(item: DesignerItem): string {
  const own = typeof item.sameAsMessage === 'string' ? item.sameAsMessage.trim() : '';
  return own || `${titleOf(item)}不一致`;
}

/** Blank as a submitted value: no value to compare (required says what is missing). */
const blankValue = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Whether a `sameAs` item's value equals the other's, as both sides compare them: a blank
 * confirmation is left to `required`; otherwise the values must be identical.
 */
export function sameAsHolds(value: unknown, other: unknown): boolean {
  if (blankValue(value)) return true;
  return value === (blankValue(other) ? undefined : other);
}

/**
 * Whether a `visibleWhen` holds over the form's values: read exactly as a page action's `when`
 * (values compared as text since enum codes arrive as numbers or strings, an array is any of,
 * `{empty}` for blank or not), so a blank field hides what names a value. None: always shown.
 */
export function visibleWhenHolds(when: Record<string, unknown> | undefined, values: Record<string, unknown>): boolean {
  return matchesWhen(values ?? {}, when);
}

type VisibleTarget = { visible: boolean; form: { values: Record<string, unknown> } };

/**
 * The reaction of an item with `visibleWhen`, on the item and on the column holding it (so a
 * hidden field leaves no gap in the grid). A function, never a `{{ }}` expression; Formily runs it
 * as an autorun, so it follows the fields it reads. A field Formily hides (display "none") is not
 * validated and its value leaves the form's values (kept aside and given back if it is shown
 * again), so a hidden field is neither required nor sent: an edit sends it blank (bodyOf).
 */
export function visibleWhenReaction(when: Record<string, unknown>) {
  return (field: VisibleTarget) => {
    field.visible = visibleWhenHolds(when, field.form.values);
  };
}

function validators(item: DesignerItem): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  const title = titleOf(item);
  if (item.required) list.push({ required: true, message: requiredMessage(item), triggerType: RULE_TRIGGER });
  for (const rule of item.rules ?? []) {
    if (!rule?.rule) continue;
    try {
      new RegExp(rule.rule);
    } catch {
      continue; // an invalid pattern from a stored form must not break the whole form
    }
    list.push({ pattern: rule.rule, message: patternMessage(title, rule.msg), triggerType: RULE_TRIGGER });
  }
  const maxLength = (item.maxLength ?? item.maxlength) as number | undefined;
  if (typeof maxLength === 'number' && maxLength > 0) list.push({ maxLength, message: `${title}不能超过${maxLength}个字符`, triggerType: RULE_TRIGGER });
  if (item.sameAs) {
    const other = item.sameAs;
    const message = sameAsMessage(item);
    list.push({
      triggerType: RULE_TRIGGER,
      validator: (value: unknown, _rule: unknown, ctx: { form?: { getValuesIn: (path: string) => unknown } }) => (sameAsHolds(value, ctx?.form?.getValuesIn(other)) ? '' : message),
    });
  }
  return list;
}

function baseField(item: DesignerItem, component: string, config: DesignerConfig, ctx: CompileContext, extra: ISchema = {}): ISchema {
  const showLabel = item.showLabel !== false;
  const labelWidth = showLabel ? (item.labelWidth ?? config.labelWidth) : 0;
  const own = validators(item);
  // A field of the bound entity keeps the entity's rules whatever the form says: the same
  // check the server makes, run in the browser.
  const entityRules: Record<string, unknown>[] = [];
  const entityField = ctx.entity?.fields[item.id];
  let required = Boolean(item.required);
  let entityReadOnly = false;
  if (entityField && ctx.entity) {
    const entity = ctx.entity;
    if (entityField.required && !entityField.readOnly) required = true;
    entityReadOnly = Boolean(entityField.readOnly && !(ctx.editing && entityField.editable));
    if (ctx.checkField && !entityReadOnly) {
      const check = ctx.checkField;
      entityRules.push({ triggerType: RULE_TRIGGER, validator: (value: unknown) => check(entity, item.id, value === '' ? null : value) ?? '' });
    }
  }
  const base = (extra['x-validator'] as Record<string, unknown>[] | undefined) ?? own;
  const rules = [...base, ...entityRules];
  if (required && !rules.some((r) => r.required)) rules.unshift({ required: true, message: requiredMessage(item, entityField?.title), triggerType: RULE_TRIGGER });
  const schema: ISchema = {
    type: 'string',
    title: showLabel ? item.label : undefined,
    required: required ? true : undefined,
    'x-decorator': 'FormItem',
    'x-decorator-props': { labelWidth, colon: false },
    'x-component': component,
    'x-component-props': {
      placeholder: item.placeholder,
      allowClear: item.clearable,
    },
    'x-disabled': item.disabled || undefined,
    'x-read-only': ctx.readOnly || item.readonly || entityReadOnly || undefined,
    ...extra,
    'x-validator': rules.length > 0 ? rules : undefined,
  };
  if (extra['x-component-props']) {
    schema['x-component-props'] = { placeholder: item.placeholder, allowClear: item.clearable, ...extra['x-component-props'] };
  }
  if (schema.default === undefined && !blank(item.value)) schema.default = item.value;
  return schema;
}

function staticOrResolved(item: DesignerItem, ctx: CompileContext): FormOption[] {
  const source = optionSourceOf(item);
  if (source) return ctx.resolveOptions?.(source, item) ?? [];
  return item.options ?? [];
}

const field = (component: string, extra?: (item: DesignerItem, api: ItemCompilerApi) => ISchema): ItemCompiler => (item, api) => ({
  key: item.id,
  schema: api.field(item, component, extra?.(item, api)),
});

function numericDefault(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

function selectExtra(item: DesignerItem, api: ItemCompilerApi): ISchema {
  const options = api.options(item);
  const multiple = Boolean(item.multiple);
  let value: unknown = item.value;
  if (item.compType === 'selectStaff' || item.compType === 'selectDepartment') value = numericDefault(value);
  if (multiple && typeof value === 'string') value = value === '' ? [] : value.split(',').map(numericDefault);
  return {
    type: multiple ? 'array' : undefined,
    enum: options,
    default: blank(value) ? undefined : value,
    'x-component-props': {
      mode: multiple ? 'multiple' : undefined,
      maxTagCount: multiple && item['collapse-tags'] ? 'responsive' : undefined,
      showSearch: item.filterable !== false,
      optionFilterProp: 'label',
    },
  };
}

registerCompType('input', (item, api) => ({
  key: item.id,
  // A secret (show-password, or an entity's write-only field) is typed unseen.
  schema: item.suggest
    // A layout's suggest: the same text, with suggestions from a call while typing.
    ? api.field(item, 'SuggestInput', { 'x-component-props': { maxLength: (item.maxLength as number) || undefined, suggest: item.suggest } })
    : api.field(item, item['show-password'] ? 'Password' : 'Input', { 'x-component-props': { maxLength: (item.maxLength as number) || undefined } }),
}));
const textarea = field('Input.TextArea', (item) => ({
  'x-component-props': {
    maxLength: (item.maxlength ?? item.maxLength) as number | undefined,
    rows: (item.rows as number) ?? 2,
    showCount: Boolean(item['show-word-limit']),
  },
}));
// A layout's designerForm widget: an object filled with the designer form another field chooses.
const designerForm: ItemCompiler = (item, api) => ({
  key: item.id,
  schema: api.field(item, 'SubForm', { type: 'object', 'x-component-props': { formOf: item.formOf, placeholder: undefined, allowClear: undefined } }),
});
registerCompType('textarea', (item, api) => (item.formOf ? designerForm(item, api) : textarea(item, api)));
registerCompType('inputNumber', field('NumberPicker', (item, api) => {
  const rules: Record<string, unknown>[] = [];
  // An entity's integer is never rounded: 45.5 stays as typed and its check says 应为整数,
  // as the server would, instead of 46 being saved unseen.
  const entityType = api.ctx.entity?.fields[item.id]?.type;
  const integer = entityType === 'integer' || entityType === 'bigint';
  if (item.decimal) {
    // Exact decimals stay strings ("36.00") so a saved value round-trips unchanged.
    return {
      type: 'string',
      default: blank(item.value) ? undefined : String(item.value),
      'x-component-props': {
        stringMode: true, min: item.min ?? undefined, max: item.max ?? undefined, step: item.step ?? 1, precision: item.precision ?? 2, style: { width: '100%' },
      },
    };
  }
  if (typeof item.min === 'number') rules.push({ minimum: item.min, message: `${titleOf(item)}不能小于${item.min}`, triggerType: RULE_TRIGGER });
  if (typeof item.max === 'number') rules.push({ maximum: item.max, message: `${titleOf(item)}不能大于${item.max}`, triggerType: RULE_TRIGGER });
  return {
    type: 'number',
    default: blank(item.value) ? undefined : Number(item.value),
    'x-component-props': { min: item.min, max: item.max, step: item.step ?? 1, precision: integer ? undefined : (item.precision ?? 0), style: { width: '100%' } },
    'x-validator': [...validators(item), ...rules],
  };
}));
const selectOrReference: ItemCompiler = (item, api) => {
  const source = optionSourceOf(item);
  if (source?.startsWith('ref:')) {
    // A reference to another entity: a searchable picker over the generic options call.
    return {
      key: item.id,
      schema: api.field(item, 'RefSelect', {
        type: item.multiple ? 'array' : undefined,
        'x-component-props': { entity: source.slice(4), mode: item.multiple ? 'multiple' : undefined, ...(item.refFilter ? { filterBy: item.refFilter } : {}) },
      }),
    };
  }
  if (item.tree) {
    // Several values checked in a tree of options (a layout's treeCheck widget).
    return { key: item.id, schema: api.field(item, 'TreeCheck', { type: 'array', default: [], 'x-component-props': { treeData: api.options(item) } }) };
  }
  return { key: item.id, schema: api.field(item, 'Select', selectExtra(item, api)) };
};
registerCompType('select', selectOrReference);
registerCompType('selectStaff', selectOrReference);
registerCompType('selectDepartment', selectOrReference);
registerCompType('radio', field('Radio.Group', (item, api) => ({
  enum: api.options(item),
  default: item.value === 'true' ? true : item.value === 'false' ? false : blank(item.value) ? undefined : item.value,
  'x-component-props': { optionType: item.optionType === 'button' ? 'button' : 'default' },
})));
registerCompType('checkbox', field('Checkbox.Group', (item, api) => {
  const rules: Record<string, unknown>[] = [];
  if (typeof item.min === 'number' && item.min >= 1) rules.push({ minItems: item.min, message: `${titleOf(item)}至少${item.min}项`, triggerType: RULE_TRIGGER });
  if (typeof item.max === 'number' && item.max >= 1) rules.push({ maxItems: item.max, message: `${titleOf(item)}最多${item.max}项`, triggerType: RULE_TRIGGER });
  return {
    type: 'array',
    enum: api.options(item),
    default: Array.isArray(item.value) ? item.value : [],
    'x-validator': [...validators(item), ...rules],
  };
}));
registerCompType('Switch', field('Switch', (item) => ({
  type: 'boolean',
  default: item.value === true || item.value === 'true',
  'x-component-props': { placeholder: undefined, allowClear: undefined },
})));
registerCompType('date', field('DatePicker', (item) => {
  const type = (item.type as string) || 'date';
  const range = type.endsWith('range');
  const base = range ? type.slice(0, -'range'.length) : type;
  const fallback = base === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : base === 'month' ? 'YYYY-MM' : base === 'year' ? 'YYYY' : 'YYYY-MM-DD';
  const format = toDayjsFormat(item.format as string, fallback);
  return {
    type: range ? 'array' : 'string',
    'x-component': range ? 'DatePicker.RangePicker' : 'DatePicker',
    'x-component-props': {
      picker: base === 'datetime' || base === 'date' ? 'date' : base,
      showTime: base === 'datetime' || undefined,
      format,
      style: { width: '100%' },
      placeholder: range ? [(item['start-placeholder'] as string) ?? '开始日期', (item['end-placeholder'] as string) ?? '结束日期'] : item.placeholder,
    },
  };
}));
registerCompType('time', field('TimePicker', (item) => ({
  type: item['is-range'] ? 'array' : 'string',
  'x-component': item['is-range'] ? 'TimePicker.RangePicker' : 'TimePicker',
  'x-component-props': { format: toDayjsFormat(item.format as string, 'HH:mm:ss'), style: { width: '100%' } },
})));
registerCompType('cascaderRegion', field('RegionCascader', (item, api) => {
  const props = ((item.props as Record<string, unknown>)?.props ?? {}) as Record<string, unknown>;
  return {
    enum: api.options(item),
    'x-component-props': { changeOnSelect: props.checkStrictly !== false, showSearch: item.filterable !== false, style: { width: '100%' } },
  };
}));
registerCompType('cascader', field('Cascader', (item, api) => ({
  type: 'array',
  enum: api.options(item),
  'x-component-props': { showSearch: item.filterable !== false, style: { width: '100%' } },
})));

registerCompType('divider', (item) => ({
  key: item.id,
  schema: {
    type: 'void',
    'x-component': 'FormDivider',
    'x-component-props': { text: item.text, orientation: item['content-position'] ?? 'center' },
  },
}));
registerCompType('text', (item) => ({
  key: item.id,
  schema: {
    type: 'void',
    'x-component': 'FormText',
    'x-component-props': { text: item.text, align: item.align, color: item.color, size: item.size, bold: item.bold },
  },
}));
registerCompType('row', (item, api) => {
  const properties: Record<string, ISchema> = {};
  (item.columns ?? []).forEach((column, index) => {
    properties[`${item.id}_col${index}`] = {
      type: 'void',
      'x-index': index,
      'x-component': 'FormCol',
      'x-component-props': { span: column.span ?? 12 },
      properties: { [`${item.id}_col${index}_row`]: { type: 'void', 'x-component': 'FormRow', 'x-component-props': { gutter: 0 }, properties: api.compileList(column.list) } },
    };
  });
  return {
    key: item.id,
    schema: {
      type: 'void',
      'x-component': 'FormRow',
      'x-component-props': { gutter: item.gutter ?? api.config.gutter ?? 15, justify: item.justify, align: item.align },
      properties,
    },
  };
});

export class UnknownCompTypeError extends Error {}

/** Compiles a whole form. Unknown compTypes throw so a broken definition is noticed, not silently dropped. */
export function compileForm(form: DesignerForm, ctx: CompileContext = {}): ISchema {
  const config = form.config ?? {};
  const api: ItemCompilerApi = {
    ctx,
    config,
    compileList(list) {
      const properties: Record<string, ISchema> = {};
      (list ?? []).forEach((item, index) => {
        const compiler = compTypeCompilers[item.compType];
        if (!compiler) throw new UnknownCompTypeError(`不支持的组件类型: ${item.compType}`);
        const compiled = compiler(item, api);
        if (!compiled) return;
        const when = item.visibleWhen && typeof item.visibleWhen === 'object' && Object.keys(item.visibleWhen).length ? item.visibleWhen : undefined;
        if (when) {
          const prior = compiled.schema['x-reactions'];
          const mine = visibleWhenReaction(when) as never;
          compiled.schema['x-reactions'] = (prior ? [...(Array.isArray(prior) ? prior : [prior]), mine] : mine) as never;
        }
        // Each item sits in a column of its span so the designer's grid (1-24) carries over.
        properties[`${item.id}__col`] = {
          type: 'void',
          'x-index': index,
          'x-component': 'FormCol',
          'x-component-props': { span: item.compType === 'row' ? 24 : (item.span ?? 24) },
          ...(when ? { 'x-reactions': visibleWhenReaction(when) as never } : {}),
          properties: { [compiled.key]: compiled.schema },
        };
      });
      return properties;
    },
    field: (item, component, extra) => baseField(item, component, config, ctx, extra),
    options: (item) => staticOrResolved(item, ctx),
    child(itemId) {
      const childDef = ctx.entity?.children[itemId];
      const childEntity = childDef ? ctx.resolveEntity?.(childDef.entity) : undefined;
      if (!childEntity) return api;
      const childCtx = { ...ctx, entity: childEntity };
      return { ...api, ctx: childCtx, field: (i, component, extra) => baseField(i, component, config, childCtx, extra), child: () => api };
    },
  };
  const schema: ISchema = {
    type: 'object',
    properties: {
      __layout: {
        type: 'void',
        'x-component': 'FormRow',
        'x-component-props': { gutter: config.gutter ?? 15 },
        properties: api.compileList(form.list),
      },
    },
  };
  return neutralise(stripUndefined(schema));
}

function stripUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripUndefined) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = stripUndefined(entry);
    return out as T;
  }
  return value;
}

/** Every item of a form, rows and columns flattened, in order. */
export function flattenItems(list: readonly DesignerItem[] | undefined): DesignerItem[] {
  const out: DesignerItem[] = [];
  for (const item of list ?? []) {
    out.push(item);
    for (const column of item.columns ?? []) out.push(...flattenItems(column.list));
  }
  return out;
}

/** The option sources a form needs before it can be compiled with its options. */
export function collectOptionSources(form: DesignerForm): string[] {
  return [...new Set(flattenItems(form.list).map(optionSourceOf).filter((source): source is string => Boolean(source)))];
}

const LAYOUT_TYPES = new Set(['row', 'divider', 'text', 'alert', 'link', 'html', 'button', 'barCode', 'table', 'tdItem']);

/** Field ids that carry data (layout-only items excluded). */
export function dataFieldIds(form: DesignerForm): string[] {
  return flattenItems(form.list).filter((item) => !LAYOUT_TYPES.has(item.compType)).map((item) => item.id);
}
