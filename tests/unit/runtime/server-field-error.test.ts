/**
 * A server message put on a field (FormDrawer's showFieldError) holds until the user edits that
 * field — or, when it names a table (「第1张发票：数电票号码应为20位数字」 on the invoice lines), a cell
 * of that table. Before, correcting the cell left the table's error in place and the form could
 * not be saved again.
 */
import { describe, expect, it } from 'vitest';
import { createForm, type Form } from '@formily/core';
import { ApiError } from '../../../api/http';

const { showFieldError } = await import('../../../runtime/renderers/form/FormDrawer');

function invoiceForm(): Form {
  const form = createForm({ values: { title: '收票', invoices: [{ invoiceNo: '2531200000001234567' }] } });
  form.createField({ name: 'title' });
  form.createArrayField({ name: 'invoices' });
  form.createObjectField({ name: '0', basePath: 'invoices' });
  form.createField({ name: 'invoiceNo', basePath: 'invoices.0' });
  return form;
}
const errorsOf = (form: Form, path: string) => (form.query(path).take() as unknown as { selfErrors: string[] }).selfErrors;

describe('a server error on a field', () => {
  it('on a table goes when a cell of that table is corrected, not when another field changes', async () => {
    const form = invoiceForm();
    expect(showFieldError(form, new ApiError(400, '第1张发票：数电票号码应为20位数字', 400, { field: 'invoices' }))).toBe(true);
    expect(errorsOf(form, 'invoices')).toEqual(['第1张发票：数电票号码应为20位数字']);
    await (form.query('title').take() as any).onInput('别的事由');
    expect(errorsOf(form, 'invoices')).toEqual(['第1张发票：数电票号码应为20位数字']);
    await (form.query('invoices.0.invoiceNo').take() as any).onInput('25312000000012345678');
    expect(errorsOf(form, 'invoices')).toEqual([]);
  });

  it('on a plain field goes when that field is edited', async () => {
    const form = invoiceForm();
    showFieldError(form, new ApiError(400, '事由重复', 400, { field: 'title' }));
    expect(errorsOf(form, 'title')).toEqual(['事由重复']);
    await (form.query('title').take() as any).onInput('新的事由');
    expect(errorsOf(form, 'title')).toEqual([]);
  });

  it('naming no field on the form leaves it to the caller', () => {
    expect(showFieldError(invoiceForm(), new ApiError(400, '金额不符', 400, { field: 'nowhere' }))).toBe(false);
  });
});
