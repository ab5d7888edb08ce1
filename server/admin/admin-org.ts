/**
 * adminOrg.* handlers: the organisation calls of seed 000 §7.2 / seed 002 §7.5 beyond the generic
 * ones — the group tree, the caller's organisations, platform name matching and 设置管理员.
 * Without 集团管理 the group is the caller's own organisation (docs/decisions.md, sibling rule).
 */
import { sql } from 'kysely';
import { type Handler, requireSession } from '../crud/context';
import { badRequest } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { staffPermissions } from '../auth/permissions';
import { inTransaction } from '../crud/handlers';
import { writeLog, OP } from '../crud/oplog';
import { assertCanGrant, rolePermissions } from './access';
import { visibleOrg, visibleOrgIds } from './people';
import { syncStaffRoles, idsOf } from '../hooks/admin/staff';

const ORG_COLUMNS = ['o.orgId', 'o.name', 'o.shortName', 'o.parentOrgId', 'o.orgType', 'o.regionCode', 'o.disabled', 'o.managerStaffId'] as const;
/** The role bundle an organisation's administrator gets (schemas/permissions.json). */
export const COMPANY_ADMIN_ROLE = 'companyAdmin';

const structure: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const ids = await visibleOrgIds(ctx.db, s);
  const rows = (await ctx.db.selectFrom('organization as o')
    .leftJoin('staff as m', 'm.staffId', 'o.managerStaffId')
    .select([...ORG_COLUMNS, 'm.name as managerName',
      sql<number>`(select count(*)::int from staff st where st.org_id = o.org_id and st.resigned is not true)`.as('staffCount')])
    .where('o.orgId', 'in', ids).orderBy('o.orgType').orderBy('o.orgId').execute()) as (Record<string, any> & { orgId: number; parentOrgId: number | null })[];
  const nodes = new Map(rows.map((r) => [r.orgId, { ...r, children: [] as unknown[] }]));
  const roots: unknown[] = [];
  for (const n of nodes.values()) (n.parentOrgId && nodes.get(n.parentOrgId) ? nodes.get(n.parentOrgId)!.children : roots).push(n);
  return roots;
};

const sameCorp: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const ids = await visibleOrgIds(ctx.db, s);
  return ctx.db.selectFrom('organization as o').select(['o.orgId', 'o.name', 'o.shortName', 'o.parentOrgId', 'o.orgType', 'o.disabled'])
    .where('o.orgId', 'in', ids).orderBy('o.orgId').execute();
};

async function myMemberships(ctx: Parameters<Handler>[0]) {
  const s = requireSession(ctx);
  return (await ctx.db.selectFrom('staff as st').innerJoin('organization as o', 'o.orgId', 'st.orgId')
    .select(['st.staffId', 'st.isDefault', 'o.orgId', 'o.name', 'o.shortName', 'o.disabled'])
    .where('st.accountId', '=', s.accountId).where('st.resigned', 'is not', true).where('st.disabled', 'is not', true)
    .orderBy('o.orgId').execute()) as { staffId: number; isDefault: boolean; orgId: number; name: string; shortName: string | null; disabled: boolean }[];
}

const userOrgs: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return (await myMemberships(ctx)).map((m) => ({ ...m, current: m.orgId === s.orgId }));
};

/** The caller's organisations in which their roles grant the permission (any permission when none is named). */
const permOrgs: Handler = async (ctx) => {
  const wanted = typeof ctx.query.permission === 'string' && ctx.query.permission ? ctx.query.permission : undefined;
  const out = [];
  for (const m of await myMemberships(ctx)) {
    const held = await staffPermissions(ctx.db, m.staffId, m.orgId);
    if (wanted ? hasPermission(held, wanted) : held.length > 0) out.push({ orgId: m.orgId, name: m.name, shortName: m.shortName, disabled: m.disabled });
  }
  return out;
};

/** Exact names of organisations registered on the platform (other than the caller's own). */
const matchedNames: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const names = [...new Set((ctx.query.names as string[]).map((n) => n.trim()).filter(Boolean))];
  const rows = (await ctx.db.selectFrom('organization').select(['orgId', 'name']).where('name', 'in', names)
    .where('orgId', '!=', s.orgId).where('disabled', 'is not', true).execute()) as { orgId: number; name: string }[];
  return names.map((name) => {
    const hit = rows.find((r) => r.name === name);
    return { name, matched: Boolean(hit), orgId: hit?.orgId ?? null };
  });
};

