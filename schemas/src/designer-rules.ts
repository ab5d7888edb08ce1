/**
 * The pure transitions of the form designer (seed 001 §4-§5): item creation and ids, property
 * changes with their side effects, placement checks with their exact messages, tree edits
 * (insert, move, copy, delete) and the layout-table cell operations. No React, no DOM: the
 * designer's store calls these, and unit tests cover each one.
 */
import type { DesignerForm, DesignerItem, FormOption } from './form-to-formily';
import { COMPONENTS, componentOf, contentCell, DATE_TYPES, INPUT_PLACEHOLDER_TYPES, UPLOAD_ACCEPT_ALL, UPLOAD_ACCEPT_PICTURE } from './components/registry';

export const MSG = {
  nestedLayout: '布局组件不允许被嵌套！',
  notInDynamicTable: '该组件不允许被放入动态表格内！',
  layoutInDynamicTable: '布局组件不允许放入动态表格！',
  notInTable: '该组件不允许被放入表格内！',
  duplicateId: '该ID已经存在，请修改',
  clearConfirm: '此操作将清空整个表单,是否继续?',
  batchDeleteConfirm: '确认删除选中的数据?',
  emptyCanvas: '从左侧拖拽添加控件',
  badExtension: '该后缀文件不允许上传',
  tooLarge: '文件大小超出限制，请检查！',
  uploadFailed: '文件上传失败',
  deleteFirst: '请先删除原文件',
  colConfEmpty: '字段和属性不能为空，请检查',
  colConfDuplicate: '属性已存在，请检查',
  unsafeAction: '数据接口只能填写本站接口路径（以 /api/ 开头），不能填写完整网址',
  invalidId: 'ID只能包含字母、数字和下划线，且不能以数字开头',
  cascaderJson: '级联数据必须是合法的JSON',
} as const;

export const unknownLayoutMessage = (layout: string) => `没有与${layout}匹配的layout`;

export const FORM_CONFIG_DEFAULTS = {
  version: '1.10',
  formRef: 'elForm',
  formModel: 'form',
  rules: 'rules',
  formRules: 'rules',
  size: 'medium',
  labelPosition: 'right',
  labelWidth: 80,
  gutter: 15,
  disabled: false,
  dynamicTableAllowed: true,
} as const;

export function emptyForm(): DesignerForm {
  return { config: { ...FORM_CONFIG_DEFAULTS }, list: [] };
}

/* ------------------------------------------------------------------ ids */

export const ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function idPrefix(compType: string): string {
  if (compType === 'row') return 'row_';
  if (compType === 'table') return 'table_';
  if (compType === 'tdItem') return 'td_';
  return 'fd_';
}

let lastStamp = 0;
/** fd_/row_/table_ + a timestamp, strictly increasing so two items made in one millisecond differ. */
export function generateId(compType: string, taken?: ReadonlySet<string>, now: number = Date.now()): string {
  let stamp = Math.max(now, lastStamp + 1);
  while (taken?.has(`${idPrefix(compType)}${stamp}`)) stamp += 1;
  lastStamp = stamp;
  return `${idPrefix(compType)}${stamp}`;
}

/**
 * The row property a dynamic-table column holds: its `field` when it has one (a business form's
 * column bound to a child entity's field, whose id is prefixed by the table's so it stays unique
 * in the form), else its id.
 */
export function columnKey(column: DesignerItem): string {
  return typeof column.field === 'string' && column.field ? column.field : column.id;
}

/** The first id used twice in a form (items, nested items, table cells), if any. */
export function duplicateId(list: readonly DesignerItem[] | undefined): string | undefined {
  const seen = new Set<string>();
  let dup: string | undefined;
  const see = (id: unknown) => {
    if (typeof id !== 'string' || dup) return;
    if (seen.has(id)) dup = id;
    seen.add(id);
  };
  walkItems(list, (item) => {
    see(item.id);
    for (const row of tableRows(item)) for (const cell of row) see(cell.id);
  });
  return dup;
}

