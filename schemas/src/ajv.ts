/**
 * The one ajv setup used to validate requests on the server and forms in the browser, with
 * Chinese messages that name the field by its `title`.
 */
import Ajv, { type ErrorObject, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import { FORMAT_MESSAGES, FORMAT_VALIDATORS } from './validators';
import { richTextLength } from './format';

export function createAjv(options: { coerceTypes?: boolean | 'array' } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: false,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  for (const [name, fn] of Object.entries(FORMAT_VALIDATORS)) ajv.addFormat(name, { type: 'string', validate: fn });
  // Annotations carried by generated schemas; declared so strict tooling accepts them.
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-enum', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-ref', schemaType: 'string' });
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

type Schemaish = { title?: string; properties?: Record<string, Schemaish>; items?: Schemaish; 'x-message'?: string } & Record<string, unknown>;

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

function fieldName(root: Schemaish, path: string, fallback?: string): string {
  const s = schemaAt(root, path);
  if (s?.title) return s.title;
  const last = path.split('/').filter(Boolean).pop();
  return last ?? fallback ?? '请求参数';
}

const TYPE_NAMES: Record<string, string> = {
  string: '文本', integer: '整数', number: '数字', boolean: '布尔值', object: '对象', array: '数组', null: '空值',
};

/** One Chinese sentence for the first error, naming the field (by title when the schema has one). */
export function formatAjvError(error: ErrorObject, root: AnySchema): string {
  const r = (typeof root === 'object' ? root : {}) as Schemaish;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const child = `${error.instancePath}/${String(p.missingProperty)}`;
      return `缺少必填字段：${fieldName(r, child)}`;
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
        ? `${fieldName(r, error.instancePath)}不能为空`
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
      return `${fieldName(r, error.instancePath)}至少${String(p.limit)}项`;
    case 'enum':
      return `${fieldName(r, error.instancePath)}的取值不在允许范围内`;
    case 'const':
      return `${fieldName(r, error.instancePath)}的取值不正确`;
    case 'x-maxText':
      return `${fieldName(r, error.instancePath)}超过最大字符数${String((schemaAt(r, error.instancePath) ?? {})['x-maxText'])}`;
    case 'pattern':
    case 'format': {
      const s = schemaAt(r, error.instancePath);
      const msg = s?.['x-message'] ?? (error.keyword === 'format' ? FORMAT_MESSAGES[String(p.format)] : undefined);
      return msg ? `${fieldName(r, error.instancePath)}：${msg}` : `${fieldName(r, error.instancePath)}格式不正确`;
    }
    default:
      return `${fieldName(r, error.instancePath)}不合法`;
  }
}

export function formatAjvErrors(errors: ErrorObject[] | null | undefined, root: AnySchema): string {
  if (!errors || errors.length === 0) return '请求参数不合法';
  return formatAjvError(errors[0]!, root);
}
