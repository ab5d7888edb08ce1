import { describe, expect, it } from 'vitest';
import {
  addColConf, appendColumn, appendRow, canMergeDown, canMergeRight, canSplit, changeProp, collectIds, convertDefaultValue, copyItem, createItem,
  DATE_FORMATS, emptyForm, findExpression, findItem, generateId, insertItem, isSafeApiPath, labelWidthFor, layoutOf, locate, mergeDown,
  mergeRight, moveItem, MSG, newSession, placeholderFor, placementError, removeItem, RULE_PRESETS, setRowColumns, splitCell, tableRows,
  unknownLayoutMessage, unsafeActions, uploadCheck, validateCascaderJson, type Container,
} from '../../../schemas/src/designer-rules';
import { COMPONENTS } from '../../../schemas/src/components/registry';
import type { DesignerItem } from '../../../schemas/src/form-to-formily';

const ROOT: Container = { kind: 'root' };

describe('ids', () => {
  it('prefixes fd_, row_, table_ with a timestamp and never repeats', () => {
    expect(generateId('input', undefined, 1700000000000)).toMatch(/^fd_\d{13}$/);
    expect(generateId('row')).toMatch(/^row_\d+$/);
    expect(generateId('table')).toMatch(/^table_\d+$/);
    const a = generateId('input');
    const b = generateId('input');
    expect(a).not.toBe(b);
    const taken = new Set([`fd_${Date.now() + 5000}`]);
    expect(taken.has(generateId('input', taken, Date.now() + 5000))).toBe(false);
  });

  it('a duplicate id is refused with 该ID已经存在，请修改 and the id reverted', () => {
    const item = createItem('input');
    const r = changeProp(item, 'id', 'name', newSession(), new Set(['name']));
    expect(r.error).toBe('该ID已经存在，请修改');
    expect(r.item.id).toBe(item.id);
    const ok = changeProp(item, 'id', 'customerName', newSession(), new Set(['name']));
    expect(ok.item.id).toBe('customerName');
    expect(ok.item._id).toBe('customerName');
    expect(changeProp(item, 'id', '9bad', newSession()).item.id).toBe(item.id);
  });
});

