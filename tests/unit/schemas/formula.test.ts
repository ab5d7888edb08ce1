/** Declared formulas (schemas/src/formula.ts): parsing, exact evaluation, rounding and blanks. */
import { describe, expect, it } from 'vitest';
import { computeFormulas, evaluateFormula, formulaInputs, formulaOrder, parseFormula, toFraction } from '../../../schemas/src/formula';

describe('parsing', () => {
  it('reads the fields a formula uses, not its function names', () => {
    expect(formulaInputs('round(amountInclTax / (1 + taxRate / 100), 2) + max(costAmount, 0)').sort()).toEqual(['amountInclTax', 'costAmount', 'taxRate']);
  });
  it('refuses what is not arithmetic over fields: members, strings, unknown functions and operators', () => {
    expect(() => parseFormula('a.b + 1')).toThrow(/不支持的表达式/);
    expect(() => parseFormula('"x" + 1')).toThrow(/只能使用数字常量/);
    expect(() => parseFormula('alert(1)')).toThrow(/不支持的函数：alert/);
    expect(() => parseFormula('a % 2')).toThrow(/不支持的运算符/);
    expect(() => parseFormula('a +')).toThrow();
  });
});

describe('evaluation', () => {
  it('is exact on money as text: 0.1 + 0.2 is 0.30, not 0.30000000000000004 rounded by luck', () => {
    expect(evaluateFormula('a + b', { a: '0.1', b: '0.2' }, 2)).toBe('0.30');
    expect(evaluateFormula('a * 3', { a: '33.33' }, 2)).toBe('99.99');
  });
  it('rounds half away from zero at the target scale, exactly (1.005 is 1.01 although the float is 1.00499…)', () => {
    expect(evaluateFormula('a', { a: '1.005' }, 2)).toBe('1.01');
    expect(evaluateFormula('a', { a: '-1.005' }, 2)).toBe('-1.01');
    expect(evaluateFormula('a', { a: '2.675' }, 2)).toBe('2.68');
    expect(evaluateFormula('a / 3', { a: '10' }, 2)).toBe('3.33');
    expect(evaluateFormula('a / 3', { a: '20' }, 2)).toBe('6.67');
    expect(evaluateFormula('a', { a: '0.004' }, 2)).toBe('0.00');
    expect(evaluateFormula('a', { a: 7 }, 0)).toBe('7');
  });
  it('the amount without tax and the margin of a quotation', () => {
    expect(evaluateFormula('amountInclTax / (1 + taxRate / 100)', { amountInclTax: '136250.00', taxRate: 9 }, 2)).toBe('125000.00');
    expect(evaluateFormula('amountInclTax / (1 + taxRate / 100)', { amountInclTax: '100', taxRate: 6 }, 2)).toBe('94.34');
    expect(evaluateFormula('(e - c) / e * 100', { e: '125000.00', c: '100000.00' }, 2)).toBe('20.00');
  });
  it('a blank input or a division by zero gives blank, never NaN or Infinity', () => {
    expect(evaluateFormula('a / b', { a: '1', b: '0' }, 2)).toBeNull();
    expect(evaluateFormula('a / b', { a: '1', b: '0.00' }, 2)).toBeNull();
    expect(evaluateFormula('a + b', { a: '1' }, 2)).toBeNull();
    expect(evaluateFormula('a + b', { a: '1', b: '' }, 2)).toBeNull();
    expect(evaluateFormula('a + b', { a: '1', b: null }, 2)).toBeNull();
    expect(evaluateFormula('a + b', { a: '1', b: 'abc' }, 2)).toBeNull();
  });
  it('functions: round, min, max, abs, if, coalesce', () => {
    expect(evaluateFormula('round(a, 1)', { a: '2.45' }, 2)).toBe('2.50');
    expect(evaluateFormula('min(a, b, 3)', { a: '5', b: '4' }, 0)).toBe('3');
    expect(evaluateFormula('max(a, b)', { a: '-5', b: '-4' }, 0)).toBe('-4');
    expect(evaluateFormula('abs(a)', { a: '-2.5' }, 1)).toBe('2.5');
    expect(evaluateFormula('if(a > b, a, b)', { a: '1', b: '2' }, 0)).toBe('2');
    expect(evaluateFormula('coalesce(a, 0) + 1', {}, 0)).toBe('1');
    expect(evaluateFormula('-a + +b', { a: '1', b: '3' }, 0)).toBe('2');
  });
  it('numbers as JS numbers and in exponent form read exactly', () => {
    expect(toFraction(1e-7)).toEqual({ n: 1n, d: 10000000n });
    expect(toFraction('1.50')).toEqual({ n: 3n, d: 2n });
    expect(toFraction(Infinity)).toBeNull();
  });
});

describe('an entity’s formulas', () => {
  const entity = { fields: {
    margin: { type: 'number', scale: 2, formula: '(excl - cost) / excl * 100' },
    excl: { type: 'money', formula: 'incl / (1 + rate / 100)' },
    incl: { type: 'money' }, cost: { type: 'money' }, rate: { type: 'enum' },
    count: { type: 'integer', formula: 'round(incl / 100)' },
  } };
  it('run in dependency order: the margin reads the amount without tax just worked out', () => {
    expect(formulaOrder(entity).indexOf('excl')).toBeLessThan(formulaOrder(entity).indexOf('margin'));
    expect(computeFormulas(entity, { incl: '109.00', rate: 9, cost: '80' })).toEqual({ excl: '100.00', margin: '20.00', count: 1 });
    expect(computeFormulas(entity, { incl: '0', rate: 9, cost: '80' })).toEqual({ excl: '0.00', margin: null, count: 0 });
  });
  it('a cycle is named', () => {
    expect(() => formulaOrder({ fields: { a: { type: 'money', formula: 'b + 1' }, b: { type: 'money', formula: 'a + 1' } } })).toThrow(/公式循环引用/);
  });
});
