// @vitest-environment jsdom
/**
 * A value reads the same wherever it shows: the list cell's text, the detail's description, the
 * operation log's before/after and the exported Excel cell (as a spreadsheet displays it under
 * its number format) agree for every field type — money keeps its scale (99.90, never 99.9),
 * quantities drop trailing zeros, times are China time.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { FieldDef, FieldType } from '../../../schemas/src/fields/types';
import { FIELD_TYPES, type ExcelContext } from '../../../schemas/src/fields/registry';
import { thousands } from '../../../schemas/src/format';
import { renderValue, textOf, type Refs } from '../../../runtime/renderers/cells';
import { regionTree } from '../../../runtime/reference/lists';
import { display } from '../../../server/crud/oplog';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ResolvedEntity } from '../../../schemas/src/fields/types';
import { expandLayout } from '../../../schemas/src/layout';
import { compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import { SchemaField } from '../../../runtime/renderers/form/components';
import { FormEntityProvider } from '../../../runtime/renderers/fields/form-text';
import { enumLabel } from '../../../server/schema/load';
import { regionLabel, regionTree as serverRegionTree } from '../../../server/reference/regions';

vi.mock('../../../runtime/reference/lists', async (original) => {
  const real = await original<typeof import('../../../runtime/reference/lists')>();
  const { cachedList } = await import('../../../runtime/reference/cache');
  const regions = await import('../../../server/reference/regions');
  return { ...real, regionTree: cachedList(async () => regions.regionTree().tree as never[]) };
});

// antd reads the viewport's breakpoints; jsdom has none.
Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });

/** What a spreadsheet shows for a cell under its number format (the formats the export writes). */
function shown(cell: unknown, numFmt: string | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return numFmt === 'yyyy-mm-dd' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  if (typeof cell === 'number') {
    const fixed = /^#,##0(?:\.(0+))?$/.exec(numFmt ?? '');
    return fixed ? thousands(cell.toFixed(fixed[1]?.length ?? 0)) : String(cell);
  }
  return String(cell);
}

const refs: Refs = { customer: { 7: '苏州华运机械有限公司' } };
const excel: ExcelContext = {
  enumLabel: (name, code) => enumLabel(name, code),
  enumCode: () => undefined,
  refTitle: (entity, id) => refs[entity]?.[String(id)],
  refId: () => undefined,
  regionLabel,
  regionCode: () => undefined,
};

const county = () => serverRegionTree().tree[0]!.children![0]!.children![0]!;

/** One value per type, with the text every surface must show. */
const cases = (): { f: FieldDef; v: unknown; text: string }[] => [
  { f: { type: 'string', title: '车牌' }, v: '苏E12345', text: '苏E12345' },
  { f: { type: 'text', title: '备注' }, v: '第一行\n第二行', text: '第一行\n第二行' },
  { f: { type: 'integer', title: '件数' }, v: 1024, text: '1024' },
  { f: { type: 'bigint', title: '流水号' }, v: '9007199254740', text: '9007199254740' },
  { f: { type: 'number', title: '重量(吨)', precision: 10, scale: 2 }, v: '99.90', text: '99.9' },
  { f: { type: 'number', title: '里程(km)', precision: 12, scale: 4 }, v: '12345.5000', text: '12,345.5' },
  { f: { type: 'money', title: '成本(元)' }, v: '99.9', text: '99.90' },
  { f: { type: 'money', title: '合同金额(元)' }, v: '1234567.5', text: '1,234,567.50' },
  { f: { type: 'boolean', title: '含税' }, v: true, text: '是' },
  { f: { type: 'date', title: '到期日' }, v: '2026-03-01', text: '2026-03-01' },
  { f: { type: 'datetime', title: '发车时间' }, v: '2026-03-01T00:30:00.000Z', text: '2026-03-01 08:30:00' },
  { f: { type: 'json', title: '扩展' }, v: { axles: 6 }, text: '{"axles":6}' },
  { f: { type: 'enum', title: '供应商类型', enum: 'supplierType' }, v: 1, text: '承运商' },
  { f: { type: 'reference', title: '客户', ref: 'customer' }, v: 7, text: '苏州华运机械有限公司' },
  { f: { type: 'references', title: '客户', ref: 'customer' }, v: [7], text: '苏州华运机械有限公司' },
  { f: { type: 'region', title: '地区' }, v: county().regionId, text: '' },
  { f: { type: 'attachments', title: '附件' }, v: [{ name: '合同.pdf', url: '/api/v1/file-base/file/1' }], text: '合同.pdf' },
];

