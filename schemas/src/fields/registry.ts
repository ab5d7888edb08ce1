/**
 * The field-type registry (NocoBase's "field interfaces"): everything the product knows about a
 * type of field lives in its one entry — SQL column, JSON Schema in requests and responses,
 * the text a value reads as (list, description, operation log, Excel), form widget and its
 * properties, filter operators, sortability, database conversions and Excel cell. A new type is
 * a new entry here and one in the browser's map (runtime/renderers/fields), not edits in five
 * switches. Pure and isomorphic.
 */
import type { FieldDef, FieldType, JSONSchema } from './types';
import { dateTimeWithZone, isDateTimeText } from '../validators';
import { chinaText, chinaWallDate, decimalText, instantOfChinaWall, moneyText, scaleNumFmt, trimmedDecimal } from './format';

/** within: a region code and every region beneath it (310000 上海市 takes 310115 浦东新区) */
export type FilterOp = 'eq' | 'in' | 'range' | 'like' | 'within';
export type CellKind =
  | 'text' | 'longText' | 'integer' | 'decimal' | 'money' | 'boolean' | 'date' | 'datetime'
  | 'enum' | 'reference' | 'references' | 'region' | 'attachments' | 'json';

/**
 * What a value's text needs from outside the registry: enumeration labels, referenced records'
 * titles and region names, which the browser holds in its caches and the server in its catalogue.
 */
export interface TextContext {
  enumLabel(enumName: string, code: unknown): string | undefined;
  refTitle(entity: string, id: number): string | undefined;
  regionLabel(code: string): string | undefined;
  /** a json value the caller can name better than its JSON (the log names a role's permissions) */
  jsonText?(v: unknown, f: FieldDef): string | undefined;
}

/** What an Excel import/export needs from outside the registry (labels, titles, regions, both ways). */
export interface ExcelContext extends TextContext {
  enumCode(enumName: string, label: string): string | number | undefined;
  /** An enum's labels in order, for messages listing the allowed values. */
  enumLabels?(enumName: string): string[];
  refId(entity: string, title: string): number | undefined;
  regionCode(label: string): string | undefined;
}

/** A designer layout field's own settings the widget properties may follow. */
export interface WidgetHints { rows?: number }

export type ExcelRead = { value: unknown } | { error: string };

export interface FieldTypeDef {
  column(f: FieldDef): string;
  /** JSON Schema of the value a request carries */
  input(f: FieldDef, enumValues?: (string | number)[]): JSONSchema;
  /** JSON Schema of the value a response carries (defaults to input) */
  output?(f: FieldDef, enumValues?: (string | number)[]): JSONSchema;
  cell: CellKind;
  /**
   * The value as people read it, never blank-checked here (`fieldText` does): one text for list
   * cells, descriptions, the operation log and Excel, so 99.90 never shows as 99.9 elsewhere.
   */
  text(v: unknown, f: FieldDef, ctx: TextContext): string;
  /** designer compType of the form widget (seed 001 §3) */
  widget: string;
  /** the designer item's properties this type sets (precision, option source, limits) */
  widgetProps?(f: FieldDef, hints: WidgetHints): Record<string, unknown>;
  /** takes a whole form row */
  wide?: boolean;
  /** filter operators, the default first; empty: not filterable */
  filters: FilterOp[];
  sortable: boolean;
  /** request value → column value (server) */
  toDb?(v: unknown, f: FieldDef): unknown;
  excel: {
    /** the cell's number format; with a value, that value's own (a trimmed quantity's decimals) */
    numFmt?(f: FieldDef, v?: unknown): string | undefined;
    write(v: unknown, f: FieldDef, ctx: ExcelContext): string | number | boolean | Date | null;
    read(raw: unknown, f: FieldDef, ctx: ExcelContext): ExcelRead;
    /** the import template's note on how to fill the column */
    hint?(f: FieldDef, labels: (enumName: string) => string[]): string | undefined;
    /** the import template's drop-down of allowed values */
    choices?(f: FieldDef, labels: (enumName: string) => string[]): string[] | undefined;
  };
}

