/**
 * 组织架构 calls (issue 10): every seed call of staff, department and organization is served at
 * its path, and the rules behind them hold — logins made with staff, multi-organisation people,
 * the department tree, moves, leaving with handover, removal, new organisations and their
 * administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { loadCatalogue } from '../../server/schema/load';

const U = '/api/v1/user-base';

/** Seed 000 §7.2 and seed 002 §7.4/§7.5, as method and path under user-base. */
const SEED_CALLS = [
  'GET organization/org-structure',
  'GET staff/list-org-staff', 'GET staff/{staffId}', 'PUT staff/{staffId}', 'POST staff/save', 'POST staff/resetPassword', 'POST staff/move', 'DELETE staff/delete-relation/{relationId}',
  'GET department/list-org-department', 'GET department/list-business-department', 'GET department/business-department', 'GET department/list-corp-business-department',
  'GET department/list', 'GET department/{orgId}/list', 'GET department/list-sub-dep', 'GET department/list-perm-dep', 'GET department/{depId}', 'POST department/save',
  'PUT department/{depId}', 'DELETE department/{depId}',
  'GET organization/list', 'GET organization/list-same-corp-orgs', 'GET organization/list-perm-org', 'GET organization/list-user-org', 'GET organization/allow-anonymous/list',
  'GET organization/{orgId}', 'GET organization/platform/matched-names', 'GET organization/platform', 'POST organization/save', 'PUT organization/{orgId}',
  'PUT organization/set-manager', 'PUT organization/{orgId}/disable', 'PUT organization/{orgId}/enable',
  'GET staff/list-local-org-staff', 'GET staff/list-paged-org-staff', 'GET staff/list-org-manager', 'GET staff/list-corp-staff-light', 'GET staff/list-local-org-staff-light',
  'GET staff/org/{orgId}/staff-light', 'GET staff/dep/{depId}/staff-light', 'GET staff/dep/staff-light', 'GET staff/list-business-staff', 'GET staff/list-verify-staff',
  'GET staff/list-org-all-staff', 'GET staff/list-finance-applier', 'GET staff/list-staff-by-filter', 'GET staff/list-org-dep-staff', 'GET staff/list-paged-local-org-staff',
  'GET staff/customer/{customerId}/list-manage-staff', 'GET staff/list-perm-staff', 'GET staff/staffs-has-permissions', 'GET staff/staffs-has-permission/{perm}',
  'GET staff/leave', 'PUT staff/leave',
];

