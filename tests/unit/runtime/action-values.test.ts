import { describe, expect, it } from 'vitest';
import { fillValues, resolveFixed } from '../../../runtime/renderers/list/fixed';
import { createInitialValues } from '../../../runtime/renderers/list/ListView';

describe('fixed filters from the address', () => {
  it('reads route parameters and the query, numbers as numbers', () => {
    expect(resolveFixed({ projectId: '{projectId}', contractType: 2 }, { projectId: '12' })).toEqual({ projectId: 12, contractType: 2 });
  });
  it('leaves out a placeholder the address does not fill (one screen for ?projectId= and ?clueId=)', () => {
    expect(resolveFixed({ projectId: '{projectId}', clueId: '{clueId}' }, { clueId: '7' })).toEqual({ clueId: 7 });
  });
});

describe('values of a create action', () => {
  const row = { contractId: 5, customerId: 9, name: '临港主变运输合同', startDate: '2026-03-01', remark: null };
  it('keeps the type of a whole placeholder, texts a template, skips what the row lacks', () => {
    expect(fillValues({ incomeContractId: '{contractId}', customerId: '{customerId}', name: '{name}项目', startDate: '{startDate}', remark: '{remark}', serviceCategory: 1 }, row))
      .toEqual({ incomeContractId: 5, customerId: 9, name: '临港主变运输合同项目', startDate: '2026-03-01', serviceCategory: 1 });
  });
  it('fills the lines of a list (a matter naming the bill of the row)', () => {
    expect(fillValues({ items: [{ settleBillId: '{contractId}', remark: '{name}' }], payerName: '{name}' }, row))
      .toEqual({ items: [{ settleBillId: 5, remark: '临港主变运输合同' }], payerName: '临港主变运输合同' });
  });
  it('a record of another kind made from a row starts from the row only; a related list adds its parent', () => {
    expect(createInitialValues({ type: 'create', api: 'project.save', values: { incomeContractId: '{contractId}' } }, { contractType: 1 }, undefined, row)).toEqual({ incomeContractId: 5 });
    expect(createInitialValues({ type: 'create', values: { projectId: '{projectId}' } }, { projectId: 3 }, { projectId: 3 })).toEqual({ projectId: 3 });
  });
});