/**
 * A form saved before table columns had ids of their own (a business form's `contacts` column
 * `name` beside the top-level `name`): each dynamic-table column whose id another component
 * uses becomes `<table>_<id>` holding the same row property, so the designer can select, edit
 * and save it. Other forms come back unchanged.
 */
export function separateColumnIds(form: DesignerForm): DesignerForm {
  const counts = new Map<string, number>();
  walkItems(form.list, (item) => counts.set(item.id, (counts.get(item.id) ?? 0) + 1));
  if (![...counts.values()].some((n) => n > 1)) return form;
  const taken = new Set(counts.keys());
  const fix = (list: DesignerItem[] | undefined): DesignerItem[] | undefined => list?.map((item) => {
    if (item.compType !== 'dynamicTable') {
      const lists = childLists(item);
      if (!lists.length) return item;
      if (item.compType === 'row') return { ...item, columns: (item.columns ?? []).map((c) => ({ ...c, list: fix(c.list) })) } as DesignerItem;
      if (item.compType === 'table') return { ...item, layoutArray: tableRows(item).map((row) => row.map((cell) => ({ ...cell, columns: fix(cell.columns) ?? [] }))) } as DesignerItem;
      return item;
    }
    const columns = ((item.columns ?? []) as unknown as DesignerItem[]).map((column) => {
      if ((counts.get(column.id) ?? 0) < 2) return column;
      let id = `${item.id}_${column.id}`;
      for (let n = 2; taken.has(id); n++) id = `${item.id}_${column.id}${n}`;
      taken.add(id);
      counts.set(column.id, (counts.get(column.id) ?? 1) - 1);
      return { ...column, id, _id: id, field: columnKey(column) };
    });
    return { ...item, columns } as unknown as DesignerItem;
  });
  return { ...form, list: fix(form.list) ?? [] };
}

/** Every id used in a form: items, nested items, table cells. */
export function collectIds(list: readonly DesignerItem[] | undefined, into = new Set<string>()): Set<string> {
  walkItems(list, (item) => {
    into.add(item.id);
    for (const row of tableRows(item)) for (const cell of row) if (cell.id) into.add(String(cell.id));
  });
  return into;
}

/* ------------------------------------------------------------------ walking */

export interface TableCell {
  id?: string;
  col: number;
  row: number;
  hide?: boolean;
  style?: { background?: string; width?: number };
  columns: DesignerItem[];
  [key: string]: unknown;
}

export function tableRows(item: DesignerItem): TableCell[][] {
  return item.compType === 'table' && Array.isArray(item.layoutArray) ? (item.layoutArray as TableCell[][]) : [];
}

/** The nested item lists of an item: row columns, dynamic-table columns, layout-table cells. */
export function childLists(item: DesignerItem): DesignerItem[][] {
  if (item.compType === 'row') return (item.columns ?? []).map((column) => column.list ?? []);
  if (item.compType === 'dynamicTable') return [(item.columns ?? []) as unknown as DesignerItem[]];
  if (item.compType === 'table') return tableRows(item).flatMap((row) => row.map((cell) => cell.columns ?? []));
  return [];
}

export function walkItems(list: readonly DesignerItem[] | undefined, visit: (item: DesignerItem, parent?: DesignerItem) => void, parent?: DesignerItem): void {
  for (const item of list ?? []) {
    visit(item, parent);
    for (const child of childLists(item)) walkItems(child, visit, item);
  }
}

export function findItem(list: readonly DesignerItem[], id: string): DesignerItem | undefined {
  let found: DesignerItem | undefined;
  walkItems(list, (item) => {
    if (!found && item.id === id) found = item;
  });
  return found;
}

/* ------------------------------------------------------------------ creation */

export interface DesignerSession {
  /** the last span chosen in a panel, applied to new components (seed 001 §4) */
  rememberedSpan?: number;
  /** static options saved when dataType left 'static', by item id */
  savedOptions: Record<string, FormOption[]>;
}

