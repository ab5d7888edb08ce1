import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { makeUscc } from '../../schemas/src/validators';

const BASE = '/api/v1/user-base/customer';

describe.each(await backends())('catalogue routes and generic handlers on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let business: string;
  let suzhou: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    [admin, business, suzhou] = [await h.login('admin'), await h.login('business'), await h.login('suzhou')];
  });
  afterAll(async () => h?.close());

  const newCustomer = (over: Record<string, unknown> = {}) => ({
    name: `测试客户${Math.random().toString(36).slice(2, 8)}`,
    creditCode: makeUscc('310115', Math.floor(Math.random() * 1e6)),
    contactPhone: '13812345678',
    ...over,
  });

  describe('access', () => {
    it('401 without a token', async () => {
      const r = await h.call('GET', `${BASE}/list-local-customer`);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 401, data: null });
    });

    it('403 when the session lacks the permission', async () => {
      // business holds 商务 (covers 商务:客户列表) but a page needing 公司管理 is refused
      const r = await h.call('GET', '/api/v1/user-base/organization/list', { token: business });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 403, msg: '您没有访问该功能的权限', data: null });
      expect((await h.call('GET', `${BASE}/list-local-customer`, { token: business })).status).toBe(200);
    });
  });

  describe('paged lists', () => {
    it('answers {list,total,pageNo,pageSize} scoped to the organisation', async () => {
      const r = await h.call('GET', `${BASE}/list-local-customer?pageNo=2&pageSize=10`, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ total: 46, pageNo: 2, pageSize: 10 });
      expect(r.body.data.list).toHaveLength(10);
    });

    it('filters with comma-joined values', async () => {
      const all = (await h.call('GET', `${BASE}/list-local-customer?pageSize=1000`, { token: admin })).body.data.list as any[];
      const expected = all.filter((c) => c.verifyStatus === 5 || c.verifyStatus === 15).length;
      const r = await h.call('GET', `${BASE}/list-local-customer?verifyStatus=5,15&pageSize=1000`, { token: admin });
      expect(r.body.data.total).toBe(expected);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(46);
      expect(r.body.data.list.every((c: any) => c.verifyStatus === 5 || c.verifyStatus === 15)).toBe(true);
    });

    it('searches by keyword and sorts by a whitelisted field', async () => {
      const r = await h.call('GET', `${BASE}/list-local-customer?keyword=${encodeURIComponent('宝钢')}`, { token: admin });
      expect(r.body.data.list.map((c: any) => c.name)).toEqual(['上海宝钢物流有限公司']);
      const names = async (order: string) =>
        (await h.call('GET', `${BASE}/list-local-customer?sortField=name&sortOrder=${order}&pageSize=50`, { token: admin })).body.data.list.map((c: any) => c.name as string);
      const asc = await names('asc');
      expect(asc.length).toBeGreaterThan(5);
      expect(await names('desc')).toEqual([...asc].reverse());
      // Only declared (indexed) fields sort: an arbitrary column would scan the whole table.
      const undeclared = await h.call('GET', `${BASE}/list-local-customer?sortField=creditDays`, { token: admin });
      expect(undeclared.status).toBe(400);
      const bad = await h.call('GET', `${BASE}/list-local-customer?sortField=passwordHash`, { token: admin });
      expect(bad.status).toBe(400);
    });

    it('rejects bad query values with a Chinese message', async () => {
      const r = await h.call('GET', `${BASE}/list-local-customer?pageSize=abc`, { token: admin });
      expect(r.status).toBe(400);
      expect(r.body.msg).toContain('每页条数');
      const big = await h.call('GET', `${BASE}/list-local-customer?pageSize=100000`, { token: admin });
      expect(big.status).toBe(400);
    });

    it('applies fixed filters and field selection on light lists', async () => {
      const r = await h.call('GET', `${BASE}/list-local-customer-no-perm?pageSize=10000`, { token: admin });
      expect(r.body.data.list.length).toBeGreaterThan(0);
      for (const c of r.body.data.list) expect(Object.keys(c).sort()).toEqual(['creditCode', 'customerId', 'name', 'shortName']);
      const light = await h.call('GET', `${BASE}/list-org-customer`, { token: admin });
      expect(Array.isArray(light.body.data)).toBe(true);
      // every customer of the organisation (areas seeded later, e.g. 物流情报's 转为线索, may add some)
      const orgId = light.body.data[0].orgId ?? (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
      const direct = (await h.database.db.selectFrom('customer').select(sql<number>`count(*)::int`.as('n')).where('orgId', '=', orgId).executeTakeFirstOrThrow()) as { n: number };
      expect(direct.n).toBeGreaterThanOrEqual(46);
      expect(light.body.data).toHaveLength(direct.n);
    });
  });

  describe('tenant isolation', () => {
    it('never shows another organisation\'s rows', async () => {
      const sz = await h.call('GET', `${BASE}/list-local-customer?pageSize=1000`, { token: suzhou });
      expect(sz.body.data.total).toBe(5);
      const sh = (await h.call('GET', `${BASE}/list-local-customer?pageSize=1`, { token: admin })).body.data.list[0].orgId;
      expect(sz.body.data.list.every((c: any) => c.orgId === sz.body.data.list[0].orgId && c.orgId !== sh)).toBe(true);
    });

    it('answers 404 for get and update of another organisation\'s id', async () => {
      const sh = (await h.call('GET', `${BASE}/list-org-customer`, { token: admin })).body.data[0];
      const get = await h.call('GET', `${BASE}/${sh.customerId}`, { token: suzhou });
      expect(get.body).toEqual({ code: 404, msg: '记录不存在', data: null });
      const upd = await h.call('PUT', `${BASE}/${sh.customerId}`, { token: suzhou, data: { version: 1, name: '抢过来的客户' } });
      expect(upd.body.code).toBe(404);
      const still = await h.call('GET', `${BASE}/${sh.customerId}`, { token: admin });
      expect(still.body.data.name).toBe(sh.name);
    });

    it('takes the organisation from the session, not from the body', async () => {
      const r = await h.call('POST', `${BASE}/save`, { token: suzhou, data: newCustomer({ orgId: 1 }) });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('不允许的字段：orgId');
    });
  });

  describe('create, get, update, optimistic locking', () => {
    it('creates, reads, updates and refuses a stale version with 409', async () => {
      const created = await h.call('POST', `${BASE}/save`, { token: business, data: newCustomer() });
      expect(created.body.code).toBe(0);
      const c = created.body.data;
      expect(c).toMatchObject({ version: 1, verifyStatus: 0 });
      expect(typeof c.customerId).toBe('number');
      expect(new Date(c.createdAt).toISOString()).toBe(c.createdAt);

      const got = await h.call('GET', `${BASE}/${c.customerId}`, { token: business });
      expect(got.body.data.name).toBe(c.name);

      const upd = await h.call('PUT', `${BASE}/${c.customerId}`, { token: business, data: { version: 1, shortName: '简称' } });
      expect(upd.body.code).toBe(0);
      expect(upd.body.data).toMatchObject({ version: 2, shortName: '简称', name: c.name });

      const stale = await h.call('PUT', `${BASE}/${c.customerId}`, { token: business, data: { version: 1, shortName: '旧' } });
      expect(stale.status).toBe(409);
      expect(stale.body.msg).toBe('该记录已被他人修改，请刷新后重试');

      const missingVersion = await h.call('PUT', `${BASE}/${c.customerId}`, { token: business, data: { shortName: '无版本' } });
      expect(missingVersion.status).toBe(400);

      const gone = await h.call('PUT', `${BASE}/99999999`, { token: business, data: { version: 1, shortName: 'x' } });
      expect(gone.status).toBe(404);
    });

    it('answers 409 with the index message for a duplicate name', async () => {
      const r = await h.call('POST', `${BASE}/save`, { token: admin, data: newCustomer({ name: '上海宝钢物流有限公司' }) });
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('该客户名称已存在');
      // the same name is fine in another organisation
      expect((await h.call('POST', `${BASE}/save`, { token: suzhou, data: newCustomer({ name: '上海宝钢物流有限公司' }) })).body.code).toBe(0);
    });
  });

  describe('validation', () => {
    const save = (data: unknown) => h.call('POST', `${BASE}/save`, { token: admin, data });
    const msg = async (data: unknown) => {
      const r = await save(data);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
      return r.body.msg as string;
    };

    it('names the field for a wrong type, a missing field, an unknown field and an over-long string', async () => {
      expect(await msg(newCustomer({ creditDays: 'abc' }))).toContain('账期(天)');
      expect(await msg({ shortName: 'x' })).toBe('缺少必填字段：客户名称');
      expect(await msg(newCustomer({ foo: 1 }))).toBe('不允许的字段：foo');
      expect(await msg(newCustomer({ name: '长'.repeat(101) }))).toBe('客户名称不能超过100个字符');
      const valid = makeUscc('310115', 42);
      const broken = valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
      expect(await msg(newCustomer({ creditCode: broken }))).toContain('统一社会信用代码');
    });

    it('names the offending field in the error data, so a form shows the message on it', async () => {
      const field = async (data: unknown) => (await h.call('POST', `${BASE}/save`, { token: admin, data })).body.data;
      expect(await field(newCustomer({ creditDays: 'abc' }))).toEqual({ field: 'creditDays' });
      expect(await field({ shortName: 'x' })).toEqual({ field: 'name' });
      expect(await field(newCustomer({ contacts: [{ name: '王', mobile: '123' }] }))).toEqual({ field: 'contacts.0.mobile' });
      // An unknown field is nowhere on the form.
      expect(await field(newCustomer({ foo: 1 }))).toBeNull();
    });

    it('refuses malformed JSON and a body without data', async () => {
      const bad = await h.call('POST', `${BASE}/save`, { token: admin, body: '{"data": {' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ code: 400, msg: '请求体不是合法的JSON', data: null });
      const bare = await h.call('POST', `${BASE}/save`, { token: admin, body: newCustomer() });
      expect(bare.status).toBe(400);
      expect(bare.body.msg).toContain('data');
      const arr = await h.call('POST', `${BASE}/save`, { token: admin, body: [1, 2] });
      expect(arr.status).toBe(400);
    });

    it('writes nothing when a request fails', async () => {
      const before = (await h.call('GET', `${BASE}/list-local-customer`, { token: admin })).body.data.total;
      await save(newCustomer({ name: '不应写入的客户', creditDays: 9999 }));
      await save(newCustomer({ name: '上海宝钢物流有限公司' }));
      const after = (await h.call('GET', `${BASE}/list-local-customer`, { token: admin })).body.data.total;
      expect(after).toBe(before);
      const search = await h.call('GET', `${BASE}/list-local-customer?keyword=${encodeURIComponent('不应写入')}`, { token: admin });
      expect(search.body.data.total).toBe(0);
    });

    it('rejects a non-integer id in the path', async () => {
      const r = await h.call('GET', `${BASE}/abc`, { token: admin });
      expect(r.status).toBe(400);
    });
  });

  describe('departments and staff', () => {
    it('lists departments and staff of the session\'s organisation only', async () => {
      const deps = (await h.call('GET', '/api/v1/user-base/department/list-org-department', { token: business })).body.data;
      expect(deps.length).toBeGreaterThan(3);
      expect(Object.keys(deps[0]).sort()).toEqual(['depId', 'name', 'parentId']);
      const szDeps = (await h.call('GET', '/api/v1/user-base/department/list-org-department', { token: suzhou })).body.data;
      const ids = new Set(deps.map((d: any) => d.depId));
      expect(szDeps.some((d: any) => ids.has(d.depId))).toBe(false);
      const staff = (await h.call('GET', '/api/v1/user-base/staff/list-org-staff', { token: business })).body.data;
      expect(staff.map((s: any) => s.name)).toContain('周慧敏');
      expect(staff.map((s: any) => s.name)).not.toContain('陆建平');
      const tree = (await h.call('GET', '/api/v1/user-base/department/tree', { token: business })).body.data;
      expect(tree.find((d: any) => d.name === '商务部').children.map((c: any) => c.name)).toEqual(['华东大客户组', '电商物流组']);
    });
  });

  describe('organisations', () => {
    it('disables and enables an organisation; a disabled org ends its sessions', async () => {
      const orgs = (await h.call('GET', '/api/v1/user-base/organization/list', { token: admin })).body.data as any[];
      expect(orgs).toHaveLength(3);
      const sz = orgs.find((o) => o.name.includes('苏州'));
      const szSession = await h.login('suzhou');
      const d = await h.call('PUT', `/api/v1/user-base/organization/${sz.orgId}/disable`, { token: admin, data: {} });
      expect(d.body.data.disabled).toBe(true);
      expect((await h.call('GET', '/api/v1/auth/me', { token: szSession })).status).toBe(401);
      const anon = (await h.call('GET', '/api/v1/user-base/organization/allow-anonymous/list')).body.data as any[];
      expect(anon.map((o) => o.name)).toEqual(['华运物流(上海)有限公司']);
      const e = await h.call('PUT', `/api/v1/user-base/organization/${sz.orgId}/enable`, { token: admin, data: {} });
      expect(e.body.data.disabled).toBe(false);
      suzhou = await h.login('suzhou');
    });
  });

  describe('references stay inside the organisation', () => {
    it('refuses a manager from another organisation and accepts one of its own', async () => {
      const foreign = (await h.call('GET', '/api/v1/user-base/staff/list-local-org-staff-light', { token: suzhou })).body.data as any[];
      const own = (await h.call('GET', '/api/v1/user-base/staff/list-local-org-staff-light', { token: admin })).body.data as any[];
      expect(foreign.length).toBeGreaterThan(0);
      const bad = await h.call('POST', `${BASE}/save`, { token: admin, body: { data: newCustomer({ managerStaffId: foreign[0].staffId }) } });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('客户经理不存在或不属于本单位');
      const good = await h.call('POST', `${BASE}/save`, { token: admin, body: { data: newCustomer({ managerStaffId: own[0].staffId }) } });
      expect(good.status).toBe(200);
      const upd = await h.call('PUT', `${BASE}/${good.body.data.customerId}`, { token: admin, body: { data: { version: good.body.data.version, managerStaffId: foreign[0].staffId } } });
      expect(upd.status).toBe(400);
      const after = await h.call('GET', `${BASE}/${good.body.data.customerId}`, { token: admin });
      expect(after.body.data.managerStaffId).toBe(own[0].staffId);
    });
  });

  describe('organisations: company management covers its own, group management all of them', () => {
    it('a company administrator cannot change, disable or create other organisations', async () => {
      const orgs = (await h.call('GET', '/api/v1/user-base/organization/list', { token: admin })).body.data as any[];
      const sh = orgs.find((o) => o.name.includes('上海'));
      const sz = orgs.find((o) => o.name.includes('苏州'));
      const own = await h.call('GET', `/api/v1/user-base/organization/${sz.orgId}`, { token: suzhou });
      const mine = await h.call('PUT', `/api/v1/user-base/organization/${sz.orgId}`, { token: suzhou, data: { version: own.body.data.version, contactName: '陆建平' } });
      expect(mine.status).toBe(200);
      const other = await h.call('PUT', `/api/v1/user-base/organization/${sh.orgId}`, { token: suzhou, data: { version: sh.version, contactName: '越权' } });
      expect(other.status).toBe(403);
      expect(other.body.msg).toBe('只能修改本单位的信息');
      expect((await h.call('PUT', `/api/v1/user-base/organization/${sh.orgId}/disable`, { token: suzhou, data: {} })).status).toBe(403);
      expect((await h.call('POST', '/api/v1/user-base/organization/save', { token: suzhou, data: { name: '越权新建单位' } })).status).toBe(403);
      const after = await h.call('GET', `/api/v1/user-base/organization/${sh.orgId}`, { token: admin });
      expect(after.body.data.contactName).not.toBe('越权');
      expect(after.body.data.disabled).toBe(false);
    });
  });

  describe('light lists search only what they show', () => {
    it('a staff picker does not match on hidden mobile numbers', async () => {
      const staff = (await h.call('GET', '/api/v1/user-base/staff/list-org-staff', { token: business })).body.data as any[];
      expect(staff.length).toBeGreaterThan(0);
      expect(Object.keys(staff[0])).not.toContain('mobile');
      const byMobile = await h.call('GET', '/api/v1/user-base/staff/list-org-staff?keyword=139173', { token: business });
      expect(byMobile.body.data).toEqual([]);
      const byName = await h.call('GET', `/api/v1/user-base/staff/list-org-staff?keyword=${encodeURIComponent('周慧敏')}`, { token: business });
      expect(byName.body.data.map((s: any) => s.name)).toContain('周慧敏');
    });
  });
});
