/**
 * 组织架构 security (issue 10): nobody grants a permission they don't hold, touches a role or a
 * staff member of another organisation, or raises their own permissions; disabling a staff member
 * or resetting a password ends their sessions at once; a removed permission is refused on the
 * holder's very next request — also when the change was made by another server process (here:
 * straight in the database, so no in-process eviction can help); a company administrator sees
 * only its organisation, 集团管理 the group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';

const U = '/api/v1/user-base';

describe.each(await backends())('组织架构 security on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let suzhou: string;
  let business: string;
  let sh: number;
  let sz: number;
  const roleId = async (orgId: number, code: string) =>
    ((await h.database.db.selectFrom('role').select('roleId').where('orgId', '=', orgId).where('code', '=', code).executeTakeFirstOrThrow()) as { roleId: number }).roleId;
  const staffId = async (orgId: number, name: string) =>
    ((await h.database.db.selectFrom('staff').select('staffId').where('orgId', '=', orgId).where('name', '=', name).executeTakeFirstOrThrow()) as { staffId: number }).staffId;
  const version = async (table: string, idField: string, id: number) =>
    ((await h.database.db.selectFrom(table).select('version').where(idField, '=', id).executeTakeFirstOrThrow()) as { version: number }).version;

  beforeAll(async () => {
    h = await startHarness(backend);
    [admin, suzhou, business] = [await h.login('admin'), await h.login('suzhou'), await h.login('business')];
    sz = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.orgId;
    sh = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
  });
  afterAll(async () => h?.close());

  describe('nobody grants what they do not hold, touches another organisation, or raises their own permissions', () => {
    // suzhou: 单位管理员 of 苏州 (everything but 集团管理).
    const cases: { name: string; run: () => Promise<{ status: number; body: any }>; status: number; msg?: RegExp }[] = [
      { name: 'create a role carrying 集团管理', status: 403, msg: /不能授予您自己没有的权限：集团管理/,
        run: () => h.call('POST', `${U}/role/save`, { token: suzhou, data: { name: '越权角色', code: 'escalate', permissions: ['集团管理'] } }) },
      { name: 'add 集团管理 to the role one holds (单位管理员)', status: 403,
        run: async () => h.call('PUT', `${U}/role/${await roleId(sz, 'companyAdmin')}`, { token: suzhou, data: { permissions: ['公司管理', '集团管理'], version: await version('role', 'roleId', await roleId(sz, 'companyAdmin')) } }) },
      { name: 'edit a role holding more than oneself (超级管理员)', status: 403, msg: /不能修改权限高于您的角色/,
        run: async () => h.call('PUT', `${U}/role/${await roleId(sz, 'admin')}`, { token: suzhou, data: { remark: '改', version: await version('role', 'roleId', await roleId(sz, 'admin')) } }) },
      { name: 'give oneself the 超级管理员 role', status: 403,
        run: async () => {
          const me = await staffId(sz, '陆建平');
          return h.call('PUT', `${U}/staff/${me}`, { token: suzhou, data: { roleIds: [await roleId(sz, 'companyAdmin'), await roleId(sz, 'admin')], version: await version('staff', 'staffId', me) } });
        } },
      { name: 'make a colleague 超级管理员 through the role members', status: 403,
        run: async () => h.call('PUT', `${U}/role/${await roleId(sz, 'admin')}/members`, { token: suzhou, data: { staffIds: [await staffId(sz, '赵敏')] } }) },
      { name: 'read a role of 上海', status: 404, run: async () => h.call('GET', `${U}/role/${await roleId(sh, 'business')}`, { token: suzhou }) },
      { name: 'edit a role of 上海', status: 404,
        run: async () => h.call('PUT', `${U}/role/${await roleId(sh, 'business')}`, { token: suzhou, data: { remark: 'x', version: 1 } }) },
      { name: 'delete a role of 上海', status: 404, run: async () => h.call('DELETE', `${U}/role/${await roleId(sh, 'nothing')}`, { token: suzhou }) },
      { name: 'list the members of a role of 上海', status: 404, run: async () => h.call('GET', `${U}/role/${await roleId(sh, 'business')}/members`, { token: suzhou }) },
      { name: 'read a staff member of 上海', status: 404, run: async () => h.call('GET', `${U}/staff/${await staffId(sh, '周慧敏')}`, { token: suzhou }) },
      { name: 'edit a staff member of 上海', status: 404,
        run: async () => h.call('PUT', `${U}/staff/${await staffId(sh, '周慧敏')}`, { token: suzhou, data: { post: 'x', version: 1 } }) },
      { name: 'disable a staff member of 上海', status: 404, run: async () => h.call('PUT', `${U}/staff/${await staffId(sh, '周慧敏')}/disable`, { token: suzhou, data: { version: 1 } }) },
      { name: 'reset the password of a staff member of 上海', status: 404,
        run: async () => h.call('POST', `${U}/staff/resetPassword`, { token: suzhou, data: { staffId: await staffId(sh, '周慧敏'), password: 'Hacked@2026' } }) },
      { name: 'move a staff member of 上海', status: 404,
        run: async () => {
          const dep = ((await h.database.db.selectFrom('department').select('depId').where('orgId', '=', sz).executeTakeFirstOrThrow()) as { depId: number }).depId;
          return h.call('POST', `${U}/staff/move`, { token: suzhou, data: { staffId: await staffId(sh, '周慧敏'), depId: dep } });
        } },
      { name: 'remove a staff member of 上海 from it', status: 404, run: async () => h.call('DELETE', `${U}/staff/delete-relation/${await staffId(sh, '张伟')}`, { token: suzhou }) },
      { name: 'give a 上海 role to a 苏州 colleague', status: 400,
        run: async () => h.call('PUT', `${U}/staff/${await staffId(sz, '赵敏')}`, { token: suzhou, data: { roleIds: [await roleId(sh, 'business')], version: await version('staff', 'staffId', await staffId(sz, '赵敏')) } }) },
      { name: 'disable the group administrator in 苏州 (holds more)', status: 403, msg: /不能管理权限高于您的员工/,
        run: async () => {
          const id = await staffId(sz, '系统管理员');
          return h.call('PUT', `${U}/staff/${id}/disable`, { token: suzhou, data: { version: await version('staff', 'staffId', id) } });
        } },
      { name: 'reset the group administrator\'s password', status: 403,
        run: async () => h.call('POST', `${U}/staff/resetPassword`, { token: suzhou, data: { staffId: await staffId(sz, '系统管理员'), password: 'Hacked@2026' } }) },
      { name: 'manage staff without 公司管理 (商务专员)', status: 403,
        run: async () => h.call('POST', `${U}/staff/save`, { token: business, data: { name: '新人', depId: null } }) },
      { name: 'create a role without 公司管理', status: 403,
        run: () => h.call('POST', `${U}/role/save`, { token: business, data: { name: '商务全权', code: 'biz2', permissions: ['商务'] } }) },
      { name: 'set the administrator of an organisation without 集团管理', status: 403,
        run: async () => h.call('PUT', `${U}/organization/set-manager`, { token: suzhou, data: { orgId: sz, managerStaffId: await staffId(sz, '赵敏') } }) },
    ];
    it.each(cases)('refuses: $name', async ({ run, status, msg }) => {
      const r = await run();
      expect(r.status).toBe(status);
      expect(r.body.code).toBe(status);
      if (msg) expect(r.body.msg).toMatch(msg);
    });

    it('nothing of the refused changes happened', async () => {
      const roles = (await h.database.db.selectFrom('role').select(['permissions']).where('orgId', '=', sz).where('code', '=', 'companyAdmin').executeTakeFirstOrThrow()) as { permissions: string[] };
      expect(roles.permissions).not.toContain('集团管理');
      const me = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.permissionScopes.map((p: any) => p.permissionName);
      expect(me).not.toContain('集团管理');
      expect((await h.database.db.selectFrom('role').select('roleId').where('code', '=', 'escalate').execute()).length).toBe(0);
    });

    it('allows what one holds: a role with a subtree of one\'s permissions, given to a colleague', async () => {
      const r = await h.call('POST', `${U}/role/save`, { token: suzhou, data: { name: '仓库查询', code: 'whView', permissions: ['仓库:工单', '仓库:零件', '仓库:零件'] } });
      expect(r.status).toBe(200);
      expect(r.body.data.permissions).toEqual(['仓库:工单', '仓库:零件']);
      const zm = await staffId(sz, '赵敏');
      const set = await h.call('PUT', `${U}/role/${r.body.data.roleId}/members`, { token: suzhou, data: { staffIds: [zm] } });
      expect(set.body.data).toEqual({ added: 1, removed: 0 });
      const members = (await h.call('GET', `${U}/role/${r.body.data.roleId}/members`, { token: suzhou })).body.data;
      expect(members.map((m: any) => m.name)).toEqual(['赵敏']);
      const staff = (await h.call('GET', `${U}/staff/${zm}`, { token: suzhou })).body.data;
      expect(staff.roleIds).toEqual([r.body.data.roleId]);
    });
  });

  describe('sessions end and permissions narrow at once', () => {
    const newStaff = async (token: string, username: string, roles: number[]) => {
      const r = await h.call('POST', `${U}/staff/save`, { token, data: { name: `测试${username}`, username, initialPassword: 'Start@2026', roleIds: roles } });
      expect(r.status).toBe(200);
      return r.body.data.staffId as number;
    };

    it('disabling a staff member ends their session on the next request, and refuses their login', async () => {
      const id = await newStaff(admin, 'tdisable', [await roleId(sh, 'business')]);
      const token = await h.login('tdisable', 'Start@2026');
      expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
      expect((await h.call('PUT', `${U}/staff/${id}/disable`, { token: admin, data: { version: await version('staff', 'staffId', id) } })).status).toBe(200);
      expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);
      const again = await h.call('POST', '/api/v1/auth/login', { data: { username: 'tdisable', password: 'Start@2026' } });
      expect(again.body.msg).toBe('登录失败，账户不存在!');
      expect((await h.call('PUT', `${U}/staff/${id}/enable`, { token: admin, data: { version: await version('staff', 'staffId', id) } })).status).toBe(200);
      expect((await h.call('POST', '/api/v1/auth/login', { data: { username: 'tdisable', password: 'Start@2026' } })).status).toBe(200);
    });

    it('resetting a password ends every session of the person at once; the new password works', async () => {
      const id = await newStaff(admin, 'treset', [await roleId(sh, 'business')]);
      const token = await h.login('treset', 'Start@2026');
      expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
      expect((await h.call('POST', `${U}/staff/resetPassword`, { token: admin, data: { staffId: id, password: 'Fresh@2027' } })).status).toBe(200);
      expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);
      expect((await h.call('POST', '/api/v1/auth/login', { data: { username: 'treset', password: 'Start@2026' } })).status).toBe(400);
      expect((await h.call('POST', '/api/v1/auth/login', { data: { username: 'treset', password: 'Fresh@2027' } })).status).toBe(200);
    });

    it('a permission removed from a role is refused on the holder\'s next request (and added ones granted), without logging out', async () => {
      const role = (await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '临时商务', code: 'tmpBiz', permissions: ['首页', '商务'] } })).body.data;
      await newStaff(admin, 'tnarrow', [role.roleId]);
      const token = await h.login('tnarrow', 'Start@2026');
      const customers = () => h.call('GET', `${U}/customer/list-local-customer`, { token });
      expect((await customers()).status).toBe(200);
      expect((await customers()).status).toBe(200); // now served from the session cache
      const v = (await h.call('GET', `${U}/role/${role.roleId}`, { token: admin })).body.data.version;
      expect((await h.call('PUT', `${U}/role/${role.roleId}`, { token: admin, data: { permissions: ['首页'], version: v } })).status).toBe(200);
      expect((await customers()).status).toBe(403);
      expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
      await h.call('PUT', `${U}/role/${role.roleId}`, { token: admin, data: { permissions: ['首页', '商务:客户列表'], version: v + 1 } });
      expect((await customers()).status).toBe(200);
    });

    it('a role taken away is refused on the next request', async () => {
      const biz = await roleId(sh, 'business');
      const home = (await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '只看首页', code: 'homeOnly', permissions: ['首页'] } })).body.data.roleId;
      const id = await newStaff(admin, 'ttake', [biz, home]);
      const token = await h.login('ttake', 'Start@2026');
      expect((await h.call('GET', `${U}/customer/list-local-customer`, { token })).status).toBe(200);
      const set = await h.call('PUT', `${U}/role/${biz}/members`, { token: admin, data: { staffIds: ((await h.call('GET', `${U}/role/${biz}/members`, { token: admin })).body.data as any[]).map((m) => m.staffId).filter((x) => x !== id) } });
      expect(set.body.data.removed).toBe(1);
      expect((await h.call('GET', `${U}/customer/list-local-customer`, { token })).status).toBe(403);
    });

    it('a change made by another server process (straight in the database) is seen on the next request', async () => {
      const role = (await h.call('POST', `${U}/role/save`, { token: admin, data: { name: '别处修改', code: 'elsewhere', permissions: ['首页', '商务'] } })).body.data;
      const id = await newStaff(admin, 'tremote', [role.roleId]);
      const token = await h.login('tremote', 'Start@2026');
      expect((await h.call('GET', `${U}/customer/list-local-customer`, { token })).status).toBe(200);
      // No code of this process runs: only the database's triggers know.
      await sql`update role set permissions = '["首页"]'::jsonb where role_id = ${role.roleId}`.execute(h.database.db);
      expect((await h.call('GET', `${U}/customer/list-local-customer`, { token })).status).toBe(403);
      await sql`update staff set disabled = true where staff_id = ${id}`.execute(h.database.db);
      expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);
    });
  });

  describe('what an administrator sees', () => {
    it('a company administrator sees only its organisation\'s staff and departments', async () => {
      const staff = (await h.call('GET', `${U}/staff/list-paged-local-org-staff?pageSize=500`, { token: suzhou })).body.data;
      expect(staff.total).toBeGreaterThan(0);
      expect(staff.list.every((s: any) => s.orgId === sz)).toBe(true);
      const deps = (await h.call('GET', `${U}/department/list`, { token: suzhou })).body.data as any[];
      expect(deps.map((d) => d.name)).toContain('仓储运营部');
      expect(deps.map((d) => d.name)).not.toContain('运营调度部');
      expect((await h.call('GET', `${U}/staff/list-paged-org-staff?orgId=${sh}`, { token: suzhou })).status).toBe(404);
      expect((await h.call('GET', `${U}/department/${sh}/list`, { token: suzhou })).status).toBe(404);
      expect((await h.call('GET', `${U}/staff/org/${sh}/staff-light`, { token: suzhou })).status).toBe(404);
      const tree = (await h.call('GET', `${U}/organization/org-structure`, { token: suzhou })).body.data as any[];
      expect(tree.map((o) => o.orgId)).toEqual([sz]);
      expect((await h.call('GET', `${U}/organization/list-same-corp-orgs`, { token: suzhou })).body.data.map((o: any) => o.orgId)).toEqual([sz]);
    });

    it('group management sees the group', async () => {
      const page = (await h.call('GET', `${U}/staff/list-paged-org-staff?orgId=${sz}&pageSize=100`, { token: admin })).body.data;
      expect(page.list.some((s: any) => s.name === '陆建平')).toBe(true);
      expect(((await h.call('GET', `${U}/department/${sz}/list`, { token: admin })).body.data as any[]).map((d) => d.name)).toContain('仓储运营部');
      const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
      expect(flat((await h.call('GET', `${U}/organization/org-structure`, { token: admin })).body.data)).toHaveLength(3);
      expect((await h.call('GET', `${U}/organization/list-same-corp-orgs`, { token: admin })).body.data).toHaveLength(3);
    });
  });
});
