/**
 * The one ajv setup used to validate requests on the server and forms in the browser, with
 * Chinese messages that name the field by its `title`.
 */
import Ajv, { type ErrorObject, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import { FORMAT_MESSAGES, FORMAT_VALIDATORS, timeOrderHolds } from './validators';
import { richTextLength } from './format';
import { sameAsHolds } from './form-to-formily';

export interface DecimalSpec { precision: number; scale: number; minimum?: number; maximum?: number }

/** Blank or made only of whitespace and zero-width characters. */
export function isBlankText(v: string): boolean {
  return v.replace(/[\s\u200b-\u200d\u2060\ufeff\u3000]/g, '') === '';
}

/** Why a value is not a decimal of this precision and scale (a Chinese clause), or null. */
export function decimalProblem(value: unknown, spec: DecimalSpec): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : typeof value === 'string' ? value.trim() : 'x';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return '应为数字';
  const intDigits = m[2]!.replace(/^0+(?=\d)/, '').length;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > spec.scale) return spec.scale === 0 ? '应为整数' : `最多保留${spec.scale}位小数`;
  if (intDigits > spec.precision - spec.scale) return `整数部分不能超过${spec.precision - spec.scale}位`;
  const n = Number(text);
  if (spec.minimum !== undefined && n < spec.minimum) return `不能小于${spec.minimum}`;
  if (spec.maximum !== undefined && n > spec.maximum) return `不能大于${spec.maximum}`;
  return null;
}

