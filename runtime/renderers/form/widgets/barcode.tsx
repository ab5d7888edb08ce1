/**
 * Barcodes of the product — the designer's barCode component, part labels, document numbers on
 * print pages — drawn by a maintained library (JsBarcode) instead of a hand-written encoder, so
 * every format it knows (CODE128 with automatic code sets, CODE39, EAN-13/8, UPC, ITF-14,
 * codabar…) encodes and checksums correctly.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import JsBarcode from 'jsbarcode';

/** The formats the designer offers (JsBarcode's names). */
export const BARCODE_FORMATS = ['CODE128', 'CODE39', 'EAN13', 'EAN8', 'UPC', 'ITF14', 'codabar'] as const;

export interface BarcodeOptions {
  format?: string;
  lineColor?: string;
  background?: string;
  /** width of the narrowest bar, px */
  width?: number;
  height?: number;
  fontSize?: number;
  displayValue?: boolean;
  margin?: number;
}

/**
 * Draws `text` into the SVG element; false when the text can't be encoded in the format (an EAN-13
 * of letters, a wrong check digit): the element is then left empty.
 */
export function drawBarcode(svg: SVGSVGElement, text: string, opts: BarcodeOptions = {}): boolean {
  let ok = true;
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (!text) return false;
  try {
    JsBarcode(svg, text, {
      format: opts.format || 'CODE128', lineColor: opts.lineColor || '#000000', background: opts.background || '#ffffff',
      width: opts.width ?? 2, height: opts.height ?? 30, fontSize: opts.fontSize ?? 12, displayValue: opts.displayValue !== false,
      margin: opts.margin ?? 10, valid: (v: boolean) => { ok = v; },
    });
  } catch {
    ok = false;
  }
  if (!ok) while (svg.firstChild) svg.removeChild(svg.firstChild);
  return ok;
}

/** A barcode as an inline SVG; an invalid text says so instead of drawing wrong bars. */
export function Barcode({ value, className, ...opts }: BarcodeOptions & { value: string; className?: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const [valid, setValid] = useState(true);
  const key = JSON.stringify([value, opts]);
  useLayoutEffect(() => {
    if (ref.current) setValid(drawBarcode(ref.current, value, opts));
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <svg ref={ref} className={className} role="img" aria-label={value} style={valid ? undefined : { display: 'none' }} />
      {!valid && <span className="barcode-invalid" style={{ color: '#ff4d4f' }}>{value ? `条码内容「${value}」不符合 ${opts.format || 'CODE128'} 编码` : '条码内容为空'}</span>}
    </>
  );
}
