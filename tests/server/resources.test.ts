/**
 * 运力资源 (DOMAIN §3.1, §3.4, §4.1): supplier audit, cancellation, co-operation and invitation
 * state machines (each transition only from its states and only with its permission), approvers
 * and process templates, handover, the SMS outbox, licence checks and manual review, company
 * truck states, plate colours, bulk config, tenant isolation, and the demo data of §8.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindExpiringTrucks } from '../../server/resources/expiry-jobs';
import { loadEntities } from '../../server/schema/load';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { makeUscc } from '../../schemas/src/validators';
import { drainSmsOutbox, webhookProvider, type SmsProvider } from '../../server/resources/sms';

const S = '/api/v1/user-base/supplier';
const CT = '/api/v1/project-base/company-truck';
const PT = '/api/v1/project-base/platform-truck';
const MR = '/api/v1/project-base/manual-review';
const BULK = '/api/v1/project-base/transport-bulk-cost-settle/config';

let serial = 0;
const day = (offset: number) => new Date(Date.now() + offset * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);

describe.each(await backends())('运力资源 on %s', (backend) => {
  let h: Harness;
  let admin: string; // approver (系统管理员)
  let dispatch: string; // 何俊: 运力资源 (edit + approve)
  // A held name covers its children (repo decision), so the sub-permissions are held alone here.
  let viewer: string; // 周慧敏 here: only 运力资源:供应商:审核 (approves, neither edits nor manages)
  let editor: string; // 郭振宇 here: only 运力资源:供应商:编辑, no :审核
  let suzhou: string;
  let pm: string;
  const staff: Record<string, number> = {};

  async function roleFor(username: string, permissions: string[]) {
    const db = h.database.db;
    const acc = (await db.selectFrom('account').select('defaultStaffId').where('username', '=', username).executeTakeFirstOrThrow()) as { defaultStaffId: number };
    const corp = (await db.selectFrom('staff').select(['corpId', 'orgId']).where('staffId', '=', acc.defaultStaffId).executeTakeFirstOrThrow()) as { corpId: number; orgId: number };
    const role = (await db.insertInto('role').values({ corpId: corp.corpId, orgId: corp.orgId, name: `测试${username}`, code: `test_${username}`, permissions: JSON.stringify(permissions) }).returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
    await db.updateTable('staffRole').set({ roleId: role.roleId }).where('staffId', '=', acc.defaultStaffId).execute();
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    // These rules are about the permission holders deciding (no template): the demo's 供应商审核 template names 调度主管.
    await h.database.db.updateTable('processTemplate').set({ enabled: false }).where('bizType', '=', 12).execute();
    await roleFor('business', ['运力资源:供应商:审核']);
    await roleFor('planner', ['运力资源:供应商:编辑']);
    admin = await h.login('admin');
    dispatch = await h.login('dispatch', 'Dispatch@123');
    viewer = await h.login('business');
    editor = await h.login('planner', 'Planner@123');
    suzhou = await h.login('suzhou');
    pm = await h.login('pm', 'Pm@123');
    const rows = (await h.database.db.selectFrom('staff as s').innerJoin('organization as o', 'o.orgId', 's.orgId')
      .select(['s.staffId', 's.name', 'o.shortName']).execute()) as { staffId: number; name: string; shortName: string }[];
    for (const r of rows) staff[`${r.shortName}:${r.name}`] = r.staffId;
  });
  afterAll(async () => h?.close());

  const carrier = (over: Record<string, unknown> = {}) => ({
    name: `测试承运商${++serial}${Math.random().toString(36).slice(2, 6)}`, supplierType: 1,
    creditCode: makeUscc('310115', 500000 + serial), contactName: '钱经理', contactPhone: '13816620000',
    transportLicenseNo: '310115200001', transportLicenseExpiry: day(200), ...over,
  });
  const get = async (id: number, token = dispatch) => (await h.call('GET', `${S}/${id}`, { token })).body.data;
  const create = async (over: Record<string, unknown> = {}, token = dispatch) => {
    const r = await h.call('POST', `${S}/save`, { token, data: carrier(over) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.supplierId as number;
  };
  const act = (path: string, data: Record<string, unknown>, token = dispatch) => h.call('POST', `${S}/${path}`, { token, data });

  /** A supplier in a verifyStatus, reached through the calls a user makes. */
  async function supplierIn(state: number): Promise<number> {
    const id = await create();
    if (state === 0) return id;
    expect((await act('submit', { supplierId: id })).status).toBe(200);
    if (state === 5) return id;
    if (state === 10) {
      expect((await act('verify', { supplierId: id, pass: false, comment: '证照不全' }, admin)).status).toBe(200);
      return id;
    }
    expect((await act('verify', { supplierId: id, pass: true }, admin)).status).toBe(200);
    if (state === 15) return id;
    expect((await act('apply-cancel', { supplierId: id, cancelReason: '不再合作' })).status).toBe(200);
    if (state === 25) return id;
    expect((await act('verify', { supplierId: id, pass: true }, admin)).status).toBe(200);
    return id;
  }

  describe('supplier fields by type', () => {
    it.each([
      ['a carrier without its road transport licence', { transportLicenseNo: null }, 'transportLicenseNo', '承运商的道路运输经营许可证号不能为空'],
      ['a carrier without the licence expiry', { transportLicenseExpiry: null }, 'transportLicenseExpiry', '承运商的许可证有效期不能为空'],
      ['a subcontractor without a credit code', { supplierType: 3, creditCode: null }, 'creditCode', '统一社会信用代码不能为空（个体司机除外）'],
      ['an owner-driver without an ID card number', { supplierType: 2, creditCode: null }, 'idCardNo', '个体司机的身份证号不能为空'],
      ['a credit code with a wrong check character', { creditCode: '91310115MA1K4ABCD1' }, undefined, '统一社会信用代码：格式或校验位不正确'],
    ])('refuses %s', async (_what, over, field, msg) => {
      const r = await h.call('POST', `${S}/save`, { token: dispatch, data: carrier(over) });
      expect(r.status).toBe(400);
      if (field) expect(r.body.data?.field).toBe(field);
      if (msg) expect(r.body.msg).toBe(msg);
    });

    it('accepts an owner-driver with an ID card and no credit code; the state fields are not writable', async () => {
      const r = await h.call('POST', `${S}/save`, { token: dispatch, data: { ...carrier({ supplierType: 2, creditCode: null, transportLicenseNo: null, transportLicenseExpiry: null }), idCardNo: '340104198801011234', verifyStatus: 15, status: 2 } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      const ok = await h.call('POST', `${S}/save`, { token: dispatch, data: carrier({ supplierType: 2, creditCode: null, transportLicenseNo: null, transportLicenseExpiry: null, idCardNo: '340104198801011234' }) });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data).toMatchObject({ verifyStatus: 0, status: 1, registerStatus: 0 });
    });
  });

  describe('supplier state machines: each transition only from its states', () => {
    // verifyStatus: 0 草稿 5 审核中 10 已驳回 15 使用中 20 已注销 25 注销审核中
    const TABLE: [string, Record<string, unknown>, number[]][] = [
      ['submit', {}, [0, 10]],
      ['withdraw', {}, [5]],
      ['apply-cancel', { cancelReason: '合同到期不再续签' }, [15]],
      ['withdraw-cancel', {}, [25]],
    ];
    const STATES = [0, 5, 10, 15, 20, 25];
    for (const [action, body, from] of TABLE) {
      it(`${action} is allowed from ${from.join('/')} only`, async () => {
        for (const state of STATES) {
          const id = await supplierIn(state);
          const r = await act(action, { supplierId: id, ...body });
          expect(r.status, `${action} from ${state}: ${JSON.stringify(r.body)}`).toBe(from.includes(state) ? 200 : 409);
          if (!from.includes(state)) expect(r.body.msg).toBe('当前状态不允许该操作');
        }
      });
    }

    it('co-operation 1 ↔ 2: disable only when 合作中, enable only when 已停用 and not cancelled', async () => {
      const id = await supplierIn(15);
      expect((await act('enable', { supplierId: id })).status).toBe(409);
      expect((await act('disable', { supplierId: id })).status).toBe(200);
      expect((await act('disable', { supplierId: id })).status).toBe(409);
      const active = (await h.call('GET', `${S}/list-org-active-supplier`, { token: pm })).body.data;
      expect(active.some((s: any) => s.supplierId === id)).toBe(false);
      expect((await act('enable', { supplierId: id })).status).toBe(200);
      expect((await h.call('GET', `${S}/list-org-active-supplier`, { token: pm })).body.data.some((s: any) => s.supplierId === id)).toBe(true);
      const cancelled = await supplierIn(20);
      expect(await get(cancelled)).toMatchObject({ verifyStatus: 20, status: 2 });
      const r = await act('enable', { supplierId: cancelled });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('已注销的供应商不能启用');
    });

    it('only drafts and rejected suppliers are removed; pending and cancelled ones are not edited', async () => {
      for (const [state, status] of [[0, 200], [10, 200], [5, 409], [15, 409], [20, 409]] as const) {
        const id = await supplierIn(state);
        expect((await h.call('DELETE', `${S}/${id}`, { token: dispatch })).status, `remove from ${state}`).toBe(status);
      }
      for (const state of [5, 25, 20]) {
        const s = await get(await supplierIn(state));
        const r = await h.call('PUT', `${S}/${s.supplierId}`, { token: dispatch, data: { shortName: '改名', version: s.version } });
        expect(r.status, `edit in ${state}`).toBe(409);
      }
    });
  });

  describe('supplier permissions', () => {
    it.each([
      ['an approver without 编辑 cannot create', () => h.call('POST', `${S}/save`, { token: viewer, data: carrier() }), 403],
      ['an approver without 编辑 cannot submit', async () => act('submit', { supplierId: await supplierIn(0) }, viewer), 403],
      ['an editor without 审核 cannot approve', async () => act('verify', { supplierId: await supplierIn(5), pass: true }, editor), 403],
      ['an approver without 编辑 cannot disable', async () => act('disable', { supplierId: await supplierIn(15) }, viewer), 403],
      ['an approver without 编辑 cannot invite', async () => act('invite-register', { supplierId: await supplierIn(15) }, viewer), 403],
      ['an approver without 编辑 cannot apply for cancellation', async () => act('apply-cancel', { supplierId: await supplierIn(15), cancelReason: 'x' }, viewer), 403],
      ['someone without 运力资源 cannot list', () => h.call('GET', `${S}/list`, { token: pm }), 403],
      ['an approver without 编辑 may still approve', async () => act('verify', { supplierId: await supplierIn(5), pass: true }, viewer), 200],
      ['an editor without the list permission cannot read the list', () => h.call('GET', `${S}/list`, { token: editor }), 403],
      ['an editor can create', () => h.call('POST', `${S}/save`, { token: editor, data: carrier() }), 200],
    ])('%s', async (_what, call, status) => {
      expect((await (call as () => Promise<{ status: number }>)()).status).toBe(status);
    });
  });

  describe('verify flow with approvers', () => {
    it('the submitter is not the approver; the approver gets a notice, a rejection needs a reason, resubmission and approval follow', async () => {
      const id = await supplierIn(0);
      expect((await act('submit', { supplierId: id })).status).toBe(200);
      expect(await get(id)).toMatchObject({ verifyStatus: 5 });
      // 何俊 holds 审核 too, but does not approve his own submission while someone else can.
      expect((await act('verify', { supplierId: id, pass: true }, dispatch)).status).toBe(403);
      const notice = await h.database.db.selectFrom('notice').select(['message', 'eventType']).where('recipientStaffId', '=', staff['华运上海:系统管理员']!)
        .where('eventSubjectId', '=', id).executeTakeFirst() as { message: string; eventType: number } | undefined;
      expect(notice?.message).toContain('待您审批');
      expect(notice?.eventType).toBe(2);
      const page = (await h.call('GET', `${S}/list?verifyStatus=5&pageSize=100`, { token: admin })).body.data;
      expect(page.approvable).toContain(id);
      const noReason = await act('verify', { supplierId: id, pass: false }, admin);
      expect(noReason.status).toBe(400);
      expect((await act('verify', { supplierId: id, pass: false, comment: '许可证照片不清晰' }, admin)).status).toBe(200);
      expect(await get(id)).toMatchObject({ verifyStatus: 10 });
      expect((await act('submit', { supplierId: id })).status).toBe(200);
      expect((await act('verify', { supplierId: id, pass: true, comment: '同意' }, admin)).status).toBe(200);
      expect(await get(id)).toMatchObject({ verifyStatus: 15, status: 1 });
      const active = (await h.call('GET', `${S}/list-all-active-supplier`, { token: pm })).body.data;
      expect(active.some((s: any) => s.supplierId === id)).toBe(true);
      const activity = (await h.call('GET', `/api/v1/meta/activity/supplier/${id}`, { token: dispatch })).body.data;
      expect(JSON.stringify(activity)).toContain('许可证照片不清晰');
    });

    it("the organisation's process template (bizType 12) decides the approvers, node by node", async () => {
      const db = h.database.db;
      const org = (await db.selectFrom('staff').select(['corpId', 'orgId']).where('staffId', '=', staff['华运上海:何俊']!).executeTakeFirstOrThrow()) as { corpId: number; orgId: number };
      await db.insertInto('processTemplate').values({
        ...org, name: '供应商审核', bizType: 12, enabled: true,
        nodes: JSON.stringify([{ name: '系统管理员复核', approverType: 1, approverIds: [staff['华运上海:系统管理员']] }, { name: '调度主管审批', approverType: 1, approverIds: [staff['华运上海:何俊']] }]),
      }).execute();
      try {
        const id = await create({}, editor);
        expect((await act('submit', { supplierId: id }, editor)).status).toBe(200);
        expect((await act('verify', { supplierId: id, pass: true }, dispatch)).status).toBe(403);
        expect((await act('verify', { supplierId: id, pass: true }, admin)).status).toBe(200);
        expect(await get(id)).toMatchObject({ verifyStatus: 5 });
        expect((await act('verify', { supplierId: id, pass: true }, dispatch)).status).toBe(200);
        expect(await get(id)).toMatchObject({ verifyStatus: 15 });
      } finally {
        await db.deleteFrom('processTemplate').where('bizType', '=', 12).execute();
      }
    });

    it('cancellation goes through approval: rejected stays in use, approved is cancelled and disabled', async () => {
      const a = await supplierIn(15);
      expect((await act('apply-cancel', { supplierId: a })).status).toBe(400);
      expect((await act('apply-cancel', { supplierId: a, cancelReason: '业务调整' })).status).toBe(200);
      expect(await get(a)).toMatchObject({ verifyStatus: 25, cancelReason: '业务调整' });
      expect((await act('verify', { supplierId: a, pass: false, comment: '仍有未结运费' }, admin)).status).toBe(200);
      expect(await get(a)).toMatchObject({ verifyStatus: 15, status: 1 });
      expect((await act('apply-cancel', { supplierId: a, cancelReason: '业务调整' })).status).toBe(200);
      expect((await act('verify', { supplierId: a, pass: true }, admin)).status).toBe(200);
      expect(await get(a)).toMatchObject({ verifyStatus: 20, status: 2 });
      expect((await h.call('GET', `${S}/list-org-active-supplier`, { token: pm })).body.data.some((s: any) => s.supplierId === a)).toBe(false);
    });
  });

  describe('handover', () => {
    it('an editor hands over to an active colleague; the log and the receiver know', async () => {
      const id = await create({ managerStaffId: staff['华运上海:何俊'] });
      const to = staff['华运上海:王建国']!;
      const r = await h.call('PUT', `${S}/${id}/handover/${to}`, { token: dispatch, data: {} });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.managerStaffId).toBe(to);
      const log = await h.database.db.selectFrom('operationLog').select(['action', 'content']).where('entity', '=', 'supplier').where('subjectId', '=', id).where('action', '=', '交接').executeTakeFirst() as { action: string; content: any } | undefined;
      expect(JSON.stringify(log?.content)).toContain('王建国');
      const notice = await h.database.db.selectFrom('notice').select('message').where('recipientStaffId', '=', to).where('eventSubjectId', '=', id).executeTakeFirst() as { message: string } | undefined;
      expect(notice?.message).toContain('已交接给您负责');
      expect((await h.call('PUT', `${S}/${id}/handover/${to}`, { token: dispatch, data: {} })).status).toBe(409);
    });

    it('refuses a receiver of another organisation, and people who neither manage it nor may edit', async () => {
      const id = await create({ managerStaffId: staff['华运上海:何俊'] });
      const r = await h.call('PUT', `${S}/${id}/handover/${staff['华运苏州:赵敏']}`, { token: dispatch, data: {} });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('接收人不存在或不属于本单位');
      expect((await h.call('PUT', `${S}/${id}/handover/${staff['华运上海:张伟']}`, { token: viewer, data: {} })).status).toBe(403);
    });

    it('the manager hands over their own supplier without edit rights (leaver handover), also while it is pending', async () => {
      const id = await supplierIn(5);
      expect((await h.call('PUT', `${S}/${id}/handover/${staff['华运上海:周慧敏']}`, { token: dispatch, data: {} })).status).toBe(200);
      const r = await h.call('PUT', `${S}/${id}/handover/${staff['华运上海:张伟']}`, { token: viewer, data: {} });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await get(id)).managerStaffId).toBe(staff['华运上海:张伟']);
    });
  });

  describe('invite-register and the SMS outbox', () => {
    const status = async (platformSupplierId: number, token = dispatch) => h.call('GET', `${S}/invite-register-sms-status/${platformSupplierId}`, { token });

    it('inviting writes an SMS that waits 发送中 until a provider drains it; outcomes are recorded', async () => {
      const ok = await supplierIn(15);
      const bad = await supplierIn(15);
      await h.call('PUT', `${S}/${bad}`, { token: dispatch, data: { contactPhone: '13900000009', version: (await get(bad)).version } });
      for (const id of [ok, bad]) expect((await act('invite-register', { supplierId: id })).status).toBe(200);
      const a = await get(ok);
      expect(a).toMatchObject({ registerStatus: 5, inviteSmsStatus: 0 });
      expect(a.platformSupplierId).toBeGreaterThan(0);
      const waiting = (await status(a.platformSupplierId)).body.data;
      expect(waiting).toMatchObject({ supplierId: ok, status: 0, statusName: '发送中', mobile: '13816620000' });
      // No provider configured: nothing leaves the outbox by itself.
      expect((await status(a.platformSupplierId)).body.data.status).toBe(0);
      const sent: string[] = [];
      const provider: SmsProvider = { name: 'test', send: async (m) => { sent.push(m.mobile); return m.mobile === '13900000009' ? { ok: false, errorCode: '空号' } : { ok: true }; } };
      const drained = await drainSmsOutbox(h.database.db, provider, 1000);
      expect(drained.sent).toBeGreaterThanOrEqual(1);
      expect(sent).toContain('13900000009');
      expect((await status(a.platformSupplierId)).body.data).toMatchObject({ status: 1, statusName: '成功' });
      const b = await get(bad);
      expect((await status(b.platformSupplierId)).body.data).toMatchObject({ status: 2, statusName: '失败', errorCode: '空号' });
      expect(b.inviteSmsStatus).toBe(2);
      // Inviting again (still 5) sends a new message; the same platform number is kept.
      expect((await act('invite-register', { supplierId: bad })).status).toBe(200);
      expect((await get(bad)).platformSupplierId).toBe(b.platformSupplierId);
      expect((await status(b.platformSupplierId)).body.data.status).toBe(0);
      // A drained outbox sends nothing twice.
      sent.length = 0;
      await drainSmsOutbox(h.database.db, provider, 1000);
      expect(sent.filter((m) => m === '13816620000')).toHaveLength(0);
    });

    it('needs a mobile number, and is refused for cancelled suppliers', async () => {
      const id = await supplierIn(15);
      await h.call('PUT', `${S}/${id}`, { token: dispatch, data: { contactPhone: '021-58881234', version: (await get(id)).version } });
      const r = await act('invite-register', { supplierId: id });
      expect(r.status).toBe(400);
      expect(r.body.data.field).toBe('contactPhone');
      expect((await act('invite-register', { supplierId: await supplierIn(20) })).status).toBe(409);
    });

    it('the webhook provider reports a 2xx as success and anything else as failure', async () => {
      const received: any[] = [];
      const server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => { body += c; });
        req.on('end', () => {
          received.push(JSON.parse(body));
          res.statusCode = received.length === 1 ? 200 : 503;
          res.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const p = webhookProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`);
        expect(await p.send({ smsId: 1, mobile: '13800000000', content: '测试', templateCode: null })).toEqual({ ok: true });
        expect(await p.send({ smsId: 2, mobile: '13800000000', content: '测试', templateCode: null })).toEqual({ ok: false, errorCode: 'HTTP 503' });
        expect(received[0]).toMatchObject({ smsId: 1, mobile: '13800000000', content: '测试' });
      } finally {
        server.close();
      }
    });
  });

  describe('licence checks and manual review', () => {
    // A demo carrier in use, with a manager to hear about rejections.
    const supplierId = async () => (await h.call('GET', `${S}/list-all-active-supplier?supplierType=1`, { token: dispatch })).body.data.find((s: any) => s.name === '上海顺达货运有限公司').supplierId as number;
    const truck = async (plate: string, over: Record<string, unknown> = {}) => {
      const r = await h.call('POST', `${PT}/save`, { token: dispatch, data: {
        truckLicensePlate: plate, plateColor: 2, vehicleKind: 8, supplierId: await supplierId(), ownerName: '王德明',
        roadTransportNo: '340100001234', roadTransportExpiry: day(100), inspectionExpiry: day(100), ...over } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.platformTruckId as number;
    };

    it('a truck with valid documents passes; an expired one fails with the expiry message and goes to manual review', async () => {
      const good = await truck('皖A7K101');
      const r = await h.call('POST', `${PT}/verify`, { token: dispatch, data: { platformTruckId: good } });
      expect(r.body.data).toMatchObject({ passed: 1, failed: 0 });
      expect((await h.call('GET', `${PT}/${good}`, { token: dispatch })).body.data).toMatchObject({ authState: 2, authSource: 1 });
      expect((await h.call('POST', `${PT}/verify`, { token: dispatch, data: { platformTruckId: good } })).status).toBe(409);

      const bad = await truck('皖A7K102', { roadTransportExpiry: day(-3) });
      const f = await h.call('POST', `${PT}/verify`, { token: dispatch, data: { platformTruckId: bad } });
      expect(f.body.data.results[0].reasons).toContain('道路运输证已过期, 请及时更新');
      const t = (await h.call('GET', `${PT}/${bad}`, { token: dispatch })).body.data;
      expect(t).toMatchObject({ authState: 3 });
      expect(t.authFailReason).toContain('道路运输证已过期');
      const reviews = (await h.call('GET', `${MR}/page?auditState=5&pageSize=100`, { token: dispatch })).body.data.list;
      const review = reviews.find((x: any) => x.subjectId === bad && x.reviewType === 1);
      expect(review).toBeTruthy();
      // Checking again does not file a second review.
      await h.call('POST', `${PT}/verify`, { token: dispatch, data: { platformTruckId: bad } });
      const again = (await h.call('GET', `${MR}/page?auditState=5&pageSize=100`, { token: dispatch })).body.data.list.filter((x: any) => x.subjectId === bad && x.reviewType === 1);
      expect(again).toHaveLength(1);
    });

    it('passing a review makes the truck 已认证 (人工审核); rejecting keeps 认证失败, needs a reason and tells the supplier manager', async () => {
      const a = await truck('鲁B7K201', { roadTransportNo: null });
      const b = await truck('鲁B7K202', { roadTransportNo: null });
      await h.call('POST', `${PT}/verify`, { token: dispatch, data: { ids: [a, b] } });
      const list = (await h.call('GET', `${MR}/page?auditState=5&pageSize=100`, { token: dispatch })).body.data.list;
      const ra = list.find((x: any) => x.subjectId === a && x.reviewType === 1).manualReviewId;
      const rb = list.find((x: any) => x.subjectId === b && x.reviewType === 1).manualReviewId;
      expect((await h.call('POST', `${MR}/pass`, { token: pm, data: { manualReviewId: ra } })).status).toBe(403);
      expect((await h.call('POST', `${MR}/pass`, { token: dispatch, data: { manualReviewId: ra } })).status).toBe(200);
      expect((await h.call('POST', `${MR}/pass`, { token: dispatch, data: { manualReviewId: ra } })).status).toBe(409);
      expect((await h.call('GET', `${PT}/${a}`, { token: dispatch })).body.data).toMatchObject({ authState: 2, authSource: 2, authFailReason: null });
      expect((await h.call('POST', `${MR}/audit`, { token: dispatch, data: { manualReviewId: rb, pass: false } })).status).toBe(400);
      expect((await h.call('POST', `${MR}/audit`, { token: dispatch, data: { manualReviewId: rb, pass: false, rejectReason: '道路运输证号与照片不符' } })).status).toBe(200);
      const tb = (await h.call('GET', `${PT}/${b}`, { token: dispatch })).body.data;
      expect(tb.authState).toBe(3);
      expect(tb.authFailReason).toContain('道路运输证号与照片不符');
      const review = (await h.call('GET', `${MR}/${rb}`, { token: dispatch })).body.data;
      expect(review).toMatchObject({ auditState: 10, reviewerStaffId: staff['华运上海:何俊'] });
      const manager = (await get(tb.supplierId)).managerStaffId;
      const notice = await h.database.db.selectFrom('notice').select('message').where('recipientStaffId', '=', manager).where('eventType', '=', 3).where('eventSubjectId', '=', b).where('message', 'like', '%驳回%').executeTakeFirst() as { message: string } | undefined;
      expect(notice?.message).toContain('道路运输证号与照片不符');
    });

    it('a driver of a tractor needs licence class A2', async () => {
      const t = await truck('豫A7K301', { vehicleKind: 1, approvedLoad: null });
      const r = await h.call('POST', '/api/v1/project-base/driver/save', { token: dispatch, data: {
        name: '测试司机', mobile: '13700001111', idCardNo: '410105198805051234', licenseClass: 4, licenseExpiry: day(300),
        qualificationCertNo: '410100001', platformTruckId: t, supplierId: (await h.call('GET', `${PT}/${t}`, { token: dispatch })).body.data.supplierId } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const v = await h.call('POST', '/api/v1/project-base/driver/verify', { token: dispatch, data: { driverId: r.body.data.driverId } });
      expect(v.body.data.results[0].reasons).toContain('驾驶牵引车需准驾车型A2');
    });
  });

  describe('plates and colours', () => {
    it.each([
      ['沪A02358D', 2, 1, '新能源车牌沪A02358D应为黄绿色'],
      ['浙AD12345', 93, 7, '新能源车牌浙AD12345应为渐变绿色'],
      ['沪D9999挂', 1, 2, '挂车号牌应为黄色'],
      ['沪DK9999', 1, 1, '牵引车和半挂车的号牌应为黄色'],
    ])('%s with colour %s is refused', async (plate, color, kind, msg) => {
      const r = await h.call('POST', `${CT}/save`, { token: dispatch, data: { truckLicensePlate: plate, plateColor: color, vehicleKind: kind } });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
      expect(r.body.data.field).toBe('plateColor');
    });
    it('refuses a malformed plate and accepts a matching colour', async () => {
      expect((await h.call('POST', `${CT}/save`, { token: dispatch, data: { truckLicensePlate: '沪DI12345', plateColor: 2, vehicleKind: 1 } })).status).toBe(400);
      expect((await h.call('POST', `${CT}/save`, { token: dispatch, data: { truckLicensePlate: '沪A12358D', plateColor: 93, vehicleKind: 7 } })).status).toBe(200);
    });
  });

  describe('company truck states', () => {
    // truckStatus: 1 空闲 2 任务中 3 维修保养 4 停用 5 报废
    const TABLE: [string, number[], number][] = [['repair', [1], 3], ['recover', [3], 1], ['disable', [1, 3], 4], ['enable', [4], 1], ['scrap', [1, 3, 4], 5]];
    let n = 0;
    async function truckIn(state: number): Promise<number> {
      const r = await h.call('POST', `${CT}/save`, { token: dispatch, data: { truckLicensePlate: `沪F${String(1000 + ++n)}挂`, plateColor: 2, vehicleKind: 2 } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = r.body.data.truckId;
      if (state === 2) await h.database.db.updateTable('companyTruck').set({ status: 2 }).where('truckId', '=', id).execute(); // 派车 is the dispatch area's
      if (state === 3 || state === 4 || state === 5) {
        const to = { 3: 'repair', 4: 'disable', 5: 'scrap' }[state];
        expect((await h.call('POST', `${CT}/${to}`, { token: dispatch, data: { truckId: id, comment: '测试' } })).status).toBe(200);
      }
      return id;
    }
    for (const [action, from, to] of TABLE) {
      it(`${action} (→ ${to}) only from ${from.join('/')}; never while 任务中`, async () => {
        for (const state of [1, 2, 3, 4, 5]) {
          const id = await truckIn(state);
          const r = await h.call('POST', `${CT}/${action}`, { token: dispatch, data: { truckId: id, comment: '测试' } });
          expect(r.status, `${action} from ${state}`).toBe(from.includes(state) ? 200 : 409);
          if (from.includes(state)) expect(r.body.data.list[0].status).toBe(to);
        }
      });
    }
    it('PUT {truckId}/status picks the transition; a scrapped truck stays scrapped; no permission, no change', async () => {
      const id = await truckIn(1);
      const r = await h.call('PUT', `${CT}/${id}/status`, { token: dispatch, data: { status: 3 } });
      expect(r.status).toBe(200);
      expect(r.body.data.status).toBe(3);
      expect((await h.call('PUT', `${CT}/${id}/status`, { token: dispatch, data: { status: 1 } })).body.data.status).toBe(1);
      expect((await h.call('PUT', `${CT}/${id}/status`, { token: dispatch, data: { status: 5, comment: '事故' } })).body.data.status).toBe(5);
      expect((await h.call('PUT', `${CT}/${id}/status`, { token: dispatch, data: { status: 1 } })).status).toBe(409);
      expect((await h.call('PUT', `${CT}/${await truckIn(1)}/status`, { token: pm, data: { status: 3 } })).status).toBe(403);
      const busy = await truckIn(2);
      expect((await h.call('DELETE', `${CT}/${busy}`, { token: dispatch })).status).toBe(409);
      await h.call('PUT', `${CT}/${busy}`, { token: dispatch, data: { status: 1, version: 1 } });
      expect((await h.call('GET', `${CT}/${busy}`, { token: dispatch })).body.data.status).toBe(2);
    });
  });

  describe('bulk config', () => {
    it('is one record per organisation: read by anyone, saved only with its permission', async () => {
      const sh = (await h.call('GET', BULK, { token: pm })).body.data;
      expect(sh).toMatchObject({ fuelPrice: '7.35', emptyFuelPer100: '32.0', loadedFuelPer100: '55.0' });
      expect((await h.call('PUT', BULK, { token: pm, data: { fuelPrice: '8.00', version: sh.version } })).status).toBe(403);
      const saved = await h.call('PUT', BULK, { token: dispatch, data: { fuelPrice: '7.52', version: sh.version } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ configId: sh.configId, fuelPrice: '7.52' });
      expect((await h.call('PUT', BULK, { token: dispatch, data: { fuelPrice: '7.60', version: sh.version } })).status).toBe(409);
      expect((await h.call('PUT', BULK, { token: dispatch, data: { fuelPrice: '7.555', version: saved.body.data.version } })).status).toBe(400);
      // 苏州 has none yet: defaults, and its first save creates its own.
      const sz = (await h.call('GET', BULK, { token: suzhou })).body.data;
      expect(sz.configId).toBeNull();
      const created = await h.call('PUT', BULK, { token: suzhou, data: { fuelPrice: '7.40', tollRates: [{ axles: 3, yuanPerKm: 1.1 }], version: sz.version } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data.configId).not.toBe(sh.configId);
      expect((await h.call('GET', BULK, { token: dispatch })).body.data.fuelPrice).toBe('7.52');
    });
  });

  describe('tenant isolation of a supplier', () => {
    it('another organisation neither sees nor touches it', async () => {
      const id = await supplierIn(15);
      await act('invite-register', { supplierId: id });
      const s = await get(id);
      expect((await h.call('GET', `${S}/${id}`, { token: suzhou })).status).toBe(404);
      expect((await h.call('PUT', `${S}/${id}`, { token: suzhou, data: { shortName: 'x', version: s.version } })).status).toBe(404);
      expect((await act('disable', { supplierId: id }, suzhou)).status).toBe(404);
      expect((await h.call('PUT', `${S}/${id}/handover/${staff['华运苏州:陆建平']}`, { token: suzhou, data: {} })).status).toBe(404);
      expect((await h.call('GET', `${S}/invite-register-sms-status/${s.platformSupplierId}`, { token: suzhou })).status).toBe(404);
      expect((await h.call('GET', `${S}/staffs-related/${id}`, { token: suzhou })).status).toBe(404);
      const list = (await h.call('GET', `${S}/list?pageSize=1000`, { token: suzhou })).body.data.list;
      expect(list.some((x: any) => x.supplierId === id)).toBe(false);
      expect(list.every((x: any) => x.orgId === list[0].orgId)).toBe(true);
      // A truck of Suzhou can't name a Shanghai supplier.
      const r = await h.call('POST', `${PT}/save`, { token: suzhou, data: { truckLicensePlate: '苏E1K999', plateColor: 2, vehicleKind: 8, supplierId: id } });
      expect(r.status).toBe(400);
      expect(r.body.data.field).toBe('supplierId');
      // Only 集团管理 sees the group's other organisations' suppliers (从平台添加, resources-platform.test.ts):
      // 苏州's company administrator does not.
      const third = (await h.call('GET', `${S}/list-third-party-supplier?pageSize=200`, { token: suzhou })).body.data;
      expect(third.list.some((x: any) => x.supplierId === id)).toBe(false);
    });
  });

  describe('related staff and evaluations', () => {
    it('lists the manager, the creator and the approver of a supplier', async () => {
      const id = await supplierIn(15);
      await h.call('PUT', `${S}/${id}/handover/${staff['华运上海:张伟']}`, { token: dispatch, data: {} });
      const rel = (await h.call('GET', `${S}/staffs-related/${id}`, { token: pm })).body.data as { name: string; relations: string[] }[];
      expect(rel.find((r) => r.name === '张伟')?.relations).toContain('负责人');
      expect(rel.find((r) => r.name === '何俊')?.relations).toContain('创建人');
      expect(rel.find((r) => r.name === '系统管理员')?.relations).toContain('审核人');
    });
    it('an evaluation needs a source where the supplier was chosen or settled', async () => {
      const id = await supplierIn(15);
      const none = await h.call('POST', '/api/v1/user-base/supplier-evaluation/save', { token: pm, data: { supplierId: id, score: 5 } });
      expect(none.status).toBe(400);
      const made = await h.call('POST', '/api/v1/user-base/supplier-evaluation/save', { token: pm, data: { supplierId: id, enquiryId: 999999, score: 5 } });
      expect(made.status).toBe(400);
      expect(made.body.msg).toBe('该供应商在此询价中没有中选的报价，不能评价');
      expect((await h.call('GET', `${S}/can-evaluate/list?supplierId=${id}`, { token: pm })).body.data).toEqual([]);
    });
  });

  describe('demo data (DOMAIN §8)', () => {
    it('has the 24 suppliers, 3 bill platforms and the trucks with their spread of states', async () => {
      const db = h.database.db;
      const orgId = (await db.selectFrom('organization').select('orgId').where('shortName', '=', '华运上海').executeTakeFirstOrThrow() as { orgId: number }).orgId;
      const count = async (table: string, where: Record<string, unknown> = {}) => {
        let q = db.selectFrom(table).select(db.fn.countAll<number>().as('n')).where('orgId', '=', orgId).where('createdBy', 'is not', null).where('createdAt', '<', new Date(Date.now() - 3600_000));
        for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
        return Number(((await q.executeTakeFirstOrThrow()) as { n: number }).n);
      };
      expect(await count('supplier')).toBe(24);
      for (const [v, n] of [[15, 18], [0, 2], [5, 2], [10, 1], [20, 1]]) expect(await count('supplier', { verifyStatus: v }), `verifyStatus ${v}`).toBe(n);
      expect(await count('supplier', { status: 2 })).toBe(2);
      expect(await count('supplier', { registerStatus: 10 })).toBe(8);
      expect(await count('supplier', { registerStatus: 5 })).toBe(4);
      expect(await count('supplier', { registerStatus: 5, inviteSmsStatus: 2 })).toBe(2);
      expect(await count('companyTruck')).toBe(12);
      // two idle own trucks are out on the dispatch demo's running schedules
      for (const [v, n] of [[1, 3], [2, 6], [3, 1], [4, 1], [5, 1]]) expect(await count('companyTruck', { status: v }), `truck status ${v}`).toBe(n);
      expect(await count('platformTruck')).toBe(40);
      for (const [v, n] of [[2, 32], [1, 4], [3, 4]]) expect(await count('platformTruck', { authState: v }), `authState ${v}`).toBe(n);
      expect(await count('platformTruck', { blacklisted: 1 })).toBe(1);
      expect(await count('driver')).toBe(30);
      expect(await count('manualReview', { auditState: 5 })).toBe(4);
      const platforms = (await h.call('GET', '/api/v1/user-base/bill-platform/list-all', { token: pm })).body.data.map((p: any) => p.name);
      expect(platforms).toEqual(['路歌', '中储智运', '快货运']);
    });
  });

  describe('证照到期 reminders', () => {
    it('remind the own-truck holders once per date: expired, coming to an end, a renewal coming near again; never an out-of-service truck', async () => {
      const db = h.database.db;
      const entities = loadEntities();
      const truckOf = async (plate: string) => (await db.selectFrom('companyTruck').selectAll().where('truckLicensePlate', '=', plate).executeTakeFirstOrThrow()) as Record<string, any>;
      // the demo's reminders ran at seeding: 沪D1236挂's inspection (expired) and 苏EH2875's (18 days) were told, nothing is left
      const expired = await truckOf('沪D1236挂');
      const notices = async (truckId: number) => (await db.selectFrom('notice').select(['recipientStaffId', 'message']).where('eventType', '=', 13).where('eventSubjectId', '=', truckId).orderBy('noticeId').execute()) as { recipientStaffId: number; message: string }[];
      expect((await notices(expired.truckId)).map((n) => n.message)).toContain(`自有车辆沪D1236挂：检验已过期（${String(expired.inspectionExpiry).slice(0, 10)}），请及时更新`);
      expect(await remindExpiringTrucks(db, entities)).toBe(0);
      // who is told: the holders of 运力资源:自有车辆 (何俊 among them), in the daily matters too
      const told = new Set((await notices(expired.truckId)).map((n) => n.recipientStaffId));
      expect(told.has(staff['华运上海:何俊']!)).toBe(true);
      expect(((await db.selectFrom('message').select('messageId').where('eventType', '=', 13).where('eventSubjectId', '=', expired.truckId).execute()) as unknown[]).length).toBe(told.size);

      // renewed for a year, then due again in 10 days: reminded for the new date, once
      const soon = new Date(Date.now() + 8 * 3600_000 + 10 * 86400_000).toISOString().slice(0, 10);
      await db.updateTable('companyTruck').set({ inspectionExpiry: soon }).where('truckId', '=', expired.truckId).execute();
      const before = (await notices(expired.truckId)).length;
      expect(await remindExpiringTrucks(db, entities)).toBe(1);
      const after = await notices(expired.truckId);
      expect(after.length - before).toBe(told.size);
      expect(after.at(-1)!.message).toBe(`自有车辆沪D1236挂：检验将于${soon}到期（还有10天），请及时更新`);
      expect(await remindExpiringTrucks(db, entities)).toBe(0);

      // a scrapped truck's licences need no renewing
      const other = (await db.selectFrom('companyTruck').select(['truckId']).where('orgId', '=', expired.orgId).where('truckId', '!=', expired.truckId).where('status', '=', 1).orderBy('truckId').executeTakeFirstOrThrow()) as { truckId: number };
      await db.updateTable('companyTruck').set({ status: 5, roadTransportExpiry: soon }).where('truckId', '=', other.truckId).execute();
      expect(await remindExpiringTrucks(db, entities)).toBe(0);
      expect((await notices(other.truckId)).some((n) => n.message.includes(soon))).toBe(false);
    });
  });
});
