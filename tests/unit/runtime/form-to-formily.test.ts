import { describe, expect, it } from 'vitest';
import {
  collectOptionSources,
  compileForm,
  dataFieldIds,
  neutralise,
  registerCompType,
  toDayjsFormat,
  type DesignerForm,
  type DesignerItem,
} from '../../../schemas/src/form-to-formily';
import { find, type Schema } from '../helpers/formily-schema';


const input = (extra: Partial<DesignerItem> = {}): DesignerItem => ({ id: 'name', compType: 'input', label: '名称', ...extra });
const form = (...list: DesignerItem[]): DesignerForm => ({ config: { labelWidth: 100, gutter: 15 }, list });

describe('form-to-formily', () => {
  it('required items carry one rule: the ruleError message, or «<标题>不能为空» for the default one', () => {
    const schema = compileForm(form(input({ required: true, ruleError: '请填写名称!' }), input({ id: 'other', label: '别名', required: true, ruleError: '该字段不能为空' })));
    expect(find(schema, 'name')!.required).toBe(true);
    // seed 001 §5: on blur (tabbing through an empty field, closing a select unchosen) and on submit;
    // one rule, so the message shows once.
    expect(find(schema, 'name')!['x-validator'].filter((v: Schema) => v.required)).toEqual([{ required: true, message: '请填写名称!', triggerType: 'onBlur' }]);
    expect(find(schema, 'other')!['x-validator'].filter((v: Schema) => v.required)).toEqual([{ required: true, message: '别名不能为空', triggerType: 'onBlur' }]);
  });

  it('item rules become pattern validators with their messages; broken patterns are skipped', () => {
    const schema = compileForm(form(input({ rules: [{ rule: '^\\d+$', msg: '只能输入数字' }, { rule: '([', msg: '坏的' }] })));
    const validators = find(schema, 'name')!['x-validator'];
    expect(validators).toContainEqual({ pattern: '^\\d+$', message: '名称：只能输入数字', triggerType: 'onBlur' });
    expect(validators.some((v: Schema) => v.message === '坏的')).toBe(false);
  });

  it('maxLength / maxlength limit both the input and the validator', () => {
    const schema = compileForm(form(input({ maxLength: 30 }), { id: 'remark', compType: 'textarea', maxlength: 500, rows: 3 }));
    expect(find(schema, 'name')!['x-component-props'].maxLength).toBe(30);
    expect(find(schema, 'name')!['x-validator']).toContainEqual({ maxLength: 30, message: '名称不能超过30个字符', triggerType: 'onBlur' });
    expect(find(schema, 'remark')!['x-component']).toBe('Input.TextArea');
    expect(find(schema, 'remark')!['x-component-props']).toMatchObject({ maxLength: 500, rows: 3 });
  });

  it('numbers get min, max and precision', () => {
    const schema = compileForm(form({ id: 'qty', compType: 'inputNumber', min: 1, max: 9, precision: 2, value: 3 }));
    const qty = find(schema, 'qty')!;
    expect(qty.type).toBe('number');
    expect(qty.default).toBe(3);
    expect(qty['x-component-props']).toMatchObject({ min: 1, max: 9, precision: 2 });
    expect(qty['x-validator']).toEqual(expect.arrayContaining([{ minimum: 1, message: 'qty不能小于1', triggerType: 'onBlur' }, { maximum: 9, message: 'qty不能大于9', triggerType: 'onBlur' }]));
  });

  it('static options come from the item, store options from the resolver', () => {
    const schema = compileForm(
      form(
        { id: 'a', compType: 'select', dataType: 'static', options: [{ label: '甲', value: 1 }] },
        { id: 'b', compType: 'select', dataType: 'store', storeDispatchName: 'enum:customerLevel' },
        { id: 'c', compType: 'selectStaff', dataType: 'store', storeDispatchName: 'staff', multiple: true, value: '3,4' },
        { id: 'd', compType: 'selectStaff', dataType: 'static', options: [{ label: '李四', value: 4 }] },
      ),
      { resolveOptions: (source) => [{ label: source, value: 9 }] },
    );
    expect(find(schema, 'a')!.enum).toEqual([{ label: '甲', value: 1 }]);
    expect(find(schema, 'b')!.enum).toEqual([{ label: 'enum:customerLevel', value: 9 }]);
    // the designer's staff picker is a reference to the staff entity like any other
    expect(find(schema, 'c')!).toMatchObject({ type: 'array', 'x-component': 'RefSelect' });
    expect(find(schema, 'c')!['x-component-props']).toMatchObject({ entity: 'staff', mode: 'multiple' });
    expect(find(schema, 'd')!.enum).toEqual([{ label: '李四', value: 4 }]);
  });

  it('rows become FormRow with one FormCol per column of its span, children inside', () => {
    const schema = compileForm(
      form({ id: 'row_1', compType: 'row', gutter: 10, columns: [{ span: 8, list: [input({ id: 'x' })] }, { span: 16, list: [input({ id: 'y' })] }] }),
    );
    const row = find(schema, 'row_1')!;
    expect(row).toMatchObject({ type: 'void', 'x-component': 'FormRow', 'x-component-props': { gutter: 10 } });
    expect(row.properties.row_1_col0['x-component-props'].span).toBe(8);
    expect(row.properties.row_1_col1['x-component-props'].span).toBe(16);
    expect(find(row, 'x')!['x-component']).toBe('Input');
    expect(find(row, 'y')).toBeDefined();
  });

  it('never emits {{ }} expressions taken from a definition', () => {
    const schema = compileForm(form(input({ label: '{{alert(1)}}', placeholder: '{{ $self.value }}' })));
    expect(JSON.stringify(schema)).not.toMatch(/\{\{/);
    expect(neutralise({ a: ['{{x}}'] }).a[0]).not.toBe('{{x}}');
  });

  it('throws on an unknown compType, and a registered one is compiled', () => {
    expect(() => compileForm(form({ id: 'z', compType: 'nope' }))).toThrow(/nope/);
    registerCompType('rate', (item, api) => ({ key: item.id, schema: api.field(item, 'Rate') }));
    expect(find(compileForm(form({ id: 'r', compType: 'rate' })), 'r')!['x-component']).toBe('Rate');
  });

  it('maps designer date formats and switch values', () => {
    expect(toDayjsFormat('yyyy-MM-dd HH:mm:ss', '')).toBe('YYYY-MM-DD HH:mm:ss');
    const schema = compileForm(form({ id: 'on', compType: 'Switch', value: 'true' }, { id: 'd', compType: 'date', type: 'datetime' }));
    expect(find(schema, 'on')).toMatchObject({ type: 'boolean', default: true });
    expect(find(schema, 'd')!['x-component-props']).toMatchObject({ showTime: true, format: 'YYYY-MM-DD HH:mm:ss' });
  });
});