describe('组织架构 calls', () => {
  let h: Harness;
  let admin: string;
  let business: string;
  let sh: number;
  const id = async (table: string, idField: string, where: Record<string, unknown>) => {
    let q = h.database.db.selectFrom(table).select(idField);
    for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
    return ((await q.executeTakeFirstOrThrow()) as Record<string, number>)[idField]!;
  };
  const staffId = (name: string, orgId = sh) => id('staff', 'staffId', { name, orgId });
  const depId = (name: string, orgId = sh) => id('department', 'depId', { name, orgId });
  const get = (path: string, token = admin) => h.call('GET', `${U}/${path}`, { token });

  beforeAll(async () => {
    h = await startHarness('pglite');
    [admin, business] = [await h.login('admin'), await h.login('business')];
    sh = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
  });
  afterAll(async () => h?.close());

  it('serves every seed call of staff, department and organization at its path', () => {
    const routes = new Set(loadCatalogue().map((e) => `${e.method} ${e.routeUrl}`));
    const missing = SEED_CALLS.map((c) => c.replace(' ', ` ${U}/`).replace(/\{(\w+)\}/g, ':$1')).filter((c) => !routes.has(c));
    expect(missing).toEqual([]);
    expect(SEED_CALLS).toHaveLength(54);
  });

  it('answers the light lists with real rows of the organisation', async () => {
    const sales = await get('staff/list-business-staff');
    expect(sales.body.data.map((s: any) => s.name)).toContain('周慧敏');
    expect(sales.body.data.map((s: any) => s.name)).not.toContain('潘文娟');
    expect((await get(`staff/dep/${await depId('财务部')}/staff-light`)).body.data.map((s: any) => s.name)).toEqual(expect.arrayContaining(['徐静', '李秀英', '潘文娟']));
    expect((await get(`staff/dep/${await depId('财务部')}/staff-light`)).body.data.map((s: any) => s.name)).not.toContain('周慧敏');
    const perm = (await get(`staff/list-perm-staff?permission=${encodeURIComponent('财务:资金事项:执行')}`)).body.data.map((s: any) => s.name);
    expect(perm).toEqual(expect.arrayContaining(['徐静', '潘文娟', '系统管理员']));
    expect(perm).not.toContain('周慧敏');
    expect((await get(`staff/staffs-has-permission/${encodeURIComponent('商务:客户列表:审核')}`)).body.data.map((s: any) => s.name)).toContain('杨帆');
    const many = (await get(`staff/staffs-has-permissions?permissions=${encodeURIComponent('财务,仓库')}`)).body.data;
    expect(many.map((m: any) => m.permission)).toEqual(['财务', '仓库']);
    expect(many[0].title).toBe('财务');
    expect(many[1].staff).toHaveLength(1); // only the administrator holds 仓库 in 上海
    expect((await get('staff/list-finance-applier')).body.data.map((s: any) => s.name)).toContain('潘文娟');
    expect((await get('staff/list-verify-staff')).body.data.map((s: any) => s.name)).toEqual(expect.arrayContaining(['杨帆', '沈伟民']));
    const tree = (await get('staff/list-org-dep-staff')).body.data as any[];
    const biz = tree.find((d) => d.name === '商务部');
    expect(biz.children.find((c: any) => c.name === '华东大客户组').staff.map((s: any) => s.name)).toContain('周慧敏');
    const mine = (await h.call('GET', `${U}/staff/dep/staff-light`, { token: business })).body.data.map((s: any) => s.name);
    expect(mine).toContain('陈静');
    expect((await h.call('GET', `${U}/department/business-department`, { token: business })).body.data.name).toBe('华东大客户组');
    const subs = (await get(`department/list-sub-dep?depId=${await depId('商务部')}`)).body.data.map((d: any) => d.name).sort();
    expect(subs).toEqual(['华东大客户组', '电商物流组'].sort());
    expect((await h.call('GET', `${U}/department/list-perm-dep`, { token: business })).body.data.map((d: any) => d.name)).toEqual(['华东大客户组']);
    const userOrgs = (await get('organization/list-user-org')).body.data;
    expect(userOrgs).toHaveLength(3);
    expect(userOrgs.find((o: any) => o.current).orgId).toBe(sh);
    expect((await h.call('GET', `${U}/organization/list-perm-org?permission=${encodeURIComponent('仓库')}`, { token: business })).body.data).toEqual([]);
    const managers = (await get('staff/list-org-manager')).body.data;
    expect(managers).toHaveLength(3);
    const customer = await id('customer', 'customerId', { orgId: sh, name: '上海宝钢物流有限公司' });
    const manage = (await get(`staff/customer/${customer}/list-manage-staff`)).body.data;
    expect(manage.length).toBeGreaterThan(1);
    expect(manage.filter((m: any) => m.isManager).length).toBeLessThanOrEqual(1);
  });

  it('matches platform names exactly and searches them only by a real name fragment', async () => {
    const names = encodeURIComponent('华运仓储(苏州)有限公司,不存在的公司');
    expect((await get(`organization/platform/matched-names?names=${names}`)).body.data.map((m: any) => m.matched)).toEqual([true, false]);
    expect((await get(`organization/platform?keyword=${encodeURIComponent('华运')}`)).status).toBe(400);
    const found = (await get(`organization/platform?keyword=${encodeURIComponent('华运仓储')}`)).body.data;
    expect(found.map((o: any) => o.name)).toEqual(['华运仓储(苏州)有限公司']);
  });

  it('creates a staff member with a new login, who logs in with exactly the role\'s permissions', async () => {
    const role = (await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '调度查看', code: 'dispatchView', permissions: ['首页', '调度:查看'] } })).body.data;
    const r = await h.call('POST', `${U}/staff/save`, { token: admin, data: {
      name: '钱多多', username: 'qianduoduo', initialPassword: 'Qian@2026', mobile: '13900001111', depId: await depId('干线调度组'), roleIds: [role.roleId], post: '调度员' } });
    expect(r.status).toBe(200);
    expect(r.body.data).not.toHaveProperty('initialPassword');
    const stored = (await h.database.db.selectFrom('staff').select(['initialPassword', 'accountId', 'isDefault']).where('staffId', '=', r.body.data.staffId).executeTakeFirstOrThrow()) as any;
    expect(stored.initialPassword).toBeNull();
    expect(stored.isDefault).toBe(true);
    const token = await h.login('qianduoduo', 'Qian@2026');
    const me = (await h.call('GET', '/api/v1/auth/me', { token })).body.data;
    expect(me.permissionScopes.map((p: any) => p.permissionName).sort()).toEqual(['首页', '调度:查看'].sort());
    expect(me.depId).toBe(await depId('干线调度组'));
    const noPassword = await h.call('POST', `${U}/staff/save`, { token: admin, data: { name: '无密码', username: 'nopassword' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ msg: '新建登录账号时请设置初始密码', data: { field: 'initialPassword' } });
    const again = await h.call('POST', `${U}/staff/save`, { token: admin, data: { name: '钱多多', username: 'qianduoduo' } });
    expect(again.status).toBe(409);
    const rename = await h.call('PUT', `${U}/staff/${r.body.data.staffId}`, { token: admin, data: { username: 'other', version: r.body.data.version } });
    expect(rename.body.msg).toBe('登录账号创建后不能修改');
  });

  it('adds a person of the group to another organisation with a role there (one login, two organisations)', async () => {
    const suzhou = await h.login('suzhou');
    const sz = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.orgId;
    const role = await id('role', 'roleId', { orgId: sz, code: 'business' });
    const r = await h.call('POST', `${U}/staff/save`, { token: suzhou, data: { name: '周慧敏', username: 'business', roleIds: [role] } });
    expect(r.status).toBe(200);
    const orgs = (await h.call('GET', '/api/v1/auth/orgs', { token: business })).body.data.map((o: any) => o.orgId);
    expect(orgs).toContain(sz);
    const there = await h.login('business', 'Business@123', sz);
    expect((await h.call('GET', '/api/v1/auth/me', { token: there })).body.data.orgId).toBe(sz);
    // The person's password stays theirs: 苏州 can't reset it alone.
    const reset = await h.call('POST', `${U}/staff/resetPassword`, { token: suzhou, data: { staffId: r.body.data.staffId, password: 'Taken@2026' } });
    expect(reset.status).toBe(403);
  });

  it('keeps the department tree sound: no cycles, deletes only empty departments', async () => {
    const parent = (await h.call('POST', `${U}/department/save`, { token: admin, data: { name: '大件事业部', isBusiness: true } })).body.data;
    const child = (await h.call('POST', `${U}/department/save`, { token: admin, data: { name: '大件一组', parentId: parent.depId } })).body.data;
    const cycle = await h.call('PUT', `${U}/department/${parent.depId}`, { token: admin, data: { parentId: child.depId, version: parent.version } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('上级部门不能是本部门或其下级部门');
    expect((await h.call('POST', `${U}/department/save`, { token: admin, data: { name: '大件一组', parentId: parent.depId } })).body.msg).toBe('同级部门名称已存在');
    const someone = await staffId('张伟');
    expect((await h.call('POST', `${U}/staff/move`, { token: admin, data: { staffIds: [someone], depId: child.depId } })).body.data).toEqual({ count: 1 });
    expect((await get(`staff/dep/${child.depId}/staff-light`)).body.data.map((s: any) => s.name)).toEqual(['张伟']);
    expect((await h.call('DELETE', `${U}/department/${parent.depId}`, { token: admin })).body.msg).toBe('该部门下还有下级（大件一组），请先删除下级');
    expect((await h.call('DELETE', `${U}/department/${child.depId}`, { token: admin })).body.msg).toBe('该部门下还有员工，请先调动后再删除');
    await h.call('POST', `${U}/staff/move`, { token: admin, data: { staffId: someone, depId: await depId('城配调度组') } });
    expect((await h.call('DELETE', `${U}/department/${child.depId}`, { token: admin })).status).toBe(200);
    expect((await h.call('DELETE', `${U}/department/${parent.depId}`, { token: admin })).status).toBe(200);
    const log = (await h.database.db.selectFrom('operationLog').select(['action', 'subjectName']).where('entity', '=', 'staff').where('subjectId', '=', someone).execute()) as any[];
    expect(log.filter((l) => l.action === '修改')).toHaveLength(2);
  });

  it('lets a leaver hand over what they own, ends their sessions, and keeps their history', async () => {
    const token = await h.login('bizmgr', 'Bizmgr@123');
    const me = await staffId('杨帆');
    const receiver = await staffId('陈静');
    await h.database.db.updateTable('customer').set({ managerStaffId: me }).where('orgId', '=', sh).where('name', 'in', ['上海宝钢物流有限公司', '上海家化联合股份有限公司']).execute();
    const owned = ((await h.database.db.selectFrom('customer').select('customerId').where('managerStaffId', '=', me).execute()) as unknown[]).length;
    expect(owned).toBeGreaterThanOrEqual(2);
    const info = (await h.call('GET', `${U}/staff/leave`, { token })).body.data;
    // 杨帆 also owns clues and other records of the demo; each kind is listed with its count.
    expect(info.owned).toContainEqual({ entity: 'customer', title: '客户', count: owned });
    const self = await h.call('PUT', `${U}/staff/leave`, { token, data: { handoverStaffId: me } });
    expect(self.body.msg).toBe('不能交接给自己');
    const done = await h.call('PUT', `${U}/staff/leave`, { token, data: { handoverStaffId: receiver, leaveReason: '个人原因' } });
    expect(done.body.data.handed).toContainEqual({ title: '客户', count: owned });
    expect(done.body.data.handed).toHaveLength(info.owned.length);
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    const moved = await h.database.db.selectFrom('customer').select('customerId').where('managerStaffId', '=', receiver).where('name', '=', '上海宝钢物流有限公司').execute();
    expect(moved).toHaveLength(1);
    const after = (await get(`staff/${me}`)).body.data;
    expect(after).toMatchObject({ resigned: true, handoverStaffId: receiver, leaveReason: '个人原因' });
    expect(after.leaveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Removing someone with history is refused; a fresh, unused membership can go.
    expect((await h.call('DELETE', `${U}/staff/delete-relation/${receiver}`, { token: admin })).status).toBe(409);
    const fresh = (await h.call('POST', `${U}/staff/save`, { token: admin, data: { name: '临时工' } })).body.data.staffId;
    expect((await h.call('DELETE', `${U}/staff/delete-relation/${fresh}`, { token: admin })).status).toBe(200);
    expect((await get(`staff/${fresh}`)).status).toBe(404);
  });

  it('creates an organisation with its role bundles and makes a person of the group its administrator', async () => {
    const created = await h.call('POST', `${U}/organization/save`, { token: admin, data: { name: '华运大件(南通)有限公司', shortName: '华运南通', orgType: 2, parentOrgId: sh } });
    expect(created.status).toBe(200);
    const nt = created.body.data.orgId as number;
    const roles = (await h.database.db.selectFrom('role').select('code').where('orgId', '=', nt).execute()) as { code: string }[];
    expect(roles.map((r) => r.code)).toContain('companyAdmin');
    // 上海 is the demo group's headquarters: there is one.
    expect((await h.call('POST', `${U}/organization/save`, { token: admin, data: { name: '第二总部', orgType: 1 } })).body.msg).toBe('集团总部只能有一个');
    const cycle = await h.call('PUT', `${U}/organization/${sh}`, { token: admin, data: { parentOrgId: nt, version: (await get(`organization/${sh}`)).body.data.version } });
    expect(cycle.body.msg).toBe('上级单位不能是本单位或其下级单位');
    const noLogin = await h.call('PUT', `${U}/organization/set-manager`, { token: admin, data: { orgId: nt, managerStaffId: await staffId('王建国') } });
    expect(noLogin.body.msg).toBe('该员工没有登录账号，不能设为单位管理员');
    const set = await h.call('PUT', `${U}/organization/set-manager`, { token: admin, data: { orgId: nt, managerStaffId: await staffId('沈伟民') } });
    expect(set.status).toBe(200);
    expect(set.body.data.managerName).toBe('沈伟民');
    const manager = (await h.database.db.selectFrom('staff').select(['staffId', 'name', 'orgId']).where('staffId', '=', set.body.data.managerStaffId).executeTakeFirstOrThrow()) as any;
    expect(manager).toMatchObject({ name: '沈伟民', orgId: nt });
    const token = await h.login('gm', 'Gm@123', nt);
    const perms = (await h.call('GET', '/api/v1/auth/me', { token })).body.data.permissionScopes.map((p: any) => p.permissionName);
    expect(perms).toContain('公司管理');
    expect(perms).not.toContain('集团管理');
    const tree = (await get('organization/org-structure')).body.data as any[];
    const shNode = tree.flatMap((n) => [n, ...n.children]).find((n: any) => n.orgId === sh);
    expect(shNode.children.map((c: any) => c.name)).toContain('华运大件(南通)有限公司');
    expect(shNode.children.find((c: any) => c.orgId === nt).managerName).toBe('沈伟民');
  });
});
