import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import '../../../schemas/src/components';
import { buildFormMetaSchema } from '../../../schemas/src/components/metamodel-file';
import { COMPONENTS, COMP_TYPES } from '../../../schemas/src/components/registry';
import { panelForm } from '../../../schemas/src/components/panels';
import { checkFormDefinition } from '../../../schemas/src/form-meta';
import { compileForm, compTypeCompilers, type DesignerItem } from '../../../schemas/src/form-to-formily';
import { createItem, emptyForm } from '../../../schemas/src/designer-rules';

const meta = JSON.parse(readFileSync('schemas/meta/form.schema.json', 'utf8'));

function formOf(...items: DesignerItem[]) {
  const form = emptyForm();
  form.list = items;
  return form;
}

describe('registry, metamodel and compilers', () => {
  it('form.schema.json carries exactly the limits of the registry panels', () => {
    expect(buildFormMetaSchema(meta)).toEqual(meta);
  });
  it('every compType compiles to Formily', () => {
    for (const type of COMP_TYPES) expect(compTypeCompilers[type], type).toBeTypeOf('function');
    const all = COMP_TYPES.filter((t) => t !== 'tdItem').map((t) => createItem(t));
    expect(() => compileForm(formOf(...all))).not.toThrow();
  });
  it('a default item of every type is a valid definition', () => {
    const all = COMP_TYPES.filter((t) => t !== 'tdItem').map((t) => createItem(t));
    expect(checkFormDefinition(formOf(...all))).toBeNull();
  });
  it('the panel limits of seed 001 §5 are enforced by the metamodel', () => {
    const bad: [string, Record<string, unknown>][] = [
      ['input', { labelWidth: 201 }], ['input', { labelWidth: 0 }], ['cascader', { labelWidth: 201 }], ['input', { span: 25 }], ['input', { span: 0 }],
      ['inputNumber', { precision: 11 }], ['editor', { max: 99 }], ['checkbox', { min: 0 }], ['checkbox', { max: 0 }],
      ['upload', { fileSize: 10001 }], ['upload', { fileSize: 0 }], ['upload', { width: 0 }], ['upload', { width: 101 }], ['cascader', { width: 101 }],
      ['table', { width: 501 }], ['table', { height: 1501 }], ['barCode', { height: 9 }], ['barCode', { height: 101 }], ['text', { size: 51 }],
      ['text', { size: 9 }], ['text', { bold: 850 }], ['text', { bold: 150 }], ['dialogList', { height: 99 }], ['dialogList', { height: 1501 }],
      ['row', { gutter: -1 }], ['button', { labelWidth: 201 }], ['select', { action: 'https://x.example/a' }],
    ];
    for (const [type, patch] of bad) {
      expect(checkFormDefinition(formOf({ ...createItem(type), ...patch } as DesignerItem)), `${type} ${JSON.stringify(patch)}`).not.toBeNull();
    }
    const good: [string, Record<string, unknown>][] = [
      ['cascader', { labelWidth: 0 }], ['text', { bold: 800 }], ['upload', { fileSize: 10000 }], ['table', { height: 1500 }], ['dialogList', { height: 100 }],
    ];
    for (const [type, patch] of good) expect(checkFormDefinition(formOf({ ...createItem(type), ...patch } as DesignerItem))).toBeNull();
    const settings = [{ labelWidth: 59 }, { labelWidth: 141 }, { gutter: 31 }, { gutter: -1 }];
    for (const patch of settings) expect(checkFormDefinition({ config: { ...emptyForm().config, ...patch }, list: [] })).not.toBeNull();
  });
  it('explains a definition that fails the metamodel in Chinese, naming the component and the panel label', () => {
    const text = { ...createItem('text'), id: 'fd_title', bold: 450 } as DesignerItem;
    expect(checkFormDefinition(formOf(text))).toBe('表单定义不符合规范：组件「文字」(fd_title)的粗细应为100的倍数');
    const labelled = { ...createItem('input'), id: 'fd_name', label: '姓名', span: 25 } as DesignerItem;
    expect(checkFormDefinition(formOf(labelled))).toBe('表单定义不符合规范：组件「姓名」(fd_name)的栅格不能大于24');
    expect(checkFormDefinition({ config: { ...emptyForm().config, labelWidth: 59 }, list: [] })).toBe('表单定义不符合规范：表单配置的标签宽度不能小于60');
    // seed 001 §5: an unknown layout has its own message
    expect(checkFormDefinition(formOf({ ...createItem('input'), layout: 'gridItem' } as DesignerItem))).toBe('没有与gridItem匹配的layout');
    const cases: Record<string, unknown>[] = [
      { precision: 11 }, { labelWidth: 'wide' }, { id: '1abc' }, { compType: 'video' }, { rules: [{ rule: 1 }] }, { options: [{ value: 1 }] }, { action: 'https://x.example/a' },
    ];
    for (const patch of cases) {
      const message = checkFormDefinition(formOf({ ...createItem('select'), ...patch } as DesignerItem));
      expect(message, JSON.stringify(patch)).toMatch(/^表单定义不符合规范：|^数据接口/);
      // no English validator fragments ("must match pattern", "must be integer" ...)
      expect(message, JSON.stringify(patch)).not.toMatch(/\b(must|should|match|pattern|integer|property|equal)\b/i);
    }
  });
  it('panels are forms in the designer format with an ID field carrying the warning tooltip', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(meta);
    for (const def of Object.values(COMPONENTS)) {
      const panel = panelForm(createItem(def.compType));
      expect(validate(JSON.parse(JSON.stringify(panel))), `${def.compType} ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(panel.list[0]).toMatchObject({ id: 'p_id', label: 'ID' });
      expect(String(panel.list[0]!.tooltip)).toMatch(/ID/);
      expect(() => compileForm(panel)).not.toThrow();
    }
    const select = panelForm(createItem('select'));
    expect(select.list.some((i) => i.prop === 'collapse-tags')).toBe(false);
    expect(panelForm({ ...createItem('select'), multiple: true }).list.some((i) => i.prop === 'collapse-tags')).toBe(true);
    const num = panelForm(createItem('inputNumber')).list.find((i) => i.prop === 'precision')!;
    expect(num).toMatchObject({ min: 0, max: 10 });
    const fileSize = panelForm(createItem('upload')).list.find((i) => i.prop === 'fileSize')!;
    expect(fileSize).toMatchObject({ min: 1, max: 10000, step: 10 });
  });
  it('compiled schemas carry no {{ }} strings and dynamic options only from safe paths', () => {
    const select = { ...createItem('select'), dataType: 'dynamic', action: '/api/v1/options', label: '{{ evil }}' } as DesignerItem;
    const schema = JSON.stringify(compileForm(formOf(select)));
    expect(schema).not.toMatch(/\{\{/);
    const compiled = compileForm(formOf(select)) as any;
    const field = compiled.properties.__layout.properties[`${select.id}__col`].properties[select.id];
    expect(typeof field['x-reactions']).toBe('function');
    const unsafe = { ...select, action: 'https://evil.example/x', label: 'a' };
    const f2 = (compileForm(formOf(unsafe)) as any).properties.__layout.properties[`${select.id}__col`].properties[select.id];
    expect(f2['x-reactions']).toBeUndefined();
  });
  it('dynamic tables compile to an array of rows; layout tables render only visible cells', () => {
    const dyn = createItem('dynamicTable');
    dyn.columns = [{ ...createItem('inputNumber'), id: 'qty', label: '数量' }] as never;
    const compiled = (compileForm(formOf(dyn)) as any).properties.__layout.properties[`${dyn.id}__col`].properties[dyn.id];
    expect(compiled.type).toBe('array');
    expect(compiled.items.properties.qty['x-component']).toBe('NumberPicker');
    expect(compiled['x-component-props']).toMatchObject({ sumText: '合计', summaryText: '元', showIndex: true });
    const table = createItem('table');
    (table.layoutArray as any)[0][1].hide = true;
    const t = (compileForm(formOf(table)) as any).properties.__layout.properties[`${table.id}__col`].properties[table.id];
    expect(Object.keys(t.properties)).toHaveLength(3);
  });
});
