/** How a form or call action addresses its catalogue entry for a row (mechanism). */
import { describe, expect, it } from 'vitest';
import { rowCallArgs } from '../../../runtime/renderers/common/rowCall';

describe('row actions call their entry with the row', () => {
  it('fills path parameters from the row, and a single unknown one with the row id', () => {
    expect(rowCallArgs('organization.disable', { orgId: 7, name: '甲' }, 'orgId')).toEqual({ params: { orgId: 7 }, body: {} });
    expect(rowCallArgs('organization.disable', { id: 7 }, 'id')).toEqual({ params: { orgId: 7 }, body: {} });
  });

  it('puts the row id in the body when the path names no parameter', () => {
    expect(rowCallArgs('customer.save', { customerId: 3 }, 'customerId')).toEqual({ params: {}, body: { customerId: 3 } });
  });
});
