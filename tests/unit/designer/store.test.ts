import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DesignerStore, findCell } from '../../../designer/store';
import { findItem, MSG } from '../../../schemas/src/designer-rules';

beforeEach(() => {
  vi.stubGlobal('localStorage', { setItem: vi.fn(), getItem: vi.fn() });
});

describe('designer store', () => {
  it('adding selects the new item; delete of the active item clears the selection', () => {
    const store = new DesignerStore();
    expect(store.add('input')).toBeNull();
    const first = store.getState().activeId!;
    store.add('select');
    const second = store.getState().activeId!;
    expect(second).not.toBe(first);
    store.remove(first);
    expect(store.getState().activeId).toBe(second);
    store.remove(second);
    expect(store.getState().activeId).toBeUndefined();
    expect(store.getState().form.list).toHaveLength(0);
  });
  it('refused drops leave the form unchanged and return the message', () => {
    const store = new DesignerStore();
    store.add('dynamicTable');
    const dyn = store.getState().activeId!;
    const before = store.getState().form;
    expect(store.add('row', { kind: 'dynamic', tableId: dyn })).toBe(MSG.layoutInDynamicTable);
    expect(store.add('upload', { kind: 'dynamic', tableId: dyn })).toBe(MSG.notInDynamicTable);
    expect(store.getState().form).toBe(before);
    expect(store.add('input', { kind: 'dynamic', tableId: dyn })).toBeNull();
  });
  it('undo and redo every canvas and property change; typing coalesces', () => {
    const store = new DesignerStore();
    store.add('input');
    const id = store.getState().activeId!;
    store.change(id, 'label', '姓');
    store.change(id, 'label', '姓名');
    expect(findItem(store.getState().form.list, id)!.placeholder).toBe('请输入姓名');
    store.copy(id);
    expect(store.getState().form.list).toHaveLength(2);
    store.undo();
    expect(store.getState().form.list).toHaveLength(1);
    store.undo();
    expect(findItem(store.getState().form.list, id)!.label).toBe('单行文本');
    store.redo();
    expect(findItem(store.getState().form.list, id)!.label).toBe('姓名');
    store.undo();
    store.undo();
    expect(store.getState().form.list).toHaveLength(0);
    store.redo();
    expect(store.getState().form.list).toHaveLength(1);
  });
  it('clear empties the canvas; load replaces it; both undoable', () => {
    const store = new DesignerStore();
    store.add('input');
    store.clear();
    expect(store.getState().form.list).toHaveLength(0);
    store.undo();
    expect(store.getState().form.list).toHaveLength(1);
    store.load({ config: {}, list: [] });
    expect(store.getState().form.list).toHaveLength(0);
  });
  it('edits layout-table cells by id', () => {
    const store = new DesignerStore();
    store.add('table');
    const table = findItem(store.getState().form.list, store.getState().activeId!)!;
    const cellId = (table.layoutArray as any)[0][0].id as string;
    store.cell(cellId, 'mergeRight');
    expect(findCell(store.getState().form.list, cellId)!.cell.col).toBe(2);
    store.cell(cellId, { prop: 'style.background', value: '#eeeeee' });
    expect(findCell(store.getState().form.list, cellId)!.cell.style!.background).toBe('#eeeeee');
    store.cell(cellId, 'split');
    expect(findCell(store.getState().form.list, cellId)!.cell.col).toBe(1);
  });
  it('a duplicate id is reverted', () => {
    const store = new DesignerStore();
    store.add('input');
    const a = store.getState().activeId!;
    store.add('input');
    const b = store.getState().activeId!;
    expect(store.change(b, 'id', a)).toBe('该ID已经存在，请修改');
    expect(findItem(store.getState().form.list, b)).toBeDefined();
  });
});
