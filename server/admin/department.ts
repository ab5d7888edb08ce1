/** department.* handlers: the department calls of seed 000 §7.2 that a generic list can't answer. */
import { type Handler, requireSession } from '../crud/context';
import { notFound } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { COMPANY_MANAGEMENT } from './access';
import { visibleOrg, visibleOrgIds } from './people';

interface Dep { depId: number; name: string; parentId: number | null; isBusiness: boolean; leaderStaffId: number | null; sort: number }

const columns = ['depId', 'name', 'parentId', 'isBusiness', 'leaderStaffId', 'sort'] as const;

async function departments(db: Parameters<Handler>[0]['db'], orgId: number): Promise<Dep[]> {
  return (await db.selectFrom('department').select([...columns]).where('orgId', '=', orgId).orderBy('sort').orderBy('depId').execute()) as Dep[];
}

function below(all: Dep[], depId: number): Dep[] {
  const ids = [depId];
  for (let i = 0; i < ids.length; i++) for (const d of all) if (d.parentId === ids[i] && !ids.includes(d.depId)) ids.push(d.depId);
  return all.filter((d) => ids.includes(d.depId));
}

/** The caller's business department: its own department or the nearest one above it flagged 业务部门. */
const myBusiness: Handler = async (ctx) => {
  const s = requireSession(ctx);
  if (!s.depId) return null;
  const all = await departments(ctx.db, s.orgId);
  let at = all.find((d) => d.depId === s.depId);
  for (let guard = 0; at && guard < 100; guard++) {
    if (at.isBusiness) return at;
    at = all.find((d) => d.depId === at!.parentId);
  }
  return null;
};

const corpBusiness: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const ids = await visibleOrgIds(ctx.db, s);
  return ctx.db.selectFrom('department as d').innerJoin('organization as o', 'o.orgId', 'd.orgId')
    .select(['d.depId', 'd.name', 'd.parentId', 'd.orgId', 'o.name as orgName'])
    .where('d.orgId', 'in', ids).where('d.isBusiness', '=', true).orderBy('d.orgId').orderBy('d.sort').orderBy('d.depId').execute();
};

const orgList: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const org = await visibleOrg(ctx.db, s, Number(ctx.params.orgId));
  return departments(ctx.db, org.orgId);
};

const subDeps: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const depId = ctx.query.depId === undefined ? s.depId : Number(ctx.query.depId);
  if (!depId) return [];
  const all = await departments(ctx.db, s.orgId);
  if (!all.some((d) => d.depId === depId)) throw notFound();
  const self = ctx.query.self === true || ctx.query.self === 'true';
  return below(all, depId).filter((d) => self || d.depId !== depId);
};

/** Departments whose data the caller may see: all of them with 公司管理, else their own and below. */
const permDeps: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const all = await departments(ctx.db, s.orgId);
  if (hasPermission(s.permissions, COMPANY_MANAGEMENT)) return all;
  return s.depId ? below(all, s.depId) : [];
};

export const adminDepartmentHandlers: Record<string, Handler> = {
  'department.myBusiness': myBusiness,
  'department.corpBusiness': corpBusiness,
  'department.orgList': orgList,
  'department.subDeps': subDeps,
  'department.permDeps': permDeps,
};
