import { describe, expect, it } from 'vitest';
import entities from '../../../schemas/generated/entities.json';
import customerLayout from '../../../schemas/layouts/customer.json';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { collectOptionSources, compileForm, dataFieldIds } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import { checkFormDefinition } from '../../../schemas/src/form-meta';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { entityFieldCheck, loadFieldChecks } from '../../../schemas/src/field-check';
import { duplicateId, findItem, separateColumnIds } from '../../../schemas/src/designer-rules';
import { formToJsonSchema } from '../../../schemas/src/form-to-json-schema';
import type { DesignerItem } from '../../../schemas/src/form-to-formily';
import { createAjv } from '../../../schemas/src/ajv';
import fixtureLayout from '../../fixtures/metamodel/layout.json';
import { resolveFixture } from '../../server/helpers/fixture';
import { find, type Schema } from '../helpers/formily-schema';

const all = entities as unknown as Record<string, ResolvedEntity>;
const resolve = (name: string) => all[name];


describe('business layouts take their facts from the entity', () => {
  const form = expandLayout(customerLayout as LayoutDef, resolve);

  it('expands to a valid designer form the designer can open and save', () => {
    expect(checkFormDefinition(form)).toBeNull();
    expect(dataFieldIds(form)).toEqual(expect.arrayContaining(['name', 'creditCode', 'managerStaffId', 'regionCode', 'creditDays']));
  });

  it('labels, required and lengths come from the entity; a number has no length rule', () => {
    const name = form.list.find((i) => i.id === 'name')!;
    expect(name).toMatchObject({ label: '客户名称', required: true, maxLength: 100, compType: 'input' });
    const days = form.list.find((i) => i.id === 'creditDays')!;
    expect(days.compType).toBe('inputNumber');
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.customer, resolveEntity: resolve, checkField: entityFieldCheck });
    const daysSchema = find(schema, 'creditDays')!;
    expect(JSON.stringify(daysSchema['x-validator'] ?? [])).not.toContain('最多输入');
    expect(daysSchema['x-component-props']).toMatchObject({ min: 0, max: 365 });
  });

  it('references are pickers over the referenced entity; regions and enums use their sources', () => {
    expect(collectOptionSources(form).sort()).toEqual(['enum:clueSource', 'enum:customerLevel', 'enum:customerType', 'enum:invoiceType', 'ref:customer', 'ref:staff', 'region'].sort());
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.customer, resolveEntity: resolve });
    expect(find(schema, 'managerStaffId')!['x-component']).toBe('RefSelect');
    expect(find(schema, 'managerStaffId')!['x-component-props'].entity).toBe('staff');
    expect(find(schema, 'regionCode')!['x-component']).toBe('RegionCascader');
  });

  it('the browser runs the server’s own rule of each field (USCC check character, blanks)', async () => {
    await loadFieldChecks('customer');
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.customer, resolveEntity: resolve, checkField: entityFieldCheck });
    const check = (field: string, value: unknown) => {
      const v = (find(schema, field)!['x-validator'] as Schema[]).find((x) => typeof x.validator === 'function')!;
      return v.validator(value);
    };
    expect(check('creditCode', '91310000MA1FL8TQ2X')).toBe('统一社会信用代码格式或校验位不正确');
    expect(check('name', '\u200b \u3000')).toBe('客户名称不能为空');
    expect(check('name', '上海电气')).toBe('');
    expect(check('creditDays', 400)).toBe('账期(天)不能大于365');
  });
});

