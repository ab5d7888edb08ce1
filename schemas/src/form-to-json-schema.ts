/**
 * Compiles a form definition (designer format) into the JSON Schema of its submitted data: the
 * server validates submissions with it (required, patterns, lengths, min/max, option membership),
 * using the same rules the browser form applies.
 */
import type { DesignerForm, DesignerItem, FormOption } from './form-to-formily';
import { DEFAULT_RULE_ERROR, requiredMessage, sameAsMessage } from './form-to-formily';
import { componentOf } from './components/registry';
import { childLists, columnKey } from './designer-rules';

type Schema = Record<string, unknown>;

export interface JsonSchemaOptions {
  /** options of store-backed items (enum:x, staff, ...); when absent those values are not membership-checked */
  resolveOptions?: (source: string, item: DesignerItem) => FormOption[] | undefined;
}

function flatValues(options: readonly FormOption[] | undefined): (string | number | boolean)[] {
  const out: (string | number | boolean)[] = [];
  const walk = (list: readonly FormOption[] | undefined) => {
    for (const option of list ?? []) {
      out.push(option.value);
      walk(option.children);
    }
  };
  walk(options);
  return out;
}

function staticOptions(item: DesignerItem): FormOption[] | undefined {
  if (item.dataType && item.dataType !== 'static') return undefined;
  return Array.isArray(item.options) && item.options.length > 0 ? item.options : undefined;
}

