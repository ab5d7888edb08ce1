/**
 * staff.* handlers: the staff calls of seed 000 §7.2 and seed 002 §7.4 that a generic list can't
 * answer (lists by permission, department, organisation; disable, reset password, move, remove,
 * leave and handover). Everything reads the session's organisation unless 集团管理 asks for
 * another organisation of its group; every write goes through the write pipeline (hooks, log).
 */
import { sql } from 'kysely';
import { type Handler, type HandlerContext, requireSession } from '../crud/context';
import { HttpError, MSG, badRequest, notFound, conflict } from '../http/errors';
import { hasPermission } from '../../schemas/src/permission';
import { MASKS } from '../../schemas/src/fields/registry';
import { removeRecord, updateRecord, type WriteContext } from '../crud/write';
import { inTransaction } from '../crud/handlers';
import { writeLog, OP } from '../crud/oplog';
import { hashPassword } from '../auth/password';
import { revokeAccountSessions, revokeStaffSessions } from '../auth/sessions';
import { COMPANY_MANAGEMENT, assertCanManageStaff, permissionCatalogue, seesWholeGroup } from './access';
import { holdersOf, staffWithPermissions, visibleOrg, visibleOrgIds } from './people';
import { scopedQueries } from '../crud/scope';

const STAFF = 'staff';
const maskMobile = (m: unknown) => (typeof m === 'string' && m ? MASKS.mobile(m) : m ?? null);

const write = (ctx: HandlerContext, db = ctx.db): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request });
const entity = (ctx: HandlerContext) => ctx.entities[STAFF]!;

async function staffInOrg(ctx: HandlerContext, staffId: number) {
  const s = requireSession(ctx);
  const row = (await ctx.db.selectFrom('staff').selectAll().where('staffId', '=', staffId).where('orgId', '=', s.orgId).executeTakeFirst()) as Record<string, any> | undefined;
  if (!row) throw notFound();
  return row;
}

const light = (qb: any) => qb.select(['s.staffId', 's.name', 's.depId']).where('s.resigned', 'is not', true).where('s.disabled', 'is not', true).orderBy('s.staffId');

const pagedOrgStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const org = await visibleOrg(ctx.db, s, Number(ctx.query.orgId ?? s.orgId));
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(ctx.query.pageSize) || 20));
  let base = ctx.db.selectFrom('staff as s').leftJoin('department as d', 'd.depId', 's.depId').where('s.orgId', '=', org.orgId);
  const keyword = typeof ctx.query.keyword === 'string' ? ctx.query.keyword.trim() : '';
  if (keyword) base = base.where((eb: any) => eb.or([eb('s.name', 'ilike', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`), eb('s.username', 'ilike', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`)]));
  const total = Number(((await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number }).n);
  const rows = (await base.select(['s.staffId', 's.name', 's.username', 's.mobile', 's.depId', 'd.name as depName', 's.post', 's.disabled', 's.resigned', 's.orgId'])
    .orderBy('s.staffId').limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Record<string, any>[];
  return { list: rows.map((r) => ({ ...r, mobile: maskMobile(r.mobile), orgName: org.name })), total, pageNo, pageSize };
};

const orgManagers: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const ids = await visibleOrgIds(ctx.db, s);
  return ctx.db.selectFrom('organization as o').leftJoin('staff as m', 'm.staffId', 'o.managerStaffId')
    .select(['o.orgId', 'o.name as orgName', 'o.managerStaffId as staffId', 'm.name', 'm.username'])
    .where('o.orgId', 'in', ids).orderBy('o.orgId').execute();
};

const orgStaffLight: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const org = await visibleOrg(ctx.db, s, Number(ctx.params.orgId));
  return light(ctx.db.selectFrom('staff as s').where('s.orgId', '=', org.orgId)).execute();
};

const depStaffLight: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const dep = await ctx.db.selectFrom('department').select('depId').where('depId', '=', Number(ctx.params.depId)).where('orgId', '=', s.orgId).executeTakeFirst();
  if (!dep) throw notFound();
  return light(ctx.db.selectFrom('staff as s').where('s.orgId', '=', s.orgId).where('s.depId', '=', Number(ctx.params.depId))).execute();
};

const myDepStaffLight: Handler = async (ctx) => {
  const s = requireSession(ctx);
  if (!s.depId) return [];
  return light(ctx.db.selectFrom('staff as s').where('s.orgId', '=', s.orgId).where('s.depId', '=', s.depId)).execute();
};

