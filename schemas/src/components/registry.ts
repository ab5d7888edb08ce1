/**
 * The one component registry: each of the 30 compTypes of seed 001 §3 is defined once here — its
 * default item (seed defaults), palette group, placement rules and property panel. The designer
 * reads it for the palette, canvas and panels; ./compile.ts registers the Formily compilers the
 * runtime renderer uses; ./metamodel.ts derives the per-compType limits of form.schema.json.
 */
import type { DesignerItem } from '../form-to-formily';
import type { ComponentDef, PanelExtra, PanelField, PaletteGroup } from './types';

export const ID_TOOLTIP = '修改ID可能会导致该组件相关的事件失效，请谨慎修改';
export const DEFAULT_RULE_ERROR = '该字段不能为空';
export const UPLOAD_ACCEPT_ALL = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip', 'rar'];
export const UPLOAD_ACCEPT_PICTURE = ['jpg', 'jpeg', 'png'];
export const PREDEFINE_COLORS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];
/** Types that may be placed in a dynamic table (seed 001 §5). */
export const DYNAMIC_TABLE_TYPES = ['input', 'select', 'radio', 'checkbox', 'Switch', 'inputNumber', 'textarea', 'slider', 'rate', 'date', 'time'];
/** Placeholder prefix 请输入 for these; 请选择 for every other type (seed 001 §4). */
export const INPUT_PLACEHOLDER_TYPES = ['input', 'inputNumber', 'textarea'];

const SIZE_OPTIONS = [
  { label: '中等', value: 'medium' },
  { label: '较小', value: 'small' },
  { label: '迷你', value: 'mini' },
];
const BUTTON_SIZE_OPTIONS = [
  { label: '大', value: 'medium' },
  { label: '中', value: 'small' },
  { label: '小', value: 'mini' },
];
const TYPE5 = ['primary', 'success', 'warning', 'danger', 'info'].map((value) => ({ label: value, value }));
/** Chinese labels of the enumerated property values shown in the panels; the value itself is stored. */
const VALUE_LABELS: Record<string, string> = {
  date: '日期', week: '周', month: '月', year: '年', datetime: '日期时间', daterange: '日期范围', monthrange: '月份范围', datetimerange: '日期时间范围',
  primary: '主要', success: '成功', warning: '警告', danger: '危险', info: '信息', text: '文字', error: '错误',
  start: '左对齐', end: '右对齐', center: '居中', 'space-around': '环绕分布', 'space-between': '两端分布',
  top: '顶部', middle: '居中', bottom: '底部',
};
const opts = (...values: string[]) => values.map((value) => ({ label: VALUE_LABELS[value] ?? value, value }));

export const DATE_TYPES = ['date', 'week', 'month', 'year', 'datetime', 'daterange', 'monthrange', 'datetimerange'];

const isMultiple = (item: DesignerItem) => Boolean(item.multiple);
const isDynamic = (item: DesignerItem) => item.dataType === 'dynamic';
const isStore = (item: DesignerItem) => item.dataType === 'store';
const labelShown = (item: DesignerItem) => item.showLabel !== false;

function idField(): PanelField {
  return { prop: 'id', label: 'ID', kind: 'input', tooltip: ID_TOOLTIP, schema: { type: 'string' } };
}

