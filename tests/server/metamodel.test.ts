/**
 * The mechanism proven on a fixture entity written as definitions only (tests/fixtures/metamodel):
 * generator checks, then the server it yields — document numbers, decimals, references and their
 * titles, declared filters and sort, transitions and their permissions, the approval flow with a
 * process template, child lines, the operation log, hooks, Excel export and import, a report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { resolveFixture } from './helpers/fixture';
import { entityHooks } from '../../server/hooks/index';
import { badRequest } from '../../server/http/errors';
import { chinaDay } from '../../server/crud/numbering';

const BASE = '/api/v1/test-base/gadget-order';

describe('the generator', () => {
  it('accepts the fixture and refuses misspelled names in it', () => {
    expect(resolveFixture().problems).toEqual([]);
    const bad = resolveFixture((d) => {
      d.page.list.columns.push('titel');
      d.page.list.rowActions.push({ type: 'transition', api: 'gadgetOrder.nope' });
      d.layout.sections[1].fields.push('linez');
      d.api.entries[0].options.filters.push('amout');
      d.entities[0].states.status.transitions[0].to = 99;
    }).problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(bad).toEqual(expect.arrayContaining([
      expect.stringMatching(/page.json#\/list\/columns\/7: gadgetOrder has no field titel/),
      expect.stringMatching(/page.json#\/list\/rowActions\/6\/api: unknown catalogue entry gadgetOrder.nope/),
      expect.stringMatching(/layout.json#\/sections\/1\/fields\/1: gadgetOrder has no field or child linez/),
      expect.stringMatching(/api.json#\/entries\/0\/options\/filters\/5: filter amout is not a field of gadgetOrder/),
      expect.stringMatching(/publish: 99 is not a value of transportDemandStatus/),
    ]));
  });
});

async function workbook(body: Buffer | string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(body as Buffer) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

function rows(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

describe.each(await backends())('a definitions-only entity on %s', (backend) => {
  const { entities, catalogue } = resolveFixture();
  let h: Harness;
  const tokens: Record<string, string> = {};
  let customers: { customerId: number; name: string }[];
  let limited: string;

  beforeAll(async () => {
    h = await startHarness(backend, { entities, catalogue });
    for (const u of ['admin', 'business', 'bizmgr', 'gm', 'suzhou', 'pm']) tokens[u] = await h.login(u);
    customers = (await h.call('GET', '/api/v1/user-base/customer/list-org-customer', { token: tokens.business })).body.data;
    // a user who may use the calls but not the transition's own permission
    const db = h.database.db;
    const nobody = (await db.selectFrom('staff as s').innerJoin('account as a', 'a.accountId', 's.accountId').select(['s.staffId', 's.orgId', 's.corpId']).where('a.username', '=', 'nobody').executeTakeFirstOrThrow()) as { staffId: number; orgId: number; corpId: number };
    const role = (await db.insertInto('role').values({ corpId: nobody.corpId, orgId: nobody.orgId, name: '询价查看', code: 'enquiryView', permissions: JSON.stringify(['首页', '商务:询价:查看', '商务:询价']) }).returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
    await db.deleteFrom('staffRole').where('staffId', '=', nobody.staffId).execute();
    await db.insertInto('staffRole').values({ corpId: nobody.corpId, orgId: nobody.orgId, staffId: nobody.staffId, roleId: role.roleId }).execute();
    limited = await h.login('nobody');
  });
  afterAll(async () => {
    delete (entityHooks as Record<string, unknown>).gadgetOrder;
    await h?.close();
  });

  const order = (over: Record<string, unknown> = {}) => ({
    title: `订单${Math.random().toString(36).slice(2, 7)}`, customerId: customers[0]!.customerId, orderDate: '2026-10-15', amount: '1200.50', weight: 36,
    lines: [{ itemName: '扳手', quantity: 2, unitPrice: '100.25' }, { itemName: '螺丝', quantity: 100, unitPrice: 1 }],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, token = tokens.business) => {
    const r = await h.call('POST', `${BASE}/save`, { token, data: order(over) });
    expect(r.body.msg).toBe('操作成功');
    return r.body.data as Record<string, any>;
  };

  describe('create, read, update', () => {
    it('numbers the document per organisation and day, saves the lines with it, and reads back titles', async () => {
      const a = await create();
      const b = await create();
      const day = chinaDay();
      expect(a.orderNo).toMatch(new RegExp(`^GD${day}\\d{4}$`));
      expect(Number(b.orderNo.slice(-4))).toBe(Number(a.orderNo.slice(-4)) + 1);
      const got = (await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data;
      expect(got.lines.map((l: any) => [l.itemName, l.quantity, l.unitPrice])).toEqual([['扳手', 2, '100.25'], ['螺丝', 100, '1.00']]);
      expect(got.refs.customer[String(customers[0]!.customerId)]).toBe(customers[0]!.name);
      expect(got).toMatchObject({ status: 0, auditState: 0, amount: '1200.50', weight: '36.000' });
    });

    it('decimals keep their scale: over-scale is refused, and a saved record round-trips unchanged', async () => {
      const over = await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ amount: '12.345' }) });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ msg: '金额最多保留2位小数', data: { field: 'amount' } });
      expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ weight: 12.3456 }) })).body.msg).toBe('重量(吨)最多保留3位小数');
      expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ amount: '-1' }) })).body.msg).toBe('金额不能小于0');
      const a = await create();
      const got = (await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data;
      const { refs: _r, lines, gadgetOrderId: _i, orderNo: _n, status: _s, auditState: _a, corpId: _c, orgId: _o, createdAt: _ca, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...editable } = got;
      const body = { ...editable, lines: lines.map(({ gadgetLineId, itemName, quantity, unitPrice }: any) => ({ gadgetLineId, itemName, quantity, unitPrice })) };
      const saved = await h.call('PUT', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business, data: { ...body, title: `${got.title}改` } });
      expect(saved.body.msg).toBe('操作成功');
      expect(saved.body.data).toMatchObject({ amount: '1200.50', weight: '36.000', version: 2 });
    });

    it('formats, states, numbers and foreign ids are refused with Chinese messages', async () => {
      const plate = await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ plate: '沪A1234' }) });
      expect(plate.body).toMatchObject({ code: 400, msg: '车牌号格式不正确', data: { field: 'plate' } });
      expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ plate: '沪D1235挂' }) })).status).toBe(200);
      expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ status: 10 }) })).body.msg).toBe('不允许的字段：status');
      expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ orderNo: 'X1' }) })).body.msg).toBe('不允许的字段：orderNo');
      expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ title: ' \u200b ' }) })).body.msg).toBe('订单名称不能为空');
      const suzhouCustomer = (await h.call('GET', '/api/v1/user-base/customer/list-org-customer', { token: tokens.suzhou })).body.data[0].customerId;
      const foreign = await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ customerId: suzhouCustomer }) });
      expect(foreign.body).toMatchObject({ code: 400, msg: '客户不存在或不属于本单位', data: { field: 'customerId' } });
      const lines = await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ lines: [{ itemName: 'a', quantity: 1, unitPrice: 1 }, { itemName: 'b', quantity: 0, unitPrice: 1 }] }) });
      expect(lines.body).toMatchObject({ msg: '明细第2行：数量不能小于1', data: { field: 'lines.1.quantity' } });
      const tooMany = await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ lines: Array.from({ length: 6 }, () => ({ itemName: 'a', quantity: 1, unitPrice: 1 })) }) });
      expect(tooMany.body.msg).toBe('明细最多5项');
    });

    it('updates replace the lines: kept by id, new ones added, missing ones removed', async () => {
      const a = await create();
      const got = (await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data;
      const keep = got.lines[0];
      const r = await h.call('PUT', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business, data: { version: got.version, lines: [{ gadgetLineId: keep.gadgetLineId, itemName: '扳手(大)', quantity: 3, unitPrice: 120 }, { itemName: '钳子', quantity: 1, unitPrice: 55 }] } });
      expect(r.body.msg).toBe('操作成功');
      const after = (await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data.lines;
      expect(after.map((l: any) => l.itemName)).toEqual(['扳手(大)', '钳子']);
      expect(after[0].gadgetLineId).toBe(keep.gadgetLineId);
      const other = await create();
      const otherLine = (await h.call('GET', `${BASE}/${other.gadgetOrderId}`, { token: tokens.business })).body.data.lines[0].gadgetLineId;
      const stolen = await h.call('PUT', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business, data: { version: 2, lines: [{ gadgetLineId: otherLine, itemName: 'x', quantity: 1, unitPrice: 1 }] } });
      expect(stolen.body.msg).toBe('明细第1行：明细不存在');
    });

    it('another organisation sees none of it', async () => {
      const a = await create();
      expect((await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.suzhou })).status).toBe(404);
      const list = (await h.call('GET', `${BASE}/page?keyword=${a.orderNo}`, { token: tokens.suzhou })).body.data;
      expect(list.total).toBe(0);
    });
  });

  describe('lists', () => {
    it('filter by declared operators, sort on declared fields only, and carry the titles of references', async () => {
      const a = await create({ orderDate: '2025-01-10', amount: '50.00', title: '范围测试甲' });
      await create({ orderDate: '2025-02-10', amount: '5000.00', title: '范围测试乙' });
      const q = async (qs: string) => (await h.call('GET', `${BASE}/page?${qs}`, { token: tokens.business })).body.data;
      expect((await q('orderDateStart=2025-01-01&orderDateEnd=2025-01-31&title=范围测试')).list.map((r: any) => r.title)).toEqual(['范围测试甲']);
      expect((await q('amountStart=1000&title=范围测试')).list.map((r: any) => r.title)).toEqual(['范围测试乙']);
      expect((await q(`customerId=${customers[0]!.customerId}&title=范围测试`)).total).toBe(2);
      const sorted = await q('sortField=orderDate&sortOrder=asc&title=范围测试');
      expect(sorted.list[0].gadgetOrderId).toBe(a.gadgetOrderId);
      expect(sorted.refs.customer[String(customers[0]!.customerId)]).toBe(customers[0]!.name);
      expect((await h.call('GET', `${BASE}/page?sortField=weight`, { token: tokens.business })).status).toBe(400);
      expect((await h.call('GET', `${BASE}/page?orderDateStart=bad`, { token: tokens.business })).body.msg).toContain('下单日期(起)');
    });

    it('mine means the owner field is the caller', async () => {
      const me = (await h.call('GET', '/api/v1/auth/me', { token: tokens.business })).body.data.staffId;
      await create({ title: '我的订单', ownerStaffId: me });
      const mine = (await h.call('GET', `${BASE}/page?mine=true&pageSize=200`, { token: tokens.business })).body.data.list;
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((r: any) => r.ownerStaffId === me)).toBe(true);
    });

    it('the generic options call lists what an entity opts into, scoped to the organisation', async () => {
      const a = await create({ title: '选项测试' });
      const opts = (await h.call('GET', '/api/v1/meta/options/gadgetOrder?keyword=选项测试', { token: tokens.business })).body.data;
      expect(opts).toEqual([{ value: a.gadgetOrderId, label: '选项测试', orderNo: a.orderNo }]);
      expect((await h.call('GET', '/api/v1/meta/options/gadgetOrder?keyword=选项测试', { token: tokens.suzhou })).body.data).toEqual([]);
      expect((await h.call('GET', '/api/v1/meta/options/gadgetLine', { token: tokens.business })).status).toBe(404);
      // a picker answers only to who holds a permission of a call or screen reading the entity
      expect((await h.call('GET', '/api/v1/meta/options/gadgetOrder?keyword=选项测试', { token: tokens.pm })).status).toBe(403);
    });
  });

  describe('transitions', () => {
    it('run only from their states, with their permission; system transitions are never a call', async () => {
      const a = await create();
      const publish = (id: number, token = tokens.business) => h.call('POST', `${BASE}/publish`, { token, data: { gadgetOrderId: id } });
      expect((await publish(a.gadgetOrderId)).body.data.list[0].status).toBe(10);
      const again = await publish(a.gadgetOrderId);
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('当前状态不允许该操作');
      const b = await create();
      expect((await publish(b.gadgetOrderId, limited)).status).toBe(403);
      expect((await h.call('POST', `${BASE}/auto-start`, { token: tokens.admin, data: { gadgetOrderId: a.gadgetOrderId } })).status).toBe(403);
      // the form fields of a transition are written with the state
      const term = await h.call('POST', `${BASE}/${a.gadgetOrderId}/terminate`, { token: tokens.business, data: { terminateReason: '客户取消', comment: '电话确认' } });
      expect(term.body.data.list[0]).toMatchObject({ status: 20, terminateReason: '客户取消' });
      const activity = (await h.call('GET', `/api/v1/meta/activity/gadgetOrder/${a.gadgetOrderId}`, { token: tokens.business })).body.data;
      expect(activity.timeline.map((t: any) => [t.title, t.fromState, t.toState])).toEqual([['提交', '0', '10'], ['终止', '10', '20']]);
      expect(activity.timeline[1].comment).toBe('电话确认');
      expect(activity.logs[0].content).toEqual(expect.arrayContaining([{ field: 'status', label: '状态', before: '待请车', after: '已终止' }, { field: 'terminateReason', label: '终止原因', before: null, after: '客户取消' }]));
    });

    it('a batch is all or nothing and names the refused record', async () => {
      const ok = await create();
      const done = await create();
      await h.call('POST', `${BASE}/publish`, { token: tokens.business, data: { gadgetOrderId: done.gadgetOrderId } });
      const r = await h.call('POST', `${BASE}/publish`, { token: tokens.business, data: { ids: [ok.gadgetOrderId, done.gadgetOrderId] } });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(`编号 ${done.gadgetOrderId}：当前状态不允许该操作`);
      expect((await h.call('GET', `${BASE}/${ok.gadgetOrderId}`, { token: tokens.business })).body.data.status).toBe(0);
    });
  });

  describe('approval', () => {
    it('without a process template, holders of the approval permission decide; the applicant does not; notices go out', async () => {
      // the demo organisation has templates; this case is about having none
      await h.database.db.deleteFrom('processTemplate').where('bizType', '=', 18).execute();
      const a = await create({ amount: '500.00' });
      const sub = await h.call('POST', `${BASE}/submit`, { token: tokens.business, data: { gadgetOrderId: a.gadgetOrderId } });
      expect(sub.body.data.list[0].auditState).toBe(5);
      const bizmgrStaff = (await h.call('GET', '/api/v1/auth/me', { token: tokens.bizmgr })).body.data.staffId;
      const notice = await h.database.db.selectFrom('notice').selectAll().where('recipientStaffId', '=', bizmgrStaff).orderBy('noticeId', 'desc').executeTakeFirst() as any;
      expect(notice.message).toContain(a.orderNo);
      expect(notice.message).toContain('待您审批');
      const page = (await h.call('GET', `${BASE}/page?pageSize=200`, { token: tokens.bizmgr })).body.data;
      expect(page.approvable).toContain(a.gadgetOrderId);
      expect((await h.call('POST', `${BASE}/audit`, { token: tokens.business, data: { gadgetOrderId: a.gadgetOrderId, pass: true } })).status).toBe(403);
      expect((await h.call('POST', `${BASE}/audit`, { token: tokens.bizmgr, data: { gadgetOrderId: a.gadgetOrderId, pass: false } })).body.msg).toBe('驳回时请填写审核意见');
      const pass = await h.call('POST', `${BASE}/audit`, { token: tokens.bizmgr, data: { gadgetOrderId: a.gadgetOrderId, pass: true, comment: '同意' } });
      expect(pass.body.msg).toBe('操作成功');
      expect((await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data.auditState).toBe(15);
      const me = (await h.call('GET', '/api/v1/auth/me', { token: tokens.business })).body.data.staffId;
      const told = await h.database.db.selectFrom('notice').selectAll().where('recipientStaffId', '=', me).orderBy('noticeId', 'desc').executeTakeFirst() as any;
      expect(told.message).toContain('已审核通过');
    });

    it('a process template decides the chain: a second node only from its amount on; rejection returns to 已驳回', async () => {
      const db = h.database.db;
      const staffOf = async (t: string) => (await h.call('GET', '/api/v1/auth/me', { token: t })).body.data.staffId as number;
      const me = (await h.call('GET', '/api/v1/auth/me', { token: tokens.business })).body.data;
      const [bizmgr, gm] = [await staffOf(tokens.bizmgr), await staffOf(tokens.gm)];
      await db.insertInto('processTemplate').values({
        corpId: me.corpId, orgId: me.orgId, name: '对客报价审批', bizType: 18, enabled: true,
        nodes: JSON.stringify([{ name: '商务经理', approverType: 1, approverIds: [bizmgr] }, { name: '总经理', approverType: 1, approverIds: [gm], minAmount: 1000000 }]),
      }).execute();
      try {
        const small = await create({ amount: '1000.00' });
        const big = await create({ amount: '2000000.00' });
        for (const o of [small, big]) await h.call('POST', `${BASE}/submit`, { token: tokens.business, data: { gadgetOrderId: o.gadgetOrderId } });
        expect((await h.call('POST', `${BASE}/audit`, { token: tokens.gm, data: { gadgetOrderId: big.gadgetOrderId, pass: true } })).body.msg).toBe('您不是当前节点的审批人');
        await h.call('POST', `${BASE}/audit`, { token: tokens.bizmgr, data: { ids: [small.gadgetOrderId, big.gadgetOrderId], pass: true } });
        const state = async (id: number) => (await h.call('GET', `${BASE}/${id}`, { token: tokens.business })).body.data.auditState;
        expect(await state(small.gadgetOrderId)).toBe(15);
        expect(await state(big.gadgetOrderId)).toBe(5);
        const act = (await h.call('GET', `/api/v1/meta/activity/gadgetOrder/${big.gadgetOrderId}`, { token: tokens.gm })).body.data;
        expect(act.approval).toMatchObject({ currentNodeName: '总经理', canDecide: true });
        const reject = await h.call('POST', `${BASE}/audit`, { token: tokens.gm, data: { gadgetOrderId: big.gadgetOrderId, pass: false, comment: '价格过低' } });
        expect(reject.body.msg).toBe('操作成功');
        expect(await state(big.gadgetOrderId)).toBe(10);
        // resubmitting after rejection starts over; withdrawing ends the approval
        await h.call('POST', `${BASE}/submit`, { token: tokens.business, data: { gadgetOrderId: big.gadgetOrderId } });
        await h.call('POST', `${BASE}/withdraw`, { token: tokens.business, data: { gadgetOrderId: big.gadgetOrderId } });
        expect(await state(big.gadgetOrderId)).toBe(0);
        expect((await h.call('POST', `${BASE}/audit`, { token: tokens.bizmgr, data: { gadgetOrderId: big.gadgetOrderId, pass: true } })).body.msg).toBe('该记录没有待审批的申请');
      } finally {
        await db.deleteFrom('processTemplate').where('bizType', '=', 18).execute();
      }
    });
  });

  describe('hooks', () => {
    it('validate refuses on the field, and an effect failing after the write rolls the whole request back', async () => {
      (entityHooks as Record<string, unknown>).gadgetOrder = {
        validate(_ctx: unknown, record: { title?: string }) {
          if (record.title === '禁止') throw badRequest('订单名称不可为"禁止"', { field: 'title' });
        },
        afterTransition: {
          publish: async (_ctx: unknown, row: { title: string }) => {
            if (row.title === '回滚') throw badRequest('发布后处理失败');
          },
        },
      };
      try {
        expect((await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ title: '禁止' }) })).body).toMatchObject({ code: 400, msg: '订单名称不可为"禁止"', data: { field: 'title' } });
        const a = await create({ title: '回滚' });
        expect((await h.call('POST', `${BASE}/publish`, { token: tokens.business, data: { gadgetOrderId: a.gadgetOrderId } })).body.msg).toBe('发布后处理失败');
        expect((await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data.status).toBe(0);
        const timeline = (await h.call('GET', `/api/v1/meta/activity/gadgetOrder/${a.gadgetOrderId}`, { token: tokens.business })).body.data.timeline;
        expect(timeline).toEqual([]);
      } finally {
        delete (entityHooks as Record<string, unknown>).gadgetOrder;
      }
    });
  });

  describe('operation log', () => {
    it('records create, update and delete with Chinese labels and display values', async () => {
      const a = await create({ amount: '10.00' });
      const got = (await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).body.data;
      await h.call('PUT', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business, data: { version: got.version, amount: '20.00', customerId: customers[1]!.customerId } });
      await h.call('DELETE', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business });
      const logs = await h.database.db.selectFrom('operationLog').selectAll().where('entity', '=', 'gadgetOrder').where('subjectId', '=', a.gadgetOrderId).orderBy('logId').execute() as any[];
      expect(logs.map((l) => [l.operationType, l.moduleCode, l.action])).toEqual([[1, 5, '新增'], [2, 5, '修改'], [3, 5, '删除']]);
      expect(logs[1].content).toEqual(expect.arrayContaining([
        { field: 'amount', label: '金额', before: '10.00', after: '20.00' },
        { field: 'customerId', label: '客户', before: customers[0]!.name, after: customers[1]!.name },
      ]));
      expect(logs[0].operatorName).toBe('周慧敏');
      expect((await h.call('GET', `${BASE}/${a.gadgetOrderId}`, { token: tokens.business })).status).toBe(404);
    });
  });

  describe('Excel', () => {
    it('exports what the filter selects with Chinese headers, labels and titles', async () => {
      await create({ title: '导出测试一', amount: '1234567.80' });
      const r = await h.app.inject({ method: 'GET', url: `${BASE}/export-excel?customerId=${customers[0]!.customerId}&columns=orderNo,title,customerId,amount,status`, headers: { 'access-token': tokens.business } });
      expect(r.statusCode).toBe(200);
      expect(decodeURIComponent(String(r.headers['content-disposition']))).toMatch(/小工具订单_\d{4}-\d{2}-\d{2} \d{2}\.xlsx/);
      const sheet = await workbook(r.rawPayload);
      const data = rows(sheet);
      expect(data[0]).toEqual(['订单编号', '订单名称', '客户', '金额', '状态']);
      expect(data.some((row) => row[1] === '导出测试一' && row[2] === customers[0]!.name && row[3] === 1234567.8 && row[4] === '草稿')).toBe(true);
      const filtered = rows(await workbook((await h.app.inject({ method: 'GET', url: `${BASE}/export-excel?status=20&columns=title,status`, headers: { 'access-token': tokens.business } })).rawPayload));
      expect(filtered.slice(1).every((row) => row[1] === '已终止')).toBe(true);
    });

    it('imports the template layout: a bad row is reported and nothing half-imported; commit takes the valid rows', async () => {
      const tpl = await h.app.inject({ method: 'GET', url: `${BASE}/import-template`, headers: { 'access-token': tokens.business } });
      const sheet = await workbook(tpl.rawPayload);
      expect(rows(sheet)[0]).toEqual(['*订单名称', '*客户', '下单日期', '金额', '重量(吨)', '车牌号', '状态']);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(['*订单名称', '*客户', '下单日期', '金额', '重量(吨)', '车牌号']);
      ws.addRow(['导入一', customers[0]!.name, '2026-03-01', 100.5, 3, '沪D1235挂']);
      ws.addRow(['导入二', '不存在的客户', '2026-03-02', 1, 1, '']);
      ws.addRow(['导入三', customers[1]!.name, '2026/03/03', '12.345', 1, '']);
      ws.addRow(['', customers[1]!.name, '', '', '', '']);
      ws.addRow(['导入五', customers[1]!.name, '', '', '', '沪A123']);
      const file = Buffer.from(await wb.xlsx.writeBuffer());
      const upload = (mode: string) => {
        const boundary = '----t' + Math.random().toString(16).slice(2);
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
          file, Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return h.app.inject({ method: 'POST', url: `${BASE}/import?mode=${mode}`, headers: { 'access-token': tokens.business, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      };
      const count = async () => Number(((await sql<{ n: number }>`select count(*)::int as n from gadget_order where title like '导入%'`.execute(h.database.db)).rows[0] as any).n);
      const check = JSON.parse((await upload('check')).body).data;
      expect(check).toMatchObject({ total: 5, valid: 1, imported: 0 });
      expect(check.errors).toEqual([
        { row: 3, field: 'customerId', message: '第3行：客户「不存在的客户」不存在' },
        { row: 4, field: 'amount', message: '第4行：金额最多保留2位小数' },
        { row: 5, field: 'title', message: '第5行：缺少必填字段：订单名称' },
        { row: 6, field: 'plate', message: '第6行：车牌号格式不正确' },
      ]);
      expect(await count()).toBe(0);
      const commit = JSON.parse((await upload('commit')).body).data;
      expect(commit).toMatchObject({ imported: 1, valid: 1 });
      expect(await count()).toBe(1);
      const imported = (await h.call('GET', `${BASE}/page?title=导入一`, { token: tokens.business })).body.data.list[0];
      expect(imported).toMatchObject({ amount: '100.50', plate: '沪D1235挂', status: 0 });
      expect(imported.orderNo).toMatch(/^GD/);
    });
  });

  describe('reports', () => {
    it('aggregate in SQL: sums equal the rows, ratios and averages follow, and the summary is the whole', async () => {
      const db = h.database.db;
      const dims = async (d: string) => (await h.call('GET', `${BASE}/stat?dims=${d}`, { token: tokens.business })).body.data;
      const byStatus = await dims('status');
      const raw = (await sql<{ status: number; n: number; s: string }>`select status, count(*)::int as n, coalesce(sum(amount),0)::text as s from gadget_order group by status order by status`.execute(db)).rows as any[];
      expect(byStatus.rows.map((r: any) => [r.status, r.count, r.amount])).toEqual(raw.map((r) => [r.status, r.n, Number(r.s)]));
      const total = raw.reduce((a, r) => a + r.n, 0);
      expect(byStatus.summary.count).toBe(total);
      const published = raw.filter((r) => r.status === 10).reduce((a, r) => a + r.n, 0);
      expect(byStatus.summary.publishRate).toBeCloseTo(published / total, 10);
      const avg = (await sql<{ a: string }>`select avg(weight)::text as a from gadget_order`.execute(db)).rows[0] as any;
      expect(byStatus.summary.avgWeight).toBeCloseTo(Number(avg.a), 6);
      const byMonth = await dims('month,customerId');
      expect(byMonth.rows.every((r: any) => /^\d{4}-\d{2}$/.test(r.month))).toBe(true);
      expect(byMonth.refs.customer[String(customers[0]!.customerId)]).toBe(customers[0]!.name);
      const xlsx = await h.app.inject({ method: 'GET', url: `${BASE}/stat?dims=status&export=true`, headers: { 'access-token': tokens.business } });
      const data = rows(await workbook(xlsx.rawPayload));
      expect(data[0]).toEqual(['状态', '订单数', '金额', '已提交', '提交率', '平均重量']);
      expect(data.at(-1)![0]).toBe('合计');
    });
  });

  describe('custom fields', () => {
    it('without a customised form of the organisation, no custom field is taken', async () => {
      const r = await h.call('POST', `${BASE}/save`, { token: tokens.business, data: order({ custom: { 冷链: true } }) });
      expect(r.body).toMatchObject({ code: 400, msg: '不允许的字段：冷链' });
    });
  });
});