const blankCell = (raw: unknown) => raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
const textOf = (raw: unknown): string => (raw instanceof Date ? raw.toISOString() : typeof raw === 'object' && raw && 'text' in raw ? String((raw as { text: unknown }).text) : String(raw)).trim();
const json = (v: unknown) => (v === null || v === undefined ? v : JSON.stringify(v));

function stringSchema(f: FieldDef): JSONSchema {
  const s: JSONSchema = { type: 'string' };
  if (f.maxLength) s.maxLength = f.maxLength;
  if (f.minLength !== undefined) s.minLength = f.minLength;
  if (f.pattern) s.pattern = f.pattern;
  if (f.format) s.format = f.format;
  if (f.patternMessage) s['x-message'] = f.patternMessage;
  if (f.required) s['x-notBlank'] = true;
  return s;
}

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The text of a value of field `f`; '' when nothing is entered. */
export function fieldText(f: FieldDef, v: unknown, ctx: TextContext): string {
  return blank(v) ? '' : fieldType(f).text(v, f, ctx);
}

/** How several labels or titles in one cell may be separated (the export writes 、). */
export const LIST_SEPARATORS = /[;；,，、]/;
/** Titles are separated only by semicolons and 、 (a company name may hold a comma). */
export const TITLE_SEPARATORS = /[;；、]/;

/** A cell that holds the value's text (labels, titles, names), as the list shows it. */
function writesText(v: unknown, f: FieldDef, ctx: ExcelContext): string | null {
  return blank(v) ? null : fieldType(f).text(v, f, ctx);
}

const plainText = (v: unknown) => String(v);
const listText = (items: string[]) => items.join('、');

const textCell = {
  write: writesText,
  read: (raw: unknown): ExcelRead => ({ value: blankCell(raw) ? null : textOf(raw) }),
};

/** Exact decimals travel as strings ("36.00") in responses and as string or number in requests. */
function decimal(precision: number, scale: number, cell: 'decimal' | 'money'): FieldTypeDef {
  const p = (f: FieldDef) => f.precision ?? precision;
  const s = (f: FieldDef) => f.scale ?? scale;
  return {
    column: (f) => `numeric(${p(f)}, ${s(f)})`,
    input: (f) => ({
      type: ['string', 'number'],
      'x-decimal': { precision: p(f), scale: s(f), ...(f.minimum !== undefined ? { minimum: f.minimum } : {}), ...(f.maximum !== undefined ? { maximum: f.maximum } : {}) },
    }),
    output: () => ({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }),
    cell,
    // Money keeps its scale (99.90); a measured quantity drops trailing zeros (36.5 t, not 36.5000).
    text: cell === 'money' ? (v, f) => moneyText(v, s(f)) : (v) => decimalText(v),
    widget: 'inputNumber',
    widgetProps: (f) => ({ min: f.minimum ?? null, max: f.maximum ?? null, step: 1, value: null, precision: s(f), decimal: true, 'controls-position': 'right' }),
    filters: ['range', 'eq'],
    sortable: true,
    toDb: (v) => (v === null || v === undefined || v === '' ? null : String(v)),
    excel: {
      // A number cell (so a spreadsheet sums it) formatted as the list shows it.
      numFmt: cell === 'money' ? (f) => scaleNumFmt(s(f)) : (_f, v) => (blank(v) ? undefined : scaleNumFmt(trimmedDecimal(v).split('.')[1]?.length ?? 0)),
      write: (v) => (blank(v) ? null : Number(v)),
      read: (raw) => {
        if (blankCell(raw)) return { value: null };
        const text = typeof raw === 'number' ? String(raw) : textOf(raw).replace(/,/g, '');
        return /^-?\d+(\.\d+)?$/.test(text) ? { value: text } : { error: '应为数字' };
      },
    },
  };
}

function integer(column: string): FieldTypeDef {
  return {
    column: () => column,
    input: () => ({ type: 'integer' }),
    cell: 'integer',
    // Integers are counts and numbers people quote (编号 1024): no separators.
    text: plainText,
    widget: 'inputNumber',
    widgetProps: (f) => ({ min: f.minimum ?? null, max: f.maximum ?? null, step: 1, value: null, precision: 0, decimal: false, 'controls-position': 'right' }),
    filters: ['in', 'eq', 'range'],
    sortable: true,
    excel: {
      write: (v) => (blank(v) ? null : Number(v)),
      read: (raw) => {
        if (blankCell(raw)) return { value: null };
        const n = Number(typeof raw === 'number' ? raw : textOf(raw).replace(/,/g, ''));
        return Number.isInteger(n) ? { value: n } : { error: '应为整数' };
      },
    },
  };
}

