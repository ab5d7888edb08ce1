/** Seeds an empty database with the demo group (idempotent: does nothing once a group exists). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { hashPassword } from '../auth/password';
import { makeUscc } from '../../schemas/src/validators';
import {
  CORP_NAME, DEPARTMENTS, EXTRA_STAFF, ORGS, SHANGHAI_CUSTOMERS, SUZHOU_CUSTOMERS, demoAccounts, type OrgKey,
} from './demo-data';
import { seedShellDemo } from '../shell/seed';
import { seedContext } from './context';
import { areaSeeders } from './areas/index';

const permissionsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/permissions.json');

interface RoleDef { code: string; name: string; permissions: string[] }

export const DEMO_DEFAULT_ADMIN_PASSWORD = 'Admin@123';

export function adminPassword(env: NodeJS.ProcessEnv = process.env): string {
  return env.ADMIN_PASSWORD || DEMO_DEFAULT_ADMIN_PASSWORD;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.selectFrom('corp').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return (r as { n: number }).n === 0;
}

export async function seedIfEmpty(db: Db, opts: { adminPassword?: string } = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const accounts = demoAccounts(opts.adminPassword ?? adminPassword());
  // Hash outside the transaction: PGlite runs one statement at a time anyway, and hashing is CPU-only.
  const hashes = new Map<string, string>();
  for (const a of accounts) hashes.set(a.username, await hashPassword(a.password));
  const roles = (JSON.parse(readFileSync(permissionsFile, 'utf8')) as { roles: RoleDef[] }).roles;

  await db.transaction().execute(async (trx) => {
    // A concurrent first start may have seeded meanwhile; the unique corp name would also stop it.
    if (!(await isEmpty(trx))) return;
    const { corpId } = (await trx.insertInto('corp').values({ name: CORP_NAME, shortName: '华运集团' }).returning('corpId').executeTakeFirstOrThrow()) as { corpId: number };

    const orgIds = {} as Record<OrgKey, number>;
    for (const [i, o] of ORGS.entries()) {
      const r = (await trx.insertInto('organization').values({
        corpId, name: o.name, shortName: o.shortName, regionCode: o.regionCode, address: o.address, disabled: o.disabled,
        creditCode: makeUscc(o.regionCode, 900 + i),
      }).returning('orgId').executeTakeFirstOrThrow()) as { orgId: number };
      orgIds[o.key] = r.orgId;
    }

    const depIds = {} as Record<OrgKey, Map<string, number>>;
    for (const o of ORGS) {
      const m = new Map<string, number>();
      let sort = 0;
      for (const d of DEPARTMENTS[o.key]) {
        const base = { corpId, orgId: orgIds[o.key] };
        const p = (await trx.insertInto('department').values({ ...base, name: d.name, sort: sort++, isBusiness: !!d.isBusiness }).returning('depId').executeTakeFirstOrThrow()) as { depId: number };
        m.set(d.name, p.depId);
        for (const c of d.children ?? []) {
          const r = (await trx.insertInto('department').values({ ...base, name: c, parentId: p.depId, sort: sort++, isBusiness: !!d.isBusiness }).returning('depId').executeTakeFirstOrThrow()) as { depId: number };
          m.set(c, r.depId);
        }
      }
      depIds[o.key] = m;
    }

    // Roles belong to an organisation (each manages its own); every organisation starts with the bundles.
    const roleIds = new Map<string, number>();
    for (const o of ORGS) {
      for (const r of roles) {
        const row = (await trx.insertInto('role').values({ corpId, orgId: orgIds[o.key], name: r.name, code: r.code, permissions: JSON.stringify(r.permissions) }).returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
        roleIds.set(`${o.key}:${r.code}`, row.roleId);
      }
    }

    const staffIds = new Map<OrgKey, number[]>();
    const addStaff = async (org: OrgKey, values: Record<string, unknown>) => {
      const r = (await trx.insertInto('staff').values({ corpId, orgId: orgIds[org], ...values }).returning('staffId').executeTakeFirstOrThrow()) as { staffId: number };
      staffIds.set(org, [...(staffIds.get(org) ?? []), r.staffId]);
      return r.staffId;
    };

    for (const a of accounts) {
      const acc = (await trx.insertInto('account').values({ username: a.username, name: a.name, passwordHash: hashes.get(a.username) }).returning('accountId').executeTakeFirstOrThrow()) as { accountId: number };
      for (const m of a.memberships) {
        const roleId = roleIds.get(`${m.org}:${m.role}`)!;
        const staffId = await addStaff(m.org, {
          accountId: acc.accountId, username: a.username, name: a.name, mobile: a.mobile, depId: depIds[m.org].get(m.dep) ?? null,
          isDefault: !!m.isDefault, post: m.post, introduction: `${ORGS.find((o) => o.key === m.org)!.shortName}${m.post}`,
          config: JSON.stringify({}), roleIds: JSON.stringify([roleId]),
        });
        await trx.insertInto('staffRole').values({ corpId, orgId: orgIds[m.org], staffId, roleId }).execute();
        if (m.isDefault) await trx.updateTable('account').set({ defaultStaffId: staffId }).where('accountId', '=', acc.accountId).execute();
      }
    }
    for (const s of EXTRA_STAFF) {
      await addStaff(s.org, { name: s.name, mobile: s.mobile, depId: depIds[s.org].get(s.dep) ?? null, post: s.post, config: JSON.stringify({}) });
    }

    const insertCustomers = async (org: OrgKey, list: typeof SHANGHAI_CUSTOMERS, serialBase: number) => {
      const managers = staffIds.get(org) ?? [];
      for (const [i, c] of list.entries()) {
        await trx.insertInto('customer').values({
          corpId, orgId: orgIds[org], ...c,
          customerType: 1,
          creditCode: makeUscc(c.regionCode, serialBase + i),
          invoiceTitle: c.name, invoiceType: (i % 3) + 1,
          managerStaffId: managers[i % managers.length] ?? null,
          creditDays: [30, 45, 60, 90][i % 4],
          contactEmail: `contact${serialBase + i}@example.com`,
        }).execute();
      }
    };
    await insertCustomers('sh', SHANGHAI_CUSTOMERS, 1000);
    await insertCustomers('sz', SUZHOU_CUSTOMERS, 2000);
    await seedShellDemo(trx, corpId, orgIds);
    const ctx = seedContext(trx, corpId, orgIds);
    for (const area of areaSeeders) await area.seed(ctx);
  });
  // Planner statistics for the tables just filled: without them PostgreSQL guesses one row per
  // table until autovacuum gets round to it, and the first minutes of a fresh start ran the list's
  // approval check as a nested loop over every approval (13 ms instead of 0.8, issue 22).
  // Only this schema's tables: the tests share one database across many schemas.
  const tables = await sql<{ t: string }>`select quote_ident(tablename) as t from pg_tables where schemaname = current_schema()`.execute(db);
  if (tables.rows.length) await sql.raw(`analyze ${tables.rows.map((r) => r.t).join(', ')}`).execute(db);
  return true;
}

/** What to print after start-up: usernames and which passwords apply, never hashes or tokens. */
export function demoLoginLines(env: NodeJS.ProcessEnv = process.env): string[] {
  const adminNote = env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : DEMO_DEFAULT_ADMIN_PASSWORD;
  return [
    '演示账号 (demo logins):',
    `  admin    / ${adminNote}  超级管理员, 上海(默认) 苏州 广州(已禁用)`,
    '  business / Business@123  商务专员, 上海',
    '  nobody   / Nobody@123    无权限角色, 上海 (登录被拒绝)',
    '  suzhou   / Suzhou@123    单位管理员(无集团管理), 仅苏州',
    '  orphan   / Orphan@123    无单位 (登录被拒绝)',
    '  gm / Gm@123 总经理 · bizmgr / Bizmgr@123 商务经理 · planner / Planner@123 方案工程师 · pm / Pm@123 项目经理',
    '  dispatch / Dispatch@123 调度主管 · finance / Finance@123 财务经理 · cashier / Cashier@123 出纳',
    '  wh / Wh@123 仓库主管(苏州) · archive / Archive@123 资料管理员 · screen / Screen@123 大屏看板(上海)',
  ];
}