describe('defaults of the registry (seed 001 §3)', () => {
  it('defines the 30 compTypes with their groups', () => {
    expect(Object.keys(COMPONENTS)).toHaveLength(30);
    expect(COMPONENTS.row!.group).toBe('layout');
    expect(COMPONENTS.button!.group).toBe('assist');
    expect(COMPONENTS.tdItem!.inPalette).toBe(false);
  });
  it('creates items with the seed defaults', () => {
    const input = createItem('input');
    expect(input).toMatchObject({ maxLength: 50, span: 24, labelWidth: 80, ruleError: '该字段不能为空', size: 'medium', placeholder: '请输入单行文本' });
    expect(createItem('textarea')).toMatchObject({ maxlength: 500, rows: 2 });
    expect(createItem('inputNumber')).toMatchObject({ min: 0, max: 100, step: 1, precision: 0 });
    expect(createItem('slider')).toMatchObject({ min: 0, max: 20, step: 1 });
    expect(createItem('rate')).toMatchObject({ max: 5, value: 1 });
    expect(createItem('date')).toMatchObject({ format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' });
    expect(createItem('time')).toMatchObject({ format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' });
    expect(createItem('editor')).toMatchObject({ max: 2000 });
    expect(createItem('colorPicker')).toMatchObject({ value: '#409EFF', 'color-format': 'hex' });
    expect(createItem('upload')).toMatchObject({ fileSize: 10, 'list-type': 'text', accept: ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip', 'rar'] });
    expect(createItem('dialogList')).toMatchObject({ title: 'please choose', height: 500 });
    expect((createItem('dialogList').colConf as { width: number }[])[0]!.width).toBe(150);
    expect(createItem('barCode')).toMatchObject({ format: 'CODE128', lineColor: '#000000', background: '#ffffff', width: 5, height: 30, fontSize: 12 });
    expect(createItem('dynamicTable')).toMatchObject({ 'sum-text': '合计', 'summary-text': '元' });
    expect(createItem('selectStaff')).toMatchObject({ filterable: true, clearable: true });
    expect(createItem('Switch')).toMatchObject({ 'active-value': 'true', 'inactive-value': 'false', value: false });
    const row = createItem('row');
    expect(row.id).toMatch(/^row_/);
    expect(row.columns!.map((c) => c.span)).toEqual([12, 12]);
    const table = createItem('table');
    expect(table.id).toMatch(/^table_/);
    const cells = tableRows(table)[0]!;
    expect(cells.map((c) => c.style?.width)).toEqual([15, 35, 15, 35]);
    expect(cells[0]!.style?.background).not.toBe(cells[1]!.style?.background);
    expect(new Set(cells.map((c) => c.id)).size).toBe(4);
  });
  it('applies the remembered span to new components', () => {
    const session = changeProp(createItem('input'), 'span', 12, newSession()).session;
    expect(session.rememberedSpan).toBe(12);
    expect(createItem('select', new Set(), session).span).toBe(12);
  });
});

describe('property transitions (seed 001 §4)', () => {
  const s = newSession();
  it('label rewrites the placeholder: 请输入 for input/inputNumber/textarea, 请选择 otherwise', () => {
    expect(changeProp(createItem('input'), 'label', '姓名', s).item.placeholder).toBe('请输入姓名');
    expect(changeProp(createItem('inputNumber'), 'label', '数量', s).item.placeholder).toBe('请输入数量');
    expect(changeProp(createItem('textarea'), 'label', '备注', s).item.placeholder).toBe('请输入备注');
    expect(changeProp(createItem('select'), 'label', '类型', s).item.placeholder).toBe('请选择类型');
    expect(changeProp(createItem('date'), 'label', '日期', s).item.placeholder).toBe('请选择日期');
    expect(placeholderFor('cascader', '地区')).toBe('请选择地区');
  });
  it('show-label sets the label width: 80 on; off 1, or 0 for button and barCode', () => {
    expect(changeProp(createItem('select'), 'showLabel', false, s).item.labelWidth).toBe(1);
    expect(changeProp(createItem('checkbox'), 'showLabel', false, s).item.labelWidth).toBe(1);
    expect(changeProp(createItem('button'), 'showLabel', false, s).item.labelWidth).toBe(0);
    expect(changeProp(createItem('barCode'), 'showLabel', false, s).item.labelWidth).toBe(0);
    expect(changeProp(createItem('barCode'), 'showLabel', true, s).item.labelWidth).toBe(80);
    expect(labelWidthFor('input', true)).toBe(80);
  });
  it('dataType dynamic saves and empties the options; static restores them', () => {
    for (const type of ['select', 'radio', 'checkbox', 'cascader']) {
      const item = { ...createItem(type), options: [{ label: 'A', value: 'a' }] } as DesignerItem;
      const dyn = changeProp(item, 'dataType', 'dynamic', newSession());
      expect(dyn.item.options).toEqual([]);
      const back = changeProp(dyn.item, 'dataType', 'static', dyn.session);
      expect(back.item.options).toEqual([{ label: 'A', value: 'a' }]);
    }
    const staff = { ...createItem('selectStaff'), dataType: 'static', options: [{ label: '张三', value: 1 }] } as DesignerItem;
    const store = changeProp(staff, 'dataType', 'store', newSession());
    expect(store.item.options).toEqual([]);
    expect(changeProp(store.item, 'dataType', 'static', store.session).item.options).toEqual([{ label: '张三', value: 1 }]);
  });
  it('multiple resets the value to [] on and "" off', () => {
    for (const type of ['select', 'selectDepartment', 'selectStaff']) {
      const on = changeProp(createItem(type), 'multiple', true, s).item;
      expect(on.value).toEqual([]);
      expect(changeProp(on, 'multiple', false, s).item.value).toBe('');
    }
  });
  it('date type sets the format', () => {
    const date = createItem('date');
    expect(changeProp(date, 'type', 'week', s).item.format).toBe('yyyy 第 WW 周');
    expect(changeProp(date, 'type', 'month', s).item.format).toBe('yyyy-MM');
    expect(changeProp(date, 'type', 'year', s).item.format).toBe('yyyy');
    expect(changeProp(date, 'type', 'datetime', s).item.format).toBe('yyyy-MM-dd HH:mm:ss');
    expect(changeProp(date, 'type', 'daterange', s).item.format).toBe('yyyy-MM-dd');
    expect(changeProp(date, 'type', 'datetimerange', s).item.format).toBe('yyyy-MM-dd HH:mm:ss');
    expect(DATE_FORMATS.date).toBe('yyyy-MM-dd');
  });
  it('validation type appends the preset rule with its message', () => {
    const item = createItem('input');
    const phone = changeProp(item, 'rulesType', 'phone', s).item;
    expect(phone.rules).toEqual([{ rule: RULE_PRESETS.phone!.rule, msg: '您输入的电话号码不符合规则' }]);
    const both = changeProp(phone, 'rulesType', 'email', s).item;
    expect(both.rules!.map((r) => r.msg)).toEqual(['您输入的电话号码不符合规则', '您输入的邮件地址不符合规则']);
    expect(RULE_PRESETS.number!.msg).toBe('您输入的内容不符合纯数字规则');
    expect(RULE_PRESETS.idcard!.msg).toBe('您输入的身份证号码不符合规则');
    expect(new RegExp(RULE_PRESETS.phone!.rule).test('13800138000')).toBe(true);
    expect(new RegExp(RULE_PRESETS.phone!.rule).test('12800138000')).toBe(false);
    expect(new RegExp(RULE_PRESETS.idcard!.rule).test('11010519491231002X')).toBe(true);
    expect(new RegExp(RULE_PRESETS.idcard!.rule).test('110105194912310')).toBe(true);
    expect(new RegExp(RULE_PRESETS.number!.rule).test('12a')).toBe(false);
    expect(new RegExp(RULE_PRESETS.email!.rule).test('a@b.cn')).toBe(true);
  });
  it('upload list type restricts the accept list', () => {
    const upload = createItem('upload');
    expect(changeProp(upload, 'list-type', 'picture-card', s).item.accept).toEqual(['jpg', 'jpeg', 'png']);
    expect(changeProp(upload, 'list-type', 'text', s).item.accept).toHaveLength(10);
  });
  it('link new-window sets the target; barcode colours reset when cleared', () => {
    expect(changeProp(createItem('link'), 'newWindow', true, s).item.target).toBe('_blank');
    expect(changeProp(createItem('link'), 'newWindow', false, s).item.target).toBe('_self');
    expect(changeProp(createItem('barCode'), 'lineColor', '', s).item.lineColor).toBe('#000000');
    expect(changeProp(createItem('barCode'), 'background', null, s).item.background).toBe('#ffffff');
  });
  it('default value text is converted', () => {
    expect(convertDefaultValue(createItem('input'), 'true')).toBe(true);
    expect(convertDefaultValue(createItem('radio'), 'false')).toBe(false);
    expect(convertDefaultValue(createItem('select'), 'true')).toBe('true');
    expect(convertDefaultValue({ ...createItem('select'), multiple: true }, 'a,b')).toEqual(['a', 'b']);
    expect(convertDefaultValue(createItem('selectStaff'), '12')).toBe(12);
    expect(convertDefaultValue({ ...createItem('selectStaff'), multiple: true }, '1,2')).toEqual([1, 2]);
    expect(convertDefaultValue(createItem('input'), 'abc')).toBe('abc');
  });
  it('dynamic addresses must be same-origin API paths', () => {
    expect(changeProp(createItem('select'), 'action', 'https://evil.example/x', s).error).toBe(MSG.unsafeAction);
    expect(changeProp(createItem('select'), 'action', '//evil.example/x', s).error).toBe(MSG.unsafeAction);
    expect(changeProp(createItem('select'), 'action', '/api/v1/x/list?type=1', s).item.action).toBe('/api/v1/x/list?type=1');
    expect(isSafeApiPath('javascript:alert(1)')).toBe(false);
    expect(isSafeApiPath('/api/../../etc')).toBe(false);
    expect(isSafeApiPath('')).toBe(true);
    const form = emptyForm();
    form.list = [{ ...createItem('select'), action: 'http://x' }];
    expect(unsafeActions(form)).toHaveLength(1);
  });
  it('static cascader data must be valid JSON; dialog columns need label+property, unique', () => {
    expect(validateCascaderJson('[{"label":"a","value":"1"}]').ok).toBe(true);
    expect(validateCascaderJson('{bad')).toEqual({ ok: false, error: MSG.cascaderJson });
    expect(addColConf([], { label: '', property: 'x' })).toEqual({ ok: false, error: MSG.colConfEmpty });
    const one = addColConf([], { label: '名称', property: 'name' });
    expect(one.ok && one.list[0]).toMatchObject({ width: 150, show: true });
    expect(addColConf(one.ok ? one.list : [], { label: '名', property: 'name' })).toEqual({ ok: false, error: MSG.colConfDuplicate });
  });
});

describe('placement (seed 001 §5)', () => {
  it('gives the exact messages', () => {
    const col: Container = { kind: 'col', rowId: 'r', col: 0 };
    const dyn: Container = { kind: 'dynamic', tableId: 't' };
    const cell: Container = { kind: 'cell', tableId: 't', r: 0, c: 0 };
    expect(placementError('row', col)).toBe('布局组件不允许被嵌套！');
    expect(placementError('input', col)).toBeNull();
    for (const t of ['input', 'select', 'radio', 'checkbox', 'Switch', 'inputNumber', 'textarea', 'slider', 'rate', 'date', 'time']) expect(placementError(t, dyn)).toBeNull();
    expect(placementError('upload', dyn)).toBe('该组件不允许被放入动态表格内！');
    expect(placementError('row', dyn)).toBe('布局组件不允许放入动态表格！');
    expect(placementError('row', cell)).toBe('该组件不允许被放入表格内！');
    expect(placementError('dynamicTable', cell)).toBe('该组件不允许被放入表格内！');
    expect(placementError('input', cell)).toBeNull();
    expect(() => layoutOf({ id: 'x', compType: 'input', layout: 'gridItem' })).toThrow('没有与gridItem匹配的layout');
    expect(unknownLayoutMessage('x')).toBe('没有与x匹配的layout');
  });
  it('a refused move rolls the item back to its old index', () => {
    const row = createItem('row');
    const other = createItem('row');
    const input = createItem('input');
    const list = [input, row, other];
    const r = moveItem(list, other.id, { kind: 'col', rowId: row.id, col: 0 }, 0);
    expect(r.ok).toBe(false);
    expect(r.list).toBe(list);
    expect(locate(r.list, other.id)).toEqual({ container: ROOT, index: 2 });
  });
  it('inserts, moves into columns / dynamic tables / cells, and removes', () => {
    const row = createItem('row');
    const dyn = createItem('dynamicTable');
    const table = createItem('table');
    const input = createItem('input');
    let list: DesignerItem[] = [row, dyn, table, input];
    let r = moveItem(list, input.id, { kind: 'col', rowId: row.id, col: 1 }, 0);
    expect(r.ok).toBe(true);
    list = r.list;
    expect(locate(list, input.id)!.container).toEqual({ kind: 'col', rowId: row.id, col: 1 });
    r = moveItem(list, input.id, { kind: 'dynamic', tableId: dyn.id }, 0);
    list = r.list;
    expect(findItem(list, input.id)!.layout).toBe('dynamicItem');
    r = moveItem(list, input.id, { kind: 'cell', tableId: table.id, r: 0, c: 1 }, 0);
    list = r.list;
    expect(locate(list, input.id)!.container).toEqual({ kind: 'cell', tableId: table.id, r: 0, c: 1 });
    r = insertItem(list, createItem('select'), ROOT, 0);
    expect(r.list[0]!.compType).toBe('select');
    expect(findItem(removeItem(list, input.id), input.id)).toBeUndefined();
    // reorder within the root
    const a = createItem('input');
    const b = createItem('input');
    const c = createItem('input');
    expect(moveItem([a, b, c], a.id, ROOT, 3).list.map((i) => i.id)).toEqual([b.id, c.id, a.id]);
    expect(moveItem([a, b, c], c.id, ROOT, 0).list.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
  });
  it('copies rows and tables with all children under fresh ids', () => {
    const row = createItem('row');
    row.columns![0]!.list = [createItem('input')];
    const copy = copyItem(row, collectIds([row]));
    expect(copy.id).not.toBe(row.id);
    expect(copy.columns![0]!.list![0]!.id).not.toBe(row.columns![0]!.list![0]!.id);
    expect(copy.columns![0]!.list![0]!.compType).toBe('input');
    const table = createItem('table');
    const tcopy = copyItem(table, collectIds([table]));
    const ids = collectIds([table]);
    for (const cell of tableRows(tcopy)[0]!) expect(ids.has(cell.id!)).toBe(false);
  });
});

describe('layout-table cells', () => {
  it('merge right/down hide the neighbour and grow the span; split undoes; append adds cells', () => {
    let table = createItem('table');
    table = appendRow(table);
    expect(tableRows(table)).toHaveLength(2);
    expect(tableRows(table)[1]).toHaveLength(4);
    expect(canMergeRight(table, 0, 0)).toBe(true);
    expect(canSplit(table, 0, 0)).toBe(false);
    table = mergeRight(table, 0, 0);
    expect(tableRows(table)[0]![0]!.col).toBe(2);
    expect(tableRows(table)[0]![1]!.hide).toBe(true);
    expect(canSplit(table, 0, 0)).toBe(true);
    // the cell to the right of the hidden one is offered only when single and unmerged
    expect(canMergeRight(table, 0, 0)).toBe(true);
    expect(canMergeRight(table, 0, 2)).toBe(true);
    table = mergeRight(table, 0, 2);
    expect(canMergeRight(table, 0, 0)).toBe(false);
    expect(canMergeDown(table, 0, 0)).toBe(true);
    table = mergeDown(table, 0, 0);
    expect(tableRows(table)[0]![0]!.row).toBe(2);
    expect(tableRows(table)[1]![0]!.hide).toBe(true);
    expect(canMergeDown(table, 0, 0)).toBe(false);
    table = splitCell(table, 0, 0);
    expect(tableRows(table)[0]![0]).toMatchObject({ col: 1, row: 1 });
    expect(tableRows(table)[0]![1]!.hide).toBe(false);
    expect(tableRows(table)[1]![0]!.hide).toBe(false);
    table = appendColumn(table);
    expect(tableRows(table).every((row) => row.length === 5)).toBe(true);
  });
  it('merging down a cell that spans two columns covers both cells below, so every row keeps its slots', () => {
    let table = appendRow(createItem('table'));
    table = mergeRight(table, 0, 0);
    table = mergeDown(table, 0, 0);
    expect(tableRows(table)[0]![0]).toMatchObject({ col: 2, row: 2 });
    expect(tableRows(table)[1]!.slice(0, 2).map((cell) => cell.hide)).toEqual([true, true]);
    // every row is covered exactly once per column: the table stays aligned
    const width = tableRows(table)[0]!.length;
    const covered = tableRows(table).map(() => Array(width).fill(0) as number[]);
    tableRows(table).forEach((row, r) => row.forEach((cell, c) => {
      if (cell.hide) return;
      for (let i = r; i < r + (cell.row ?? 1); i++) for (let j = c; j < c + (cell.col ?? 1); j++) covered[i]![j]!++;
    }));
    expect(covered.flat().every((n) => n === 1)).toBe(true);
    // and the merge is refused when one of the cells below is already merged
    let other = appendRow(createItem('table'));
    other = mergeRight(other, 0, 0);
    other = mergeRight(other, 1, 1);
    expect(canMergeDown(other, 0, 0)).toBe(false);
    // splitting brings both back
    table = splitCell(table, 0, 0);
    expect(tableRows(table)[1]!.slice(0, 2).map((cell) => cell.hide)).toEqual([false, false]);
  });
  it('row columns keep their children when the spans change', () => {
    const row = createItem('row');
    row.columns![1]!.list = [createItem('input')];
    const one = setRowColumns(row, [24]);
    expect(one.columns).toHaveLength(1);
    expect(one.columns![0]!.list).toHaveLength(1);
    expect(setRowColumns(row, [8, 8, 30]).columns!.map((c) => c.span)).toEqual([8, 8, 24]);
  });
});

describe('safety', () => {
  it('finds executable expressions anywhere', () => {
    expect(findExpression({ list: [{ label: 'ok' }] })).toBeNull();
    expect(findExpression({ list: [{ options: [{ label: '{{ window.x }}' }] }] })).toBe('/list/0/options/0/label');
  });
});

describe('upload checks', () => {
  const accept = ['jpg', 'jpeg', 'png'];
  it('refuses other extensions, oversize files and a full list with the seed messages', () => {
    expect(uploadCheck({ name: 'a.PNG', size: 100 }, { accept, fileSize: 10, count: 0, limit: 1 })).toBeNull();
    expect(uploadCheck({ name: 'a.exe', size: 100 }, { accept, fileSize: 10, count: 0, limit: 1 })).toBe('该后缀文件不允许上传');
    expect(uploadCheck({ name: 'noext', size: 100 }, { accept })).toBe('该后缀文件不允许上传');
    expect(uploadCheck({ name: 'a.png', size: 10 * 1024 * 1024 + 1 }, { accept, fileSize: 10 })).toBe('文件大小超出限制，请检查！');
    expect(uploadCheck({ name: 'a.png', size: 1 }, { accept, count: 1, limit: 1 })).toBe('请先删除原文件');
    expect(MSG.uploadFailed).toBe('文件上传失败');
  });
});
