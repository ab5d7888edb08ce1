/**
 * The generic page sends fewer statements (issue 22): the capped count rides in the page's own
 * statement, and so do the titles of its single references and its awaiting approvals (lists of
 * references still come in one UNION ALL). These pin what a caller
 * sees against direct queries: the same rows, totals (also past the last page), titles only of
 * rows the caller's organisation may see, and another organisation's rows still hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { fetchTitles } from '../../server/crud/refs';
import { loadEntities } from '../../server/schema/load';

const BASE = '/api/v1/user-base/customer';

describe.each(await backends())('generic page statements on %s', (backend) => {
  let h: Harness;
  let admin: string;
  let suzhou: string;
  let adminOrg: number;
  let suzhouOrg: number;
  beforeAll(async () => {
    h = await startHarness(backend);
    [admin, suzhou] = [await h.login('admin'), await h.login('suzhou')];
    adminOrg = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
    suzhouOrg = (await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.orgId;
  });
  afterAll(async () => h?.close());

  const direct = async (orgId: number) => (await sql<{ customerId: number; managerStaffId: number | null; parentCustomerId: number | null }>`
    select customer_id, manager_staff_id, parent_customer_id from customer where org_id = ${orgId} order by updated_at desc, customer_id desc`.execute(h.database.db)).rows;

  it('pages carry the same rows and total as a direct query, also past the last page', async () => {
    const rows = await direct(adminOrg);
    expect(rows.length).toBeGreaterThan(20);
    for (const pageNo of [1, 2, 3]) {
      const r = await h.call('GET', `${BASE}/list-local-customer?pageNo=${pageNo}&pageSize=20`, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(rows.length);
      expect(r.body.data.list.map((c: any) => c.customerId)).toEqual(rows.slice((pageNo - 1) * 20, pageNo * 20).map((c) => c.customerId));
      // the count column is the handler's, never the caller's
      for (const c of r.body.data.list) expect(c).not.toHaveProperty('pageMatchCount');
    }
    const past = await h.call('GET', `${BASE}/list-local-customer?pageNo=40&pageSize=20`, { token: admin });
    expect(past.body.data).toMatchObject({ list: [], total: rows.length, pageNo: 40 });
    const none = await h.call('GET', `${BASE}/list-local-customer?keyword=${encodeURIComponent('没有这个客户')}`, { token: admin });
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
  });

  it('titles of every referenced entity arrive in one answer, equal to the names in the database', async () => {
    const r = await h.call('GET', `${BASE}/list-local-customer?pageSize=1000`, { token: admin });
    const list = r.body.data.list as any[];
    const refs = r.body.data.refs as Record<string, Record<string, string>>;
    const staffIds = [...new Set(list.map((c) => c.managerStaffId).filter(Boolean))];
    expect(staffIds.length).toBeGreaterThan(0);
    const names = (await sql<{ staffId: number; name: string }>`select staff_id, name from staff where staff_id in (${sql.join(staffIds)})`.execute(h.database.db)).rows;
    expect(refs.staff).toEqual(Object.fromEntries(names.map((n) => [String(n.staffId), n.name])));
    const parents = [...new Set(list.map((c) => c.parentCustomerId).filter(Boolean))];
    if (parents.length) expect(Object.keys(refs.customer ?? {}).sort()).toEqual(parents.map(String).sort());
  });

  it('a later page carries the titles of its own rows, not of the first page', async () => {
    const r = await h.call('GET', `${BASE}/list-local-customer?pageNo=2&pageSize=5`, { token: admin });
    const list = r.body.data.list as any[];
    const staffIds = [...new Set(list.map((c) => c.managerStaffId).filter(Boolean))];
    expect(staffIds.length).toBeGreaterThan(0);
    const names = (await sql<{ staffId: number; name: string }>`select staff_id, name from staff where staff_id in (${sql.join(staffIds)})`.execute(h.database.db)).rows;
    expect(r.body.data.refs.staff).toEqual(Object.fromEntries(names.map((n) => [String(n.staffId), n.name])));
    for (const c of list) expect(Object.keys(c).filter((k) => k.startsWith('refTitle') || k === 'awaitsMyApproval')).toEqual([]);
  });

  it('titles stay inside the caller\'s organisation and every asked entity is named', async () => {
    const entities = loadEntities();
    const theirs = (await direct(adminOrg))[0]!.customerId;
    const mine = (await direct(suzhouOrg))[0]!.customerId;
    const otherStaff = (await sql<{ staffId: number }>`select staff_id from staff where org_id = ${adminOrg} limit 1`.execute(h.database.db)).rows[0]!.staffId;
    const session = { orgId: suzhouOrg, corpId: 0, staffId: 0 } as any;
    session.corpId = (await sql<{ corpId: number }>`select corp_id from organization where org_id = ${suzhouOrg}`.execute(h.database.db)).rows[0]!.corpId;
    const refs = await fetchTitles(h.database.db, session, entities, new Map([['customer', new Set([theirs, mine])], ['staff', new Set([otherStaff])]]));
    expect(Object.keys(refs.customer!)).toEqual([String(mine)]);
    expect(refs.staff).toEqual({});
  });

  it('another organisation\'s rows stay hidden and its count is its own', async () => {
    const rows = await direct(suzhouOrg);
    const r = await h.call('GET', `${BASE}/list-local-customer?pageSize=20`, { token: suzhou });
    expect(r.body.data.total).toBe(rows.length);
    expect(r.body.data.list.map((c: any) => c.customerId)).toEqual(rows.slice(0, 20).map((c) => c.customerId));
    expect(r.body.data.list.every((c: any) => c.orgId === suzhouOrg)).toBe(true);
    const staffRefs = Object.keys(r.body.data.refs?.staff ?? {}).map(Number);
    if (staffRefs.length) {
      const orgs = (await sql<{ orgId: number }>`select distinct org_id from staff where staff_id in (${sql.join(staffRefs)})`.execute(h.database.db)).rows;
      expect(orgs.map((o) => o.orgId)).toEqual([suzhouOrg]);
    }
  });

  it('a page sorted by name comes in pinyin order from an index, at any size (no sort of every row)', async () => {
    const byName = (await sql<{ customerId: number }>`
      select customer_id from customer where org_id = ${adminOrg} order by name collate zh_pinyin asc, customer_id asc`.execute(h.database.db)).rows;
    const r = await h.call('GET', `${BASE}/list-local-customer?pageSize=20&sortField=name&sortOrder=asc`, { token: admin });
    expect(r.body.data.list.map((c: any) => c.customerId)).toEqual(byName.slice(0, 20).map((c) => c.customerId));
    // The plan the handler's order gets when sorting is ruled out: with the pinyin index it reads
    // the first 20 entries; without it, PostgreSQL would still have to sort every row.
    const plan = await h.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`explain select * from customer where org_id = ${adminOrg}
        order by name collate zh_pinyin desc, customer_id desc limit 20`.execute(trx)).rows.map((x) => Object.values(x)[0]).join('\n');
    });
    expect(plan).toContain('customer_org_id_name_customer_id_pinyin_ix');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
