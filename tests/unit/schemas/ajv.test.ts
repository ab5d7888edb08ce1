import { describe, expect, it } from 'vitest';
import { createAjv, formatAjvErrors } from '../../../schemas/src/ajv';
import { createSchema, resolveEntity, updateSchema, type EntityDef } from '../../../schemas/src/entity-schema';
import customer from '../../../schemas/entities/customer.json';

const entity = resolveEntity(customer as unknown as EntityDef);
const enums = (n: string) => (n ? [0, 1, 2, 3, 4, 5, 10, 15, 20] : undefined);

function messageFor(schema: object, value: unknown) {
  const ajv = createAjv();
  const v = ajv.compile(schema);
  return v(value) ? null : formatAjvErrors(v.errors, schema);
}

describe('Chinese validation messages name the field', () => {
  const create = createSchema(entity, enums);
  it('missing required field', () => {
    expect(messageFor(create, {})).toBe('缺少必填字段：客户名称');
  });
  it('wrong type', () => {
    expect(messageFor(create, { name: 12 })).toBe('客户名称应为文本');
  });
  it('over-long string', () => {
    expect(messageFor(create, { name: 'x'.repeat(101) })).toBe('客户名称不能超过100个字符');
  });
  it('unknown field', () => {
    expect(messageFor(create, { name: '上海某某物流有限公司', hacker: 1 })).toBe('不允许的字段：hacker');
  });
  it('format with its own message', () => {
    expect(messageFor(create, { name: '上海某某物流有限公司', creditCode: '91110000100017643J' })).toBe(
      '统一社会信用代码格式或校验位不正确',
    );
  });
  it('a valid body passes', () => {
    expect(messageFor(create, { name: '上海某某物流有限公司', creditCode: '91110000100017643K', contactPhone: '13812345678' })).toBeNull();
  });
  it('an update needs the version it was read at', () => {
    expect(messageFor(updateSchema(entity, enums), { name: '新名称' })).toBe('缺少必填字段：版本');
  });
  it('integer range', () => {
    expect(messageFor(create, { name: '上海某某物流有限公司', creditDays: 400 })).toBe('账期(天)不能大于365');
  });
});
