// @vitest-environment jsdom
/**
 * Address fields with suggestions (a layout's `suggest`, 地址输入提示): typing asks the call with
 * the form's region as the limit; choosing an address fills the text and the empty region;
 * choosing a region fills the region and leaves the street to type; a failed call says why and
 * typing goes on. Every address field of the business forms carries it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import entities from '../../../schemas/generated/entities.json';
import demandLayout from '../../../schemas/layouts/transportDemand.json';
import { expandLayout, type LayoutDef } from '../../../schemas/src/layout';
import { compileForm } from '../../../schemas/src/form-to-formily';
import '../../../schemas/src/components/compile';
import type { ResolvedEntity } from '../../../schemas/src/entity-schema';
import { find } from '../helpers/formily-schema';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });

const invoke = vi.fn();
vi.mock('../../../api/call', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));
const { SuggestInput } = await import('../../../runtime/renderers/form/SuggestInput');

const all = entities as unknown as Record<string, ResolvedEntity>;
const suggest = { api: 'gaode.inputTips', region: 'loadRegionCode' };
const TIPS = [
  { id: 'A1', name: '洋山港四期码头', address: '上海市浦东新区洋山港四期码头', district: '上海市浦东新区', adcode: '310115' },
  { id: 'R310115', name: '浦东新区', address: '', district: '上海市浦东新区', adcode: '310115' },
];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  invoke.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function mount(values: Record<string, unknown> = {}) {
  const form = createForm({ values });
  render(
    <FormProvider form={form}>
      <Field name="loadRegionCode" />
      <Field name="loadAddress" component={[SuggestInput, { suggest, placeholder: '请输入装货地址' }]} />
    </FormProvider>,
  );
  return form;
}

async function type(text: string) {
  fireEvent.change(screen.getByPlaceholderText('请输入装货地址'), { target: { value: text } });
  await act(async () => { await vi.advanceTimersByTimeAsync(300); });
}

describe('an address field with suggestions', () => {
  it('every address of the business forms suggests through 地址输入提示 with its region field', () => {
    const form = expandLayout(demandLayout as LayoutDef, (n) => all[n]);
    const schema = compileForm(form, { resolveOptions: () => [], entity: all.transportDemand, resolveEntity: (n) => all[n] });
    for (const [field, region] of [['loadAddress', 'loadRegionCode'], ['unloadAddress', 'unloadRegionCode']]) {
      const node = find(schema, field)!;
      expect(node['x-component']).toBe('SuggestInput');
      expect(node['x-component-props']).toMatchObject({ suggest: { api: 'gaode.inputTips', region } });
    }
  });

  it('asks with the chosen region as the limit, and an address fills the text (the region stays)', async () => {
    invoke.mockResolvedValue({ count: 2, tips: TIPS });
    const form = mount({ loadRegionCode: '310000' });
    await type('洋山');
    expect(invoke).toHaveBeenCalledWith('gaode.inputTips', { query: { keywords: '洋山', city: '310000', citylimit: 'true' } });
    expect(form.values.loadAddress).toBe('洋山');
    fireEvent.click(await screen.findByText('上海市浦东新区洋山港四期码头'));
    expect(form.values.loadAddress).toBe('上海市浦东新区洋山港四期码头');
    expect(form.values.loadRegionCode).toBe('310000');
  });

  it('an empty region is filled from the chosen address; a region suggestion sets the region and clears the street', async () => {
    invoke.mockResolvedValue({ count: 2, tips: TIPS });
    const form = mount();
    await type('yangshan');
    expect(invoke).toHaveBeenCalledWith('gaode.inputTips', { query: { keywords: 'yangshan' } });
    fireEvent.click(await screen.findByText('上海市浦东新区洋山港四期码头'));
    expect(form.values).toMatchObject({ loadAddress: '上海市浦东新区洋山港四期码头', loadRegionCode: '310115' });

    form.setValuesIn('loadRegionCode', undefined);
    await type('浦东');
    fireEvent.click(await screen.findByText('浦东新区'));
    expect(form.values.loadRegionCode).toBe('310115');
    expect(form.values.loadAddress).toBe('');
  });

  it('a failed call says why under the field, and what was typed is kept', async () => {
    invoke.mockRejectedValue(new Error('请求过于频繁'));
    const form = mount();
    await type('洋山港');
    expect(await screen.findByText('地址提示暂不可用：请求过于频繁')).toBeTruthy();
    expect(form.values.loadAddress).toBe('洋山港');
  });
});
