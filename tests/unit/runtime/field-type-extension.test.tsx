// @vitest-environment jsdom
/**
 * A field type is one entry on each side: a fixture type 百分比 (a ratio stored as 0.1235, read
 * as 12.35%) added to the registry and to the browser's map — nothing else — shows in a list
 * cell and a detail description, filters in the query bar with its own widget, edits in a layout
 * form with its own widget properties, reads the same in the operation log, and goes out to and
 * back from Excel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { InputNumber } from 'antd';
import ExcelJS from 'exceljs';
import { FIELD_TYPES, type ExcelContext, type FieldTypeDef } from '../../../schemas/src/fields/registry';
import { fixedDecimal } from '../../../schemas/src/fields/format';
import type { FieldDef, FieldType, ResolvedEntity } from '../../../schemas/src/fields/types';
import { expandLayout } from '../../../schemas/src/layout';
import { compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import { BROWSER_FIELD_TYPES, type BrowserFieldType, type FilterWidgetProps } from '../../../runtime/renderers/fields';
import { renderValue, textOf } from '../../../runtime/renderers/cells';
import { QueryBar } from '../../../runtime/renderers/list/QueryBar';
import { display } from '../../../server/crud/oplog';
import { find, type Schema } from '../helpers/formily-schema';

// antd's Form reads the viewport's breakpoints; jsdom has none.
Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });

const PERCENT = 'percent' as FieldType;


const percent: FieldTypeDef = {
  column: () => 'numeric(7, 4)',
  input: () => ({ type: ['string', 'number'], 'x-decimal': { precision: 7, scale: 4, minimum: 0, maximum: 1 } }),
  output: () => ({ type: 'string' }),
  cell: 'decimal',
  text: (v) => `${fixedDecimal(Number(v) * 100, 2)}%`,
  widget: 'inputNumber',
  widgetProps: () => ({ min: 0, max: 1, step: 0.01, precision: 4, decimal: true, value: null }),
  filters: ['eq', 'range'],
  sortable: true,
  excel: {
    numFmt: () => '0.00%',
    write: (v) => (v === null || v === undefined ? null : Number(v)),
    read: (raw) => {
      if (raw === null || raw === undefined || raw === '') return { value: null };
      const n = typeof raw === 'number' ? raw : Number(String(raw).replace('%', '')) / 100;
      return Number.isFinite(n) ? { value: String(n) } : { error: '应为百分比' };
    },
  },
};

/** The query bar shows and edits a ratio as percent points. */
function PercentFilter({ value, onChange }: FilterWidgetProps) {
  return <InputNumber data-testid="percent-filter" suffix="%" value={value} onChange={onChange} />;
}
const browserPercent: BrowserFieldType = { Filter: PercentFilter, fromQuery: (raw) => Number(raw) * 100 };

const f: FieldDef = { type: PERCENT, title: '毛利率' };
const entity = {
  name: 'quoteFixture', title: '报价', table: 'quote_fixture', idField: 'quoteId', tenant: 'org', versioned: true, customFields: false, log: true,
  fields: { margin: f }, indexes: [], search: [], defaultSort: { field: 'quoteId', order: 'desc' }, transitions: [], stateFields: [], children: {},
} as unknown as ResolvedEntity;
const excel: ExcelContext = {
  enumLabel: () => undefined, enumCode: () => undefined, refTitle: () => undefined, refId: () => undefined, regionLabel: () => undefined, regionCode: () => undefined,
};

describe('a field type added as one entry on each side', () => {
  beforeAll(() => {
    (FIELD_TYPES as Record<string, FieldTypeDef>)[PERCENT] = percent;
    (BROWSER_FIELD_TYPES as Record<string, BrowserFieldType>)[PERCENT] = browserPercent;
  });
  afterAll(() => {
    delete (FIELD_TYPES as Record<string, FieldTypeDef>)[PERCENT];
    delete (BROWSER_FIELD_TYPES as Record<string, BrowserFieldType>)[PERCENT];
  });

  it('reads as its text in a list cell, a detail description and the operation log', () => {
    expect(textOf(f, '0.1235')).toBe('12.35%');
    const { container } = render(<>{renderValue(f, '0.1235')}</>);
    expect(container.textContent).toBe('12.35%');
    expect(display(f as never, '0.1235', {})).toBe('12.35%');
    expect(display(f as never, null, {})).toBeNull();
  });

  it('filters in the query bar with its own widget, taking its value from the address', () => {
    render(<QueryBar items={[{ field: 'margin', op: 'eq', def: f, label: '毛利率' }]} params={{ margin: '0.5' }} onSearch={() => undefined} />);
    const input = screen.getByTestId('percent-filter') as HTMLInputElement;
    expect(input.value).toBe('50');
    expect(screen.getByText('%')).toBeTruthy();
  });

  it('edits in a layout form with its widget and properties', () => {
    const form = expandLayout({ name: 'quoteFixture', title: '报价', entity: 'quoteFixture', sections: [{ fields: ['margin'] }] }, () => entity);
    expect(form.list[0]).toMatchObject({ compType: 'inputNumber', id: 'margin', label: '毛利率', precision: 4, max: 1, decimal: true });
    const field = find(compileForm(form, { entity, resolveEntity: () => entity }) as Schema, 'margin');
    expect(field).toMatchObject({ 'x-component': 'NumberPicker', 'x-component-props': { stringMode: true, precision: 4, max: 1 } });
  });

  it('goes out to Excel as a formatted number and comes back as the stored ratio', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('报价');
    sheet.columns = [{ header: f.title, key: 'margin', style: { numFmt: percent.excel.numFmt!(f)! } }];
    sheet.addRow([FIELD_TYPES[PERCENT].excel.write('0.1235', f, excel)]);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await book.xlsx.writeBuffer());
    const cell = back.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.numFmt).toBe('0.00%');
    expect(FIELD_TYPES[PERCENT].excel.read(cell.value, f, excel)).toEqual({ value: '0.1235' });
    expect(FIELD_TYPES[PERCENT].excel.read('12.35%', f, excel)).toEqual({ value: '0.1235' });
  });
});
