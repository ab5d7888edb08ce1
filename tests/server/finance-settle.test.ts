/**
 * 对账单 (issue 19, DOMAIN §4.3): a bill takes the open items of its counterparty and period
 * (an item sits in one open bill only, also under 20 parallel requests on PostgreSQL), its Σ
 * figures follow the lines, send / confirm / dispute / adjust / delete act only from their
 * states and for 财务:对账, confirming settles the items and brings a schedule whose cost is all
 * settled to 45 已结算 (no 结算 button any more), the stamped bill prints and exports, and money
 * matters add payments and invoices to a confirmed bill within its 结算金额.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { force, login, userWith } from './project-helpers';
import { inTransaction } from '../../server/db/connect';
import { applyBillMoney, billOpenAmounts } from '../../server/finance/settle/money';

const B = '/api/v1/finance-base/settle-bill';
const REFUSED = '当前状态不允许该操作';
type Row = Record<string, any>;

describe.each(await backends())('对账单 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let org: { orgId: number; corpId: number };
  let projectId: number;
  let customerId: number;
  let supplierId: number;
  let day = 0;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const db = () => h.database.db;
  /** a period of its own for each test (items of other tests and the demo stay outside it) */
  const period = () => {
    day += 1;
    const d = new Date(Date.UTC(2020, 0, 1) + day * 86400_000 * 3).toISOString().slice(0, 10);
    return { periodStart: d, periodEnd: d };
  };
  const item = async (kind: 'cost' | 'income', occurredDate: string, amount: string, extra: Row = {}) => {
    const table = kind === 'cost' ? 'costItem' : 'incomeItem';
    const base = kind === 'cost' ? { costType: 7, payeeKind: 1, supplierId } : { customerId };
    const r = (await db().insertInto(table).values({ ...org, projectId, summary: `测试${kind === 'cost' ? '运费' : '收入'}${amount}`, amount, occurredDate, itemStatus: 10, itemSettleStatus: 0, source: 4, taxRate: 9, ...base, ...extra })
      .returning(`${table}Id` as any).executeTakeFirstOrThrow()) as Row;
    return Number(r[`${table}Id`]);
  };
  const costRow = async (id: number) => (await db().selectFrom('costItem').selectAll().where('costItemId', '=', id).executeTakeFirstOrThrow()) as Row;
  const incomeRow = async (id: number) => (await db().selectFrom('incomeItem').selectAll().where('incomeItemId', '=', id).executeTakeFirstOrThrow()) as Row;
  const bill = async (id: number) => ok(await h.call('GET', `${B}/${id}`, { token: t.finance }));
  const supplierBill = async (p: Row, extra: Row = {}) => ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 2, supplierId, ...p, ...extra } }));

  beforeAll(async () => {
    h = await startHarness(backend);
    for (const u of ['admin', 'finance', 'pm', 'suzhou', 'xielina']) t[u] = await login(h, u);
    org = (await db().selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as any;
    const p = (await db().selectFrom('project').select(['projectId', 'customerId']).where('orgId', '=', org.orgId).where('runState', '=', 10).orderBy('projectId').executeTakeFirstOrThrow()) as Row;
    projectId = Number(p.projectId);
    customerId = Number(p.customerId);
    supplierId = Number(((await db().selectFrom('supplier').select('supplierId').where('orgId', '=', org.orgId).where('supplierType', '=', 1).orderBy('supplierId').executeTakeFirstOrThrow()) as Row).supplierId);
  });
  afterAll(async () => h?.close());

  it('demo data: 30 bills of 华运上海 — 10 customer, 14 supplier, 3 project-fee, 3 staff; 0×4, 5×5, 10×2, 15×19; every line’s item in that bill', async () => {
    const list = ok(await h.call('GET', `${B}/page?pageSize=100`, { token: t.finance })).list as Row[];
    const count = (f: (b: Row) => boolean) => list.filter(f).length;
    expect([1, 2, 3, 4].map((ty) => count((b) => b.billType === ty))).toEqual([10, 14, 3, 3]);
    expect([0, 5, 10, 15].map((s) => count((b) => b.settleStatus === s))).toEqual([4, 5, 2, 19]);
    for (const b of list) {
      expect(b.billNo).toMatch(/^DZ\d{10}$/);
      expect(Number(b.itemCount)).toBeGreaterThan(0);
    }
    const adjusted = list.find((b) => b.adjustAmount === '-500.00')!;
    expect(adjusted.settleStatus).toBe(15);
    expect(Number(adjusted.finalAmount)).toBeCloseTo(Number(adjusted.itemAmount) - 500, 2);
    // confirmed supplier bills' items are 已对账
    const confirmed = list.find((b) => b.billType === 2 && b.settleStatus === 15)!;
    const rows = (await db().selectFrom('costItem').select(['itemSettleStatus']).where('settleBillId', '=', confirmed.settleBillId).execute()) as Row[];
    expect(rows.length).toBe(Number(confirmed.itemCount));
    expect(rows.every((r) => Number(r.itemSettleStatus) === 15)).toBe(true);
  });

  it('builds a bill from the counterparty’s open items of the period; totals are their sums; an item sits in one bill only', async () => {
    const p = period();
    const a = await item('income', p.periodStart, '12000.50');
    const b = await item('income', p.periodStart, '800.25');
    await item('income', '2019-12-31', '999.00'); // outside the period
    const voided = await item('income', p.periodStart, '77.00', { itemStatus: 20 });
    const cand = ok(await h.call('GET', `${B}/candidates?billType=1&customerId=${customerId}&periodStart=${p.periodStart}&periodEnd=${p.periodEnd}`, { token: t.finance }));
    expect(cand.list.map((l: Row) => l.itemId).sort()).toEqual([a, b].sort());
    expect(cand.amount).toBe('12800.75');
    expect(cand.list.map((l: Row) => l.itemId)).not.toContain(voided);

    const created = ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p } }));
    expect(created).toMatchObject({ billType: 1, customerId, settleStatus: 0, itemCount: 2, itemAmount: '12800.75', finalAmount: '12800.75', adjustAmount: '0.00' });
    expect((await incomeRow(a)).settleBillId).toBe(created.settleBillId);
    const lines = ok(await h.call('GET', `${B}/item/page?settleBillId=${created.settleBillId}`, { token: t.finance }));
    expect(lines.total).toBe(2);

    // nothing left to reconcile; a chosen item already in a bill is refused
    const again = await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该往来单位在所选期间没有未对账的明细');
    const taken = await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p, itemIds: [a] } });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('已在其他对账单');
    // a line may leave the draft: totals follow
    const lineA = lines.list.find((l: Row) => l.itemId === a);
    const after = ok(await h.call('POST', `${B}/item/${lineA.billItemId}/remove`, { token: t.finance, data: {} }));
    expect(after).toMatchObject({ itemCount: 1, itemAmount: '800.25', finalAmount: '800.25' });
    expect((await incomeRow(a)).settleBillId).toBeNull();
    // chosen items only
    const chosen = ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p, itemIds: [a] } }));
    expect(chosen).toMatchObject({ itemCount: 1, itemAmount: '12000.50' });
    // 删除 (draft only) releases the items
    ok(await h.call('DELETE', `${B}/${chosen.settleBillId}`, { token: t.finance }));
    expect(await incomeRow(a)).toMatchObject({ settleBillId: null, itemSettleStatus: 0 });
  });

  it('an item a money matter names on its own (收款 of the item) is not taken into a bill: it would be received twice', async () => {
    const p = period();
    const held = await item('income', p.periodStart, '500.00');
    const free = await item('income', p.periodStart, '300.00');
    ok(await h.call('POST', '/api/v1/finance-base/finance-matters-merge/batch-receipt', { token: t.xielina, data: { items: [{ incomeItemId: held }], payerName: '客户财务部' } }));
    const cand = ok(await h.call('GET', `${B}/candidates?billType=1&customerId=${customerId}&periodStart=${p.periodStart}&periodEnd=${p.periodEnd}`, { token: t.finance }));
    expect(cand.list.map((l: Row) => l.itemId)).toEqual([free]);
    const chosen = await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p, itemIds: [held] } });
    expect(chosen.status).toBe(409);
    expect(chosen.body.msg).toContain('资金事项');
    const created = ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p } }));
    expect(created).toMatchObject({ itemCount: 1, itemAmount: '300.00' });
    expect((await incomeRow(held)).settleBillId).toBeNull();
  });

  it('refuses a bill without its counterparty or with a reversed period, in Chinese', async () => {
    const noParty = await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 2, periodStart: '2020-01-01', periodEnd: '2020-01-31' } });
    expect(noParty.status).toBe(400);
    expect(noParty.body.msg).toBe('请选择供应商');
    const reversed = await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, periodStart: '2020-02-01', periodEnd: '2020-01-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe('对账期间起不能晚于对账期间止');
  });

  it('send → dispute → adjust → send → confirm: items 对账中 then 已对账, a confirmed bill no longer changes, the schedule reaches 45 only when all its cost is settled', async () => {
    const p = period();
    const schedule = (await db().selectFrom('transportSchedule').select(['scheduleId']).where('orgId', '=', org.orgId).where('scheduleStatus', '=', 40).where('receiptStatus', '=', 15).orderBy('scheduleId').executeTakeFirstOrThrow()) as Row;
    const sid = Number(schedule.scheduleId);
    // the schedule's other cost rows are settled already (the arrangement): only ours decide
    await db().updateTable('costItem').set({ itemSettleStatus: 15 }).where('scheduleId', '=', sid).execute();
    const freight = await item('cost', p.periodStart, '18000.00', { scheduleId: sid });
    const other = await item('cost', p.periodStart, '600.00', { scheduleId: sid, supplierId: null, payeeKind: 1 }); // a project fee of the same truck
    const created = await supplierBill(p);
    expect(created.itemCount).toBe(1);
    const id = created.settleBillId;

    ok(await h.call('POST', `${B}/send`, { token: t.finance, data: { settleBillId: id } }));
    expect((await costRow(freight)).itemSettleStatus).toBe(5);
    expect((await bill(id)).sentAt).toBeTruthy();
    const edit = await h.call('PUT', `${B}/${id}`, { token: t.finance, data: { remark: '改', version: (await bill(id)).version } });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('对账单已发送，不能修改');
    const noReason = await h.call('POST', `${B}/dispute`, { token: t.finance, data: { settleBillId: id } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('缺少必填字段：异议原因');
    ok(await h.call('POST', `${B}/dispute`, { token: t.finance, data: { settleBillId: id, disputeReason: '一车次货损未扣' } }));
    const noAmount = await h.call('POST', `${B}/adjust`, { token: t.finance, data: { settleBillId: id, adjustReason: '货损扣款' } });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.msg).toBe('缺少必填字段：调整金额');
    const tooMuch = await h.call('POST', `${B}/adjust`, { token: t.finance, data: { settleBillId: id, adjustAmount: '-18000.01', adjustReason: '货损扣款' } });
    expect(tooMuch.status).toBe(400);
    ok(await h.call('POST', `${B}/adjust`, { token: t.finance, data: { settleBillId: id, adjustAmount: '-1200.00', adjustReason: '货损扣款' } }));
    expect(await bill(id)).toMatchObject({ settleStatus: 0, adjustAmount: '-1200.00', adjustReason: '货损扣款', itemAmount: '18000.00', finalAmount: '16800.00' });
    expect((await costRow(freight)).itemSettleStatus).toBe(0);
    // the adjustment is recorded in the bill's timeline
    const steps = (await db().selectFrom('transitionLog').select(['transition']).where('entity', '=', 'settleBill').where('subjectId', '=', id).orderBy('createdAt').execute()) as Row[];
    expect(steps.map((s) => s.transition)).toEqual(['send', 'dispute', 'adjust']);

    ok(await h.call('POST', `${B}/send`, { token: t.finance, data: { settleBillId: id } }));
    const noWho = await h.call('POST', `${B}/confirm`, { token: t.finance, data: { settleBillId: id } });
    expect(noWho.status).toBe(400);
    expect(noWho.body.msg).toBe('缺少必填字段：对方确认人');
    ok(await h.call('POST', `${B}/confirm`, { token: t.finance, data: { settleBillId: id, confirmedBy: '顺达货运 王经理' } }));
    expect(await bill(id)).toMatchObject({ settleStatus: 15, confirmedBy: '顺达货运 王经理' });
    expect((await costRow(freight)).itemSettleStatus).toBe(15);
    // the project fee of the same truck is still open: the schedule waits
    let s = (await db().selectFrom('transportSchedule').select('scheduleStatus').where('scheduleId', '=', sid).executeTakeFirstOrThrow()) as Row;
    expect(s.scheduleStatus).toBe(40);
    // a confirmed bill changes no more: neither edit, delete, nor a line removed
    expect((await h.call('PUT', `${B}/${id}`, { token: t.finance, data: { remark: '改', version: (await bill(id)).version } })).status).toBe(409);
    const del = await h.call('DELETE', `${B}/${id}`, { token: t.finance });
    expect(del.status).toBe(409);
    expect(del.body.msg).toBe('只有草稿状态的对账单可以删除');
    const line = ok(await h.call('GET', `${B}/item/page?settleBillId=${id}`, { token: t.finance })).list[0];
    expect((await h.call('POST', `${B}/item/${line.billItemId}/remove`, { token: t.finance, data: {} })).status).toBe(409);

    // the project-fee bill settles the last cost row: the schedule reaches 45 with its node
    const fee = ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 3, projectId, ...p } }));
    expect(fee.itemCount).toBe(1);
    ok(await h.call('POST', `${B}/send`, { token: t.finance, data: { settleBillId: fee.settleBillId } }));
    const done = ok(await h.call('POST', `${B}/confirm`, { token: t.finance, data: { settleBillId: fee.settleBillId, confirmedBy: '项目部 沈国良' } }));
    expect(done.message).toContain('1辆车的调度单已结算');
    expect((await costRow(other)).itemSettleStatus).toBe(15);
    s = (await db().selectFrom('transportSchedule').select('scheduleStatus').where('scheduleId', '=', sid).executeTakeFirstOrThrow()) as Row;
    expect(s.scheduleStatus).toBe(45);
    const nodes = (await db().selectFrom('scheduleNode').select('node').where('scheduleId', '=', sid).where('node', '=', 45).execute()) as Row[];
    expect(nodes).toHaveLength(1);
    // and there is no 结算 button to press
    expect((await h.call('POST', `/api/v1/project-base/transport-schedule/${sid}/settle`, { token: t.admin, data: {} })).status).toBe(404);
  });

  describe('every transition only from its states and only for 财务:对账', () => {
    const cases: { name: string; from: number[]; body: Row }[] = [
      { name: 'send', from: [0], body: {} },
      { name: 'confirm', from: [5], body: { confirmedBy: '对方会计' } },
      { name: 'dispute', from: [5], body: { disputeReason: '金额不符' } },
      { name: 'adjust', from: [10], body: { adjustAmount: '-10.00', adjustReason: '扣款' } },
    ];
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
      const holder = await userWith(h, ['财务:对账']);
      const lacking = await userWith(h, ['财务:报表', '财务:资金事项']);
      const p = period();
      await item('cost', p.periodStart, '1000.00');
      const created = await supplierBill(p);
      const id = created.settleBillId;
      for (const state of [0, 5, 10, 15]) {
        await force(h, 'settleBill', 'settleBillId', id, { settleStatus: state });
        const denied = await h.call('POST', `${B}/${c.name}`, { token: lacking.token, data: { settleBillId: id, ...c.body } });
        expect(denied.status, `${c.name} without permission from ${state}`).toBe(403);
        const r = await h.call('POST', `${B}/${c.name}`, { token: holder.token, data: { settleBillId: id, ...c.body } });
        if (c.from.includes(state)) expect(r.status, `${c.name} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
        else {
          expect(r.status, `${c.name} from ${state}`).toBe(409);
          expect(r.body.msg).toBe(REFUSED);
        }
      }
      // 新建 and 删除 need the permission too
      expect((await h.call('POST', `${B}/save`, { token: lacking.token, data: { billType: 2, supplierId, ...p } })).status).toBe(403);
      await force(h, 'settleBill', 'settleBillId', id, { settleStatus: 0 });
      expect((await h.call('DELETE', `${B}/${id}`, { token: lacking.token })).status).toBe(403);
    });
  });

  it('prints the stamped bill (A4) and exports it; other organisations see neither', async () => {
    const p = period();
    await item('income', p.periodStart, '5200.00');
    const created = ok(await h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 1, customerId, ...p } }));
    const doc = ok(await h.call('GET', `/api/v1/project-base/print/5/${created.settleBillId}`, { token: t.finance }));
    expect(doc).toMatchObject({ type: 5, title: '客户对账单', docNo: created.billNo, docNoLabel: '对账单号' });
    expect(doc.signatures.map((s: Row) => [s.role, s.stamp])).toEqual([['我方（盖章）', true], ['对方（盖章）', true]]);
    expect(doc.tables[0].rows.at(-1)).toEqual(['合计', '', '', '', '1 笔', '5,200.00']);
    const x = await h.call('GET', `${B}/${created.settleBillId}/export-excel`, { token: t.finance });
    expect(x.status).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
    expect(decodeURIComponent(String(x.headers['content-disposition']))).toContain(`对账单${created.billNo}`);
    expect((await h.call('GET', `/api/v1/project-base/print/5/${created.settleBillId}`, { token: t.suzhou })).status).toBeGreaterThanOrEqual(403);
    expect((await h.call('GET', `${B}/${created.settleBillId}`, { token: t.suzhou })).status).toBeGreaterThanOrEqual(403);
  });

  it('money matters add payments and invoices to a confirmed bill within its 结算金额 (5 partly, 10 fully)', async () => {
    const p = period();
    await item('cost', p.periodStart, '1000.00');
    const created = await supplierBill(p);
    const id = created.settleBillId;
    const draft = await inTransaction(db(), (trx) => applyBillMoney(trx, id, 'pay', '10.00')).catch((e) => e);
    expect(draft.status).toBe(409);
    await force(h, 'settleBill', 'settleBillId', id, { settleStatus: 15 });
    let r = await inTransaction(db(), (trx) => applyBillMoney(trx, id, 'pay', '400.00'));
    expect(r).toMatchObject({ settledAmount: '400.00', payStatus: 5 });
    const over = await inTransaction(db(), (trx) => applyBillMoney(trx, id, 'pay', '600.01')).catch((e) => e);
    expect(over.status).toBe(400);
    expect(over.message).toContain('超出未付款金额');
    r = await inTransaction(db(), (trx) => applyBillMoney(trx, id, 'pay', '600.00'));
    expect(r).toMatchObject({ settledAmount: '1000.00', payStatus: 10 });
    r = await inTransaction(db(), (trx) => applyBillMoney(trx, id, 'invoice', '1000.00'));
    expect(r).toMatchObject({ invoicedAmount: '1000.00', invoiceStatus: 10 });
    const amounts = await billOpenAmounts(db(), org.orgId, [id, 999999]);
    expect(amounts.get(id)).toEqual({ finalAmount: '1000.00', settledAmount: '1000.00', invoicedAmount: '1000.00' });
    expect(amounts.has(999999)).toBe(false);
    const other = await billOpenAmounts(db(), org.orgId + 1000, [id]);
    expect(other.size).toBe(0);
  });

  it.runIf(backend === 'postgres')('20 parallel bills over the same items: exactly one takes them; 20 parallel payments never exceed the bill', async () => {
    const p = period();
    const ids = [await item('cost', p.periodStart, '300.00'), await item('cost', p.periodStart, '700.00')];
    const results = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', `${B}/save`, { token: t.finance, data: { billType: 2, supplierId, ...p } })));
    const passed = results.filter((r) => r.status === 200);
    expect(passed).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([400, 409]).toContain(r.status);
    const billId = passed[0]!.body.data.settleBillId;
    for (const id of ids) expect((await costRow(id)).settleBillId).toBe(billId);
    const lines = (await db().selectFrom('settleBillItem').select('itemId').where('itemKind', '=', 2).where('itemId', 'in', ids).execute()) as Row[];
    expect(lines).toHaveLength(2);
    expect((await bill(billId)).itemAmount).toBe('1000.00');

    await force(h, 'settleBill', 'settleBillId', billId, { settleStatus: 15 });
    const pays = await Promise.all(Array.from({ length: 20 }, () => inTransaction(db(), (trx) => applyBillMoney(trx, billId, 'pay', '100.00')).then(() => 200, (e) => e.status ?? String(e))));
    expect(pays.filter((s) => s === 200), JSON.stringify(pays)).toHaveLength(10);
    expect(pays.filter((s) => s === 400)).toHaveLength(10);
    expect(await bill(billId)).toMatchObject({ settledAmount: '1000.00', payStatus: 10 });
  });
});
