import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { resolveFixture } from './helpers/fixture';

// A ledger kept in two tables (orders and their refunds) reported as one: each measure's entity
// grouped on the shared dimensions, joined, and the difference computed after aggregation.
const mutate = (d: { entities: any[]; api: any }) => {
  d.entities.push({
    name: 'gadgetRefund', title: '小工具退款', idField: 'gadgetRefundId',
    fields: {
      customerId: { type: 'reference', ref: 'customer', title: '客户', required: true },
      orderDate: { type: 'date', title: '下单日期', index: true },
      amount: { type: 'money', title: '金额' },
      status: { type: 'enum', enum: 'transportDemandStatus', title: '状态', default: 0 },
    },
  });
  d.api.entries.push({ name: 'net', summary: '净额', method: 'GET', path: 'net', handler: 'crud.report', options: {
    filters: ['orderDate', 'customerId'],
    report: {
      dimensions: [{ name: 'month', field: 'orderDate', granularity: 'month', title: '月份' }, { field: 'customerId' }],
      measures: [
        { name: 'sales', title: '销售', agg: 'sum', field: 'amount', format: 'money' },
        { name: 'refunds', title: '退款', agg: 'sum', field: 'amount', entity: 'gadgetRefund', where: { status: 10 }, format: 'money' },
        { name: 'net', title: '净额', agg: 'sum', diff: ['sales', 'refunds'], format: 'money' },
        { name: 'netRate', title: '净额率', agg: 'sum', ratio: ['net', 'sales'] },
      ] } } });
};

describe.each(await backends())('a report over two entities on %s', (backend) => {
  const { entities, catalogue, problems } = resolveFixture(mutate);
  let h: Harness;
  let token: string;
  let customers: number[];
  beforeAll(async () => {
    h = await startHarness(backend, { entities, catalogue });
    token = await h.login('business');
    customers = ((await h.call('GET', '/api/v1/user-base/customer/list-org-customer', { token })).body.data as { customerId: number }[]).slice(0, 2).map((c) => c.customerId);
    const db = h.database.db;
    const org = (await db.selectFrom('customer').select(['orgId', 'corpId']).where('customerId', '=', customers[0]!).executeTakeFirstOrThrow()) as { orgId: number; corpId: number };
    const order = (customerId: number, orderDate: string, amount: string) => ({ ...org, title: '订单', customerId, orderDate, amount });
    await db.insertInto('gadgetOrder').values([order(customers[0]!, '2026-01-05', '1000.00'), order(customers[0]!, '2026-01-20', '500.00'), order(customers[1]!, '2026-02-01', '300.00')]).execute();
    const refund = (customerId: number, orderDate: string, amount: string, status: number) => ({ ...org, customerId, orderDate, amount, status });
    // a refund in a month without sales, and one not counted (status 0)
    await db.insertInto('gadgetRefund').values([refund(customers[0]!, '2026-01-09', '200.00', 10), refund(customers[0]!, '2026-01-10', '999.00', 0), refund(customers[1]!, '2026-03-03', '50.00', 10)]).execute();
  });
  afterAll(async () => h?.close());

  it('cross-checks the measure\'s entity', () => {
    expect(problems).toEqual([]);
    const bad = resolveFixture((d) => {
      mutate(d);
      d.api.entries.at(-1).options.report.measures[1].entity = 'gadgetLine';
    });
    expect(bad.problems.map((p) => p.message)).toContain('gadgetLine has no dimension field orderDate');
  });

  it('joins the groups on the dimensions and computes the difference and its ratio', async () => {
    const r = await h.call('GET', '/api/v1/test-base/gadget-order/net?dims=month', { token });
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toEqual([
      { month: '2026-01', sales: 1500, refunds: 200, net: 1300, netRate: 1300 / 1500 },
      { month: '2026-02', sales: 300, refunds: 0, net: 300, netRate: 1 },
      { month: '2026-03', sales: 0, refunds: 50, net: -50, netRate: null },
    ]);
    expect(r.body.data.summary).toMatchObject({ sales: 1800, refunds: 250, net: 1550 });
    const one = await h.call('GET', `/api/v1/test-base/gadget-order/net?dims=customerId&customerId=${customers[1]}`, { token });
    expect(one.body.data.rows).toEqual([{ customerId: customers[1], sales: 300, refunds: 50, net: 250, netRate: 250 / 300 }]);
  });
});