export function createAjv(options: { coerceTypes?: boolean | 'array'; allErrors?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: options.allErrors ?? false,
    strict: false,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  for (const [name, fn] of Object.entries(FORMAT_VALIDATORS)) ajv.addFormat(name, { type: 'string', validate: fn });
  // Annotations carried by generated schemas; declared so strict tooling accepts them.
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  // A required designer item's own message for an empty value (the browser shows the same).
  ajv.addKeyword({ keyword: 'x-requiredMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-enum', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-ref', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-child', schemaType: 'boolean' });
  // A required text must say something: blanks and zero-width characters alone don't count.
  ajv.addKeyword({
    keyword: 'x-notBlank',
    type: 'string',
    schemaType: 'boolean',
    error: { message: 'blank' },
    validate: (on: boolean, data: string) => !on || !isBlankText(data),
  });
  // Exact decimals (money, quantities) as string or number, with their precision and scale.
  ajv.addKeyword({
    keyword: 'x-decimal',
    schemaType: 'object',
    errors: true,
    validate: function decimal(this: unknown, spec: DecimalSpec, data: unknown) {
      const reason = decimalProblem(data, spec);
      if (reason) (decimal as unknown as { errors: unknown[] }).errors = [{ keyword: 'x-decimal', message: reason, params: { reason } }];
      return !reason;
    },
  });
  // A value that must equal a sibling's (确认新密码 = newPassword), with the item's own sentence.
  ajv.addKeyword({ keyword: 'x-sameAsMessage', schemaType: 'string' });
  ajv.addKeyword({
    keyword: 'x-sameAs',
    schemaType: 'string',
    error: { message: 'differs' },
    validate: (other: string, data: unknown, _parent?: unknown, cxt?: { parentData?: unknown }) =>
      sameAsHolds(data, (cxt?.parentData as Record<string, unknown> | undefined)?.[other]),
  });
  // An object whose second named time must come after its first (a worker's 开始时间 → 结束时间).
  ajv.addKeyword({
    keyword: 'x-timeOrder',
    type: 'object',
    schemaType: 'array',
    error: { message: 'end not after start' },
    validate: (keys: string[], data: unknown) => timeOrderHolds(data, keys),
  });
  // Rich text (designer editor): at most N characters of text once the markup is removed.
  ajv.addKeyword({
    keyword: 'x-maxText',
    type: 'string',
    schemaType: 'number',
    error: { message: 'text too long' },
    validate: (max: number, data: string) => richTextLength(data) <= max,
  });
  return ajv;
}

type Schemaish = { title?: string; properties?: Record<string, Schemaish>; items?: Schemaish; 'x-message'?: string; 'x-requiredMessage'?: string; 'x-sameAsMessage'?: string } & Record<string, unknown>;

/**
 * Where an error sits, for a form to put it on its field: `name`, or `lines.2.unitPrice` inside
 * child lines. `required` errors point at the missing property.
 */
export function ajvErrorField(error: ErrorObject | undefined): string | undefined {
  if (!error) return undefined;
  let path = error.instancePath;
  if (error.keyword === 'required') path += `/${String((error.params as { missingProperty: string }).missingProperty)}`;
  const parts = path.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.length ? parts.join('.') : undefined;
}

/** 第N行： prefixes for every array of objects the path crosses (child lines, designer tables). */
function rowPrefix(root: Schemaish, instancePath: string): string {
  let s: Schemaish | undefined = root;
  let out = '';
  for (const raw of instancePath.split('/').slice(1)) {
    if (!s) break;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (s.properties && key in s.properties) s = s.properties[key];
    else if (s.items) {
      if (/^\d+$/.test(key) && (s.items as Schemaish).type === 'object') out += `${s.title ?? ''}第${Number(key) + 1}行：`;
      s = s.items;
    } else break;
  }
  return out;
}

/** Walks a JSON pointer (ajv instancePath) through `properties`/`items` to the field's schema. */
function schemaAt(root: Schemaish, instancePath: string): Schemaish | undefined {
  let s: Schemaish | undefined = root;
  for (const raw of instancePath.split('/').slice(1)) {
    if (!s) return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (s.properties && key in s.properties) s = s.properties[key];
    else if (s.items) s = s.items;
    else return undefined;
  }
  return s;
}

/**
 * Chinese names of the properties that hand-written call schemas (schemas/api) leave untitled:
 * a message never names a field by its API name (tests/unit/schemas/ajv-field-names.test.ts
 * checks that every untitled property of the catalogue is here).
 */
export const FIELD_NAMES: Record<string, string> = {
  version: '版本号', revision: '修订号', id: '编号', ids: '编号', orgId: '单位', corpId: '集团',
  pageNo: '页码', pageSize: '每页条数', keyword: '关键字', name: '名称', type: '类型', status: '状态',
  remark: '备注', message: '消息内容', values: '填写内容', enabled: '启用', handled: '已处理', ticket: '票据',
  fileName: '文件名', url: '文件地址', size: '文件大小', baseForm: '基础表单',
  startDate: '开始日期', endDate: '结束日期', transportDate: '运输日期',
  startAddress: '起运地址', endAddress: '目的地址', contactName: '联系人', projectName: '项目名称',
  goodsName: '货物名称', goodsValue: '货物价值', insuranceType: '险种', supplierType: '供应商类型',
  triggerType: '触发方式', mentionedMobiles: '提醒手机号',
  approverIds: '审批人', staffId: '员工', staffIds: '员工', managerStaffId: '负责人', driverId: '司机',
  truckId: '车辆', platformTruckId: '平台车辆', supplierId: '供应商', platformSupplierId: '平台供应商',
  enquiryId: '询价单', incomeReviewId: '收入审核', manualReviewId: '人工审核', messageId: '消息', messageIds: '消息',
  importType: '导入类型', key: '配置项', perm: '权限', relationId: '关联记录', truckLicensePlate: '车牌号', smsId: '短信', templateId: '模板', ruleId: '规则', routerId: '路由', scheduleId: '调度单', beforeId: '目标位置',
};

function fieldName(root: Schemaish, path: string, fallback?: string): string {
  const s = schemaAt(root, path);
  if (s?.title) return s.title;
  const last = path.split('/').filter(Boolean).pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (last && FIELD_NAMES[last]) return FIELD_NAMES[last]!;
  if (last && /^\d+$/.test(last)) return `${fieldName(root, path.split('/').slice(0, -1).join('/'), fallback)}第${Number(last) + 1}项`;
  return last ?? fallback ?? '请求参数';
}

/** The declared message of a required value left empty (designer items), if any. */
function requiredSentence(r: Schemaish, path: string): string | undefined {
  return schemaAt(r, path)?.['x-requiredMessage'];
}

const TYPE_NAMES: Record<string, string> = {
  string: '文本', integer: '整数', number: '数字', boolean: '布尔值', object: '对象', array: '数组', null: '空值',
};

/** One Chinese sentence for the first error, naming the field (by title when the schema has one). */
export function formatAjvError(error: ErrorObject, root: AnySchema): string {
  const r = (typeof root === 'object' ? root : {}) as Schemaish;
  return rowPrefix(r, error.instancePath) + errorSentence(error, r);
}

function errorSentence(error: ErrorObject, r: Schemaish): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const child = `${error.instancePath}/${String(p.missingProperty)}`;
      return requiredSentence(r, child) ?? `缺少必填字段：${fieldName(r, child)}`;
    }
    case 'additionalProperties':
      return `不允许的字段：${String(p.additionalProperty)}`;
    case 'type': {
      const t = String(p.type).split(',').map((x) => TYPE_NAMES[x] ?? x).join('或');
      return `${fieldName(r, error.instancePath)}应为${t}`;
    }
    case 'maxLength':
      return `${fieldName(r, error.instancePath)}不能超过${String(p.limit)}个字符`;
    case 'minLength':
      return Number(p.limit) <= 1
        ? requiredSentence(r, error.instancePath) ?? `${fieldName(r, error.instancePath)}不能为空`
        : `${fieldName(r, error.instancePath)}不能少于${String(p.limit)}个字符`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${fieldName(r, error.instancePath)}不能大于${String(p.limit)}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${fieldName(r, error.instancePath)}不能小于${String(p.limit)}`;
    case 'maxItems':
      return `${fieldName(r, error.instancePath)}最多${String(p.limit)}项`;
    case 'minItems':
      if (Number(p.limit) <= 1) {
        const own = requiredSentence(r, error.instancePath);
        if (own) return own;
      }
      return `${fieldName(r, error.instancePath)}至少${String(p.limit)}项`;
    case 'enum':
      return `${fieldName(r, error.instancePath)}的取值不在允许范围内`;
    case 'const':
      return `${fieldName(r, error.instancePath)}的取值不正确`;
    case 'x-notBlank':
      return requiredSentence(r, error.instancePath) ?? `${fieldName(r, error.instancePath)}不能为空`;
    case 'x-decimal':
      return `${fieldName(r, error.instancePath)}${String(p.reason)}`;
    case 'x-sameAs':
      return String((schemaAt(r, error.instancePath) ?? {})['x-sameAsMessage'] ?? `${fieldName(r, error.instancePath)}不一致`);
    case 'x-timeOrder': {
      const s = schemaAt(r, error.instancePath);
      const [a, b] = ((s?.['x-timeOrder'] as string[] | undefined) ?? ['startAt', 'endAt']);
      const title = (k: string) => s?.properties?.[k]?.title ?? FIELD_NAMES[k] ?? k;
      return `${title(b!)}须晚于${title(a!)}`;
    }
    case 'multipleOf':
      return `${fieldName(r, error.instancePath)}应为${String(p.multipleOf)}的倍数`;
    case 'uniqueItems':
      return `${fieldName(r, error.instancePath)}不能有重复项`;
    case 'x-maxText':
      return `${fieldName(r, error.instancePath)}超过最大字符数${String((schemaAt(r, error.instancePath) ?? {})['x-maxText'])}`;
    case 'pattern':
    case 'format': {
      // A declared message that names its field is the whole sentence; one that doesn't (a
      // designer rule's wording) is said after the field's title. Format defaults are clauses.
      const s = schemaAt(r, error.instancePath);
      const name = fieldName(r, error.instancePath);
      if (s?.['x-message']) return String(s['x-message']).includes(name) ? String(s['x-message']) : `${name}：${String(s['x-message'])}`;
      const clause = error.keyword === 'format' ? FORMAT_MESSAGES[String(p.format)] : undefined;
      return `${name}${clause ?? '格式不正确'}`;
    }
    default:
      return `${fieldName(r, error.instancePath)}不合法`;
  }
}

export function formatAjvErrors(errors: ErrorObject[] | null | undefined, root: AnySchema): string {
  if (!errors || errors.length === 0) return '请求参数不合法';
  return formatAjvError(errors[0]!, root);
}