/** The department tree of the organisation, each node with its active staff (people pickers by department). */
const orgDepStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const deps = (await ctx.db.selectFrom('department').select(['depId', 'name', 'parentId', 'sort']).where('orgId', '=', s.orgId).orderBy('sort').orderBy('depId').execute()) as { depId: number; name: string; parentId: number | null }[];
  const staff = (await light(ctx.db.selectFrom('staff as s').where('s.orgId', '=', s.orgId)).execute()) as { staffId: number; name: string; depId: number | null }[];
  const nodes = new Map(deps.map((d) => [d.depId, { ...d, staff: staff.filter((x) => x.depId === d.depId).map(({ staffId, name }) => ({ staffId, name })), children: [] as unknown[] }]));
  const roots: unknown[] = [];
  for (const n of nodes.values()) (n.parentId && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
  const loose = staff.filter((x) => !x.depId || !nodes.has(x.depId)).map(({ staffId, name }) => ({ staffId, name }));
  if (loose.length) roots.push({ depId: null, name: '未分配部门', parentId: null, staff: loose, children: [] });
  return roots;
};

const businessStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return light(ctx.db.selectFrom('staff as s').innerJoin('department as d', 'd.depId', 's.depId')
    .where('s.orgId', '=', s.orgId).where('d.isBusiness', '=', true)).execute();
};

const AUDIT_PERMISSIONS = () => permissionCatalogue().permissions.map((p) => p.name).filter((n) => n.endsWith(':审核'));

const verifyStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const wanted = typeof ctx.query.permission === 'string' && ctx.query.permission ? [ctx.query.permission] : AUDIT_PERMISSIONS();
  return holdersOf(ctx.db, s.orgId, (held) => wanted.some((p) => hasPermission(held, p)));
};

const FINANCE_APPLY = ['财务:资金事项:付款', '财务:资金事项:收款', '财务:资金事项:收票', '财务:资金事项:开票'];
const financeAppliers: Handler = async (ctx) => holdersOf(ctx.db, requireSession(ctx).orgId, (held) => FINANCE_APPLY.some((p) => hasPermission(held, p)));

/** The customer's manager first, then the colleagues who could take it over (customer list holders). */
const customerManageStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const customer = (await ctx.db.selectFrom('customer').select(['customerId', 'managerStaffId']).where('customerId', '=', Number(ctx.params.customerId)).where('orgId', '=', s.orgId).executeTakeFirst()) as { managerStaffId: number | null } | undefined;
  if (!customer) throw notFound();
  const holders = await holdersOf(ctx.db, s.orgId, '商务:客户列表');
  const list = holders.map((h) => ({ ...h, isManager: h.staffId === customer.managerStaffId }));
  return list.sort((a, b) => Number(b.isManager) - Number(a.isManager) || a.staffId - b.staffId);
};

const permStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const p = typeof ctx.query.permission === 'string' && ctx.query.permission ? ctx.query.permission : undefined;
  return holdersOf(ctx.db, s.orgId, p ?? ((held) => held.length > 0));
};

const staffsHasPermissions: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const all = await staffWithPermissions(ctx.db, s.orgId);
  const titles = new Map(permissionCatalogue().permissions.map((p) => [p.name, p.title]));
  return (ctx.query.permissions as string[]).map((permission) => ({
    permission, title: titles.get(permission) ?? permission,
    staff: all.filter((x) => hasPermission(x.permissions, permission)).map(({ staffId, name, depId }) => ({ staffId, name, depId })),
  }));
};

const staffsHasPermission: Handler = async (ctx) => holdersOf(ctx.db, requireSession(ctx).orgId, String(ctx.params.perm));

// ---- writes -------------------------------------------------------------------------------

async function setDisabled(ctx: HandlerContext, disabled: boolean) {
  const s = requireSession(ctx);
  const id = Number(ctx.params.staffId);
  const row = await staffInOrg(ctx, id);
  if (disabled && id === s.staffId) throw badRequest('不能停用自己');
  const seen = (ctx.body as { version?: number }).version;
  if (seen !== undefined && row.version !== seen) throw conflict(MSG.stale);
  await assertCanManageStaff(ctx.db, s, row as { staffId: number; orgId: number });
  const updated = await inTransaction(ctx.db, (trx) => updateRecord(write(ctx, trx), entity(ctx), id, { disabled }, { system: true }));
  // Its sessions end now, not at their idle expiry (the epoch also refuses them in other processes).
  if (disabled) await revokeStaffSessions(ctx.db, id);
  return updated;
}

