// @vitest-environment jsdom
/**
 * Barcodes are drawn by JsBarcode (issue 18): the bars read back from the SVG are the CODE128
 * symbols (start, data, mod-103 checksum, stop), other formats of the designer encode too, and a
 * text the format can't hold draws nothing rather than wrong bars.
 */
import { describe, expect, it } from 'vitest';
import { drawBarcode, BARCODE_FORMATS } from '../../../runtime/renderers/form/widgets/barcode';

/** CODE128 patterns (bar/space widths) of the symbols the checks use. */
const P: Record<number, string> = { 104: '211214', 105: '211232', 55: '311321', 106: '2331112' };
const bits = (pattern: string) => [...pattern].map(Number).map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(w)).join('');

/** The module string (1 bar, 0 space) the SVG draws, with a 1-px module and no margin. */
function modulesOf(svg: SVGSVGElement): string {
  const rects = [...svg.querySelectorAll('g rect')].map((r) => ({ x: Number(r.getAttribute('x')), w: Number(r.getAttribute('width')) }));
  const end = Math.max(...rects.map((r) => r.x + r.w));
  const out = Array(end).fill('0');
  for (const r of rects) for (let i = r.x; i < r.x + r.w; i++) out[i] = '1';
  return out.join('');
}

// jsdom has no canvas; JsBarcode measures the printed text with one (a browser has it)
HTMLCanvasElement.prototype.getContext = (() => ({ font: '', measureText: (t: string) => ({ width: t.length * 7 }) })) as never;

const svg = () => document.createElementNS('http://www.w3.org/2000/svg', 'svg') as SVGSVGElement;

describe('barcodes (JsBarcode)', () => {
  it('CODE128B: start B, the data, the modulo-103 checksum and stop, 11 modules a symbol (13 for stop)', () => {
    const s = svg();
    expect(drawBarcode(s, 'PJJ123C', { format: 'CODE128B', width: 1, margin: 0, displayValue: false })).toBe(true);
    const m = modulesOf(s);
    expect(m.length).toBe(11 * (7 + 2) + 13);
    expect(m.slice(0, 11)).toBe(bits(P[104]!));
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55 (mod 103)
    expect(m.slice(-24, -13)).toBe(bits(P[55]!));
    expect(m.slice(-13)).toBe(bits(P[106]!));
  });
  it('CODE128 chooses code set C for digits: a part number of digits is shorter than in set B', () => {
    const b = svg();
    const auto = svg();
    drawBarcode(b, '12345678', { format: 'CODE128B', width: 1, margin: 0, displayValue: false });
    drawBarcode(auto, '12345678', { format: 'CODE128', width: 1, margin: 0, displayValue: false });
    expect(modulesOf(auto).slice(0, 11)).toBe(bits(P[105]!));
    expect(modulesOf(auto).length).toBeLessThan(modulesOf(b).length);
  });
  it('prints the text under the bars unless told not to', () => {
    const s = svg();
    drawBarcode(s, 'ZPMC-QC2309-QS-01');
    expect(s.querySelector('text')?.textContent).toBe('ZPMC-QC2309-QS-01');
  });
  it('every format the designer offers encodes a valid sample', () => {
    const samples: Record<string, string> = { CODE128: 'ZPMC-01', CODE39: 'ZPMC01', EAN13: '6901234567892', EAN8: '96385074', UPC: '036000291452', ITF14: '15400141288763', codabar: 'A12345B' };
    for (const f of BARCODE_FORMATS) expect(drawBarcode(svg(), samples[f]!, { format: f }), f).toBe(true);
  });
  it('a text the format cannot hold (letters in EAN-13, a wrong check digit, nothing) draws nothing', () => {
    for (const [text, format] of [['ABC', 'EAN13'], ['6901234567891', 'EAN13'], ['', 'CODE128']] as const) {
      const s = svg();
      expect(drawBarcode(s, text, { format })).toBe(false);
      expect(s.childNodes.length).toBe(0);
    }
  });
});
