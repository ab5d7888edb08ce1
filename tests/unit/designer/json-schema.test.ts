import { describe, expect, it } from 'vitest';
import { createAjv, formatAjvErrors } from '../../../schemas/src/ajv';
import { formToJsonSchema } from '../../../schemas/src/form-to-json-schema';
import { createItem, emptyForm } from '../../../schemas/src/designer-rules';
import type { DesignerItem } from '../../../schemas/src/form-to-formily';

function validator(...items: DesignerItem[]) {
  const form = emptyForm();
  form.list = items;
  const schema = formToJsonSchema(form);
  const validate = createAjv().compile(schema);
  return (values: Record<string, unknown>) => (validate(values) ? null : formatAjvErrors(validate.errors, schema));
}

describe('form -> JSON Schema of the submitted data', () => {
  it('required, lengths and patterns', () => {
    const check = validator(
      { ...createItem('input'), id: 'name', label: '姓名', required: true, maxLength: 5 } as DesignerItem,
      { ...createItem('input'), id: 'mobile', label: '手机', rules: [{ rule: '^1[3-9]\\d{9}$', msg: '您输入的电话号码不符合规则' }] } as DesignerItem,
    );
    expect(check({ name: '张三' })).toBeNull();
    expect(check({})).toMatch(/姓名/);
    expect(check({ name: '' })).toMatch(/姓名不能为空/);
    expect(check({ name: '123456' })).toBe('姓名不能超过5个字符');
    expect(check({ name: 'a', mobile: '123' })).toBe('手机：您输入的电话号码不符合规则');
    expect(check({ name: 'a', other: 1 })).toMatch(/不允许的字段/);
  });
  it('min/max, option membership, multiple and checkbox counts', () => {
    const check = validator(
      { ...createItem('inputNumber'), id: 'qty', label: '数量' } as DesignerItem,
      { ...createItem('select'), id: 'kind', label: '类型' } as DesignerItem,
      { ...createItem('select'), id: 'kinds', label: '多类型', multiple: true } as DesignerItem,
      { ...createItem('checkbox'), id: 'tags', label: '标签', required: true, min: 1, max: 1 } as DesignerItem,
      { ...createItem('rate'), id: 'score', label: '评分' } as DesignerItem,
    );
    expect(check({ qty: 100, kind: '1', kinds: ['1', '2'], tags: ['2'], score: 5 })).toBeNull();
    expect(check({ qty: 101, tags: ['1'] })).toBe('数量不能大于100');
    expect(check({ qty: -1, tags: ['1'] })).toBe('数量不能小于0');
    expect(check({ kind: '3', tags: ['1'] })).toMatch(/类型的取值不在允许范围内/);
    expect(check({ kinds: ['9'], tags: ['1'] })).toMatch(/取值不在允许范围内/);
    expect(check({ tags: ['1', '2'] })).toMatch(/标签最多1项/);
    // An empty required list says what the browser says: the item's required message.
    expect(check({ tags: [] })).toBe('标签不能为空');
    expect(check({ tags: ['1'], score: 6 })).toMatch(/评分不能大于5/);
  });
  it('nested items: rows, layout-table cells and dynamic-table rows', () => {
    const row = createItem('row');
    row.columns![0]!.list = [{ ...createItem('input'), id: 'inRow', label: '行内', required: true } as DesignerItem];
    const table = createItem('table');
    (table.layoutArray as any)[0][1].columns = [{ ...createItem('input'), id: 'inCell', label: '格内' }];
    const dyn = { ...createItem('dynamicTable'), id: 'items', label: '明细' } as DesignerItem;
    dyn.columns = [{ ...createItem('inputNumber'), id: 'price', label: '单价', required: true }] as never;
    const check = validator(row, table, dyn, createItem('divider'), createItem('button'));
    expect(check({ inRow: 'x', inCell: 'y', items: [{ price: 3 }] })).toBeNull();
    expect(check({ items: [] })).toMatch(/行内/);
    expect(check({ inRow: 'x', items: [{}] })).toMatch(/单价/);
    expect(check({ inRow: 'x', items: [{ price: 101 }] })).toMatch(/单价不能大于100/);
  });
  it('uploads hold name and url of the file service only', () => {
    const check = validator({ ...createItem('upload'), id: 'files', label: '附件' } as DesignerItem);
    expect(check({ files: [{ name: 'a.png', url: '/api/v1/file-base/file/form_ab.png' }] })).toBeNull();
    expect(check({ files: [{ name: 'a.png', url: 'https://evil.example/a.png' }] })).not.toBeNull();
    expect(check({ files: [{ name: 'a', url: '/api/v1/file-base/file/a.png' }, { name: 'b', url: '/api/v1/file-base/file/b.png' }] })).toMatch(/最多1项/);
  });

describe('rich text on the server', () => {
  it('counts the text without markup against the editor maximum, like the browser', () => {
    const check = validator({ ...createItem('editor'), id: 'notes', label: '备注', max: 100, validateMaxText: true } as DesignerItem);
    const text = (n: number) => `<p><strong>${'运'.repeat(n)}</strong></p>`;
    expect(check({ notes: text(100) })).toBeNull();
    expect(check({ notes: text(101) })).toBe('备注超过最大字符数100');
  });
  it('does not count when the check is off', () => {
    const check = validator({ ...createItem('editor'), id: 'notes', label: '备注', max: 100, validateMaxText: false } as DesignerItem);
    expect(check({ notes: '<p>' + '运'.repeat(500) + '</p>' })).toBeNull();
  });
});
});