export function newSession(): DesignerSession {
  return { savedOptions: {} };
}

export function createItem(compType: string, taken: ReadonlySet<string> = new Set(), session?: DesignerSession): DesignerItem {
  const def = componentOf(compType);
  if (!def) throw new Error(`不支持的组件类型: ${compType}`);
  const ids = new Set(taken);
  const id = generateId(compType, ids);
  ids.add(id);
  const item = { ...structuredClone(def.defaults()), id } as DesignerItem;
  if (def.dataField || compType === 'barCode' || compType === 'button') item._id = id;
  if (session?.rememberedSpan && typeof item.span === 'number') item.span = session.rememberedSpan;
  if (compType === 'table') {
    for (const row of tableRows(item)) for (const cell of row) {
      cell.id = generateId('tdItem', ids);
      ids.add(cell.id);
    }
  }
  return item;
}

/** A deep copy with fresh ids for the item and every child (rows, dynamic tables, layout tables). */
export function copyItem(item: DesignerItem, taken: ReadonlySet<string>): DesignerItem {
  const ids = new Set(taken);
  const clone = structuredClone(item);
  const renew = (entry: DesignerItem) => {
    entry.id = generateId(entry.compType, ids);
    ids.add(entry.id);
    if ('_id' in entry) entry._id = entry.id;
    for (const row of tableRows(entry)) for (const cell of row) {
      cell.id = generateId('tdItem', ids);
      ids.add(cell.id);
    }
  };
  walkItems([clone], renew);
  return clone;
}

/* ------------------------------------------------------------------ placement */

export type Container =
  | { kind: 'root' }
  | { kind: 'col'; rowId: string; col: number }
  | { kind: 'dynamic'; tableId: string }
  | { kind: 'cell'; tableId: string; r: number; c: number };

/** null when the item may go into the container, else the seed's message. */
export function placementError(compType: string, container: Container): string | null {
  const def = componentOf(compType);
  if (!def) return unknownLayoutMessage(compType);
  if (container.kind === 'root') return null;
  if (container.kind === 'col') return def.layoutComponent ? MSG.nestedLayout : null;
  if (container.kind === 'dynamic') {
    if (def.layoutComponent) return MSG.layoutInDynamicTable;
    return def.inDynamicTable ? null : MSG.notInDynamicTable;
  }
  return def.inTableCell ? null : MSG.notInTable;
}

const KNOWN_LAYOUTS = new Set(['colItem', 'rowItem', 'dynamicItem', 'tableItem']);
/** The canvas/renderer layout of an item; an unknown one is the seed's error. */
export function layoutOf(item: DesignerItem): string {
  const layout = (item.layout as string | undefined) ?? (item.compType === 'row' ? 'rowItem' : 'colItem');
  if (!KNOWN_LAYOUTS.has(layout)) throw new Error(unknownLayoutMessage(layout));
  return layout;
}

/** The list a container designates inside a (mutable, already cloned) list; undefined if it no longer exists. */
function containerList(list: DesignerItem[], container: Container): DesignerItem[] | undefined {
  if (container.kind === 'root') return list;
  if (container.kind === 'col') {
    const row = findItem(list, container.rowId);
    const column = row?.columns?.[container.col];
    if (!column) return undefined;
    column.list ??= [];
    return column.list;
  }
  if (container.kind === 'dynamic') {
    const table = findItem(list, container.tableId);
    if (!table || table.compType !== 'dynamicTable') return undefined;
    table.columns ??= [];
    return table.columns as unknown as DesignerItem[];
  }
  const table = findItem(list, container.tableId);
  const cell = table ? tableRows(table)[container.r]?.[container.c] : undefined;
  if (!cell) return undefined;
  cell.columns ??= [];
  return cell.columns;
}