const resetPassword: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { staffId, password } = ctx.body as { staffId: number; password: string };
  const row = await staffInOrg(ctx, staffId);
  if (!row.accountId) throw badRequest('该员工没有登录账号');
  await assertCanManageStaff(ctx.db, s, row as { staffId: number; orgId: number });
  const elsewhere = await ctx.db.selectFrom('staff').select('orgId').where('accountId', '=', row.accountId).where('orgId', '!=', s.orgId).where('resigned', 'is not', true).executeTakeFirst();
  // The password is the person's, for every organisation: only the group may reset a shared one.
  if (elsewhere && !seesWholeGroup(s)) throw new HttpError(403, '该员工同时在其他单位任职，需由集团管理员重置密码');
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx.db, async (trx) => {
    await trx.updateTable('account').set({ passwordHash, updatedAt: sql`now()`, updatedBy: s.staffId }).where('accountId', '=', row.accountId).execute();
    await writeLog(trx, s, ctx.request.ip, {
      entity: entity(ctx), operationType: OP.update, subjectId: staffId, subjectName: row.name, action: '重置密码',
      content: [{ field: 'password', label: '登录密码', before: null, after: '已重置' }],
    });
  });
  await revokeAccountSessions(ctx.db, row.accountId);
  return null;
};

const move: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const body = ctx.body as { staffId?: number; staffIds?: number[]; depId: number };
  const ids = [...new Set([...(body.staffIds ?? []), ...(body.staffId ? [body.staffId] : [])])];
  if (!ids.length) throw badRequest('请选择要调动的员工', { field: 'staffIds' });
  const dep = await ctx.db.selectFrom('department').select('depId').where('depId', '=', body.depId).where('orgId', '=', s.orgId).executeTakeFirst();
  if (!dep) throw badRequest('调入部门不存在或不属于本单位', { field: 'depId' });
  return inTransaction(ctx.db, async (trx) => {
    for (const id of ids) {
      const row = await staffInOrg({ ...ctx, db: trx }, id);
      await assertCanManageStaff(trx, s, row as { staffId: number; orgId: number });
      if (row.depId !== body.depId) await updateRecord(write(ctx, trx), entity(ctx), id, { depId: body.depId }, { system: true });
    }
    return { count: ids.length };
  });
};

/** Reference fields (of any entity) that point at a staff member, except its role assignments. */
function staffReferences(ctx: HandlerContext): { table: string; column: string; many: boolean; tenant: string }[] {
  const out: { table: string; column: string; many: boolean; tenant: string }[] = [];
  for (const e of Object.values(ctx.entities)) {
    if (e.name === 'staffRole' || e.tenant === 'none') continue;
    for (const [name, f] of Object.entries(e.fields)) {
      if ((f.type === 'reference' || f.type === 'references') && f.ref === STAFF) out.push({ table: e.table, column: name, many: f.type === 'references', tenant: e.tenant });
    }
  }
  return out;
}

/**
 * Removes a person from this organisation (the staff–organisation relation): only while no
 * record refers to them — someone with history leaves through 离职交接 instead, which keeps it.
 */
const deleteRelation: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const id = Number(ctx.params.relationId);
  const row = await staffInOrg(ctx, id);
  if (id === s.staffId) throw badRequest('不能将自己移出本单位');
  for (const ref of staffReferences(ctx)) {
    let qb = ctx.db.selectFrom(ref.table).select(sql`1`.as('one'));
    qb = ref.tenant === 'org' ? qb.where('orgId', '=', s.orgId) : qb.where('corpId', '=', s.corpId);
    qb = ref.many ? qb.where(sql.ref(ref.column), '@>', JSON.stringify([id])) : qb.where(ref.column, '=', id);
    if (ref.table === 'staff') qb = qb.where('staffId', '!=', id);
    if (await qb.limit(1).executeTakeFirst()) throw conflict('该员工已有业务记录，不能移出本单位，请办理离职交接');
  }
  await inTransaction(ctx.db, async (trx) => {
    await removeRecord(write(ctx, trx), entity(ctx), id);
    if (row.accountId) {
      const other = (await trx.selectFrom('staff').select('staffId').where('accountId', '=', row.accountId).where('resigned', 'is not', true).orderBy('staffId').executeTakeFirst()) as { staffId: number } | undefined;
      await trx.updateTable('account').set({ defaultStaffId: other?.staffId ?? null }).where('accountId', '=', row.accountId).where('defaultStaffId', '=', id).execute();
    }
  });
  await revokeStaffSessions(ctx.db, id);
  return null;
};

