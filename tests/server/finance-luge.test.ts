/**
 * 资金流水管理 (网货平台运单, DOMAIN §6.6): 同步 uploads each dispatched owner-driver schedule of the
 * organisation that names a bill platform once (freight + the platform's service fee) and refreshes
 * unpaid waybills; 批量付款 takes only 已上传 waybills into a 批量付款 matter, whose execution marks
 * them 已支付; 登记开票 needs the platform invoice number; only 财务 may act; other organisations see nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login } from './project-helpers';

const W = '/api/v1/finance-base/platform-waybill';
const M = '/api/v1/finance-base/finance-matters-merge';

describe.each(await backends())('资金流水管理 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let orgId: number;
  let bankAccountId: number;
  let platformId: number;
  const db = () => h.database.db;
  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  /** Fresh dispatched owner-driver schedules of 华运上海 on a platform (the arrangement: a copy of a demo schedule). */
  const schedules = async (...freights: string[]): Promise<number[]> => {
    const base = (await db().selectFrom('transportSchedule').selectAll().where('orgId', '=', orgId).where('carrierType', '=', 3).orderBy('scheduleId').executeTakeFirstOrThrow()) as any;
    const ids: number[] = [];
    for (const freight of freights) {
      const { scheduleId: _id, ...rest } = base;
      const row = (await db().insertInto('transportSchedule').values({ ...rest, scheduleNo: `TS${Date.now().toString(36)}${ids.length}`, freight, billPlatformId: platformId, platformWaybillNo: null, scheduleStatus: 20, version: 1 })
        .returning('scheduleId').executeTakeFirstOrThrow()) as { scheduleId: number };
      ids.push(row.scheduleId);
    }
    return ids;
  };
  const waybillOf = async (scheduleId: number) => (await db().selectFrom('platformWaybill').selectAll().where('scheduleId', '=', scheduleId).execute()) as any[];

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['finance', 'gm', 'cashier', 'xielina', 'pm', 'suzhou']) t[u] = await login(h, u);
    ({ orgId } = (await db().selectFrom('organization').select('orgId').where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number });
    ({ bankAccountId } = (await db().selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', orgId).orderBy('bankAccountId').executeTakeFirstOrThrow()) as { bankAccountId: number });
    ({ billPlatformId: platformId } = (await db().selectFrom('billPlatform').select('billPlatformId').where('name', '=', '路歌').executeTakeFirstOrThrow()) as { billPlatformId: number });
  }, 120_000);
  afterAll(async () => h?.close());

  it('the demo has waybills over the three platforms at every status', async () => {
    const page = ok(await h.call('GET', `${W}/page?pageSize=100`, { token: t.finance }));
    expect(page.total).toBeGreaterThanOrEqual(4);
    const statuses = new Set(page.list.map((r: any) => r.platformStatus));
    expect([...statuses].sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(page.list.map((r: any) => r.billPlatformId)).size).toBe(3);
  });

  it('同步 uploads one waybill per eligible schedule with the service fee, and again does nothing new', async () => {
    const [a, b] = await schedules('10000.00', '3333.33');
    const first = ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} }));
    expect(first.created).toBe(2);
    const [wa] = await waybillOf(a!);
    // 路歌 charges 1.50 %: 150.00 on 10,000.00; 50.00 on 3,333.33 (49.99995 rounded)
    expect(wa).toMatchObject({ platformStatus: 1, freight: '10000.00', serviceFee: '150.00', payAmount: '10150.00', billPlatformId: platformId });
    expect((await waybillOf(b!))[0]).toMatchObject({ serviceFee: '50.00', payAmount: '3383.33' });
    const sched = (await db().selectFrom('transportSchedule').select('platformWaybillNo').where('scheduleId', '=', a!).executeTakeFirstOrThrow()) as any;
    expect(sched.platformWaybillNo).toBe(wa.platformWaybillNo);
    const again = ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} }));
    expect(again).toMatchObject({ created: 0, refreshed: 0 });
    expect(await waybillOf(a!)).toHaveLength(1);
    // a changed freight is refreshed while unpaid
    await db().updateTable('transportSchedule').set({ freight: '12000.00' }).where('scheduleId', '=', a!).execute();
    expect(ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} }))).toMatchObject({ created: 0, refreshed: 1 });
    expect((await waybillOf(a!))[0]).toMatchObject({ freight: '12000.00', serviceFee: '180.00' });
    // a draft or cancelled schedule is not uploaded
    const [c] = await schedules('500.00');
    await db().updateTable('transportSchedule').set({ scheduleStatus: 5 }).where('scheduleId', '=', c!).execute();
    expect(ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} })).created).toBe(0);
  });

  it('批量付款 only from 已上传; execution marks them 已支付; 登记开票 then 已开票', async () => {
    const [a, b] = await schedules('2000.00', '4000.00');
    ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} }));
    const [wa] = await waybillOf(a!);
    const [wb] = await waybillOf(b!);
    // an exception is not paid
    ok(await h.call('POST', `${W}/mark-exception`, { token: t.finance, data: { waybillId: wb.waybillId, exceptionReason: '平台轨迹校验未通过' } }));
    const refused = await h.call('POST', `${W}/batch-pay`, { token: t.xielina, data: { ids: [wa.waybillId, wb.waybillId] } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('只有已上传的运单可以批量付款');
    expect((await waybillOf(a!))[0].reviewId).toBeNull();
    const res = ok(await h.call('POST', `${W}/batch-pay`, { token: t.xielina, data: { ids: [wa.waybillId] } }));
    expect(res.reviewIds).toHaveLength(1);
    const reviewId = res.reviewIds[0];
    expect((await waybillOf(a!))[0]).toMatchObject({ reviewId, platformStatus: 1 });
    // paying the same waybill twice is refused
    expect((await h.call('POST', `${W}/batch-pay`, { token: t.xielina, data: { ids: [wa.waybillId] } })).status).toBe(409);
    const review = (await db().selectFrom('financeReview').selectAll().where('reviewId', '=', reviewId).executeTakeFirstOrThrow()) as any;
    expect(review).toMatchObject({ matterType: 1, payChannel: 4, totalAmount: '2030.00', counterpartyName: '路歌' });
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [reviewId], pass: true } }));
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId, ourBankAccountId: bankAccountId, voucherNo: 'WH001' } }));
    expect((await waybillOf(a!))[0]).toMatchObject({ platformStatus: 2, paidAmount: '2030.00' });
    // 登记开票 needs the invoice number
    expect((await h.call('POST', `${W}/invoice`, { token: t.finance, data: { waybillId: wa.waybillId } })).status).toBe(400);
    ok(await h.call('POST', `${W}/invoice`, { token: t.finance, data: { waybillId: wa.waybillId, platformInvoiceNo: '25312000000012345678' } }));
    expect((await waybillOf(a!))[0]).toMatchObject({ platformStatus: 3, platformInvoiceNo: '25312000000012345678' });
  });

  it('a platform schedule freight is paid once: its nodes are neither applied for nor paid by node, and the platform payment settles them', async () => {
    const [a, paidByNode] = await schedules('5000.00', '1200.00');
    // arrangement: the nodes 派车 creates for an owner driver (预付 payable, 回单付 waiting for the receipt), and one node paid by node already
    const base = { projectId: (await db().selectFrom('transportSchedule').select('projectId').where('scheduleId', '=', a!).executeTakeFirstOrThrow() as any).projectId, payeeType: 2, payeeName: '司机', truckLicensePlate: '沪A12345', orgId, corpId: (await db().selectFrom('organization').select('corpId').where('orgId', '=', orgId).executeTakeFirstOrThrow() as any).corpId, version: 1 };
    const node = async (scheduleId: number, payNode: number, amount: string, payNodeStatus: number) => (await db().insertInto('schedulePayment').values({ ...base, scheduleId, payNode, amount, payNodeStatus }).returning('paymentId').executeTakeFirstOrThrow() as any).paymentId as number;
    const advance = await node(a!, 1, '3000.00', 5);
    const onReceipt = await node(a!, 4, '2000.00', 0);
    await node(paidByNode!, 1, '1200.00', 15);
    const applied = await h.call('POST', '/api/v1/project-base/schedule-payment/apply', { token: t.pm, data: { ids: [advance] } });
    expect(applied.status).toBe(409);
    expect(applied.body.msg).toContain('运费经网货平台支付');
    const byNode = await h.call('POST', `${M}/batch-payment`, { token: t.xielina, data: { items: [{ paymentId: advance }], payeeName: '司机', payChannel: 1 } });
    expect(byNode.status).toBe(409);
    expect(byNode.body.msg).toContain('运费经网货平台支付');
    // the schedule whose node was paid is not uploaded to be paid a second time
    const synced = ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} }));
    expect(synced.message).toContain('未上传');
    expect(await waybillOf(paidByNode!)).toHaveLength(0);
    const [wa] = await waybillOf(a!);
    const { reviewIds: [reviewId] } = ok(await h.call('POST', `${W}/batch-pay`, { token: t.xielina, data: { ids: [wa.waybillId] } }));
    ok(await h.call('POST', `${M}/audit`, { token: t.finance, data: { ids: [reviewId], pass: true } }));
    ok(await h.call('POST', `${M}/execute`, { token: t.cashier, data: { reviewId, ourBankAccountId: bankAccountId, voucherNo: 'WH002' } }));
    const nodes = (await db().selectFrom('schedulePayment').select(['paymentId', 'payNodeStatus']).where('paymentId', 'in', [advance, onReceipt]).orderBy('paymentId').execute()) as any[];
    expect(nodes.map((n) => n.payNodeStatus)).toEqual([15, 15]);
  });

  it('only 财务 may see, sync and pay; another organisation sees none of these waybills', async () => {
    expect((await h.call('GET', `${W}/page`, { token: t.pm })).status).toBe(403);
    expect((await h.call('POST', `${W}/sync`, { token: t.pm, data: {} })).status).toBe(403);
    const [a] = await schedules('800.00');
    ok(await h.call('POST', `${W}/sync`, { token: t.finance, data: {} }));
    const [wa] = await waybillOf(a!);
    expect((await h.call('POST', `${W}/batch-pay`, { token: t.pm, data: { ids: [wa.waybillId] } })).status).toBe(403);
    const other = await h.call('GET', `${W}/page?pageSize=100`, { token: t.suzhou });
    if (other.status === 200) {
      expect(other.body.data.list.some((r: any) => r.waybillId === wa.waybillId)).toBe(false);
      // 苏州's sync uploads nothing of 上海's
      const synced = await h.call('POST', `${W}/sync`, { token: t.suzhou, data: {} });
      if (synced.status === 200) expect(await waybillOf(a!)).toHaveLength(1);
      expect((await h.call('POST', `${W}/batch-pay`, { token: t.suzhou, data: { ids: [wa.waybillId] } })).status).not.toBe(200);
    } else expect(other.status).toBe(403);
    expect((await h.call('GET', `${W}/${wa.waybillId}`, { token: t.suzhou })).status).not.toBe(200);
  });
});
