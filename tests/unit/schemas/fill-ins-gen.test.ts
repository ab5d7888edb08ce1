/** npm run gen refuses a fill-in or formula that names what does not exist. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../../../scripts/gen/index';
import { copyDefinitions } from './definitions-copy';

const root = join(__dirname, '../../..');

describe('fill-in and formula declarations are checked by the generator', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gen-fill-'));
    copyDefinitions(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const refused = async (fn: (j: any) => void, expected: RegExp) => {
    const p = join(dir, 'schemas/entities/biz/quotation.json');
    const orig = readFileSync(p, 'utf8');
    const j = JSON.parse(orig);
    fn(j);
    writeFileSync(p, JSON.stringify(j));
    try {
      await expect(generate(dir)).rejects.toThrow(expected);
    } finally {
      writeFileSync(p, orig);
    }
  };
  it('an unknown reference field or target field in fetchFrom', () => refused((j) => {
    j.fields.customerId.fetchFrom = 'clueId.customerX';
    j.fields.serviceCategory.fetchFrom = 'nope.serviceCategory';
    j.fields.remark.fetchFrom = 'quoteMode.name';
  }, /quotation.json#\/fields\/customerId\/fetchFrom: clue has no field customerX[\s\S]*serviceCategory\/fetchFrom: unknown reference field nope[\s\S]*remark\/fetchFrom: quoteMode is not a reference/));
  it('a fetched value of another type', () => refused((j) => { j.fields.remark.fetchFrom = 'clueId.expectedAmount'; },
    /quotation.json#\/fields\/remark\/fetchFrom: clue.expectedAmount is money, remark is text/));
  it('a formula naming an unknown field, a text field, or not parsing', () => refused((j) => {
    j.fields.amountExclTax.formula = 'amountInclTax / (1 + taxRat / 100)';
    j.fields.marginRate.formula = 'remark * 2';
    j.fields.unitPrice.formula = 'alert(1)';
  }, /unitPrice\/formula: cannot parse: 不支持的函数：alert[\s\S]*amountExclTax\/formula: unknown field taxRat[\s\S]*marginRate\/formula: remark is text, not a number/));
  it('formulas reading each other in a cycle', () => refused((j) => {
    j.fields.amountExclTax.formula = 'marginRate + 1';
  }, /formula: 公式循环引用/));
});
