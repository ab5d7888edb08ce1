/**
 * A designer-made form (data at run time) is checked in the browser by Formily's rule
 * interpreter (no `new Function`), and the server checks the submission with the JSON Schema of
 * the same definition: both must refuse the same values with the same words.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '@formily/validator';
import { compileForm, type DesignerForm, type DesignerItem } from '../../../schemas/src/form-to-formily';
import { formToJsonSchema } from '../../../schemas/src/form-to-json-schema';
import { createAjv, formatAjvErrors } from '../../../schemas/src/ajv';
import { find, type Schema } from '../helpers/formily-schema';



const items: DesignerItem[] = [
  { id: 'kind', compType: 'input', label: '类型', required: true, ruleError: '请选择类型!', maxLength: 10 },
  { id: 'phone', compType: 'input', label: '电话', required: true, ruleError: '该字段不能为空', rules: [{ rule: '^1[3-9]\\d{9}$', msg: '您输入的电话号码不符合规则' }] },
  { id: 'code', compType: 'input', label: '编码', rules: [{ rule: '^\\d+$', msg: '只能输入数字' }] },
  { id: 'qty', compType: 'inputNumber', label: '数量', min: 1, max: 9 },
];
const form: DesignerForm = { config: {}, list: items };

async function browser(id: string, value: unknown): Promise<string | undefined> {
  const rules = find(compileForm(form), id)!['x-validator'];
  const result = await validate(value, rules, { triggerType: 'onBlur' });
  const messages = result.error ?? [];
  // Shown once: a value breaks one rule at a time.
  expect(messages.length).toBeLessThanOrEqual(1);
  return messages[0];
}

function server(id: string, value: unknown): string | undefined {
  const schema = formToJsonSchema(form) as Schema;
  const one = { ...schema, properties: { [id]: schema.properties[id] }, required: schema.required.filter((r: string) => r === id) };
  const v = createAjv().compile(one);
  const body = value === undefined ? {} : { [id]: value };
  return v(body) ? undefined : formatAjvErrors(v.errors, one);
}

describe('designer form checks in the browser and on the server', () => {
  const cases: [string, unknown, string | undefined][] = [
    ['kind', undefined, '请选择类型!'],
    ['kind', '', '请选择类型!'],
    ['kind', 'x'.repeat(11), '类型不能超过10个字符'],
    ['kind', '整车', undefined],
    ['phone', undefined, '电话不能为空'],
    // A message that names its field is said as it is; one that doesn't follows the title.
    ['phone', '12345', '您输入的电话号码不符合规则'],
    ['code', 'ab', '编码：只能输入数字'],
    ['code', '12', undefined],
    ['phone', '13800138000', undefined],
    ['qty', 0, '数量不能小于1'],
    ['qty', 10, '数量不能大于9'],
    ['qty', 5, undefined],
  ];
  for (const [id, value, message] of cases) {
    it(`${id} = ${JSON.stringify(value)} → ${message ?? 'accepted'}`, async () => {
      expect(server(id, value)).toBe(message);
      expect(await browser(id, value === undefined ? undefined : value)).toBe(message);
    });
  }
});
