/**
 * 业务流程设置 drives the audit flow (issue 10): changing a template through its screen's calls
 * applies to reviews started after the change — a big enough order then needs two approvers in
 * turn — while reviews already running keep the chain they started with. Shown on the
 * definitions-only fixture entity (tests/fixtures/metamodel), whose audit is bizType 18.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { resolveFixture } from './helpers/fixture';

const ORDERS = '/api/v1/test-base/gadget-order';
const TEMPLATES = '/api/v1/user-base/process-template';

describe('process templates and the reviews they drive', () => {
  const { entities, catalogue } = resolveFixture();
  let h: Harness;
  const t: Record<string, string> = {};
  let customerId: number;
  const staffOf = async (token: string) => (await h.call('GET', '/api/v1/auth/me', { token })).body.data.staffId as number;

  beforeAll(async () => {
    h = await startHarness('pglite', { entities, catalogue });
    for (const u of ['admin', 'business', 'bizmgr', 'gm']) t[u] = await h.login(u);
    customerId = (await h.call('GET', '/api/v1/user-base/customer/list-org-customer', { token: t.business })).body.data[0].customerId;
  });
  afterAll(async () => h?.close());

  const order = async (amount: string) => {
    const r = await h.call('POST', `${ORDERS}/save`, { token: t.business, data: { title: `订单${amount}`, customerId, orderDate: '2026-11-01', amount } });
    await h.call('POST', `${ORDERS}/submit`, { token: t.business, data: { gadgetOrderId: r.body.data.gadgetOrderId } });
    return r.body.data.gadgetOrderId as number;
  };
  const state = async (id: number) => (await h.call('GET', `${ORDERS}/${id}`, { token: t.business })).body.data.auditState;
  const approve = (token: string, id: number) => h.call('POST', `${ORDERS}/audit`, { token, data: { gadgetOrderId: id, pass: true } });

  it('a change applies to reviews started after it; running ones keep their chain', async () => {
    const [bizmgr, gm] = [await staffOf(t.bizmgr!), await staffOf(t.gm!)];
    // The demo's own 对客报价 chain steps aside for this one.
    const demo = (await h.call('GET', `${TEMPLATES}/page?bizType=18&enabled=true`, { token: t.admin })).body.data.list as { processTemplateId: number; version: number }[];
    for (const d of demo) await h.call('PUT', `${TEMPLATES}/${d.processTemplateId}/disable`, { token: t.admin, data: { version: d.version } });
    const created = await h.call('POST', `${TEMPLATES}/save`, { token: t.admin, data: { name: '对客报价审批', bizType: 18, nodes: [
      { name: '商务经理', approverType: 1, staffIds: [bizmgr] },
    ] } });
    expect(created.body.data.enabled).toBe(true);
    const before = await order('1500000.00');

    const changed = await h.call('PUT', `${TEMPLATES}/${created.body.data.processTemplateId}`, { token: t.admin, data: { version: created.body.data.version, nodes: [
      { name: '商务经理', approverType: 1, staffIds: [bizmgr] },
      { name: '总经理', approverType: 1, staffIds: [gm], minAmount: 1000000 },
    ] } });
    expect(changed.status).toBe(200);
    const after = await order('1500000.00');
    const small = await order('800000.00');

    // Started before the change: one approver is enough.
    expect((await approve(t.bizmgr!, before)).status).toBe(200);
    expect(await state(before)).toBe(15);
    // Started after it, over 1,000,000: 商务经理, then 总经理, in turn.
    expect((await approve(t.gm!, after)).body.msg).toBe('您不是当前节点的审批人');
    await approve(t.bizmgr!, after);
    expect(await state(after)).toBe(5);
    const activity = (await h.call('GET', `/api/v1/meta/activity/gadgetOrder/${after}`, { token: t.gm })).body.data;
    expect(activity.approval).toMatchObject({ currentNodeName: '总经理', canDecide: true });
    await approve(t.gm!, after);
    expect(await state(after)).toBe(15);
    // Below the amount the second node doesn't apply.
    await approve(t.bizmgr!, small);
    expect(await state(small)).toBe(15);

    // Disabled, the template no longer decides: holders of the approval permission do.
    await h.call('PUT', `${TEMPLATES}/${created.body.data.processTemplateId}/disable`, { token: t.admin, data: { version: changed.body.data.version } });
    const plain = await order('2000000.00');
    const act = (await h.call('GET', `/api/v1/meta/activity/gadgetOrder/${plain}`, { token: t.bizmgr })).body.data;
    expect(act.approval.currentNodeName).toBe('审核');
  });
});