function layoutFor(container: Container): string {
  return container.kind === 'dynamic' ? 'dynamicItem' : container.kind === 'cell' ? 'tableItem' : 'colItem';
}

export type EditResult = { ok: true; list: DesignerItem[] } | { ok: false; error: string; list: DesignerItem[] };

/** Inserts an item (new or copied) into a container at index; a refused placement leaves the list unchanged. */
export function insertItem(list: readonly DesignerItem[], item: DesignerItem, container: Container, index?: number): EditResult {
  const error = placementError(item.compType, container);
  if (error) return { ok: false, error, list: list as DesignerItem[] };
  const next = structuredClone(list) as DesignerItem[];
  const target = containerList(next, container);
  if (!target) return { ok: false, error: '目标容器不存在', list: list as DesignerItem[] };
  const placed = structuredClone(item);
  if (!['row', 'table', 'dynamicTable'].includes(placed.compType)) placed.layout = layoutFor(container);
  target.splice(index === undefined ? target.length : Math.max(0, Math.min(index, target.length)), 0, placed);
  return { ok: true, list: next };
}

export function removeItem(list: readonly DesignerItem[], id: string): DesignerItem[] {
  const prune = (entries: DesignerItem[]): DesignerItem[] =>
    entries.filter((item) => item.id !== id).map((item) => {
      if (item.compType === 'row') return { ...item, columns: (item.columns ?? []).map((column) => ({ ...column, list: prune(column.list ?? []) })) };
      if (item.compType === 'dynamicTable') return { ...item, columns: prune((item.columns ?? []) as unknown as DesignerItem[]) as never };
      if (item.compType === 'table') return { ...item, layoutArray: tableRows(item).map((row) => row.map((cell) => ({ ...cell, columns: prune(cell.columns ?? []) }))) };
      return item;
    });
  return prune(list as DesignerItem[]);
}

/** Where an item sits: its container and index. */
export function locate(list: readonly DesignerItem[], id: string): { container: Container; index: number } | undefined {
  const direct = list.findIndex((item) => item.id === id);
  if (direct >= 0) return { container: { kind: 'root' }, index: direct };
  let found: { container: Container; index: number } | undefined;
  walkItems(list, (item) => {
    if (found) return;
    if (item.compType === 'row') (item.columns ?? []).forEach((column, col) => {
      const index = (column.list ?? []).findIndex((child) => child.id === id);
      if (index >= 0 && !found) found = { container: { kind: 'col', rowId: item.id, col }, index };
    });
    if (item.compType === 'dynamicTable') {
      const index = ((item.columns ?? []) as unknown as DesignerItem[]).findIndex((child) => child.id === id);
      if (index >= 0) found = { container: { kind: 'dynamic', tableId: item.id }, index };
    }
    if (item.compType === 'table') tableRows(item).forEach((row, r) => row.forEach((cell, c) => {
      const index = (cell.columns ?? []).findIndex((child) => child.id === id);
      if (index >= 0 && !found) found = { container: { kind: 'cell', tableId: item.id, r, c }, index };
    }));
  });
  return found;
}

/**
 * Moves an item to a container/index. A refused move (placement rule, or into itself) returns the
 * error and the original list: the item is rolled back to its old index (seed 001 §4).
 */
export function moveItem(list: readonly DesignerItem[], id: string, container: Container, index: number): EditResult {
  const item = findItem(list, id);
  const from = locate(list, id);
  if (!item || !from) return { ok: false, error: '组件不存在', list: list as DesignerItem[] };
  const error = placementError(item.compType, container);
  if (error) return { ok: false, error, list: list as DesignerItem[] };
  if (container.kind !== 'root') {
    const hostId = container.kind === 'col' ? container.rowId : container.tableId;
    if (hostId === id || (findItem([item], hostId) && hostId !== id)) return { ok: false, error: MSG.nestedLayout, list: list as DesignerItem[] };
  }
  let target = index;
  if (JSON.stringify(from.container) === JSON.stringify(container) && from.index < index) target -= 1;
  const without = removeItem(list, id);
  return insertItem(without, item, container, target);
}

