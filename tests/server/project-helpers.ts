/** Helpers of the contract and project tests: demo logins, users holding exactly some permissions, forced states. */
import { hashPassword } from '../../server/auth/password';
import type { Harness } from './helpers/harness';

export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'Admin@123', gm: 'Gm@123', bizmgr: 'Bizmgr@123', pm: 'Pm@123', dispatch: 'Dispatch@123',
  business: 'Business@123', finance: 'Finance@123', suzhou: 'Suzhou@123', cashier: 'Cashier@123', xielina: 'Xielina@123',
};

export const login = (h: Harness, user: string) => h.login(user, DEMO_PASSWORDS[user]);

let serial = 0;
/** A login in 华运上海 whose one role grants exactly these permissions. */
export async function userWith(h: Harness, permissions: string[]): Promise<{ token: string; staffId: number }> {
  const db = h.database.db;
  const org = (await db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number; corpId: number };
  const n = ++serial;
  const username = `perm${n}${Date.now().toString(36)}`;
  const password = 'Test@12345';
  const account = (await db.insertInto('account').values({ username, name: `测试${n}`, passwordHash: await hashPassword(password) }).returning('accountId').executeTakeFirstOrThrow()) as { accountId: number };
  const staff = (await db.insertInto('staff').values({ corpId: org.corpId, orgId: org.orgId, accountId: account.accountId, name: `测试员工${n}`, isDefault: true, config: JSON.stringify({}) }).returning('staffId').executeTakeFirstOrThrow()) as { staffId: number };
  await db.updateTable('account').set({ defaultStaffId: staff.staffId }).where('accountId', '=', account.accountId).execute();
  const role = (await db.insertInto('role').values({ corpId: org.corpId, orgId: org.orgId, name: `测试角色${n}`, code: `test${n}`, permissions: JSON.stringify(permissions) }).returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
  await db.insertInto('staffRole').values({ corpId: org.corpId, orgId: org.orgId, staffId: staff.staffId, roleId: role.roleId }).execute();
  return { token: await h.login(username, password), staffId: staff.staffId };
}

/** Puts a record straight into a state (the test's arrangement, not a transition under test). */
export async function force(h: Harness, table: string, idField: string, id: number, values: Record<string, unknown>): Promise<void> {
  await h.database.db.updateTable(table).set(values).where(idField, '=', id).execute();
}

export async function staffIdOf(h: Harness, name: string): Promise<number> {
  const r = (await h.database.db.selectFrom('staff').select('staffId').where('name', '=', name).executeTakeFirstOrThrow()) as { staffId: number };
  return r.staffId;
}

export function today(offsetDays = 0): string {
  const t = new Date(Date.now() + 8 * 3600_000 + offsetDays * 86400_000);
  return t.toISOString().slice(0, 10);
}

/** The demo records the dispatch and warehouse tests build on, all of 华运上海. */
export interface ShanghaiDemo {
  orgId: number;
  customerId: number;
  businessTypeId: number;
  depId: number;
  pmStaffId: number;
  ownTruckId: number;
  ownPlate: string;
  carrierId: number;
  platformTruckId: number;
}

export async function shanghaiDemo(h: Harness): Promise<ShanghaiDemo> {
  const db = h.database.db;
  const { orgId } = (await db.selectFrom('organization').select(['orgId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as { orgId: number };
  const { customerId } = (await db.selectFrom('customer').select('customerId').where('orgId', '=', orgId).where('verifyStatus', '=', 15).orderBy('customerId').executeTakeFirstOrThrow()) as { customerId: number };
  const { businessTypeId } = (await db.selectFrom('businessType').select('businessTypeId').orderBy('businessTypeId').executeTakeFirstOrThrow()) as { businessTypeId: number };
  const { depId } = (await db.selectFrom('department').select('depId').where('orgId', '=', orgId).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as { depId: number };
  const truck = (await db.selectFrom('companyTruck').select(['truckId', 'truckLicensePlate']).where('orgId', '=', orgId).where('status', '=', 1).orderBy('truckId').executeTakeFirstOrThrow()) as { truckId: number; truckLicensePlate: string };
  const pt = (await db.selectFrom('platformTruck as pt').innerJoin('supplier as s', 's.supplierId', 'pt.supplierId').select(['pt.platformTruckId', 'pt.supplierId'])
    .where('pt.orgId', '=', orgId).where('s.supplierType', '=', 1).where('s.verifyStatus', '=', 15).orderBy('pt.platformTruckId').executeTakeFirstOrThrow()) as { platformTruckId: number; supplierId: number };
  return {
    orgId, customerId, businessTypeId, depId, pmStaffId: await staffIdOf(h, '沈国良'),
    ownTruckId: truck.truckId, ownPlate: truck.truckLicensePlate, carrierId: pt.supplierId, platformTruckId: pt.platformTruckId,
  };
}

/** A project saved by the PM (token) and put straight into an approved run state. */
export async function approvedProject(h: Harness, token: string, demo: ShanghaiDemo, name: string, opts: { serviceCategory?: number; runState?: number; startDate?: string } = {}): Promise<number> {
  const r = await h.call('POST', '/api/v1/project-base/project/save', { token, data: {
    name, customerId: demo.customerId, businessTypeId: demo.businessTypeId, serviceCategory: opts.serviceCategory ?? 1,
    projectManagerStaffId: demo.pmStaffId, depId: demo.depId, startDate: opts.startDate ?? today() } });
  if (r.status !== 200) throw new Error(`project/save ${r.status}: ${JSON.stringify(r.body)}`);
  const projectId = (r.body as { data: { projectId: number } }).data.projectId;
  await force(h, 'project', 'projectId', projectId, { auditState: 15, runState: opts.runState ?? 0 });
  return projectId;
}
