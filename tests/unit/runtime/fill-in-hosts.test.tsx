// @vitest-environment jsdom
/**
 * Declared fill-ins (`fetchFrom`) run in every form host, through the one shared effect
 * (runtime/renderers/form/fillIns.ts formEffects): the drawer a form action opens on a row (the
 * reference given, the form fills on opening), a kind=form screen and a transition's dialog (the
 * user picks the reference, the fetched field follows). The quotation's costAmount fetches
 * enquiryId.awardedCostExclTax.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';
import type { Form } from '@formily/core';
import type { PageDef } from '../../../runtime/router/types';
import type { ResolvedTransition } from '../../../schemas/src/entity-schema';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;

const invoke = vi.fn(async (api: string, args?: { params?: Record<string, unknown> }) => {
  if (api === 'meta.fetch' && args?.params?.entity === 'enquiry') return { awardedCostExclTax: '1234.50', quoteMode: 1, quantity: '3.000' };
  if (api === 'meta.fetch' && args?.params?.entity === 'contract') return { name: '宝钢冷轧机运输合同', customerId: 9, serviceCategory: null, startDate: '2026-01-10', endDate: '2027-12-31', amount: '880000.00' };
  if (api === 'meta.fetch') return {};
  if (api === 'quotation.get') return { quotationId: 1, version: 1 };
  return null;
});
vi.mock('../../../api/call', async (original) => ({ ...(await original<object>()), invoke: (...args: unknown[]) => invoke(...(args as [string])) }));

// Every form the hosts create, so the test can pick a reference as the user would.
const forms: Form[] = [];
vi.mock('@formily/core', async (original) => {
  const real = await original<typeof import('@formily/core')>();
  return { ...real, createForm: (...args: Parameters<typeof real.createForm>) => { const f = real.createForm(...args); forms.push(f as Form); return f; } };
});

const { default: FormDrawer } = await import('../../../runtime/renderers/form/FormDrawer');
const { default: FormPage } = await import('../../../runtime/renderers/form/FormPage');
const { TransitionDialog } = await import('../../../runtime/renderers/common/ActionDialogs');
const { loadEntityWithChildren } = await import('../../../runtime/meta');

afterEach(() => { cleanup(); invoke.mockClear(); forms.length = 0; });

const wrap = (node: React.ReactNode) => render(<MemoryRouter><App>{node}</App></MemoryRouter>);
const fetched = () => invoke.mock.calls.filter(([api]) => api === 'meta.fetch').map(([, a]) => (a as { params: unknown }).params);

async function mountedForm(): Promise<Form> {
  await waitFor(() => expect(forms.length).toBeGreaterThan(0));
  const form = forms[forms.length - 1]!;
  await waitFor(() => expect(form.query('enquiryId').take()).toBeTruthy());
  return form;
}

describe('a fill-in arrives in every form host', () => {
  it('the drawer of an action making a record from a row: the given reference fills on opening', async () => {
    wrap(<FormDrawer title="新增报价" formName="quotation" mode="create" rowKey="quotationId" api={{ create: 'quotation.save' }}
      initialValues={{ enquiryId: 5 }} onClose={() => undefined} onSaved={() => undefined} />);
    const form = await mountedForm();
    await waitFor(() => expect(form.getValuesIn('costAmount')).toBe('1234.50'));
    expect(form.getValuesIn('quantity')).toBe('3.000');
    expect(fetched()).toEqual([{ entity: 'enquiry', id: 5 }]);
  });

  it('创建项目 on a contract: the project form takes the contract’s name, customer and dates by declaration; a blank category keeps its default', async () => {
    wrap(<FormDrawer title="创建项目" formName="project" mode="create" rowKey="projectId" api={{ create: 'project.save' }}
      initialValues={{ incomeContractId: 7 }} onClose={() => undefined} onSaved={() => undefined} />);
    await waitFor(() => expect(forms.length).toBeGreaterThan(0));
    const form = forms[forms.length - 1]!;
    await waitFor(() => expect(form.getValuesIn('name')).toBe('宝钢冷轧机运输合同'));
    expect(form.values).toMatchObject({ incomeContractId: 7, customerId: 9, startDate: '2026-01-10', endDate: '2027-12-31', serviceCategory: 1 });
    expect(fetched()).toEqual([{ entity: 'contract', id: 7 }]);
  });

  it('a kind=form screen: picking the reference fills the fetched fields', async () => {
    const page = { kind: 'form', path: '/x', meta: { title: '报价' }, form: { form: 'quotation', api: { get: 'quotation.get', update: 'quotation.update' } } };
    wrap(<FormPage page={page as unknown as PageDef} />);
    const form = await mountedForm();
    expect(form.getValuesIn('costAmount')).toBeUndefined();
    form.setValuesIn('enquiryId', 5);
    await waitFor(() => expect(form.getValuesIn('costAmount')).toBe('1234.50'));
    expect(fetched()).toEqual([{ entity: 'enquiry', id: 5 }]);
  });

  it('a transition dialog asking for a reference: picking it fills the fetched field beside it', async () => {
    const entity = await loadEntityWithChildren('quotation');
    const transition = { name: 'pickEnquiry', title: '关联询价', field: '', from: [], to: '', form: ['enquiryId', 'costAmount'], comment: 'none' } as unknown as ResolvedTransition;
    wrap(<TransitionDialog req={{ entity, transition, api: 'quotation.update', title: '关联询价', records: [{ quotationId: 1 }], idField: 'quotationId' }} onClose={() => undefined} onDone={() => undefined} />);
    const form = await mountedForm();
    form.setValuesIn('enquiryId', 5);
    await waitFor(() => expect(form.getValuesIn('costAmount')).toBe('1234.50'));
    expect(fetched()).toEqual([{ entity: 'enquiry', id: 5 }]);
  });
});
