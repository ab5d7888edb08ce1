// @vitest-environment jsdom
/**
 * Scanner-first entry into child lines (issue 18): a scanner types a code and Enter into the scan
 * field; the line of the record found is added, or its quantity raised; an unknown code is said
 * in red, in Chinese. The capability is generic: the layout names the lookup, the reference and
 * the quantity, the runtime names no entity.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createForm, type ArrayField as ArrayFieldModel } from '@formily/core';
import { ArrayField, FormProvider, useField } from '@formily/react';
import { applyScan, cleanCode, lookupPath, unknownCode, type ScanConfig } from '../../../runtime/renderers/form/widgets/scan';
import { expandLayout } from '../../../schemas/src/layout';
import { loadEntities } from '../../../server/schema/load';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });

const get = vi.fn();
vi.mock('../../../api/http', async (original) => ({ ...(await original<object>()), http: { get: (...args: unknown[]) => get(...args) } }));
const { ScanField } = await import('../../../runtime/renderers/form/widgets/index');

const scan: ScanConfig = { ref: 'thing', refTitle: '物品', lookup: 'code', into: 'thingId', qty: 'pieces' };

afterEach(() => {
  cleanup();
  get.mockReset();
});

describe('applyScan', () => {
  it('adds a line for a new record, raises the quantity of its line on the next scan', () => {
    const one = applyScan([], { value: 7, label: 'A-1' }, scan);
    expect(one.rows).toEqual([{ thingId: 7, pieces: 1 }]);
    expect(one.message).toBe('已添加 A-1（第1行，数量 1）');
    const two = applyScan(one.rows, { value: 7, label: 'A-1' }, scan);
    expect(two.rows).toEqual([{ thingId: 7, pieces: 2 }]);
    expect(two.added).toBe(false);
    expect(two.message).toBe('A-1 数量 +1，现为 2（第1行）');
    const three = applyScan(two.rows, { value: 9, label: 'B-2' }, { ...scan, step: 5 });
    expect(three.rows).toEqual([{ thingId: 7, pieces: 2 }, { thingId: 9, pieces: 5 }]);
    expect(three.index).toBe(1);
  });
  it('fills a line added by hand but left blank before adding another', () => {
    const r = applyScan([{ thingId: 3, pieces: 1 }, { pieces: null }], { value: 4, label: 'C' }, scan);
    expect(r.rows).toEqual([{ thingId: 3, pieces: 1 }, { thingId: 4, pieces: 1 }]);
    expect(r.index).toBe(1);
  });
  it('keeps the code a scanner typed, without its control characters and spaces; asks the generic picker call', () => {
    expect(cleanCode(' ZPMC-QC2309-QS-01\r\n')).toBe('ZPMC-QC2309-QS-01');
    expect(lookupPath(scan, 'A B')).toBe('/api/v1/meta/options/thing?filter=code%3AA%20B&limit=2');
    expect(unknownCode(scan, 'X9')).toBe('未找到条码为 X9 的物品');
  });
});

describe('the scan field', () => {
  function mount() {
    const form = createForm({ values: { lines: [] } });
    function Host() {
      const field = useField<ArrayFieldModel>();
      return <ScanField scan={scan} field={field} />;
    }
    render(<FormProvider form={form}><ArrayField name="lines" component={[Host]} /></FormProvider>);
    return form;
  }
  const type = (code: string) => {
    const input = screen.getByTestId('scan-input');
    fireEvent.change(input, { target: { value: code } });
    // a scanner presses and releases Enter after the code
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  };

  it('is focused, takes a code ending in Enter, adds then raises the line, and says so', async () => {
    get.mockImplementation(async (url: string) => ({ data: { data: url.includes('A-1') ? [{ value: 7, label: 'A-1' }] : [] } }));
    const form = mount();
    expect(document.activeElement).toBe(screen.getByTestId('scan-input'));
    type('A-1');
    await waitFor(() => expect(form.values.lines).toEqual([{ thingId: 7, pieces: 1 }]));
    expect(screen.getByTestId('scan-status').textContent).toBe('已添加 A-1（第1行，数量 1）');
    expect((screen.getByTestId('scan-input') as HTMLInputElement).value).toBe('');
    type('A-1');
    await waitFor(() => expect(form.values.lines).toEqual([{ thingId: 7, pieces: 2 }]));
    expect(screen.getByTestId('scan-status').textContent).toBe('A-1 数量 +1，现为 2（第1行）');
    expect(get.mock.calls[0]![0]).toBe('/api/v1/meta/options/thing?filter=code%3AA-1&limit=2');
  });

  it('an unknown code adds nothing and is named in the message', async () => {
    get.mockResolvedValue({ data: { data: [] } });
    const form = mount();
    type('NOPE-1');
    await waitFor(() => expect(screen.getByTestId('scan-status').textContent).toBe('未找到条码为 NOPE-1 的物品'));
    expect(form.values.lines).toEqual([]);
  });
});

describe('a layout declares the scan of its child lines', () => {
  const entities = loadEntities();
  it('the in-storage form scans part barcodes into its lines', () => {
    const form = expandLayout({ name: 'x', title: 'x', entity: 'inStorage', sections: [{ fields: [{ field: 'items', columns: ['partItemId', 'qty'], scan: { lookup: 'barcode', into: 'partItemId', qty: 'qty' } }] }] }, (n) => entities[n]);
    expect((form.list[0] as any).scan).toEqual({ ref: 'partItem', refTitle: '零件', lookup: 'barcode', into: 'partItemId', qty: 'qty' });
  });
  it('refuses a lookup the referenced entity does not offer, or a quantity that is no number', () => {
    const bad = (s: Record<string, string>) => () => expandLayout({ name: 'x', title: 'x', entity: 'inStorage', sections: [{ fields: [{ field: 'items', scan: s as any }] }] }, (n) => entities[n]);
    expect(bad({ lookup: 'spec', into: 'partItemId', qty: 'qty' })).toThrow(/not a lookup field of partItem/);
    expect(bad({ lookup: 'barcode', into: 'partItemId', qty: 'locationCode' })).toThrow(/no number/);
  });
});