describe('tables in a business form', () => {
  const form = expandLayout(customerLayout as LayoutDef, resolve);
  const contacts = form.list.find((i) => i.id === 'contacts')!;
  const columns = contacts.columns as unknown as DesignerItem[];

  it('a column never takes a top-level field’s id: it is prefixed by its table, and keeps the row property it holds', () => {
    expect(form.list.find((i) => i.id === 'name')!.label).toBe('客户名称');
    expect(columns.map((c) => [c.id, c.field])).toEqual([['contacts_name', 'name'], ['contacts_post', 'post'], ['contacts_mobile', 'mobile']]);
    expect(duplicateId(form.list)).toBeUndefined();
    expect(checkFormDefinition(form)).toBeNull();
    // The designer finds the column, not the top-level field, by its id.
    expect(findItem(form.list, 'contacts_name')!.label).toBe('姓名');
    expect(findItem(form.list, 'name')!.label).toBe('客户名称');
  });

  it('the rendered form and the server’s schema still hold the rows’ own properties', () => {
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.customer, resolveEntity: resolve });
    const table = find(schema, 'contacts')!;
    expect(Object.keys(table.items.properties).sort()).toEqual(['mobile', 'name', 'post']);
    expect(table['x-component-props'].columns.map((c: { key: string }) => c.key)).toEqual(['name', 'post', 'mobile']);
    const json = formToJsonSchema(form) as Schema;
    expect(Object.keys(json.properties.contacts.items.properties).sort()).toEqual(['mobile', 'name', 'post']);
    const validate = createAjv().compile({ ...json, required: [] });
    expect(validate({ contacts: [{ name: '王经理', post: '采购', mobile: '13816620000' }] })).toBe(true);
    expect(validate({ contacts: [{ contacts_name: '王经理' }] })).toBe(false);
  });

  it('child lines of an entity: columns bound to the child’s fields, unique beside a parent field of the same name', () => {
    const fixture = resolveFixture((d) => {
      d.entities[0].fields.itemName = { type: 'string', title: '主品名', maxLength: 50 };
      d.layout.sections[0].fields.push('itemName');
    });
    expect(fixture.problems).toEqual([]);
    const entity = (n: string) => fixture.entities[n];
    const order = expandLayout({ ...(fixtureLayout as LayoutDef), sections: [...fixtureLayout.sections.slice(0, 1).map((s) => ({ ...s, fields: [...s.fields, 'itemName'] })), ...fixtureLayout.sections.slice(1)] }, entity);
    expect(duplicateId(order.list)).toBeUndefined();
    const lines = order.list.find((i) => i.id === 'lines')!.columns as unknown as DesignerItem[];
    expect(lines.map((c) => c.id)).toEqual(['lines_itemName', 'lines_quantity', 'lines_unitPrice']);
    const schema = compileForm(order, { resolveOptions: () => [], entity: fixture.entities.gadgetOrder, resolveEntity: entity, checkField: entityFieldCheck });
    const table = find(schema, 'lines')!;
    expect(Object.keys(table.items.properties)).toEqual(['itemName', 'quantity', 'unitPrice']);
    // The column follows the child entity's rule, the top-level field its own.
    expect(table.items.properties.itemName['x-component-props'].maxLength).toBe(fixture.entities.gadgetLine!.fields.itemName!.maxLength);
    expect(find(schema, 'itemName')!['x-component-props'].maxLength).toBe(50);
  });

  it('a form saved before columns had ids of their own opens with them separated, holding the same row properties', () => {
    const old = structuredClone(form);
    for (const c of old.list.find((i) => i.id === 'contacts')!.columns as unknown as DesignerItem[]) {
      c.id = c.field as string;
      c._id = c.id;
      delete c.field;
    }
    expect(duplicateId(old.list)).toBe('name');
    const opened = separateColumnIds(old);
    expect(duplicateId(opened.list)).toBeUndefined();
    expect((opened.list.find((i) => i.id === 'contacts')!.columns as unknown as DesignerItem[]).map((c) => [c.id, c.field ?? null]))
      .toEqual([['contacts_name', 'name'], ['post', null], ['mobile', null]]);
    expect(Object.keys((formToJsonSchema(opened) as Schema).properties.contacts.items.properties).sort()).toEqual(['mobile', 'name', 'post']);
    // A form without a shared id is left as it is.
    expect(separateColumnIds(form)).toBe(form);
  });

  it('a definition that uses an id twice is refused, in the designer and on the server', () => {
    const twice = structuredClone(form);
    (twice.list.find((i) => i.id === 'contacts')!.columns as unknown as DesignerItem[])[0]!.id = 'name';
    expect(checkFormDefinition(twice)).toBe('表单定义不符合规范：组件ID「name」重复，该ID已经存在，请修改');
  });
});