describe('one text per value, everywhere', () => {
  beforeAll(async () => {
    await regionTree.get();
  });

  it('covers every field type', () => {
    expect(new Set(cases().map((c) => c.f.type))).toEqual(new Set(Object.keys(FIELD_TYPES) as FieldType[]));
  });

  it.each(cases().map((c) => [`${c.f.type} ${c.f.title}`, c] as const))('%s: list, detail, log and Excel cell agree', (_name, c) => {
    const expected = c.f.type === 'region' ? regionLabel(String(c.v))! : c.text;
    expect(expected).toBeTruthy();
    const list = textOf(c.f, c.v, refs);
    const { container } = render(<>{renderValue(c.f, c.v, refs)}</>);
    const detail = container.textContent;
    const log = display(c.f as never, c.v, refs);
    const t = FIELD_TYPES[c.f.type];
    const cell = shown(t.excel.write(c.v, c.f, excel), t.excel.numFmt?.(c.f, c.v));
    expect({ list, detail, log, cell }).toEqual({ list: expected, detail: expected, log: expected, cell: expected });
  });

  it('nothing entered reads as nothing: a dash in cells, null in the log, an empty cell', () => {
    for (const c of cases()) {
      expect(textOf(c.f, null)).toBe('');
      expect(renderValue(c.f, null)).toBe('-');
      expect(display(c.f as never, null, {})).toBeNull();
      expect(FIELD_TYPES[c.f.type].excel.write(null, c.f, excel)).toBeNull();
    }
  });

  it('an exported time cell reads back as the instant it was', () => {
    const f: FieldDef = { type: 'datetime', title: '发车时间' };
    const cell = FIELD_TYPES.datetime.excel.write('2026-03-01T00:30:00.000Z', f, excel);
    expect(FIELD_TYPES.datetime.excel.read(cell, f, excel)).toEqual({ value: '2026-03-01T00:30:00.000Z' });
  });

  it('a detail\'s form tab (a read-only layout form) shows the list\'s text, not the raw decimal', async () => {
    const fields: Record<string, FieldDef> = {
      cost: { type: 'number', title: '成本(吨)', precision: 10, scale: 2 },
      amount: { type: 'money', title: '金额(元)' },
    };
    const entity = {
      name: 'costFixture', title: '成本', table: 'cost_fixture', idField: 'costId', tenant: 'org', versioned: true, customFields: false, log: false,
      fields, indexes: [], search: [], defaultSort: { field: 'costId', order: 'desc' }, transitions: [], stateFields: [], children: {},
    } as unknown as ResolvedEntity;
    const schema = compileForm(expandLayout({ name: 'costFixture', title: '成本', entity: 'costFixture', sections: [{ fields: ['cost', 'amount'] }] }, () => entity), { entity, readOnly: true });
    const form = createForm({ readPretty: true, initialValues: { cost: '99.90', amount: '1234.50' } });
    const { container } = render(
      <FormProvider form={form}>
        <FormEntityProvider entity={entity} resolve={() => undefined}><SchemaField schema={schema} /></FormEntityProvider>
      </FormProvider>,
    );
    const text = container.textContent ?? '';
    expect(text).toContain(textOf(fields.cost!, '99.90'));
    expect(text).toContain('99.9');
    expect(text).not.toContain('99.90');
    expect(text).toContain(textOf(fields.amount!, '1234.50'));
    expect(text).toContain('1,234.50');
  });
});