/** Label, width, placeholder, span, required — the part every data field's panel starts with. */
function fieldHead(opts: { labelMin?: number; placeholder?: boolean } = {}): PanelField[] {
  const list: PanelField[] = [
    idField(),
    { prop: 'showLabel', label: '显示标签', kind: 'switch' },
    { prop: 'label', label: '标签', kind: 'input', showIf: labelShown, schema: { type: 'string', maxLength: 100 } },
    { prop: 'labelWidth', label: '标签宽度', kind: 'number', min: opts.labelMin ?? 1, max: 200, step: 1, showIf: labelShown },
  ];
  if (opts.placeholder !== false) list.push({ prop: 'placeholder', label: '提示符', kind: 'input', schema: { type: 'string', maxLength: 200 } });
  list.push(
    { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
    { prop: 'required', label: '必填', kind: 'switch' },
    { prop: 'ruleError', label: '必填提示', kind: 'input', showIf: (item) => Boolean(item.required), schema: { type: 'string', maxLength: 200 } },
  );
  return list;
}

const sizeField: PanelField = { prop: 'size', label: '尺寸', kind: 'radio', options: SIZE_OPTIONS, schema: { enum: ['medium', 'small', 'mini'] } };
const disabledField: PanelField = { prop: 'disabled', label: '禁用', kind: 'switch' };
const readonlyField: PanelField = { prop: 'readonly', label: '只读', kind: 'switch' };
const clearableField: PanelField = { prop: 'clearable', label: '可清空', kind: 'switch' };
const valueText: PanelField = { prop: 'value', label: '默认值', kind: 'input', schema: {} };

function common(compType: string, compName: string, icon: string, extra: Partial<DesignerItem> = {}): Omit<DesignerItem, 'id'> {
  const placeholder = INPUT_PLACEHOLDER_TYPES.includes(compType) ? `请输入${compName}` : `请选择${compName}`;
  return {
    compType,
    ele: `el-${compType}`,
    compName,
    compIcon: icon,
    viewType: 'component',
    config: true,
    showLabel: true,
    label: compName,
    labelWidth: 80,
    placeholder,
    required: false,
    ruleError: DEFAULT_RULE_ERROR,
    rules: [],
    span: 24,
    layout: 'colItem',
    size: 'medium',
    disabled: false,
    readonly: false,
    clearable: true,
    value: '',
    ...extra,
  };
}

function assist(compType: string, compName: string, icon: string, extra: Partial<DesignerItem> = {}): Omit<DesignerItem, 'id'> {
  return {
    compType,
    ele: `el-${compType}`,
    compName,
    compIcon: icon,
    viewType: 'component',
    config: true,
    showLabel: false,
    label: compName,
    labelWidth: 0,
    span: 24,
    layout: 'colItem',
    ...extra,
  };
}

interface DefInput {
  compName: string;
  icon: string;
  group: PaletteGroup;
  defaults: () => Omit<DesignerItem, 'id'>;
  panel: PanelField[];
  extras?: PanelExtra[];
  inPalette?: boolean;
  layoutComponent?: boolean;
  dataField?: boolean;
}

const optionsItem = { label: '选项一', value: '1' };
const defaultOptions = () => [
  { label: '选项一', value: '1' },
  { label: '选项二', value: '2' },
];
void optionsItem;

/** Sample administrative-area data for a new static cascader (seed 001 §3 cascader). */
const sampleRegions = () => [
  {
    label: '江苏省', value: '320000', children: [
      { label: '南京市', value: '320100', children: [{ label: '玄武区', value: '320102' }, { label: '秦淮区', value: '320104' }] },
      { label: '苏州市', value: '320500', children: [{ label: '姑苏区', value: '320508' }, { label: '吴中区', value: '320506' }] },
    ],
  },
  {
    label: '浙江省', value: '330000', children: [
      { label: '杭州市', value: '330100', children: [{ label: '上城区', value: '330102' }, { label: '西湖区', value: '330106' }] },
    ],
  },
];

const selectPanel = (dataTypes: string[]): PanelField[] => [
  ...fieldHead(),
  { prop: 'dataType', label: '数据类型', kind: 'radio', options: dataTypes.map((value) => ({ label: { static: '静态数据', dynamic: '动态数据', store: '缓存数据' }[value]!, value })), schema: { enum: ['static', 'dynamic', 'store'] } },
  { prop: 'action', label: '数据接口', kind: 'input', showIf: isDynamic },
  { prop: 'storeDispatchName', label: '缓存名称', kind: 'input', showIf: isStore, schema: { type: 'string', maxLength: 100 } },
  { prop: 'multiple', label: '多选', kind: 'switch' },
  { prop: 'collapse-tags', label: '折叠标签', kind: 'switch', showIf: isMultiple },
  { prop: 'filterable', label: '可搜索', kind: 'switch' },
  clearableField,
  disabledField,
  sizeField,
  valueText,
];

const DEFS: Record<string, DefInput> = {
  input: {
    compName: '单行文本', icon: 'input', group: 'common',
    defaults: () => common('input', '单行文本', 'input', { maxLength: 50, status: 'normal', 'prefix-icon': '', 'suffix-icon': '', prepend: '', append: '', rulesType: 'default' }),
    panel: [
      ...fieldHead(),
      { prop: 'maxLength', label: '最大长度', kind: 'number', min: 1, max: 100000, step: 1 },
      { prop: 'status', label: '状态', kind: 'select', options: [{ label: '正常', value: 'normal' }, { label: '密码', value: 'password' }], schema: { enum: ['normal', 'password'] } },
      { prop: 'prefix-icon', label: '前缀图标', kind: 'input', schema: { type: 'string', maxLength: 100 } },
      { prop: 'suffix-icon', label: '后缀图标', kind: 'input', schema: { type: 'string', maxLength: 100 } },
      { prop: 'prepend', label: '前置内容', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'append', label: '后置内容', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      clearableField, readonlyField, disabledField, sizeField, valueText,
    ],
    extras: ['rules'],
  },
  textarea: {
    compName: '多行文本', icon: 'textarea', group: 'common',
    defaults: () => common('textarea', '多行文本', 'textarea', { maxlength: 500, rows: 2, 'show-word-limit': true, clearable: false }),
    panel: [
      ...fieldHead(),
      { prop: 'maxlength', label: '最大长度', kind: 'number', min: 1, max: 100000, step: 1 },
      { prop: 'rows', label: '行数', kind: 'number', min: 1, max: 50, step: 1 },
      { prop: 'show-word-limit', label: '显示字数', kind: 'switch' },
      readonlyField, disabledField, sizeField, valueText,
    ],
    extras: ['rules'],
  },
  inputNumber: {
    compName: '计数器', icon: 'number', group: 'common',
    defaults: () => common('inputNumber', '计数器', 'number', { min: 0, max: 100, step: 1, precision: 0, 'controls-position': 'default', 'step-strictly': false, regList: [], value: 0, clearable: false }),
    panel: [
      ...fieldHead(),
      { prop: 'min', label: '最小值', kind: 'number', schema: { type: 'number' } },
      { prop: 'max', label: '最大值', kind: 'number', schema: { type: 'number' } },
      { prop: 'step', label: '步长', kind: 'number', min: 0, schema: { type: 'number', exclusiveMinimum: 0 } },
      { prop: 'precision', label: '精度', kind: 'number', min: 0, max: 10, step: 1 },
      { prop: 'controls-position', label: '按钮位置', kind: 'radio', options: [{ label: '默认', value: 'default' }, { label: '右侧', value: 'right' }], schema: { enum: ['default', 'right', ''] } },
      { prop: 'step-strictly', label: '严格步数', kind: 'switch' },
      readonlyField, disabledField, sizeField,
      { prop: 'value', label: '默认值', kind: 'number', schema: {} },
    ],
  },
  select: {
    compName: '下拉选择', icon: 'select', group: 'common',
    defaults: () => common('select', '下拉选择', 'select', { options: defaultOptions(), multiple: false, 'collapse-tags': false, filterable: false, dataType: 'static', action: '' }),
    panel: selectPanel(['static', 'dynamic']),
    extras: ['options'],
  },
  selectDepartment: {
    compName: '部门选择', icon: 'department', group: 'common',
    defaults: () => common('selectDepartment', '部门选择', 'department', { options: [], multiple: false, 'collapse-tags': false, filterable: true, dataType: 'store', storeDispatchName: 'department' }),
    panel: selectPanel(['static', 'store']),
    extras: ['options'],
  },
  selectStaff: {
    compName: '员工选择', icon: 'staff', group: 'common',
    defaults: () => common('selectStaff', '员工选择', 'staff', { options: [], multiple: false, 'collapse-tags': false, filterable: true, clearable: true, dataType: 'store', storeDispatchName: 'staff' }),
    panel: selectPanel(['static', 'store']),
    extras: ['options'],
  },
  radio: {
    compName: '单选框组', icon: 'radio', group: 'common',
    defaults: () => common('radio', '单选框组', 'radio', { options: defaultOptions(), dataType: 'static', action: '', border: false, vertical: false, optionType: 'default' }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'dataType', label: '数据类型', kind: 'radio', options: [{ label: '静态数据', value: 'static' }, { label: '动态数据', value: 'dynamic' }], schema: { enum: ['static', 'dynamic', 'store'] } },
      { prop: 'action', label: '数据接口', kind: 'input', showIf: isDynamic },
      { prop: 'border', label: '边框', kind: 'switch' },
      { prop: 'vertical', label: '竖排', kind: 'switch' },
      { prop: 'optionType', label: '选项样式', kind: 'radio', options: [{ label: '默认', value: 'default' }, { label: '按钮', value: 'button' }], schema: { enum: ['default', 'button'] } },
      sizeField, disabledField, valueText,
    ],
    extras: ['options'],
  },
  checkbox: {
    compName: '多选框组', icon: 'checkbox', group: 'common',
    defaults: () => common('checkbox', '多选框组', 'checkbox', { options: defaultOptions(), dataType: 'static', action: '', border: false, vertical: false, optionType: 'default', value: [], min: 1, max: 2 }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'dataType', label: '数据类型', kind: 'radio', options: [{ label: '静态数据', value: 'static' }, { label: '动态数据', value: 'dynamic' }, { label: '数字资产附件', value: 'DigitalAssetFile' }], schema: { enum: ['static', 'dynamic', 'store', 'DigitalAssetFile'] } },
      { prop: 'action', label: '数据接口', kind: 'input', showIf: isDynamic },
      { prop: 'min', label: '最少选择', kind: 'number', min: 1, step: 1, schema: { type: 'integer', minimum: 1 } },
      { prop: 'max', label: '最多选择', kind: 'number', min: 1, step: 1, schema: { type: 'integer', minimum: 1 } },
      { prop: 'border', label: '边框', kind: 'switch' },
      { prop: 'vertical', label: '竖排', kind: 'switch' },
      { prop: 'optionType', label: '选项样式', kind: 'radio', options: [{ label: '默认', value: 'default' }, { label: '按钮', value: 'button' }], schema: { enum: ['default', 'button'] } },
      sizeField, disabledField,
      { prop: 'value', label: '默认值', kind: 'input', schema: { type: 'array' } },
    ],
    extras: ['options'],
  },
  Switch: {
    compName: '开关', icon: 'switch', group: 'common',
    defaults: () => common('Switch', '开关', 'switch', { 'active-color': '#409EFF', 'inactive-color': '#C0CCDA', 'active-value': 'true', 'inactive-value': 'false', value: false, clearable: false }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'active-color', label: '开启颜色', kind: 'color', schema: { type: 'string', maxLength: 50 } },
      { prop: 'inactive-color', label: '关闭颜色', kind: 'color', schema: { type: 'string', maxLength: 50 } },
      { prop: 'active-value', label: '开启值', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'inactive-value', label: '关闭值', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      disabledField,
      { prop: 'value', label: '默认值', kind: 'switch', schema: { type: 'boolean' } },
    ],
  },
  slider: {
    compName: '滑块', icon: 'slider', group: 'common',
    defaults: () => common('slider', '滑块', 'slider', { min: 0, max: 20, step: 1, 'show-stops': false, 'show-tooltip': true, range: false, value: 0, clearable: false }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'min', label: '最小值', kind: 'number', schema: { type: 'number' } },
      { prop: 'max', label: '最大值', kind: 'number', schema: { type: 'number' } },
      { prop: 'step', label: '步长', kind: 'number', min: 1, schema: { type: 'number', exclusiveMinimum: 0 } },
      { prop: 'show-stops', label: '显示间断点', kind: 'switch' },
      { prop: 'show-tooltip', label: '显示提示', kind: 'switch' },
      { prop: 'range', label: '范围选择', kind: 'switch' },
      disabledField,
    ],
  },
  rate: {
    compName: '评分', icon: 'rate', group: 'common',
    defaults: () => common('rate', '评分', 'rate', { max: 5, 'allow-half': false, 'show-score': false, value: 1, clearable: false }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'max', label: '最大分值', kind: 'number', min: 1, max: 20, step: 1, schema: { type: 'integer', minimum: 1, maximum: 20 } },
      { prop: 'allow-half', label: '允许半选', kind: 'switch' },
      { prop: 'show-score', label: '显示分数', kind: 'switch' },
      disabledField,
      { prop: 'value', label: '默认值', kind: 'number', min: 0, schema: { type: 'number', minimum: 0 } },
    ],
  },
  date: {
    compName: '日期选择', icon: 'date', group: 'common',
    defaults: () => common('date', '日期选择', 'date', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd', 'range-separator': '-', 'start-placeholder': '开始日期', 'end-placeholder': '结束日期' }),
    panel: [
      ...fieldHead(),
      { prop: 'type', label: '日期类型', kind: 'select', options: opts(...DATE_TYPES), schema: { enum: DATE_TYPES } },
      { prop: 'format', label: '显示格式', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'value-format', label: '值格式', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'range-separator', label: '分隔符', kind: 'input', showIf: (item) => String(item.type).endsWith('range'), schema: { type: 'string', maxLength: 10 } },
      { prop: 'start-placeholder', label: '开始提示', kind: 'input', showIf: (item) => String(item.type).endsWith('range'), schema: { type: 'string', maxLength: 50 } },
      { prop: 'end-placeholder', label: '结束提示', kind: 'input', showIf: (item) => String(item.type).endsWith('range'), schema: { type: 'string', maxLength: 50 } },
      clearableField, readonlyField, disabledField, sizeField,
    ],
  },
  time: {
    compName: '时间选择', icon: 'time', group: 'common',
    defaults: () => common('time', '时间选择', 'time', { format: 'HH:mm:ss', 'value-format': 'HH:mm:ss', 'picker-options': { selectableRange: '00:00:00-23:59:59' }, 'arrow-control': true, 'is-range': false, 'range-separator': '-' }),
    panel: [
      ...fieldHead(),
      { prop: 'format', label: '显示格式', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'value-format', label: '值格式', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'picker-options.selectableRange', label: '可选范围', kind: 'input', schema: { type: 'string', pattern: '^\\d{2}:\\d{2}:\\d{2} ?- ?\\d{2}:\\d{2}:\\d{2}$' } },
      { prop: 'arrow-control', label: '箭头选择', kind: 'switch' },
      { prop: 'is-range', label: '范围选择', kind: 'switch' },
      { prop: 'range-separator', label: '分隔符', kind: 'input', showIf: (item) => Boolean(item['is-range']), schema: { type: 'string', maxLength: 10 } },
      clearableField, readonlyField, disabledField, sizeField,
    ],
  },
  editor: {
    compName: '富文本', icon: 'editor', group: 'common',
    defaults: () => common('editor', '富文本', 'editor', { max: 2000, validateMaxText: true, customRules: [], clearable: false }),
    panel: [
      ...fieldHead(),
      { prop: 'max', label: '最大字数', kind: 'number', min: 100, step: 100, schema: { type: 'integer', minimum: 100 } },
      { prop: 'validateMaxText', label: '校验字数', kind: 'switch' },
      disabledField,
    ],
  },
  colorPicker: {
    compName: '颜色选择', icon: 'color', group: 'common',
    defaults: () => common('colorPicker', '颜色选择', 'color', { value: '#409EFF', 'show-alpha': false, 'color-format': 'hex', predefine: [...PREDEFINE_COLORS], clearable: false }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'show-alpha', label: '透明度', kind: 'switch' },
      { prop: 'color-format', label: '颜色格式', kind: 'select', options: opts('hex', 'rgb', 'hsl', 'hsv'), schema: { enum: ['hex', 'rgb', 'hsl', 'hsv'] } },
      sizeField, disabledField,
      { prop: 'value', label: '默认值', kind: 'color', schema: { type: 'string', maxLength: 50 } },
    ],
    extras: ['predefine'],
  },
  cascader: {
    compName: '级联选择', icon: 'cascader', group: 'common',
    defaults: () => common('cascader', '级联选择', 'cascader', {
      options: sampleRegions(), dataType: 'static', action: '', width: 100, value: [],
      props: { props: { multiple: false, checkStrictly: false, expandTrigger: 'click', label: 'label', value: 'value', children: 'children' } },
      separator: '/', 'show-all-levels': true, filterable: false,
    }),
    panel: [
      ...fieldHead({ labelMin: 0 }),
      { prop: 'dataType', label: '数据类型', kind: 'radio', options: [{ label: '静态数据', value: 'static' }, { label: '动态数据', value: 'dynamic' }], schema: { enum: ['static', 'dynamic', 'store'] } },
      { prop: 'action', label: '数据接口', kind: 'input', showIf: isDynamic },
      { prop: 'width', label: '宽度(%)', kind: 'number', min: 0, max: 100, step: 1 },
      { prop: 'separator', label: '分隔符', kind: 'input', schema: { type: 'string', maxLength: 10 } },
      { prop: 'show-all-levels', label: '完整路径', kind: 'switch' },
      { prop: 'filterable', label: '可搜索', kind: 'switch' },
      { prop: 'props.props.expandTrigger', label: '展开方式', kind: 'radio', options: [{ label: '点击', value: 'click' }, { label: '悬停', value: 'hover' }], schema: { enum: ['click', 'hover'] } },
      { prop: 'props.props.multiple', label: '多选', kind: 'switch' },
      { prop: 'props.props.checkStrictly', label: '任意一级', kind: 'switch' },
      clearableField, disabledField, sizeField,
    ],
    extras: ['cascaderOptions'],
  },
  cascaderRegion: {
    compName: '地区选择', icon: 'region', group: 'common',
    defaults: () => common('cascaderRegion', '地区选择', 'region', {
      options: [], dataType: 'store', storeDispatchName: 'region', width: 100, value: '',
      props: { props: { multiple: false, checkStrictly: true, expandTrigger: 'click', label: 'name', value: 'regionId', children: 'children' } },
      separator: '/', 'show-all-levels': true, filterable: true,
    }),
    panel: [
      ...fieldHead({ labelMin: 0 }),
      { prop: 'width', label: '宽度(%)', kind: 'number', min: 0, max: 100, step: 1 },
      { prop: 'separator', label: '分隔符', kind: 'input', schema: { type: 'string', maxLength: 10 } },
      { prop: 'show-all-levels', label: '完整路径', kind: 'switch' },
      { prop: 'filterable', label: '可搜索', kind: 'switch' },
      { prop: 'props.props.expandTrigger', label: '展开方式', kind: 'radio', options: [{ label: '点击', value: 'click' }, { label: '悬停', value: 'hover' }], schema: { enum: ['click', 'hover'] } },
      { prop: 'props.props.checkStrictly', label: '任意一级', kind: 'switch' },
      clearableField, disabledField, sizeField,
    ],
  },
  upload: {
    compName: '上传', icon: 'upload', group: 'common',
    defaults: () => common('upload', '上传', 'upload', {
      name: 'file', multiple: false, 'show-file-list': true, 'list-type': 'text', buttonText: '点击上传', showTip: false, tips: '',
      accept: [...UPLOAD_ACCEPT_ALL], fileSize: 10, width: 100, limit: 1, action: '/api/v1/file-base/file/upload',
      data: { prefixName: 'form', fileType: 'file' }, value: [], clearable: false,
    }),
    panel: [
      ...fieldHead({ placeholder: false }),
      { prop: 'buttonText', label: '按钮文字', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'list-type', label: '列表类型', kind: 'radio', options: [{ label: '文本', value: 'text' }, { label: '图片卡片', value: 'picture-card' }], schema: { enum: ['text', 'picture-card'] } },
      { prop: 'multiple', label: '多选', kind: 'switch' },
      { prop: 'limit', label: '最大数量', kind: 'number', min: 1, max: 50, step: 1, schema: { type: 'integer', minimum: 1, maximum: 50 } },
      { prop: 'show-file-list', label: '显示列表', kind: 'switch' },
      { prop: 'showTip', label: '显示提示', kind: 'switch' },
      { prop: 'tips', label: '提示内容', kind: 'input', showIf: (item) => Boolean(item.showTip), schema: { type: 'string', maxLength: 200 } },
      { prop: 'fileSize', label: '文件大小(MB)', kind: 'number', min: 1, max: 10000, step: 10 },
      { prop: 'width', label: '宽度(%)', kind: 'number', min: 1, max: 100, step: 1 },
      { prop: 'data.prefixName', label: '文件前缀', kind: 'input', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,50}$' } },
      { prop: 'data.fileType', label: '文件类型', kind: 'input', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,50}$' } },
      disabledField,
    ],
    extras: ['accept'],
  },
  dialogList: {
    compName: '弹窗选择', icon: 'dialog', group: 'common',
    defaults: () => common('dialogList', '弹窗选择', 'dialog', {
      title: 'please choose', multi: false, showIndex: true, action: '', dval: 'id', dlabel: 'name', height: 500,
      colConf: [{ index: 0, show: true, label: '名称', property: 'name', width: 150 }],
    }),
    panel: [
      ...fieldHead(),
      { prop: 'title', label: '弹窗标题', kind: 'input', schema: { type: 'string', maxLength: 100 } },
      { prop: 'multi', label: '多选', kind: 'switch' },
      { prop: 'showIndex', label: '显示序号', kind: 'switch' },
      { prop: 'action', label: '数据接口', kind: 'input' },
      { prop: 'dval', label: '值字段', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'dlabel', label: '显示字段', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'height', label: '弹窗高度', kind: 'number', min: 100, max: 1500, step: 10 },
      clearableField, disabledField,
    ],
    extras: ['colConf'],
  },
  barCode: {
    compName: '条形码', icon: 'barcode', group: 'common',
    dataField: false,
    defaults: () => assist('barCode', '条形码', 'barcode', { showLabel: true, labelWidth: 80, value: '123456789', format: 'CODE128', lineColor: '#000000', background: '#ffffff', width: 5, height: 30, fontSize: 12, displayValue: true }),
    panel: [
      idField(),
      { prop: 'showLabel', label: '显示标签', kind: 'switch' },
      { prop: 'label', label: '标签', kind: 'input', showIf: labelShown, schema: { type: 'string', maxLength: 100 } },
      { prop: 'labelWidth', label: '标签宽度', kind: 'number', min: 1, max: 200, step: 1, showIf: labelShown, schema: { type: 'integer', minimum: 0, maximum: 200 } },
      { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
      { prop: 'value', label: '条码内容', kind: 'input', schema: { type: 'string', maxLength: 80, pattern: '^[\\x20-\\x7e]*$' } },
      { prop: 'format', label: '编码', kind: 'select', options: opts('CODE128', 'CODE39', 'EAN13', 'EAN8', 'UPC', 'ITF14', 'codabar'), schema: { enum: ['CODE128', 'CODE39', 'EAN13', 'EAN8', 'UPC', 'ITF14', 'codabar'] } },
      { prop: 'lineColor', label: '条码颜色', kind: 'color', schema: { type: 'string', maxLength: 50 } },
      { prop: 'background', label: '背景颜色', kind: 'color', schema: { type: 'string', maxLength: 50 } },
      { prop: 'width', label: '线宽', kind: 'number', min: 1, max: 10, step: 1 },
      { prop: 'height', label: '高度', kind: 'number', min: 10, max: 100, step: 1 },
      { prop: 'fontSize', label: '字号', kind: 'number', min: 8, max: 40, step: 1 },
      { prop: 'displayValue', label: '显示内容', kind: 'switch' },
    ],
  },
  row: {
    compName: '行容器', icon: 'row', group: 'layout', layoutComponent: true, dataField: false,
    defaults: () => ({
      compType: 'row', ele: 'el-row', compName: '行容器', compIcon: 'row', viewType: 'component', config: true, layout: 'rowItem',
      gutter: 15, flex: false, justify: 'start', align: 'top',
      columns: [{ index: 0, span: 12, list: [] }, { index: 1, span: 12, list: [] }],
    }),
    panel: [
      idField(),
      { prop: 'gutter', label: '栅格间隔', kind: 'number', min: 0, step: 1, schema: { type: 'integer', minimum: 0 } },
      { prop: 'flex', label: 'flex布局', kind: 'switch' },
      { prop: 'justify', label: '水平排列', kind: 'select', options: opts('start', 'end', 'center', 'space-around', 'space-between'), schema: { enum: ['start', 'end', 'center', 'space-around', 'space-between'] } },
      { prop: 'align', label: '垂直排列', kind: 'select', options: opts('top', 'middle', 'bottom'), schema: { enum: ['top', 'middle', 'bottom'] } },
    ],
    extras: ['rowColumns'],
  },
  dynamicTable: {
    compName: '动态表格', icon: 'dynamic', group: 'layout', layoutComponent: true,
    defaults: () => ({
      compType: 'dynamicTable', ele: 'el-table', compName: '动态表格', compIcon: 'dynamic', viewType: 'component', config: true, layout: 'dynamicItem',
      showLabel: true, label: '动态表格', labelWidth: 80, span: 24, buttonAdd: true, buttonDel: true, showIndex: true, visible: true, multiCheck: false,
      'show-summary': false, 'sum-text': '合计', 'summary-text': '元', dataType: 'dynamic', action: '', options: [], storeDispatchName: '', columns: [], value: [],
    }),
    panel: [
      idField(),
      { prop: 'showLabel', label: '显示标签', kind: 'switch' },
      { prop: 'label', label: '标签', kind: 'input', showIf: labelShown, schema: { type: 'string', maxLength: 100 } },
      { prop: 'labelWidth', label: '标签宽度', kind: 'number', min: 1, max: 200, step: 1, showIf: labelShown, schema: { type: 'integer', minimum: 0, maximum: 200 } },
      { prop: 'buttonAdd', label: '添加按钮', kind: 'switch' },
      { prop: 'buttonDel', label: '删除按钮', kind: 'switch' },
      { prop: 'showIndex', label: '显示序号', kind: 'switch' },
      { prop: 'visible', label: '可见', kind: 'switch' },
      { prop: 'multiCheck', label: '多选列', kind: 'switch' },
      { prop: 'show-summary', label: '合计行', kind: 'switch' },
      { prop: 'sum-text', label: '合计文字', kind: 'input', showIf: (item) => Boolean(item['show-summary']), schema: { type: 'string', maxLength: 20 } },
      { prop: 'summary-text', label: '合计单位', kind: 'input', showIf: (item) => Boolean(item['show-summary']), schema: { type: 'string', maxLength: 20 } },
      { prop: 'dataType', label: '数据类型', kind: 'radio', options: [{ label: '动态数据', value: 'dynamic' }, { label: '缓存数据', value: 'store' }], schema: { enum: ['dynamic', 'store'] } },
      { prop: 'action', label: '数据接口', kind: 'input', showIf: isDynamic },
      { prop: 'storeDispatchName', label: '缓存名称', kind: 'input', showIf: isStore, schema: { type: 'string', maxLength: 100 } },
    ],
    extras: ['dynamicColumns'],
  },
  table: {
    compName: '表格布局', icon: 'table', group: 'layout', layoutComponent: true, dataField: false,
    defaults: () => ({
      compType: 'table', ele: 'table', compName: '表格布局', compIcon: 'table', viewType: 'component', config: true, layout: 'tableItem',
      tdStyle: { padding: '5px' }, width: 100, height: 40,
      layoutArray: [[titleCell(), contentCell(), titleCell(), contentCell()]],
    }),
    panel: [
      idField(),
      { prop: 'width', label: '宽度(%)', kind: 'number', min: 0, max: 500, step: 1 },
      { prop: 'height', label: '行高(px)', kind: 'number', min: 0, max: 1500, step: 5 },
    ],
    extras: ['tableCells'],
  },
  tdItem: {
    compName: '单元格', icon: 'td', group: 'layout', inPalette: false, layoutComponent: true, dataField: false,
    defaults: () => ({ compType: 'tdItem', ele: 'td', compName: '单元格', compIcon: 'td', viewType: 'component', config: true, layout: 'tableItem', col: 1, row: 1, hide: false, style: { background: '#ffffff', width: 35 }, columns: [] }),
    panel: [
      idField(),
      { prop: 'style.background', label: '背景颜色', kind: 'color', schema: { type: 'string', maxLength: 50 } },
      { prop: 'style.width', label: '宽度(%)', kind: 'number', min: 0, max: 100, step: 1 },
    ],
  },
  button: {
    compName: '按钮', icon: 'button', group: 'assist', dataField: false,
    defaults: () => assist('button', '按钮', 'button', { text: '按钮', type: 'primary', size: 'medium', disabled: false, plain: false, round: false, circle: false, icon: '' }),
    panel: [
      idField(),
      { prop: 'text', label: '按钮文字', kind: 'input', schema: { type: 'string', maxLength: 50 } },
      { prop: 'showLabel', label: '显示标签', kind: 'switch' },
      { prop: 'label', label: '标签', kind: 'input', showIf: labelShown, schema: { type: 'string', maxLength: 100 } },
      { prop: 'labelWidth', label: '标签宽度', kind: 'number', min: 1, max: 200, step: 1, showIf: labelShown, schema: { type: 'integer', minimum: 0, maximum: 200 } },
      { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
      { prop: 'type', label: '类型', kind: 'select', options: opts('primary', 'success', 'warning', 'danger', 'info', 'text'), schema: { enum: ['primary', 'success', 'warning', 'danger', 'info', 'text'] } },
      { prop: 'size', label: '尺寸', kind: 'radio', options: BUTTON_SIZE_OPTIONS, schema: { enum: ['medium', 'small', 'mini'] } },
      { prop: 'plain', label: '朴素', kind: 'switch' },
      { prop: 'round', label: '圆角', kind: 'switch' },
      { prop: 'circle', label: '圆形', kind: 'switch' },
      { prop: 'icon', label: '图标', kind: 'input', showIf: () => false, schema: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9-]*$' } },
      disabledField,
    ],
    extras: ['icon'],
  },
  divider: {
    compName: '分割线', icon: 'divider', group: 'assist', dataField: false,
    defaults: () => assist('divider', '分割线', 'divider', { text: '分割线', 'content-position': 'center' }),
    panel: [
      idField(),
      { prop: 'text', label: '文字', kind: 'input', schema: { type: 'string', maxLength: 100 } },
      { prop: 'content-position', label: '文字位置', kind: 'radio', options: [{ label: '左', value: 'left' }, { label: '中', value: 'center' }, { label: '右', value: 'right' }], schema: { enum: ['left', 'center', 'right'] } },
    ],
  },
  alert: {
    compName: '提示', icon: 'alert', group: 'assist', dataField: false,
    defaults: () => assist('alert', '提示', 'alert', { title: '提示', type: 'info', description: '', closable: true, center: false, 'close-text': '', 'show-icon': false, effect: 'light' }),
    panel: [
      idField(),
      { prop: 'title', label: '标题', kind: 'input', schema: { type: 'string', maxLength: 200 } },
      { prop: 'type', label: '类型', kind: 'select', options: opts('success', 'warning', 'error', 'info'), schema: { enum: ['success', 'warning', 'error', 'info'] } },
      { prop: 'description', label: '描述', kind: 'textarea', schema: { type: 'string', maxLength: 1000 } },
      { prop: 'closable', label: '可关闭', kind: 'switch' },
      { prop: 'center', label: '居中', kind: 'switch' },
      { prop: 'close-text', label: '关闭文字', kind: 'input', schema: { type: 'string', maxLength: 20 } },
      { prop: 'show-icon', label: '显示图标', kind: 'switch' },
      { prop: 'effect', label: '主题', kind: 'radio', options: [{ label: '亮色', value: 'light' }, { label: '暗色', value: 'dark' }], schema: { enum: ['light', 'dark'] } },
      { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
    ],
  },
  link: {
    compName: '链接', icon: 'link', group: 'assist', dataField: false,
    defaults: () => assist('link', '链接', 'link', { text: '链接', href: '', type: 'primary', underline: true, disabled: false, target: '_self', newWindow: false }),
    panel: [
      idField(),
      { prop: 'text', label: '文字', kind: 'input', schema: { type: 'string', maxLength: 100 } },
      { prop: 'href', label: '链接地址', kind: 'input', schema: { type: 'string', maxLength: 500, pattern: '^(|/[^/\\\\].*|/|#.*|https?://.*)$' } },
      { prop: 'type', label: '类型', kind: 'select', options: TYPE5, schema: { enum: TYPE5.map((t) => t.value) } },
      { prop: 'underline', label: '下划线', kind: 'switch' },
      { prop: 'newWindow', label: '新窗口打开', kind: 'switch' },
      { prop: 'target', label: '打开方式', kind: 'input', virtual: false, schema: { enum: ['_blank', '_self'] }, showIf: () => false },
      disabledField,
      { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
    ],
  },
  text: {
    compName: '文字', icon: 'text', group: 'assist', dataField: false,
    defaults: () => assist('text', '文字', 'text', { text: '文字', align: 'left', color: '#303133', size: 14, bold: 400 }),
    panel: [
      idField(),
      { prop: 'text', label: '文字', kind: 'textarea', schema: { type: 'string', maxLength: 2000 } },
      { prop: 'align', label: '对齐', kind: 'radio', options: [{ label: '左', value: 'left' }, { label: '中', value: 'center' }, { label: '右', value: 'right' }], schema: { enum: ['left', 'center', 'right'] } },
      { prop: 'color', label: '颜色', kind: 'color', schema: { type: 'string', maxLength: 50 } },
      { prop: 'size', label: '字号', kind: 'number', min: 10, max: 50, step: 1 },
      { prop: 'bold', label: '粗细', kind: 'number', min: 100, max: 800, step: 100, schema: { type: 'integer', minimum: 100, maximum: 800, multipleOf: 100 } },
      { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
    ],
  },
  html: {
    compName: 'HTML', icon: 'html', group: 'assist', dataField: false,
    defaults: () => assist('html', 'HTML', 'html', { html: '<p>HTML 内容</p>' }),
    panel: [
      idField(),
      { prop: 'html', label: 'HTML内容', kind: 'textarea', schema: { type: 'string', maxLength: 20000 } },
      { prop: 'span', label: '栅格', kind: 'number', min: 1, max: 24, step: 1 },
    ],
  },
};

export function titleCell(): Record<string, unknown> {
  return { id: '', col: 1, row: 1, hide: false, style: { background: '#f5f7fa', width: 15 }, columns: [] };
}
export function contentCell(): Record<string, unknown> {
  return { id: '', col: 1, row: 1, hide: false, style: { background: '#ffffff', width: 35 }, columns: [] };
}

export const COMPONENTS: Record<string, ComponentDef> = Object.fromEntries(
  Object.entries(DEFS).map(([compType, def]) => [
    compType,
    {
      compType,
      compName: def.compName,
      icon: def.icon,
      group: def.group,
      inPalette: def.inPalette !== false,
      layoutComponent: Boolean(def.layoutComponent),
      inDynamicTable: DYNAMIC_TABLE_TYPES.includes(compType),
      inTableCell: compType !== 'row' && compType !== 'dynamicTable' && compType !== 'table' && compType !== 'tdItem',
      dataField: def.dataField !== false,
      defaults: def.defaults,
      panel: def.panel,
      extras: def.extras ?? [],
    } satisfies ComponentDef,
  ]),
);

export const COMP_TYPES = Object.keys(COMPONENTS);

export function componentOf(compType: string): ComponentDef | undefined {
  return Object.prototype.hasOwnProperty.call(COMPONENTS, compType) ? COMPONENTS[compType] : undefined;
}

export function paletteGroups(): { group: PaletteGroup; items: ComponentDef[] }[] {
  const groups: PaletteGroup[] = ['common', 'layout', 'assist'];
  return groups.map((group) => ({ group, items: Object.values(COMPONENTS).filter((def) => def.group === group && def.inPalette) }));
}
