/**
 * 客户 (DOMAIN §3.1, §4.1 customer.verifyStatus / inviteStatus): the audit flow through the
 * organisation's process template, cancellation through approval, the group tree, bind-org and
 * the invited organisation's refusal, the seed's list calls, and the field rules of issue 8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { makeUscc } from '../../schemas/src/validators';
import { emptyForm } from '../../schemas/src/designer-rules';

const BASE = '/api/v1/user-base/customer';
let serial = 500000;
const uscc = () => makeUscc('310115', serial++);

describe.each(await backends())('customers on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let business: string;
  let bizmgr: string;
  let suzhou: string;
  let staff: Record<string, number>;
  beforeAll(async () => {
    h = await startHarness(backend);
    [admin, business, bizmgr, suzhou] = [await h.login('admin'), await h.login('business'), await h.login('bizmgr', 'Bizmgr@123'), await h.login('suzhou')];
    const rows = await h.database.db.selectFrom('staff as s').innerJoin('account as a', 'a.accountId', 's.accountId').select(['a.username', 's.staffId', 's.orgId']).execute() as { username: string; staffId: number; orgId: number }[];
    const sh = rows.find((r) => r.username === 'business')!.orgId;
    staff = Object.fromEntries(rows.filter((r) => r.orgId === sh || r.username === 'suzhou').map((r) => [r.username, r.staffId]));
  });
  afterAll(async () => h?.close());

  const create = async (token: string, over: Record<string, unknown> = {}) => {
    const r = await h.call('POST', `${BASE}/save`, { token, data: { name: `测试客户${serial}`, creditCode: uscc(), contactPhone: '13812345678', ...over } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Record<string, any>;
  };
  const get = async (id: number, token = business) => (await h.call('GET', `${BASE}/${id}`, { token })).body.data as Record<string, any>;
  const noticesOf = async (staffId: number, subjectId: number) => h.database.db.selectFrom('notice').select(['message', 'eventType'])
    .where('recipientStaffId', '=', staffId).where('eventSubjectId', '=', subjectId).execute();

  describe('verifyStatus through the audit flow (process bizType 11)', () => {
    it('a new customer is a draft; the state can not be written by save or update', async () => {
      const c = await create(business);
      expect(c.verifyStatus).toBe(0);
      const forged = await h.call('POST', `${BASE}/save`, { token: business, data: { name: '伪造状态客户', verifyStatus: 15 } });
      expect(forged.status).toBe(400);
      expect(forged.body.msg).toContain('verifyStatus');
      const upd = await h.call('PUT', `${BASE}/${c.customerId}`, { token: business, data: { version: c.version, verifyStatus: 15 } });
      expect(upd.status).toBe(400);
    });

    it('submit → 审核中 with a notice to the template’s approver (商务经理), who approves → 使用中 and pickable', async () => {
      const c = await create(business);
      const s = await h.call('POST', `${BASE}/submit`, { token: business, data: { customerId: c.customerId } });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect((await get(c.customerId)).verifyStatus).toBe(5);
      const notes = await noticesOf(staff.bizmgr!, c.customerId);
      expect(notes.map((n) => n.message).join()).toContain('待您审批');
      expect(notes[0]!.eventType).toBe(1);
      // Only the node's approver decides, even though 商务 also covers 商务:客户列表:审核.
      const wrong = await h.call('POST', `${BASE}/verify`, { token: admin, data: { customerId: c.customerId, pass: true } });
      expect(wrong.status).toBe(403);
      const pass = await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: c.customerId, pass: true, comment: '资料齐全' } });
      expect(pass.status, JSON.stringify(pass.body)).toBe(200);
      const after = await get(c.customerId);
      expect(after).toMatchObject({ verifyStatus: 15, verifyRemark: '资料齐全' });
      const picker = await h.call('GET', `${BASE}/list-local-customer?pageNo=1&pageSize=1000&verifyStatus=15`, { token: business });
      expect(picker.body.data.list.some((x: any) => x.customerId === c.customerId)).toBe(true);
      const activity = await h.call('GET', `/api/v1/meta/activity/customer/${c.customerId}`, { token: business });
      expect(activity.body.data.timeline.map((t: any) => t.toState)).toEqual(['5', '15']);
    });

    it('a rejection needs an opinion, lands in 已驳回 with it, and may be resubmitted', async () => {
      const c = await create(business);
      await h.call('POST', `${BASE}/submit`, { token: business, data: { customerId: c.customerId } });
      const bare = await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: c.customerId, pass: false } });
      expect(bare.status).toBe(400);
      expect(bare.body.msg).toBe('驳回时请填写审核意见');
      await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: c.customerId, pass: false, comment: '营业执照不清晰' } });
      expect(await get(c.customerId)).toMatchObject({ verifyStatus: 10, verifyRemark: '营业执照不清晰' });
      const again = await h.call('POST', `${BASE}/submit`, { token: business, data: { customerId: c.customerId } });
      expect(again.status).toBe(200);
      expect((await get(c.customerId)).verifyStatus).toBe(5);
    });

    // Each transition only from its states, and only with its permission (nobody holds none; planner lacks 商务:客户列表).
    const table: [string, string, number[]][] = [
      ['submit', `${BASE}/submit`, [0, 10]],
      ['withdraw', `${BASE}/withdraw`, [5]],
      ['applyCancel', `${BASE}/apply-cancel`, [15]],
    ];
    it.each(table)('%s is allowed only from %s… states', async (_name, url, from) => {
      for (const state of [0, 5, 10, 15, 20]) {
        const c = await create(business);
        await h.database.db.updateTable('customer').set({ verifyStatus: state }).where('customerId', '=', c.customerId).execute();
        const r = await h.call('POST', url, { token: business, data: { customerId: c.customerId, ...(url.endsWith('apply-cancel') ? { cancelReason: '不再合作' } : {}) } });
        if (from.includes(state)) expect(r.status, `${url} from ${state}: ${JSON.stringify(r.body)}`).toBe(200);
        else expect(r.body, `${url} from ${state}`).toMatchObject({ code: 409, msg: '当前状态不允许该操作' });
      }
    });

    it('transitions need 商务:客户列表:编辑 (a planner may not)', async () => {
      const planner = await h.login('planner', 'Planner@123');
      const c = await create(business);
      expect((await h.call('POST', `${BASE}/submit`, { token: planner, data: { customerId: c.customerId } })).status).toBe(403);
      expect((await h.call('POST', `${BASE}/save`, { token: planner, data: { name: '无权限新增' } })).status).toBe(403);
    });
  });

  describe('cancellation (apply-cancel, approved)', () => {
    it('needs a reason, goes to the approver, and only then is 已注销; a rejection keeps it 使用中', async () => {
      const c = await create(business);
      await h.call('POST', `${BASE}/submit`, { token: business, data: { customerId: c.customerId } });
      await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: c.customerId, pass: true } });
      const noReason = await h.call('POST', `${BASE}/apply-cancel`, { token: business, data: { customerId: c.customerId, cancelReason: '  \u200b ' } });
      expect(noReason.status).toBe(400);
      expect(noReason.body.msg).toBe('注销原因不能为空');
      expect((await h.call('POST', `${BASE}/apply-cancel`, { token: business, data: { customerId: c.customerId, cancelReason: '客户业务调整' } })).status).toBe(200);
      expect((await get(c.customerId)).verifyStatus).toBe(15);
      const twice = await h.call('POST', `${BASE}/apply-cancel`, { token: business, data: { customerId: c.customerId, cancelReason: '再次申请' } });
      expect(twice.body).toMatchObject({ code: 409, msg: '该客户的注销申请正在审核中' });
      await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: c.customerId, pass: false, comment: '还有应收未结' } });
      expect((await get(c.customerId)).verifyStatus).toBe(15);
      await h.call('POST', `${BASE}/apply-cancel`, { token: business, data: { customerId: c.customerId, cancelReason: '客户业务调整' } });
      await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: c.customerId, pass: true } });
      expect(await get(c.customerId)).toMatchObject({ verifyStatus: 20, cancelReason: '客户业务调整' });
    });
  });

  describe('the group tree, temporary and marketer lists', () => {
    it('list-customer-tree nests subsidiaries; a customer can not sit under itself or its subsidiary', async () => {
      const parent = await create(business, { name: '上海电气测试集团' });
      const child = await create(business, { name: '上海电气测试风电', parentCustomerId: parent.customerId });
      const tree = (await h.call('GET', `${BASE}/list-customer-tree`, { token: business })).body.data as any[];
      const node = tree.find((n) => n.customerId === parent.customerId);
      expect(node.children.map((n: any) => n.customerId)).toEqual([child.customerId]);
      const cycle = await h.call('PUT', `${BASE}/${parent.customerId}`, { token: business, data: { version: parent.version, parentCustomerId: child.customerId } });
      expect(cycle.body).toMatchObject({ code: 400, msg: '上级客户不能是本客户或其下级客户', data: { field: 'parentCustomerId' } });
    });

    it('temporary customers are listed apart and become regular when approved; list-marketer-customer is mine only', async () => {
      const t = await create(business, { name: '临时询价客户甲', isTemporary: true, creditCode: null, managerStaffId: staff.business });
      const temps = (await h.call('GET', `${BASE}/list-temporary-customer`, { token: business })).body.data as any[];
      expect(temps.map((x) => x.customerId)).toContain(t.customerId);
      const mine = (await h.call('GET', `${BASE}/list-marketer-customer`, { token: business })).body.data as any[];
      expect(mine.map((x) => x.customerId)).toContain(t.customerId);
      const theirs = (await h.call('GET', `${BASE}/list-marketer-customer`, { token: bizmgr })).body.data as any[];
      expect(theirs.map((x) => x.customerId)).not.toContain(t.customerId);
      await h.call('POST', `${BASE}/submit`, { token: business, data: { customerId: t.customerId } });
      await h.call('POST', `${BASE}/verify`, { token: bizmgr, data: { customerId: t.customerId, pass: true } });
      expect(await get(t.customerId)).toMatchObject({ verifyStatus: 15, isTemporary: false });
    });

    it('the group’s light list spans organisations; another organisation’s customer needs 集团管理', async () => {
      const all = (await h.call('GET', `${BASE}/list-all-crop-light-customer`, { token: admin })).body.data as any[];
      expect(new Set(all.map((x) => x.orgId)).size).toBeGreaterThan(1);
      const szCustomer = all.find((x) => x.orgId !== all[0].orgId && x.orgName?.includes('苏州'));
      expect(szCustomer).toBeTruthy();
      const ok = await h.call('GET', `${BASE}/${szCustomer.orgId}/${szCustomer.customerId}`, { token: admin });
      expect(ok.body.data.name).toBe(szCustomer.name);
      const refused = await h.call('GET', `${BASE}/${szCustomer.orgId}/${szCustomer.customerId}`, { token: business });
      expect(refused.status).toBe(404);
      // Through the plain detail call the other organisation's customer does not exist.
      expect((await h.call('GET', `${BASE}/${szCustomer.customerId}`, { token: admin })).status).toBe(404);
    });
  });

  describe('bind-org and the invited organisation’s refusal', () => {
    it('binding sends an invitation that only the invited organisation sees and may reject', async () => {
      const c = await create(business, { name: '苏州仓储合作客户' });
      const orgs = await h.database.db.selectFrom('organization').select(['orgId', 'name']).execute() as { orgId: number; name: string }[];
      const sz = orgs.find((o) => o.name.includes('苏州'))!.orgId;
      const sh = orgs.find((o) => o.name.includes('上海'))!.orgId;
      const self = await h.call('POST', `${BASE}/bind-org`, { token: business, data: { customerId: c.customerId, boundOrgId: sh } });
      expect(self.body).toMatchObject({ code: 400, msg: '不能绑定本单位', data: { field: 'boundOrgId' } });
      expect((await h.call('POST', `${BASE}/bind-org`, { token: business, data: { customerId: c.customerId, boundOrgId: sz } })).status).toBe(200);
      expect(await get(c.customerId)).toMatchObject({ inviteStatus: 5, boundOrgId: sz, inviterOrgId: sh });
      // Shanghai can't reject its own invitation; Suzhou sees it and can.
      expect((await h.call('POST', `${BASE}/invited/reject`, { token: business, data: { customerId: c.customerId } })).status).toBe(404);
      const invited = (await h.call('GET', `${BASE}/list-invited`, { token: suzhou })).body.data;
      expect(invited.list.map((x: any) => x.customerId)).toContain(c.customerId);
      expect(invited.refs.organization[String(sh)]).toContain('上海');
      const r = await h.call('POST', `${BASE}/invited/reject`, { token: suzhou, data: { customerId: c.customerId } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await get(c.customerId)).inviteStatus).toBe(15);
      const again = await h.call('POST', `${BASE}/invited/reject`, { token: suzhou, data: { customerId: c.customerId } });
      expect(again.body).toMatchObject({ code: 409, msg: '当前状态不允许该操作' });
      const timeline = (await h.call('GET', `/api/v1/meta/activity/customer/${c.customerId}`, { token: business })).body.data.timeline as any[];
      expect(timeline.at(-1)).toMatchObject({ transition: 'rejectInvite', toState: '15', operatorName: '陆建平' });
    });
  });

  describe('field rules (issue 8 fixes)', () => {
    it('账期 accepts 51–365 days (a number has no length rule) and refuses 366', async () => {
      const c = await create(business, { creditDays: 200 });
      expect(c.creditDays).toBe(200);
      const bad = await h.call('POST', `${BASE}/save`, { token: business, data: { name: '账期超限客户', creditDays: 366 } });
      expect(bad.body).toMatchObject({ code: 400, msg: '账期(天)不能大于365', data: { field: 'creditDays' } });
    });

    it.each([['spaces', '   '], ['zero-width spaces', '\u200b\u200b'], ['ideographic spaces', '\u3000\u3000']])('a customer name of %s is refused on its field', async (_k, name) => {
      const r = await h.call('POST', `${BASE}/save`, { token: business, data: { name } });
      expect(r.body).toMatchObject({ code: 400, msg: '客户名称不能为空', data: { field: 'name' } });
    });

    it('a department name and a form title of blanks are refused too', async () => {
      const dep = await h.call('POST', '/api/v1/user-base/department/save', { token: admin, data: { name: '\u200b \u3000' } });
      expect(dep.status).toBe(400);
      expect(dep.body.msg).toMatch(/名称不能为空/);
      const form = await h.call('POST', '/api/v1/form-base/form/save', { token: admin, data: { name: 'blankTitle', title: '\u200b ', definition: emptyForm() } });
      expect(form.status).toBe(400);
      expect(form.body.msg).toMatch(/不能为空/);
    });

    it('a USCC another customer of the organisation uses is refused on the field, with its label said once', async () => {
      const code = uscc();
      await create(business, { creditCode: code });
      const dup = await h.call('POST', `${BASE}/save`, { token: business, data: { name: '信用代码重复客户', creditCode: code } });
      expect(dup.body).toMatchObject({ code: 409, msg: '该统一社会信用代码已被本单位其他客户使用', data: { field: 'creditCode' } });
      // Another organisation may know the same company.
      const sz = await h.call('POST', `${BASE}/save`, { token: suzhou, data: { name: '信用代码同一公司', creditCode: code } });
      expect(sz.status).toBe(200);
      const bad = await h.call('POST', `${BASE}/save`, { token: business, data: { name: '信用代码错误客户', creditCode: '91310000MA1FL8TQ2X' } });
      expect(bad.body).toMatchObject({ code: 400, msg: '统一社会信用代码格式或校验位不正确', data: { field: 'creditCode' } });
    });
  });
});