function validPattern(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

function stringSchema(item: DesignerItem): Schema {
  const schema: Schema = { type: 'string' };
  const maxLength = (item.maxLength ?? item.maxlength) as number | undefined;
  if (typeof maxLength === 'number' && maxLength > 0) schema.maxLength = maxLength;
  const patterns = (item.rules ?? []).filter((rule) => rule?.rule && validPattern(rule.rule));
  if (patterns.length === 1) {
    schema.pattern = patterns[0]!.rule;
    schema['x-message'] = patterns[0]!.msg;
  } else if (patterns.length > 1) {
    schema.allOf = patterns.map((rule) => ({ pattern: rule.rule, 'x-message': rule.msg }));
  }
  return schema;
}

/** The schema of one data item's value and whether it is required. */
export function valueSchema(item: DesignerItem, opts: JsonSchemaOptions = {}): Schema | undefined {
  const t = item.compType;
  const title = item.label || item.id;
  const options = staticOptions(item);
  const values = options ? flatValues(options) : undefined;
  let schema: Schema | undefined;
  switch (t) {
    case 'input':
    case 'textarea':
      schema = stringSchema(item);
      break;
    case 'editor':
      schema = { type: 'string', maxLength: 200000 };
      // The editor counts text, not markup: the server applies the same count as the browser.
      if (item.validateMaxText !== false) schema['x-maxText'] = Math.max(100, typeof item.max === 'number' ? item.max : 2000);
      break;
    case 'inputNumber':
      schema = { type: 'number' };
      if (typeof item.min === 'number') schema.minimum = item.min;
      if (typeof item.max === 'number') schema.maximum = item.max;
      break;
    case 'slider': {
      const bounds: Schema = { type: 'number', minimum: typeof item.min === 'number' ? item.min : 0, maximum: typeof item.max === 'number' ? item.max : 20 };
      schema = item.range ? { type: 'array', items: bounds, minItems: 2, maxItems: 2 } : bounds;
      break;
    }
    case 'rate':
      schema = { type: 'number', minimum: 0, maximum: typeof item.max === 'number' ? item.max : 5 };
      break;
    case 'Switch':
      schema = { type: ['boolean', 'string'] };
      break;
    case 'select':
    case 'selectDepartment':
    case 'selectStaff':
    case 'radio': {
      let allowed = values;
      if (!allowed && item.dataType === 'store' && opts.resolveOptions) {
        const source = (item.storeDispatchName as string) || (t === 'selectStaff' ? 'staff' : t === 'selectDepartment' ? 'department' : '');
        const resolved = source ? opts.resolveOptions(source, item) : undefined;
        if (resolved) allowed = flatValues(resolved);
      }
      const scalar: Schema = allowed ? { enum: allowed } : { type: ['string', 'number', 'boolean'] };
      schema = item.multiple ? { type: 'array', items: scalar, uniqueItems: true } : scalar;
      break;
    }
    case 'checkbox': {
      schema = { type: 'array', items: values ? { enum: values } : { type: ['string', 'number', 'boolean'] }, uniqueItems: true };
      if (typeof item.max === 'number' && item.max >= 1) schema.maxItems = item.max;
      if (item.required && typeof item.min === 'number' && item.min >= 1) schema.minItems = item.min;
      break;
    }
    case 'date': {
      const range = typeof item.type === 'string' && item.type.endsWith('range');
      schema = range ? { type: 'array', items: { type: 'string', maxLength: 50 }, maxItems: 2 } : { type: 'string', maxLength: 50 };
      break;
    }
    case 'time':
      schema = item['is-range'] ? { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 2 } : { type: 'string', maxLength: 20 };
      break;
    case 'colorPicker':
      schema = { type: 'string', maxLength: 50, pattern: '^(#[0-9A-Fa-f]{3,8}|rgba?\\([0-9., %]+\\)|hsla?\\([0-9., %]+\\)|hsva?\\([0-9., %]+\\))?$' };
      break;
    case 'cascader':
      schema = { type: 'array', items: values ? { enum: values } : { type: ['string', 'number'] } };
      break;
    case 'cascaderRegion':
      schema = { type: ['string', 'array'], maxLength: 20 };
      break;
    case 'upload':
      schema = {
        type: 'array',
        maxItems: typeof item.limit === 'number' ? item.limit : item.multiple ? 50 : 1,
        items: {
          type: 'object',
          required: ['name', 'url'],
          properties: { name: { type: 'string', maxLength: 255 }, url: { type: 'string', maxLength: 500, pattern: '^/api/v1/file-base/file/[A-Za-z0-9._-]+$' }, fileName: { type: 'string' } },
          additionalProperties: false,
        },
      };
      break;
    case 'dialogList':
      schema = { type: 'string', maxLength: 2000 };
      break;
    case 'dynamicTable': {
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const column of (item.columns ?? []) as unknown as DesignerItem[]) {
        const columnSchema = valueSchema(column, opts);
        if (!columnSchema) continue;
        properties[columnKey(column)] = columnSchema;
        if (column.required) required.push(columnKey(column));
      }
      schema = { type: 'array', maxItems: 1000, items: { type: 'object', properties, required, additionalProperties: false } };
      break;
    }
    default:
      return undefined;
  }
  schema.title = title;
  // Must equal another item (确认新密码): checked against the sibling value (schemas/src/ajv.ts), then
  // dropped before the handler sees the body (server/crud/request-validation.ts dropConfirmations).
  if (item.sameAs) {
    schema['x-sameAs'] = item.sameAs;
    schema['x-sameAsMessage'] = sameAsMessage(item);
  }
  if (item.required) {
    schema['x-message'] ??= item.ruleError || DEFAULT_RULE_ERROR;
    // The words the browser shows for an empty required item (form-to-formily `requiredMessage`).
    schema['x-requiredMessage'] = requiredMessage(item);
    if (schema.type === 'string') schema.minLength = 1;
    if (schema.type === 'array' && schema.minItems === undefined) schema.minItems = 1;
  }
  return schema;
}

/** Data items of a form in order (rows and layout-table cells flattened; dynamic-table columns stay inside their table). */
export function dataItems(list: readonly DesignerItem[] | undefined): DesignerItem[] {
  const out: DesignerItem[] = [];
  for (const item of list ?? []) {
    const def = componentOf(item.compType);
    if (item.compType === 'dynamicTable') {
      out.push(item);
      continue;
    }
    if (def?.dataField) out.push(item);
    for (const child of childLists(item)) out.push(...dataItems(child));
  }
  return out;
}

export function formToJsonSchema(form: DesignerForm, opts: JsonSchemaOptions = {}): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const item of dataItems(form.list)) {
    const schema = valueSchema(item, opts);
    if (!schema) continue;
    properties[item.id] = schema;
    if (item.required) required.push(item.id);
  }
  return { type: 'object', title: form.title ?? (form.config?.name as string | undefined), properties, required, additionalProperties: false };
}
