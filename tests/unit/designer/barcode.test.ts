import { describe, expect, it } from 'vitest';
import { code128B } from '../../../runtime/renderers/form/widgets/barcode';

describe('CODE128 barcode', () => {
  it('encodes start B, data, checksum and stop with 11 modules a symbol (13 for stop)', () => {
    const modules = code128B('123456789');
    expect(modules.reduce((a, b) => a + b, 0)).toBe(11 * (9 + 2) + 13);
    // start B is 211214
    expect(modules.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    // stop pattern ends the symbol
    expect(modules.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
  });
  it('computes the modulo-103 checksum', () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55 (mod 103); symbol 55 is 311321
    const modules = code128B('PJJ123C');
    expect(modules.slice(-13, -7)).toEqual([3, 1, 1, 3, 2, 1]);
  });
});