/** Platform organisations whose name contains the keyword (at least 4 characters: a lookup, not a directory). */
const platform: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const keyword = String(ctx.query.keyword).trim();
  if (keyword.length < 4) throw badRequest('请输入至少4个字的单位名称', { field: 'keyword' });
  return ctx.db.selectFrom('organization').select(['orgId', 'name', 'shortName', 'regionCode'])
    .where('name', 'ilike', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`).where('orgId', '!=', s.orgId).where('disabled', 'is not', true)
    .orderBy('orgId').limit(20).execute();
};

/**
 * 设置管理员: the person behind `managerStaffId` (a staff member of any organisation of the group)
 * becomes the organisation's administrator — a member of it if not yet (same login), with its
 * 单位管理员 role — and its manager of record.
 */
const setManager: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { orgId, managerStaffId } = ctx.body as { orgId: number; managerStaffId: number };
  const org = await visibleOrg(ctx.db, s, orgId);
  const person = (await ctx.db.selectFrom('staff').selectAll().where('staffId', '=', managerStaffId).where('corpId', '=', s.corpId).executeTakeFirst()) as Record<string, any> | undefined;
  if (!person || !(await visibleOrgIds(ctx.db, s)).includes(person.orgId)) throw badRequest('所选员工不存在', { field: 'managerStaffId' });
  if (!person.accountId) throw badRequest('该员工没有登录账号，不能设为单位管理员', { field: 'managerStaffId' });
  const role = (await ctx.db.selectFrom('role').select(['roleId', 'permissions']).where('orgId', '=', org.orgId).where('code', '=', COMPANY_ADMIN_ROLE).executeTakeFirst()) as { roleId: number; permissions: string[] } | undefined;
  if (!role) throw badRequest('该单位没有「单位管理员」角色，请先在该单位的角色管理中建立');
  assertCanGrant(s, await rolePermissions(ctx.db, org.orgId, [role.roleId]));
  return inTransaction(ctx.db, async (trx) => {
    let member = (await trx.selectFrom('staff').selectAll().where('accountId', '=', person.accountId).where('orgId', '=', org.orgId).executeTakeFirst()) as Record<string, any> | undefined;
    if (member && (member.resigned || member.disabled)) throw badRequest('该员工在该单位已离职或被停用', { field: 'managerStaffId' });
    if (!member) {
      member = (await trx.insertInto('staff').values({
        corpId: s.corpId, orgId: org.orgId, accountId: person.accountId, username: person.username, name: person.name, mobile: person.mobile,
        post: '单位管理员', roleIds: JSON.stringify([]), config: JSON.stringify({}), createdBy: s.staffId, updatedBy: s.staffId,
      }).returningAll().executeTakeFirstOrThrow()) as Record<string, any>;
    }
    const roles = idsOf(member.roleIds);
    if (!roles.includes(role.roleId)) await syncStaffRoles({ db: trx }, member as { staffId: number; orgId: number; corpId: number }, [...roles, role.roleId], s.staffId);
    const before = (await trx.selectFrom('organization').select('managerStaffId').where('orgId', '=', org.orgId).executeTakeFirst()) as { managerStaffId: number | null };
    const row = await trx.updateTable('organization')
      .set({ managerStaffId: member.staffId, managerName: member.name, version: sql`version + 1`, updatedAt: sql`now()`, updatedBy: s.staffId })
      .where('orgId', '=', org.orgId).where('corpId', '=', s.corpId).returningAll().executeTakeFirstOrThrow();
    await writeLog(trx, s, ctx.request.ip, {
      entity: ctx.entities.staff!, operationType: OP.update, subjectId: Number(member.staffId), subjectName: String(member.name), action: '设为单位管理员',
      content: [{ field: 'managerStaffId', label: '单位管理员', before: before.managerStaffId === member.staffId ? member.name : null, after: `${org.name}：${member.name}` }],
    });
    return row;
  });
};

export const adminOrganizationHandlers: Record<string, Handler> = {
  'adminOrg.structure': structure,
  'adminOrg.sameCorp': sameCorp,
  'adminOrg.userOrgs': userOrgs,
  'adminOrg.permOrgs': permOrgs,
  'adminOrg.matchedNames': matchedNames,
  'adminOrg.platform': platform,
  'adminOrg.setManager': setManager,
};