/** Replaces one item (by id) with a new version. */
export function replaceItem(list: readonly DesignerItem[], id: string, next: DesignerItem): DesignerItem[] {
  const map = (entries: DesignerItem[]): DesignerItem[] =>
    entries.map((item) => {
      if (item.id === id) return next;
      if (item.compType === 'row') return { ...item, columns: (item.columns ?? []).map((column) => ({ ...column, list: map(column.list ?? []) })) };
      if (item.compType === 'dynamicTable') return { ...item, columns: map((item.columns ?? []) as unknown as DesignerItem[]) as never };
      if (item.compType === 'table') return { ...item, layoutArray: tableRows(item).map((row) => row.map((cell) => ({ ...cell, columns: map(cell.columns ?? []) }))) };
      return item;
    });
  return map(list as DesignerItem[]);
}

/* ------------------------------------------------------------------ property transitions */

export function placeholderFor(compType: string, label: string): string {
  return `${INPUT_PLACEHOLDER_TYPES.includes(compType) ? '请输入' : '请选择'}${label}`;
}

/** Label width when the show-label switch changes: 80 on; off 0 for button and barCode, 1 for the rest. */
export function labelWidthFor(compType: string, showLabel: boolean): number {
  if (showLabel) return 80;
  return compType === 'button' || compType === 'barCode' ? 0 : 1;
}

export const DATE_FORMATS: Record<string, string> = {
  date: 'yyyy-MM-dd',
  week: 'yyyy 第 WW 周',
  month: 'yyyy-MM',
  year: 'yyyy',
  datetime: 'yyyy-MM-dd HH:mm:ss',
  daterange: 'yyyy-MM-dd',
  monthrange: 'yyyy-MM',
  datetimerange: 'yyyy-MM-dd HH:mm:ss',
};
void DATE_TYPES;

export const RULE_PRESETS: Record<string, { rule: string; msg: string }> = {
  phone: { rule: '^1[3-9]\\d{9}$', msg: '您输入的电话号码不符合规则' },
  email: { rule: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', msg: '您输入的邮件地址不符合规则' },
  number: { rule: '^\\d+$', msg: '您输入的内容不符合纯数字规则' },
  idcard: { rule: '^(\\d{15}|\\d{17}[\\dXx])$', msg: '您输入的身份证号码不符合规则' },
};

/** A same-origin API path: starts with /api/, no scheme, no protocol-relative //, no backslash or whitespace. */
export function isSafeApiPath(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value !== 'string') return false;
  return /^\/api\/[A-Za-z0-9\-._~/%?&=,:]*$/.test(value) && !value.includes('//') && !value.includes('..');
}

/** The default-value text of the panel converted to the item's value (seed 001 §4). */
export function convertDefaultValue(item: DesignerItem, text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const numeric = (s: string) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s);
  const t = item.compType;
  if (t === 'select' || t === 'selectDepartment') {
    if (item.multiple) return text === '' ? [] : text.split(',').map((s) => s.trim());
    return text;
  }
  if (t === 'selectStaff') {
    if (item.multiple) return text === '' ? [] : text.split(',').map((s) => numeric(s.trim()));
    return text === '' ? '' : numeric(text);
  }
  if (t === 'checkbox' || t === 'cascader') return text === '' ? [] : text.split(',').map((s) => s.trim());
  if (t === 'inputNumber' || t === 'rate' || t === 'slider') return text === '' ? '' : numeric(text);
  if (text === 'true') return true;
  if (text === 'false') return false;
  return text;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cursor = target;
  keys.slice(0, -1).forEach((key) => {
    const next = cursor[key];
    cursor[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as object) } : {};
    cursor = cursor[key] as Record<string, unknown>;
  });
  cursor[keys[keys.length - 1]!] = value;
}

