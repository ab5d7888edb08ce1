import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { SSO_MSG } from '../../server/sso/tickets';

const KEY = 'test-sso-client-key-0123456789';

describe.each(await backends())('shell services on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let business: string;
  beforeAll(async () => {
    process.env.SSO_CLIENT_KEY = KEY;
    h = await startHarness(backend);
    admin = await h.login('admin');
    business = await h.login('business');
  });
  afterAll(async () => h?.close());

  describe('sso tickets', () => {
    const issue = (data: unknown, key = KEY) => h.call('POST', '/api/v1/auth/sso/ticket', { data, headers: { 'x-sso-key': key } });

    it('needs the client key', async () => {
      const r = await issue({ username: 'business' }, 'wrong');
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe(SSO_MSG.badKey);
      expect((await h.call('POST', '/api/v1/auth/sso/ticket', { data: { username: 'business' } })).status).toBe(401);
    });

    it('refuses unknown users', async () => {
      const r = await issue({ username: 'nobody-here' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(SSO_MSG.noUser);
    });

    it('exchanges a ticket once for a working session and the router', async () => {
      const t = await issue({ username: 'business' });
      expect(t.status).toBe(200);
      expect(t.body.data.expiresIn).toBe(60);
      const r = await h.call('GET', `/api/v1/auth/sso/3?ticket=${t.body.data.ticket}`);
      expect(r.status).toBe(200);
      expect(r.body.data.router).toBe('/business/clue/customer-list');
      const me = await h.call('GET', '/api/v1/auth/me', { token: r.body.data.token });
      expect(me.body.data.username).toBe('business');
      const again = await h.call('GET', `/api/v1/auth/sso/3?ticket=${t.body.data.ticket}`);
      expect(again.status).toBe(401);
      expect(again.body.msg).toBe(SSO_MSG.used);
    });

    it('saas variant goes to the ticket router; foreign routers are ignored', async () => {
      const t = await issue({ username: 'admin', router: '/workbench' });
      const r = await h.call('GET', `/api/v1/auth/sso-saas?ticket=${t.body.data.ticket}`);
      expect(r.body.data.router).toBe('/workbench');
      const evil = await issue({ username: 'admin', router: '//evil.example.com' });
      const e = await h.call('GET', `/api/v1/auth/sso-saas?ticket=${evil.body.data.ticket}`);
      expect(e.body.data.router).toBe('/dashboard');
    });

    it('rejects expired and unknown tickets clearly', async () => {
      const t = await issue({ username: 'admin' });
      await sql`update sso_ticket set expires_at = now() - interval '1 second'`.execute(h.database.db);
      const r = await h.call('GET', `/api/v1/auth/sso/1?ticket=${t.body.data.ticket}`);
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe(SSO_MSG.expired);
      const u = await h.call('GET', '/api/v1/auth/sso/1?ticket=not-a-ticket');
      expect(u.body.msg).toBe(SSO_MSG.invalid);
    });

    it('stores only a hash of the ticket', async () => {
      const t = await issue({ username: 'admin' });
      const rows = (await sql<{ ticket_hash: string }>`select ticket_hash from sso_ticket`.execute(h.database.db)).rows;
      expect(rows.some((row) => row.ticket_hash === t.body.data.ticket)).toBe(false);
    });
  });

  describe('page-visit statistics', () => {
    it('records visits and answers real aggregates, scoped to the organisation', async () => {
      const save = (token: string, statisticsName: string) =>
        h.call('POST', '/api/v1/user-base/page-visit-statistics/save', { token, data: { statisticsName, path: '/x' } });
      // The demo carries a year of visits (统计报表 R9): the visits made here are counted on top of them.
      const read = async (path: string) => (await h.call('GET', `/api/v1/user-base/page-visit-statistics/${path}`, { token: admin })).body.data as any[];
      const pages = async () => Object.fromEntries((await read('by-page')).map((r) => [r.statisticsName, r.count as number]));
      const staff = async () => Object.fromEntries((await read('by-staff')).map((r) => [r.staffName, r.count as number]));
      const [pagesBefore, staffBefore] = [await pages(), await staff()];
      expect((await save(admin, '客户列表')).status).toBe(200);
      await save(admin, '客户列表');
      await save(admin, '工作台');
      await save(business, '客户列表');
      const suzhou = await h.login('suzhou');
      await save(suzhou, '客户列表');

      const [pagesAfter, staffAfter] = [await pages(), await staff()];
      // 苏州's visit is its own organisation's
      expect(pagesAfter['客户列表']! - (pagesBefore['客户列表'] ?? 0)).toBe(3);
      expect(pagesAfter['工作台']! - (pagesBefore['工作台'] ?? 0)).toBe(1);
      expect(staffAfter['系统管理员']! - (staffBefore['系统管理员'] ?? 0)).toBe(3);
      expect(staffAfter['周慧敏']! - (staffBefore['周慧敏'] ?? 0)).toBe(1);
      // every figure equals the table's own aggregate for the organisation
      const orgId = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
      const direct = (await h.database.db.selectFrom('pageVisit').select(['statisticsName', sql<number>`count(*)::int`.as('n')])
        .where('orgId', '=', orgId).groupBy('statisticsName').execute()) as { statisticsName: string; n: number }[];
      expect(pagesAfter).toEqual(Object.fromEntries(direct.map((d) => [d.statisticsName, d.n])));
      const byStaffPage = await read('by-staff-page');
      expect(byStaffPage.some((r) => r.statisticsName === '工作台')).toBe(true);
      const future = await h.call('GET', '/api/v1/user-base/page-visit-statistics/by-page?startDate=2999-01-01', { token: admin });
      expect(future.body.data).toEqual([]);
    });

    it('needs the statistics permission to read', async () => {
      expect((await h.call('GET', '/api/v1/user-base/page-visit-statistics/by-page', { token: business })).status).toBe(403);
    });
  });

  describe('layout reference lists and personal finance', () => {
    it('lists business types, bill platforms, active suppliers and corporate staff', async () => {
      const types = (await h.call('GET', '/api/v1/project-base/business-type/list', { token: business })).body.data;
      expect(types.map((t: any) => t.name)).toContain('整车运输');
      const platforms = (await h.call('GET', '/api/v1/user-base/bill-platform/list-all', { token: business })).body.data;
      expect(platforms.map((p: any) => p.name)).toEqual(['路歌', '中储智运', '快货运']);
      // DOMAIN §8: 18 suppliers in use (verifyStatus 15), one of them 停用.
      const suppliers = (await h.call('GET', '/api/v1/user-base/supplier/list-org-active-supplier', { token: business })).body.data;
      expect(suppliers.length).toBe(17);
      expect(suppliers.every((s: any) => s.status === 1)).toBe(true);
      // The whole group for 集团管理 (admin); the own organisation for everyone else (docs/decisions.md).
      const corp = (await h.call('GET', '/api/v1/user-base/staff/list-corp-staff-light', { token: admin })).body.data;
      expect(new Set(corp.map((s: any) => s.orgId)).size).toBeGreaterThan(1);
      const own = (await h.call('GET', '/api/v1/user-base/staff/list-corp-staff-light', { token: business })).body.data;
      expect(new Set(own.map((s: any) => s.orgId)).size).toBe(1);
    });

    it('counts, lists and confirms the incomes awaiting confirmation', async () => {
      const base = '/api/v1/finance-base/finance-matters-merge';
      expect((await h.call('GET', `${base}/count-confirm-income-review`, { token: admin })).body.data).toBe(3);
      expect((await h.call('GET', `${base}/count-confirm-income-review`, { token: business })).body.data).toBe(0);
      const list = (await h.call('GET', `${base}/list-confirm-income-review?status=0`, { token: admin })).body.data;
      expect(list).toHaveLength(3);
      const id = list[0].incomeReviewId;
      expect((await h.call('POST', `${base}/confirm-income-review`, { token: business, data: { incomeReviewId: id } })).status).toBe(404);
      expect((await h.call('POST', `${base}/confirm-income-review`, { token: admin, data: { incomeReviewId: id } })).status).toBe(200);
      expect((await h.call('GET', `${base}/count-confirm-income-review`, { token: admin })).body.data).toBe(2);
    });

    it('summarises the home page from real rows', async () => {
      const r = (await h.call('GET', '/api/v1/user-base/workbench/summary', { token: admin })).body.data;
      expect(r.customersByStatus.reduce((n: number, s: any) => n + s.count, 0)).toBeGreaterThan(0);
      expect(r.supplierCount).toBe(17);
      expect(r.staffCount).toBeGreaterThan(3);
      const b = (await h.call('GET', '/api/v1/user-base/workbench/summary', { token: business })).body.data;
      expect(Array.isArray(b.recentCustomers)).toBe(true);
    });

    it('工作台 lists my waiting approvals, my open projects and my contracts ending soon, each opening its record', async () => {
      const db = h.database.db;
      const pm = await h.login('pm', 'Pm@123');
      const staffOf = async (username: string) => ((await db.selectFrom('account').select('defaultStaffId').where('username', '=', username).executeTakeFirstOrThrow()) as { defaultStaffId: number }).defaultStaffId;
      const pmStaff = await staffOf('pm');
      const pmOrg = ((await db.selectFrom('staff').select('orgId').where('staffId', '=', pmStaff).executeTakeFirstOrThrow()) as { orgId: number }).orgId;
      // one of the organisation's contracts in force ends in 5 days and is the PM's
      const [c, later, others] = (await db.selectFrom('contract').select(['contractId', 'name', 'contractType']).where('orgId', '=', pmOrg).orderBy('contractId').limit(3).execute()) as { contractId: number; name: string; contractType: number }[];
      const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
      await db.updateTable('contract').set({ ownerStaffId: pmStaff, contractState: 10, endDate: day(5) }).where('contractId', '=', c!.contractId).execute();
      // beyond the warning window, and someone else's, are not mine to renew now
      await db.updateTable('contract').set({ ownerStaffId: pmStaff, contractState: 10, endDate: day(400) }).where('contractId', '=', later!.contractId).execute();
      await db.updateTable('contract').set({ ownerStaffId: await staffOf('admin'), contractState: 10, endDate: day(3) }).where('contractId', '=', others!.contractId).execute();

      const r = (await h.call('GET', '/api/v1/user-base/workbench/summary', { token: pm })).body.data;
      const projects = (await db.selectFrom('project').select('projectId').where('orgId', '=', pmOrg).where('projectManagerStaffId', '=', pmStaff).where('runState', 'not in', [15, 30]).execute()) as { projectId: number }[];
      expect(projects.length).toBeGreaterThan(0);
      expect(r.myProjects.total).toBe(projects.length);
      expect(r.myProjects.list.length).toBe(Math.min(5, projects.length));
      for (const p of r.myProjects.list) {
        expect(p.eventType).toBe(6);
        expect(projects.map((x) => x.projectId)).toContain(p.subjectId);
      }
      // an income contract opens on the income list (5), a cost contract on the cost list (17)
      expect(r.endingContracts.list).toContainEqual(expect.objectContaining({ title: c!.name, eventType: c!.contractType === 2 ? 17 : 5, subjectId: c!.contractId }));
      const listed = r.endingContracts.list.map((x: any) => x.subjectId);
      expect(listed).not.toContain(later!.contractId);
      expect(listed).not.toContain(others!.contractId);
      expect(r.endingContracts.warnDays).toBeGreaterThan(0);

      // approvals: the steps waiting for the caller at the approval's current node, and no one else's
      for (const [username, token] of [['admin', admin], ['pm', pm]] as const) {
        const me = await staffOf(username);
        const waiting = (await db.selectFrom('approvalTask as t').innerJoin('approval as a', 'a.approvalId', 't.approvalId').select('a.subjectId')
          .where('t.staffId', '=', me).where('t.status', '=', 0).where('a.status', '=', 0).where(sql.ref('t.seq'), '=', sql.ref('a.currentSeq')).execute()) as { subjectId: number }[];
        const mine = (await h.call('GET', '/api/v1/user-base/workbench/summary', { token })).body.data.myApprovals;
        expect(mine.total).toBe(waiting.length);
        for (const a of mine.list) expect(waiting.map((w) => w.subjectId)).toContain(a.subjectId);
      }
      const adminApprovals = (await h.call('GET', '/api/v1/user-base/workbench/summary', { token: admin })).body.data.myApprovals;
      expect(adminApprovals.total).toBeGreaterThan(0);
      expect(adminApprovals.list[0].title).toMatch(/「.+」/);
    });

    it('lists bank statements of the organisation', async () => {
      const r = (await h.call('GET', '/api/v1/finance-base/bank-statement/page?pageSize=10', { token: admin })).body.data;
      const orgId = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
      const direct = (await h.database.db.selectFrom('bankStatement').select(sql<number>`count(*)::int`.as('n')).where('orgId', '=', orgId).executeTakeFirstOrThrow()) as { n: number };
      // the demo's statement lines of 上海 (资金事项 matching, issue 19), and only those
      expect(direct.n).toBeGreaterThan(4);
      expect(r.total).toBe(direct.n);
      expect(r.list.every((x: any) => x.orgId === orgId)).toBe(true);
    });
  });

  describe('leaver handover', () => {
    it('moves my customers to an active colleague of my organisation only', async () => {
      const base = '/api/v1/user-base/staff/handover';
      const mine = (await h.call('GET', `${base}/preview`, { token: business })).body.data.customers;
      expect(mine.length).toBeGreaterThan(0);
      const me = (await h.call('GET', '/api/v1/auth/me', { token: business })).body.data;
      expect((await h.call('POST', `${base}/submit`, { token: business, data: { toStaffId: me.staffId } })).status).toBe(400);
      const suzhouStaff = (await h.call('GET', '/api/v1/user-base/staff/list-corp-staff-light', { token: admin })).body.data.find((s: any) => s.orgId !== me.orgId);
      expect((await h.call('POST', `${base}/submit`, { token: business, data: { toStaffId: suzhouStaff.staffId } })).status).toBe(400);
      const colleague = (await h.call('GET', '/api/v1/user-base/staff/list-corp-staff-light', { token: business })).body.data.find((s: any) => s.orgId === me.orgId && s.staffId !== me.staffId);
      const r = await h.call('POST', `${base}/submit`, { token: business, data: { toStaffId: colleague.staffId } });
      expect(r.body.data.customers).toBe(mine.length);
      expect((await h.call('GET', `${base}/preview`, { token: business })).body.data.customers).toEqual([]);
    });
  });

  describe('password change', () => {
    it('checks the old password, the new rules, and revokes other sessions', async () => {
      const first = await h.login('suzhou');
      const second = await h.login('suzhou');
      const change = (data: { oldPassword: string; newPassword: string }) => h.call('POST', '/api/v1/auth/change-password', { token: first, data: { ...data, confirmPassword: data.newPassword } });
      expect((await change({ oldPassword: 'wrong', newPassword: 'Abcdefg123' })).status).toBe(400);
      expect((await change({ oldPassword: 'Suzhou@123', newPassword: 'short1' })).status).toBe(400);
      expect((await change({ oldPassword: 'Suzhou@123', newPassword: 'onlyletters' })).status).toBe(400);
      const same = await change({ oldPassword: 'Suzhou@123', newPassword: 'Suzhou@123' });
      expect(same.status).toBe(400);
      expect(same.body.msg).toBe('新密码不能与原密码相同');
      expect((await change({ oldPassword: 'Suzhou@123', newPassword: 'Newpass2026' })).status).toBe(200);
      expect((await h.call('GET', '/api/v1/auth/me', { token: second })).status).toBe(401);
      expect((await h.call('GET', '/api/v1/auth/me', { token: first })).status).toBe(200);
      await h.login('suzhou', 'Newpass2026');
    });
  });

  describe('personal screen settings (userPreference)', () => {
    const base = '/api/v1/user-base/user-preference';
    const save = (token: string, prefKey: string, value: unknown) => h.call('PUT', `${base}/save`, { token, data: { prefKey, value } });
    const all = async (token: string) => (await h.call('GET', `${base}/all`, { token })).body.data;

    it('keeps a list\'s columns for the person who set them, and follows them into another organisation', async () => {
      const key = 'list:/business/clue/customer-list';
      expect((await save(admin, key, { hidden: ['phone'], order: ['name', 'phone'], density: 'small' })).status).toBe(200);
      expect((await all(admin))[key]).toEqual({ hidden: ['phone'], order: ['name', 'phone'], density: 'small' });
      // saving again replaces, it doesn't merge
      await save(admin, key, { hidden: [], order: [] });
      expect((await all(admin))[key]).toEqual({ hidden: [], order: [] });
      // another person sees none of it
      expect((await all(business))[key]).toBeUndefined();
      // the same person in another organisation of the group (admin switches to 苏州) keeps it
      const session = await h.login('admin');
      const orgs = (await h.call('GET', '/api/v1/auth/orgs', { token: session })).body.data as { orgId: number; disabled?: boolean }[];
      const me = (await h.call('GET', '/api/v1/auth/me', { token: session })).body.data;
      const other = orgs.find((o) => o.orgId !== me.orgId && !o.disabled)!;
      const switched = (await h.call('POST', '/api/v1/auth/switch-org', { token: session, data: { orgId: other.orgId } })).body.data.token;
      expect((await all(switched))[key]).toEqual({ hidden: [], order: [] });
      expect((await h.call('DELETE', `${base}/remove?prefKey=${encodeURIComponent(key)}`, { token: switched })).status).toBe(200);
      expect((await all(switched))[key]).toBeUndefined();
    });

    it('refuses malformed settings with a Chinese message and needs a session', async () => {
      for (const [prefKey, value] of [['a b', {}], ['x', { hidden: { nested: 1 } }], ['x', { hidden: Array(301).fill('f') }], ['', {}], ['x', []]] as const) {
        const r = await save(business, prefKey, value);
        expect(r.status).toBe(400);
        expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect((await h.call('GET', `${base}/all`)).status).toBe(401);
      expect((await h.call('PUT', `${base}/save`, { data: { prefKey: 'x', value: {} } })).status).toBe(401);
    });
  });
});