function dateLike(kind: 'date' | 'datetime'): FieldTypeDef {
  return {
    column: () => (kind === 'date' ? 'date' : 'timestamptz'),
    // A datetime is accepted as people write it (YYYY-MM-DD HH:mm:ss, China time) or with a zone; responses carry ISO.
    input: () => ({ type: 'string', format: kind === 'date' ? 'date' : 'datetime' }),
    output: () => ({ type: 'string', format: kind === 'date' ? 'date' : 'date-time' }),
    cell: kind,
    text: (v) => chinaText(v, kind === 'datetime'),
    widget: 'date',
    widgetProps: () => (kind === 'date'
      ? { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }
      : { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss', 'value-format': 'yyyy-MM-dd HH:mm:ss' }),
    filters: ['range'],
    sortable: true,
    ...(kind === 'datetime' ? { toDb: (v: unknown) => (typeof v === 'string' && v !== '' ? dateTimeWithZone(v) : v === '' ? null : v) } : {}),
    excel: {
      numFmt: () => (kind === 'date' ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss'),
      ...(kind === 'date' ? { hint: () => '格式 2026-01-31' } : {}),
      // A spreadsheet has no zones: a time cell holds the China wall time the list shows.
      write: (v) => (blank(v) ? null : kind === 'date' ? chinaText(v, false) : chinaWallDate(v)),
      read: (raw) => {
        if (blankCell(raw)) return { value: null };
        if (raw instanceof Date) return { value: kind === 'date' ? raw.toISOString().slice(0, 10) : instantOfChinaWall(raw).toISOString() };
        const text = textOf(raw).replace(/\//g, '-');
        if (kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? { value: text } : { error: '应为日期(YYYY-MM-DD)' };
        const t = isDateTimeText(text) ? Date.parse(dateTimeWithZone(text)) : NaN;
        return Number.isNaN(t) ? { error: '应为时间(YYYY-MM-DD HH:mm:ss)' } : { value: new Date(t).toISOString() };
      },
    },
  };
}

export const FIELD_TYPES: Record<FieldType, FieldTypeDef> = {
  string: {
    column: (f) => `varchar(${f.maxLength ?? 255})`,
    input: stringSchema,
    cell: 'text',
    text: plainText,
    widget: 'input',
    widgetProps: (f) => ({ maxLength: f.maxLength ?? 255, ...(f.writeOnly ? { 'show-password': true } : {}) }),
    filters: ['eq', 'in', 'like'],
    sortable: true,
    // Leading and trailing blanks are never meant: keep what people typed, minus the edges.
    toDb: (v) => (typeof v === 'string' ? v.trim() : v),
    excel: textCell,
  },
  text: {
    column: () => 'text',
    input: stringSchema,
    cell: 'longText',
    text: plainText,
    widget: 'textarea',
    widgetProps: (f, hints) => ({ maxlength: f.maxLength ?? 2000, rows: hints.rows ?? 3, 'show-word-limit': true }),
    wide: true,
    filters: ['like'],
    sortable: false,
    excel: textCell,
  },
  integer: integer('integer'),
  bigint: integer('bigint'),
  number: decimal(18, 4, 'decimal'),
  money: decimal(18, 2, 'money'),
  boolean: {
    column: () => 'boolean',
    input: () => ({ type: 'boolean' }),
    cell: 'boolean',
    text: (v) => (v ? '是' : '否'),
    widget: 'Switch',
    widgetProps: (f) => ({ value: f.default === true }),
    filters: ['eq'],
    sortable: true,
    excel: {
      write: writesText,
      read: (raw) => {
        if (blankCell(raw)) return { value: null };
        if (typeof raw === 'boolean') return { value: raw };
        const t = textOf(raw);
        if (['是', 'Y', 'y', '1', 'true', 'TRUE'].includes(t)) return { value: true };
        if (['否', 'N', 'n', '0', 'false', 'FALSE'].includes(t)) return { value: false };
        return { error: '应为"是"或"否"' };
      },
    },
  },
  date: dateLike('date'),
  datetime: dateLike('datetime'),
  json: {
    column: () => 'jsonb',
    input: (f) => ({ ...(f.items ?? {}) }),
    cell: 'json',
    text: (v, f, ctx) => ctx.jsonText?.(v, f) ?? (typeof v === 'string' ? v : JSON.stringify(v)),
    // A list of flat objects (contacts, price lines) edits as a table of its item properties.
    widget: 'dynamicTable',
    wide: true,
    filters: [],
    sortable: false,
    toDb: json,
    excel: {
      write: (v) => (blank(v) ? null : typeof v === 'string' ? v : JSON.stringify(v)),
      read: (raw) => {
        if (blankCell(raw)) return { value: null };
        try {
          return { value: JSON.parse(textOf(raw)) };
        } catch {
          return { error: '应为JSON' };
        }
      },
    },
  },
  enum: {
    column: (f) => (f.multiple ? 'jsonb' : 'integer'),
    input: (f, values) => {
      const item: JSONSchema = values?.length ? { enum: values } : { type: 'integer' };
      if (values?.length) item.type = typeof values[0] === 'string' ? 'string' : 'integer';
      return f.multiple ? { type: 'array', items: item, uniqueItems: true, maxItems: 100 } : item;
    },
    cell: 'enum',
    text: (v, f, ctx) => listText((Array.isArray(v) ? v : [v]).map((c) => ctx.enumLabel(f.enum ?? '', c) ?? String(c))),
    widget: 'select',
    widgetProps: (f) => ({ dataType: 'store', storeDispatchName: `enum:${f.enum}`, options: [], multiple: Boolean(f.multiple), filterable: true, value: f.default ?? '' }),
    filters: ['in', 'eq'],
    sortable: true,
    toDb: (v, f) => (f.multiple ? json(v) : v),
    excel: {
      write: writesText,
      // 、 between values: a value itself may hold a / (政府/事业单位, 展会/陌拜).
      hint: (f, labels) => (f.enum ? `可选：${labels(f.enum).join('、')}${f.multiple ? '（多个用;分隔）' : ''}` : undefined),
      choices: (f, labels) => (f.enum && !f.multiple ? labels(f.enum) : undefined),
      read: (raw, f, ctx) => {
        if (blankCell(raw)) return { value: f.multiple ? [] : null };
        const labels = f.multiple ? textOf(raw).split(LIST_SEPARATORS).map((x) => x.trim()).filter(Boolean) : [textOf(raw)];
        const codes: (string | number)[] = [];
        for (const label of labels) {
          const code = ctx.enumCode(f.enum!, label);
          if (code === undefined) {
            const allowed = ctx.enumLabels?.(f.enum!) ?? [];
            return { error: `「${label}」不是可选值${allowed.length && allowed.length <= 20 ? `（可选：${allowed.join('、')}）` : ''}` };
          }
          codes.push(code);
        }
        return { value: f.multiple ? codes : codes[0] };
      },
    },
  },
  reference: {
    column: () => 'integer',
    input: () => ({ type: 'integer', minimum: 1, maximum: 2147483647 }),
    output: () => ({ type: 'integer' }),
    cell: 'reference',
    text: (v, f, ctx) => ctx.refTitle(f.ref!, Number(v)) ?? String(v),
    // The designer's select; its ref: option source makes it the searchable picker over the entity.
    widget: 'select',
    widgetProps: (f) => ({ dataType: 'store', storeDispatchName: `ref:${f.ref}`, options: [], multiple: f.type === 'references', filterable: true, ...(f.filterBy ? { refFilter: f.filterBy } : {}) }),
    filters: ['eq', 'in'],
    sortable: false,
    excel: {
      write: writesText,
      hint: () => '填写名称',
      read: (raw, f, ctx) => {
        if (blankCell(raw)) return { value: null };
        const id = ctx.refId(f.ref!, textOf(raw));
        return id === undefined ? { error: `「${textOf(raw)}」不存在` } : { value: id };
      },
    },
  },
  references: {
    column: () => 'jsonb',
    input: () => ({ type: 'array', items: { type: 'integer', minimum: 1, maximum: 2147483647 }, uniqueItems: true, maxItems: 200 }),
    cell: 'references',
    text: (v, f, ctx) => (Array.isArray(v) ? listText(v.map((id) => ctx.refTitle(f.ref!, Number(id)) ?? String(id))) : String(v)),
    widget: 'select',
    widgetProps: (f) => ({ dataType: 'store', storeDispatchName: `ref:${f.ref}`, options: [], multiple: f.type === 'references', filterable: true, ...(f.filterBy ? { refFilter: f.filterBy } : {}) }),
    filters: [],
    sortable: false,
    toDb: json,
    excel: {
      write: writesText,
      hint: () => '填写名称，多个用;分隔',
      read: (raw, f, ctx) => {
        if (blankCell(raw)) return { value: [] };
        const ids: number[] = [];
        for (const title of textOf(raw).split(TITLE_SEPARATORS).map((x) => x.trim()).filter(Boolean)) {
          const id = ctx.refId(f.ref!, title);
          if (id === undefined) return { error: `「${title}」不存在` };
          ids.push(id);
        }
        return { value: ids };
      },
    },
  },
  region: {
    column: () => 'varchar(6)',
    input: (f) => ({ type: 'string', format: 'region', ...(f.patternMessage ? { 'x-message': f.patternMessage } : {}) }),
    cell: 'region',
    text: (v, _f, ctx) => ctx.regionLabel(String(v)) ?? String(v),
    widget: 'cascaderRegion',
    filters: ['eq', 'in', 'within'],
    sortable: false,
    excel: {
      write: writesText,
      hint: () => '如 浙江省/湖州市/长兴县',
      read: (raw, _f, ctx) => {
        if (blankCell(raw)) return { value: null };
        const text = textOf(raw);
        if (/^\d{6}$/.test(text)) return { value: text };
        const code = ctx.regionCode(text);
        return code ? { value: code } : { error: `「${text}」不是有效的地区` };
      },
    },
  },
  attachments: {
    column: () => 'jsonb',
    input: () => ({
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        required: ['name', 'url'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          url: { type: 'string', pattern: '^/api/v1/file-base/file/', maxLength: 500 },
          fileName: { type: 'string', maxLength: 200 },
          size: { type: 'integer', minimum: 0 },
          type: { type: 'string', maxLength: 100 },
        },
      },
    }),
    cell: 'attachments',
    text: (v) => {
      const files = (Array.isArray(v) ? v : []) as { name?: string }[];
      const names = files.map((a) => a?.name).filter(Boolean) as string[];
      return names.length === files.length ? listText(names) : `${files.length}个文件`;
    },
    widget: 'upload',
    widgetProps: () => ({ limit: 20, multiple: true, buttonText: '上传附件', value: [] }),
    wide: true,
    filters: [],
    sortable: false,
    toDb: json,
    excel: {
      write: writesText,
      // Files can't travel in a spreadsheet; an import leaves attachments empty.
      read: () => ({ value: [] }),
    },
  },
};

/**
 * The entry of a field's type. Every caller looks its type up here at call time and keeps no copy,
 * so an entry added to FIELD_TYPES (a test's fixture type) is seen by columns, schemas, text,
 * widgets, filters, the log and Excel alike.
 */
export function fieldType(f: FieldDef): FieldTypeDef {
  const t = FIELD_TYPES[f.type];
  if (!t) throw new Error(`unknown field type ${String(f.type)}`);
  return t;
}

/** The filter operators a field supports; the first is the default. */
export function filterOps(f: FieldDef): FilterOp[] {
  return fieldType(f).filters;
}

export const MASKS: Record<NonNullable<FieldDef['mask']>, (v: string) => string> = {
  idcard: (v) => (v.length > 8 ? `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}` : v),
  mobile: (v) => (v.length >= 11 ? `${v.slice(0, 3)}****${v.slice(-4)}` : v),
  bankAccount: (v) => (v.length > 8 ? `${'*'.repeat(v.length - 4)}${v.slice(-4)}` : v),
};
