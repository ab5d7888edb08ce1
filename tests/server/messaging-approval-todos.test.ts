/**
 * An approver's 待您审批 (issue 8): the daily matter (日常事项 count) and notice an approval step
 * gives each approver are handled as soon as the step no longer needs them — they decided, a
 * colleague of an any-of step decided, the request was rejected or withdrawn — and the new count
 * is pushed over the real-time channel (daily_message_count_message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { connectStomp, startLive, type Live } from './realtime-helpers';
import { makeUscc } from '../../schemas/src/validators';

const S = '/api/v1/user-base/supplier';
const COUNT = '/api/v1/message-base/message/count-daily-message';
const SUPPLIER_AUDIT = 12;

type Who = { token: string; staffId: number; orgId: number };

describe.each(await backends())('approval to-dos on %s', (backend) => {
  let live: Live;
  let admin: Who;
  let business: Who;
  let dispatch: Who;
  let serial = 0;

  const count = async (w: Who) => (await live.call('GET', COUNT, w.token)).data as number;
  /** The approvals of a supplier's audit (a record id alone may also be another entity's). */
  const approvalsOf = async (supplierId: number) => ((await live.database.db.selectFrom('approval').select('approvalId')
    .where('entity', '=', 'supplier').where('subjectId', '=', supplierId).execute()) as { approvalId: number }[]).map((a) => a.approvalId);
  const openTodos = async (w: Who, supplierId: number) => {
    const ids = await approvalsOf(supplierId);
    return ((await live.call('GET', '/api/v1/message-base/message/list-un-handle-message', w.token)).data as any[])
      .filter((m) => ids.includes(m.approvalId) && String(m.message).includes('待您审批'));
  };
  const unreadNotices = async (w: Who, supplierId: number) => (await live.database.db.selectFrom('notice').select(['noticeId', 'status'])
    .where('recipientStaffId', '=', w.staffId).where('approvalId', 'in', await approvalsOf(supplierId)).where('status', '=', 0).execute()).length;

  /** The organisation's supplier audit goes to these approvers, any one or all of them. */
  async function template(approvers: number[], mode: 'any' | 'all') {
    const db = live.database.db;
    await db.updateTable('processTemplate').set({ enabled: false }).where('orgId', '=', admin.orgId).where('bizType', '=', SUPPLIER_AUDIT).execute();
    await db.insertInto('processTemplate').values({
      corpId: (await db.selectFrom('organization').select('corpId').where('orgId', '=', admin.orgId).executeTakeFirstOrThrow() as { corpId: number }).corpId,
      orgId: admin.orgId, name: `供应商审核测试${++serial}`, bizType: SUPPLIER_AUDIT, enabled: true,
      nodes: JSON.stringify([{ name: '审核', approverType: 1, approverIds: approvers, mode }]),
    }).execute();
  }

  async function submitted(): Promise<number> {
    const r = await live.call('POST', `${S}/save`, dispatch.token, {
      name: `待审承运商${++serial}${Math.random().toString(36).slice(2, 6)}`, supplierType: 1, creditCode: makeUscc('310115', 700000 + serial + Math.floor(Math.random() * 90000)),
      contactName: '钱经理', contactPhone: '13816620000', transportLicenseNo: '310115200001', transportLicenseExpiry: '2030-01-01',
    });
    expect(r.code, JSON.stringify(r)).toBe(0);
    const id = r.data.supplierId as number;
    expect((await live.call('POST', `${S}/submit`, dispatch.token, { supplierId: id })).code).toBe(0);
    return id;
  }
  const verify = (w: Who, supplierId: number, pass: boolean, comment?: string) => live.call('POST', `${S}/verify`, w.token, { supplierId, pass, comment });

  beforeAll(async () => {
    live = await startLive(backend);
    admin = await live.login('admin');
    business = await live.login('business');
    dispatch = await live.login('dispatch');
    // 周慧敏 (business) may decide supplier audits too.
    const db = live.database.db;
    const corp = (await db.selectFrom('staff').select('corpId').where('staffId', '=', business.staffId).executeTakeFirstOrThrow()) as { corpId: number };
    const role = (await db.insertInto('role').values({ corpId: corp.corpId, orgId: business.orgId, name: '供应商审核测试', code: 'test_supplier_audit', permissions: JSON.stringify(['运力资源:供应商:审核']) })
      .returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
    await db.insertInto('staffRole').values({ corpId: corp.corpId, orgId: business.orgId, staffId: business.staffId, roleId: role.roleId }).execute();
  });
  afterAll(async () => live?.close());

  it('approving handles the 待您审批 of both any-of approvers, and their counts are pushed again', async () => {
    await template([admin.staffId, business.staffId], 'any');
    const c = await connectStomp(live.wsUrl, { 'access-token': business.token }, business.staffId);
    const [a0, b0] = [await count(admin), await count(business)];
    const id = await submitted();
    expect(await count(admin)).toBe(a0 + 1);
    expect(await count(business)).toBe(b0 + 1);
    expect(await openTodos(business, id)).toHaveLength(1);
    expect(await unreadNotices(business, id)).toBe(1);
    await c.waitFor((e) => e.type === 'daily_message_count_message' && e.msg === b0 + 1);
    c.events.length = 0;

    expect((await verify(admin, id, true)).code).toBe(0);
    expect(await count(admin)).toBe(a0);
    expect(await count(business)).toBe(b0);
    expect(await openTodos(admin, id)).toHaveLength(0);
    expect(await openTodos(business, id)).toHaveLength(0);
    expect(await unreadNotices(admin, id)).toBe(0);
    expect(await unreadNotices(business, id)).toBe(0);
    // The other approver's screen hears its count went down without reloading.
    expect((await c.waitFor((e) => e.type === 'daily_message_count_message')).msg).toBe(b0);
    await c.stop();
    // The applicant still has the outcome to read.
    const outcome = (await live.call('GET', '/api/v1/message-base/message/list-un-handle-message', dispatch.token)).data as any[];
    expect(outcome.some((m) => m.eventSubjectId === id && String(m.message).includes('已审核通过'))).toBe(true);
  });

  it('a rejection, or the applicant withdrawing, handles every approver\'s 待您审批', async () => {
    await template([admin.staffId, business.staffId], 'any');
    const [a0, b0] = [await count(admin), await count(business)];
    const rejected = await submitted();
    expect(await count(business)).toBe(b0 + 1);
    expect((await verify(business, rejected, false, '证照不全')).code).toBe(0);
    expect([await count(admin), await count(business)]).toEqual([a0, b0]);

    const withdrawn = await submitted();
    expect([await count(admin), await count(business)]).toEqual([a0 + 1, b0 + 1]);
    expect((await live.call('POST', `${S}/withdraw`, dispatch.token, { supplierId: withdrawn })).code).toBe(0);
    expect([await count(admin), await count(business)]).toEqual([a0, b0]);
    expect(await unreadNotices(admin, withdrawn)).toBe(0);
  });

  it('in an all-of step each approver\'s item is handled when they approve, the others\' stay open', async () => {
    await template([admin.staffId, business.staffId], 'all');
    const [a0, b0] = [await count(admin), await count(business)];
    const id = await submitted();
    expect((await verify(admin, id, true)).code).toBe(0);
    expect([await count(admin), await count(business)]).toEqual([a0, b0 + 1]);
    expect(await openTodos(business, id)).toHaveLength(1);
    expect((await verify(business, id, true)).code).toBe(0);
    expect([await count(admin), await count(business)]).toEqual([a0, b0]);
    expect((await live.call('GET', `${S}/${id}`, dispatch.token)).data.verifyStatus).toBe(15);
  });
});
