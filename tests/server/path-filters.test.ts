import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { resolveFixture } from './helpers/fixture';

// `{projectId}/list-staff-cost-settle` (seed 002 §7.8): a path parameter named like a declared
// filter narrows a generic list, so such calls need no handler of their own.
describe.each(await backends())('path parameters as list filters on %s', (backend) => {
  const { entities, catalogue, problems } = resolveFixture((d) => {
    d.api.entries.push({ name: 'ofCustomer', method: 'GET', path: 'customer/{customerId}/list', handler: 'crud.list', options: { filters: ['customerId', 'status'] } });
    d.api.entries.push({ name: 'pageOfCustomer', method: 'GET', path: 'customer/{customerId}/page', handler: 'crud.page', options: { filters: ['customerId'] } });
  });
  let h: Harness;
  let token: string;
  let customers: number[];
  beforeAll(async () => {
    h = await startHarness(backend, { entities, catalogue });
    token = await h.login('business');
    customers = ((await h.call('GET', '/api/v1/user-base/customer/list-org-customer', { token })).body.data as { customerId: number }[]).slice(0, 2).map((c) => c.customerId);
    const org = (await h.database.db.selectFrom('customer').select(['orgId', 'corpId']).where('customerId', '=', customers[0]!).executeTakeFirstOrThrow()) as { orgId: number; corpId: number };
    await h.database.db.insertInto('gadgetOrder').values([
      { ...org, title: '甲1', customerId: customers[0]! }, { ...org, title: '甲2', customerId: customers[0]!, status: 10 }, { ...org, title: '乙1', customerId: customers[1]! },
    ]).execute();
  });
  afterAll(async () => h?.close());

  it('lists only the rows of the customer in the path, other filters still apply', async () => {
    expect(problems).toEqual([]);
    const all = await h.call('GET', `/api/v1/test-base/gadget-order/customer/${customers[0]}/list`, { token });
    expect(all.body.data.map((r: any) => r.title).sort()).toEqual(['甲1', '甲2']);
    const narrowed = await h.call('GET', `/api/v1/test-base/gadget-order/customer/${customers[0]}/list?status=10`, { token });
    expect(narrowed.body.data.map((r: any) => r.title)).toEqual(['甲2']);
    // the path wins over a query that names another customer
    const page = await h.call('GET', `/api/v1/test-base/gadget-order/customer/${customers[1]}/page?customerId=${customers[0]}`, { token });
    expect(page.body.data.list.map((r: any) => r.title)).toEqual(['乙1']);
  });
});