/** Records a leaver hands over: rows of every entity whose owner field (or customer manager) is them. */
function handoverFields(ctx: HandlerContext): { entity: string; title: string; table: string; column: string }[] {
  const out: { entity: string; title: string; table: string; column: string }[] = [];
  for (const e of Object.values(ctx.entities)) {
    if (e.tenant !== 'org') continue;
    const column = e.ownerField ?? (e.name === 'customer' && e.fields.managerStaffId ? 'managerStaffId' : undefined);
    if (column) out.push({ entity: e.name, title: e.title, table: e.table, column });
  }
  return out;
}

async function leaveTarget(ctx: HandlerContext, staffId: number | undefined) {
  const s = requireSession(ctx);
  const id = staffId ?? s.staffId;
  if (id !== s.staffId && !hasPermission(s.permissions, COMPANY_MANAGEMENT)) throw new HttpError(403, '只能办理自己的离职交接');
  return staffInOrg(ctx, id);
}

const leaveInfo: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const row = await leaveTarget(ctx, ctx.query.staffId === undefined ? undefined : Number(ctx.query.staffId));
  const owned: { entity: string; title: string; count: number }[] = [];
  for (const h of handoverFields(ctx)) {
    const r = (await ctx.db.selectFrom(h.table).select(sql<number>`count(*)::int`.as('n')).where('orgId', '=', s.orgId).where(h.column, '=', row.staffId).executeTakeFirstOrThrow()) as { n: number };
    if (r.n) owned.push({ entity: h.entity, title: h.title, count: r.n });
  }
  return {
    staffId: row.staffId, name: row.name, resigned: row.resigned, leaveDate: row.leaveDate ?? null,
    handoverStaffId: row.handoverStaffId ?? null, leaveReason: row.leaveReason ?? null, owned,
  };
};

const leave: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const body = ctx.body as { staffId?: number; handoverStaffId: number; leaveDate?: string; leaveReason?: string };
  const row = await leaveTarget(ctx, body.staffId);
  if (row.resigned) throw conflict('该员工已离职');
  if (row.staffId !== s.staffId) await assertCanManageStaff(ctx.db, s, row as { staffId: number; orgId: number });
  if (body.handoverStaffId === row.staffId) throw badRequest('不能交接给自己', { field: 'handoverStaffId' });
  const receiver = await ctx.db.selectFrom('staff').select('staffId').where('staffId', '=', body.handoverStaffId).where('orgId', '=', s.orgId)
    .where('resigned', 'is not', true).where('disabled', 'is not', true).executeTakeFirst();
  if (!receiver) throw badRequest('交接人不是本单位在职员工', { field: 'handoverStaffId' });
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const handed = await inTransaction(ctx.db, async (trx) => {
    const q = scopedQueries(trx, ctx.entities, s);
    const counts: { title: string; count: number }[] = [];
    for (const h of handoverFields(ctx)) {
      const r = await q.update(h.entity).set({ [h.column]: body.handoverStaffId, updatedAt: sql`now()`, updatedBy: s.staffId }).where(h.column, '=', row.staffId).executeTakeFirst();
      if (Number(r.numUpdatedRows)) counts.push({ title: h.title, count: Number(r.numUpdatedRows) });
    }
    await updateRecord(write(ctx, trx), entity(ctx), row.staffId, {
      resigned: true, leaveDate: body.leaveDate ?? today, handoverStaffId: body.handoverStaffId, leaveReason: body.leaveReason ?? null,
    }, { system: true });
    return counts;
  });
  await revokeStaffSessions(ctx.db, row.staffId);
  return { handed };
};

export const adminStaffHandlers: Record<string, Handler> = {
  'staff.pagedOrgStaff': pagedOrgStaff,
  'staff.orgManagers': orgManagers,
  'staff.orgStaffLight': orgStaffLight,
  'staff.depStaffLight': depStaffLight,
  'staff.myDepStaffLight': myDepStaffLight,
  'staff.orgDepStaff': orgDepStaff,
  'staff.businessStaff': businessStaff,
  'staff.verifyStaff': verifyStaff,
  'staff.financeAppliers': financeAppliers,
  'staff.customerManageStaff': customerManageStaff,
  'staff.permStaff': permStaff,
  'staff.staffsHasPermissions': staffsHasPermissions,
  'staff.staffsHasPermission': staffsHasPermission,
  'staff.disable': (ctx) => setDisabled(ctx, true),
  'staff.enable': (ctx) => setDisabled(ctx, false),
  'staff.resetPassword': resetPassword,
  'staff.move': move,
  'staff.deleteRelation': deleteRelation,
  'staff.leaveInfo': leaveInfo,
  'staff.leave': leave,
};