export function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((cursor, key) => (cursor && typeof cursor === 'object' ? (cursor as Record<string, unknown>)[key] : undefined), source);
}

export interface ChangeResult {
  item: DesignerItem;
  session: DesignerSession;
  /** a message to show (the change may have been refused or corrected) */
  error?: string;
}

/**
 * Applies one property change of the panel with every side effect of seed 001 §4. `ids` is the set
 * of ids used in the form (for the duplicate-id check).
 */
export function changeProp(item: DesignerItem, prop: string, value: unknown, session: DesignerSession, ids: ReadonlySet<string> = new Set()): ChangeResult {
  const next = structuredClone(item) as DesignerItem;
  let nextSession = session;
  const t = item.compType;
  switch (prop) {
    case 'id': {
      const id = String(value ?? '');
      if (id === item.id) return { item, session };
      if (ids.has(id)) return { item: { ...next, id: item.id }, session, error: MSG.duplicateId };
      if (!ID_PATTERN.test(id) || id.length > 64) return { item: { ...next, id: item.id }, session, error: MSG.invalidId };
      next.id = id;
      next._id = id;
      return { item: next, session };
    }
    case 'label':
      next.label = String(value ?? '');
      if ('placeholder' in item || componentOf(t)?.dataField) next.placeholder = placeholderFor(t, next.label);
      return { item: next, session };
    case 'span': {
      const span = Math.max(1, Math.min(24, Math.round(Number(value) || 24)));
      next.span = span;
      nextSession = { ...session, rememberedSpan: span };
      return { item: next, session: nextSession };
    }
    case 'showLabel':
      next.showLabel = Boolean(value);
      next.labelWidth = labelWidthFor(t, Boolean(value));
      return { item: next, session };
    case 'dataType': {
      const to = String(value);
      const from = item.dataType ?? 'static';
      next.dataType = to;
      if (to === from) return { item: next, session };
      if (to === 'static') {
        next.options = structuredClone(session.savedOptions[item.id] ?? []);
      } else if (from === 'static') {
        nextSession = { ...session, savedOptions: { ...session.savedOptions, [item.id]: structuredClone(item.options ?? []) } };
        next.options = [];
      }
      return { item: next, session: nextSession };
    }
    case 'multiple':
      next.multiple = Boolean(value);
      if (t === 'select' || t === 'selectDepartment' || t === 'selectStaff') {
        next.value = value ? [] : '';
        if (!value) next['collapse-tags'] = false;
      }
      return { item: next, session };
    case 'type':
      next.type = value;
      if (t === 'date' && typeof value === 'string' && DATE_FORMATS[value]) {
        next.format = DATE_FORMATS[value];
        next['value-format'] = value === 'week' ? 'yyyy-MM-dd' : DATE_FORMATS[value];
        next.value = value.endsWith('range') ? [] : '';
      }
      return { item: next, session };
    case 'rulesType': {
      next.rulesType = value;
      const preset = typeof value === 'string' ? RULE_PRESETS[value] : undefined;
      if (preset) next.rules = [...(item.rules ?? []), { ...preset }];
      return { item: next, session };
    }
    case 'list-type':
      next['list-type'] = value;
      if (t === 'upload') next.accept = value === 'picture-card' ? [...UPLOAD_ACCEPT_PICTURE] : [...UPLOAD_ACCEPT_ALL];
      return { item: next, session };
    case 'newWindow':
      next.newWindow = Boolean(value);
      next.target = value ? '_blank' : '_self';
      return { item: next, session };
    case 'lineColor':
      next.lineColor = value ? value : '#000000';
      return { item: next, session };
    case 'background':
      next.background = value ? value : '#ffffff';
      return { item: next, session };
    case 'value':
      next.value = convertDefaultValue(item, value);
      return { item: next, session };
    case 'action':
      if (!isSafeApiPath(value)) return { item, session, error: MSG.unsafeAction };
      next.action = value;
      return { item: next, session };
    default:
      setPath(next as Record<string, unknown>, prop, value);
      return { item: next, session };
  }
}

