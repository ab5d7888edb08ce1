import { describe, expect, it } from 'vitest';
import entities from '../../../schemas/generated/entities.json';
import customerLayout from '../../../schemas/layouts/customer.json';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { collectOptionSources, compileForm, dataFieldIds } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import { checkFormDefinition } from '../../../schemas/src/form-meta';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { entityFieldCheck } from '../../../schemas/src/field-check';

type Schema = Record<string, any>;
const all = entities as unknown as Record<string, ResolvedEntity>;
const resolve = (name: string) => all[name];

function find(schema: Schema, key: string): Schema | undefined {
  for (const [name, child] of Object.entries<Schema>(schema.properties ?? {})) {
    if (name === key) return child;
    const below = find(child, key);
    if (below) return below;
  }
  return undefined;
}

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

  it('the browser runs the server’s own rule of each field (USCC check character, blanks)', () => {
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
