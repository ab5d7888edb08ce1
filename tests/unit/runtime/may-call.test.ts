/**
 * What the browser offers follows the calls' own permissions (api/call.ts mayCall): a detail tab
 * or a button whose call the server would refuse with 403 is not shown. Here for the read-only
 * grant of 客户列表 (商务:客户列表:仅查看), from the real catalogue.
 */
import { describe, expect, it } from 'vitest';
import { mayCall } from '../../../api/call';

const readOnly = ['首页', '商务:客户列表:仅查看'];

describe('mayCall', () => {
  it('a view-only customer role may read the customer list and a customer, and nothing else of 商务', () => {
    expect(mayCall('customer.listLocalCustomer', readOnly)).toBe(true);
    expect(mayCall('customer.get', readOnly)).toBe(true);
    // the customer detail's 线索 tab, and the list's batch 提交审核 / 审核
    expect(mayCall('clue.page', readOnly)).toBe(false);
    expect(mayCall('customer.submit', readOnly)).toBe(false);
    expect(mayCall('customer.verify', readOnly)).toBe(false);
    expect(mayCall('customer.save', readOnly)).toBe(false);
  });

  it('calls open to any session, and alternatives, follow the same matcher as the server', () => {
    expect(mayCall('organization.orgStructure', [])).toBe(true);
    expect(mayCall('organization.page', readOnly)).toBe(false);
    expect(mayCall('no.suchEntry', ['商务'])).toBe(false);
  });
});