/* ------------------------------------------------------------------ options and columns */

export function validateCascaderJson(text: string): { ok: true; options: FormOption[] } | { ok: false; error: string } {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return { ok: false, error: MSG.cascaderJson };
    return { ok: true, options: parsed as FormOption[] };
  } catch {
    return { ok: false, error: MSG.cascaderJson };
  }
}

export interface ColConf {
  index?: number;
  show?: boolean;
  label: string;
  property: string;
  width?: number;
}

/** Adds a dialog-list column: label and property required, property unique. */
export function addColConf(list: readonly ColConf[], column: { label: string; property: string; width?: number }): { ok: true; list: ColConf[] } | { ok: false; error: string } {
  if (!column.label?.trim() || !column.property?.trim()) return { ok: false, error: MSG.colConfEmpty };
  if (list.some((entry) => entry.property === column.property.trim())) return { ok: false, error: MSG.colConfDuplicate };
  return { ok: true, list: [...list, { index: list.length, show: true, label: column.label.trim(), property: column.property.trim(), width: column.width ?? 150 }] };
}

/* ------------------------------------------------------------------ upload */

/** The browser-side upload checks (seed 001 §5): count first, then extension, then size. null when the file may go. */
export function uploadCheck(
  file: { name: string; size: number },
  opts: { accept?: readonly string[]; fileSize?: number; count?: number; limit?: number },
): string | null {
  if (opts.limit !== undefined && (opts.count ?? 0) >= opts.limit) return MSG.deleteFirst;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (opts.accept?.length && !opts.accept.includes(ext)) return MSG.badExtension;
  if (opts.fileSize && file.size > opts.fileSize * 1024 * 1024) return MSG.tooLarge;
  return null;
}

/* ------------------------------------------------------------------ layout-table cells */

function cloneRows(item: DesignerItem): TableCell[][] {
  return structuredClone(tableRows(item));
}

function single(cell: TableCell | undefined): boolean {
  return Boolean(cell) && !cell!.hide && (cell!.col ?? 1) === 1 && (cell!.row ?? 1) === 1;
}

/**
 * Merge right is offered only when the cells to the right, across every row the cell spans, are
 * single, unmerged and visible; merge down likewise below, across every column it spans (a cell
 * spanning two columns hides both cells below it, or the next row would have too many slots).
 */
function rightOf(rows: TableCell[][], r: number, c: number, cell: TableCell): [number, number][] {
  const col = c + (cell.col ?? 1);
  return Array.from({ length: cell.row ?? 1 }, (_, i) => [r + i, col] as [number, number]);
}

function below(rows: TableCell[][], r: number, c: number, cell: TableCell): [number, number][] {
  const row = r + (cell.row ?? 1);
  return Array.from({ length: cell.col ?? 1 }, (_, j) => [row, c + j] as [number, number]);
}

function mergeable(item: DesignerItem, r: number, c: number, side: typeof rightOf): [number, number][] | null {
  const rows = tableRows(item);
  const cell = rows[r]?.[c];
  if (!cell || cell.hide) return null;
  const targets = side(rows, r, c, cell);
  return targets.every(([i, j]) => single(rows[i]?.[j])) ? targets : null;
}

export function canMergeRight(item: DesignerItem, r: number, c: number): boolean {
  return mergeable(item, r, c, rightOf) !== null;
}

export function canMergeDown(item: DesignerItem, r: number, c: number): boolean {
  return mergeable(item, r, c, below) !== null;
}

export function canSplit(item: DesignerItem, r: number, c: number): boolean {
  const cell = tableRows(item)[r]?.[c];
  return Boolean(cell) && !cell!.hide && ((cell!.col ?? 1) > 1 || (cell!.row ?? 1) > 1);
}

function merge(item: DesignerItem, r: number, c: number, side: typeof rightOf, grow: 'col' | 'row'): DesignerItem {
  const targets = mergeable(item, r, c, side);
  if (!targets) return item;
  const rows = cloneRows(item);
  const cell = rows[r]![c]!;
  for (const [i, j] of targets) {
    const covered = rows[i]![j]!;
    covered.hide = true;
    cell.columns = [...(cell.columns ?? []), ...(covered.columns ?? [])];
    covered.columns = [];
  }
  cell[grow] = (cell[grow] ?? 1) + 1;
  return { ...item, layoutArray: rows };
}

export function mergeRight(item: DesignerItem, r: number, c: number): DesignerItem {
  return merge(item, r, c, rightOf, 'col');
}

export function mergeDown(item: DesignerItem, r: number, c: number): DesignerItem {
  return merge(item, r, c, below, 'row');
}

export function splitCell(item: DesignerItem, r: number, c: number): DesignerItem {
  if (!canSplit(item, r, c)) return item;
  const rows = cloneRows(item);
  const cell = rows[r]![c]!;
  for (let i = r; i < r + (cell.row ?? 1); i++) for (let j = c; j < c + (cell.col ?? 1); j++) {
    const covered = rows[i]?.[j];
    if (covered && covered !== cell) covered.hide = false;
  }
  cell.col = 1;
  cell.row = 1;
  return { ...item, layoutArray: rows };
}

export function appendRow(item: DesignerItem, taken: ReadonlySet<string> = new Set()): DesignerItem {
  const rows = cloneRows(item);
  const ids = new Set(taken);
  const width = Math.max(1, rows[0]?.length ?? 4);
  const row = Array.from({ length: width }, (_, c) => {
    const template = rows[0]?.[c];
    const cell = contentCell() as unknown as TableCell;
    if (template?.style) cell.style = { ...template.style };
    cell.id = generateId('tdItem', ids);
    ids.add(cell.id);
    return cell;
  });
  return { ...item, layoutArray: [...rows, row] };
}

export function appendColumn(item: DesignerItem, taken: ReadonlySet<string> = new Set()): DesignerItem {
  const ids = new Set(taken);
  const rows = cloneRows(item).map((row) => {
    const cell = contentCell() as unknown as TableCell;
    cell.id = generateId('tdItem', ids);
    ids.add(cell.id);
    return [...row, cell];
  });
  return { ...item, layoutArray: rows.length ? rows : [[{ ...(contentCell() as unknown as TableCell), id: generateId('tdItem', ids) }]] };
}

/* ------------------------------------------------------------------ row columns */

export function setRowColumns(item: DesignerItem, spans: number[]): DesignerItem {
  const columns = spans.map((span, index) => ({ index, span: Math.max(1, Math.min(24, Math.round(span))), list: item.columns?.[index]?.list ?? [] }));
  // children of dropped columns go to the last column so nothing is lost
  const dropped = (item.columns ?? []).slice(spans.length).flatMap((column) => column.list ?? []);
  if (dropped.length && columns.length) columns[columns.length - 1]!.list = [...columns[columns.length - 1]!.list, ...dropped];
  return { ...item, columns };
}

/* ------------------------------------------------------------------ safety */

const EXPRESSION = /\{\{[\s\S]*\}\}/;
/** The path of the first string holding a {{ }} expression, or null. */
export function findExpression(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return EXPRESSION.test(value) ? path || '/' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findExpression(value[i], `${path}/${i}`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (EXPRESSION.test(key)) return `${path}/${key}`;
      const hit = findExpression(entry, `${path}/${key}`);
      if (hit) return hit;
    }
  }
  return null;
}

/** Every action address of a form that is not a same-origin API path. */
export function unsafeActions(form: DesignerForm): string[] {
  const bad: string[] = [];
  walkItems(form.list, (item) => {
    if (item.compType === 'upload') return; // upload posts to the fixed file service
    if (!isSafeApiPath(item.action)) bad.push(item.id);
  });
  return bad;
}

export { COMPONENTS };
