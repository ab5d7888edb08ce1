/**
 * `digitalAssetCategory.*` (seed 002 §7.6): the tree each person may browse, the level-1 list
 * the browser caches, category permissions (read and written as one list), transfer, and the
 * category's metadata form saved from the category designer.
 */
import { sql } from 'kysely';
import type { Handler, HandlerContext } from '../crud/context';
import { requireSession, requireEntity } from '../crud/context';
import { crudHandlers } from '../crud/handlers';
import { inTransaction } from '../db/connect';
import { badRequest, notFound, HttpError, MSG } from '../http/errors';
import { updateRecord, type WriteContext } from '../crud/write';
import { checkFormDefinition } from '../../schemas/src/form-meta';
import { sanitizeDefinition } from '../forms/sanitize';
import { hasPermission } from '../../schemas/src/permission';
import { LEVEL, SUBJECT, resolveAccess, levelOf } from './access';

const MANAGE = '数字资产:分类';

const write = (ctx: HandlerContext, db = ctx.db): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request });

async function category(ctx: HandlerContext, id: number) {
  const s = requireSession(ctx);
  const row = Number.isSafeInteger(id)
    ? await ctx.db.selectFrom('digitalAssetCategory').selectAll().where('orgId', '=', s.orgId).where('categoryId', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('资产分类不存在');
  return row as Record<string, any>;
}

/** Managing one category: 数字资产:分类 and level 4 on it (its manager, a manager above, or the super manager). */
async function assertManages(ctx: HandlerContext, id: number) {
  const s = requireSession(ctx);
  const a = await resolveAccess(ctx.db, s);
  if (!hasPermission(s.permissions, MANAGE) || (a.levels.get(id) ?? 0) < LEVEL.manage) throw new HttpError(403, '您不是该分类的管理员');
}

/**
 * The tree: category managers see every category they manage (any state); everyone else the
 * published, enabled categories they may view, with the ancestors needed to reach them.
 */
const listTree: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const a = await resolveAccess(ctx.db, s);
  const nodes = (await crudHandlers['crud.tree']!(ctx)) as Record<string, any>[];
  const keep = (n: Record<string, any>): Record<string, any> | null => {
    const children = ((n.children ?? []) as Record<string, any>[]).map(keep).filter(Boolean) as Record<string, any>[];
    const level = levelOf(a, Number(n.categoryId));
    const mine = level > 0;
    if (!mine && !children.length) return null;
    // Who may see a category's permissions is who manages it.
    const { permissions, ...rest } = n;
    return { ...rest, ...(level === LEVEL.manage ? { permissions } : {}), myLevel: level, children };
  };
  return nodes.map(keep).filter(Boolean);
};

/** Published level-1 categories (the list the browser caches, seed 002 §3.2). */
const listAllLevel1: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const a = await resolveAccess(ctx.db, s);
  const rows = await ctx.db.selectFrom('digitalAssetCategory').select(['categoryId', 'name', 'code', 'icon', 'sort', 'assetCount'])
    .where('orgId', '=', s.orgId).where('parentId', 'is', null).where('status', '=', 10).orderBy('sort').orderBy('categoryId').execute();
  // A level-1 category shows when the caller may view it or something under it.
  const reach = new Set<number>();
  for (const id of a.levels.keys()) {
    if (!a.visible.has(id) && a.levels.get(id) !== LEVEL.manage) continue;
    let c = a.categories.get(id);
    while (c?.parentId) c = a.categories.get(c.parentId);
    if (c) reach.add(c.categoryId);
  }
  return rows.filter((r: any) => reach.has(Number(r.categoryId)));
};

const getPermission: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const id = Number(ctx.params.categoryId);
  await category(ctx, id);
  await assertManages(ctx, id);
  return ctx.db.selectFrom('categoryPermission').select(['categoryPermissionId', 'categoryId', 'subjectType', 'subjectId', 'level'])
    .where('orgId', '=', s.orgId).where('categoryId', '=', id).orderBy('subjectType').orderBy('subjectId').execute();
};

interface PermissionRow { staffIds?: number[]; depIds?: number[]; roleIds?: number[]; level: number }

/** Replaces the category's permissions; the list on the category is the form's copy of the rows. */
const savePermission: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const body = ctx.body as { categoryId: number; permissions: PermissionRow[] };
  const id = Number(body.categoryId);
  await category(ctx, id);
  await assertManages(ctx, id);
  const subjects = new Map<string, { subjectType: number; subjectId: number; level: number }>();
  const check = async (table: 'staff' | 'department' | 'role', idField: string, ids: number[], label: string) => {
    if (!ids.length) return;
    const q = ctx.db.selectFrom(table).select(idField as any).where(idField as any, 'in', ids);
    const found = (await (table === 'role' ? q.where('corpId', '=', s.corpId) : q.where('orgId', '=', s.orgId)).execute()).map((r: any) => Number(r[idField]));
    const missing = ids.filter((x) => !found.includes(x));
    if (missing.length) throw badRequest(`${label}不存在或不属于本单位`, { field: 'permissions' });
  };
  (body.permissions ?? []).forEach((p, i) => {
    if (!(p.staffIds?.length || p.depIds?.length || p.roleIds?.length)) throw badRequest(`分类权限第${i + 1}行：请选择员工、部门或角色`, { field: 'permissions' });
  });
  await check('staff', 'staffId', (body.permissions ?? []).flatMap((p) => p.staffIds ?? []), '员工');
  await check('department', 'depId', (body.permissions ?? []).flatMap((p) => p.depIds ?? []), '部门');
  await check('role', 'roleId', (body.permissions ?? []).flatMap((p) => p.roleIds ?? []), '角色');
  for (const p of body.permissions ?? []) {
    const add = (subjectType: number, subjectId: number) => {
      const key = `${subjectType}:${subjectId}`;
      const prev = subjects.get(key);
      // Named twice: the higher level wins.
      subjects.set(key, { subjectType, subjectId, level: Math.max(prev?.level ?? 0, Number(p.level)) });
    };
    for (const x of p.staffIds ?? []) add(SUBJECT.staff, x);
    for (const x of p.depIds ?? []) add(SUBJECT.department, x);
    for (const x of p.roleIds ?? []) add(SUBJECT.role, x);
  }
  return inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('categoryPermission').where('orgId', '=', s.orgId).where('categoryId', '=', id).execute();
    const rows = [...subjects.values()];
    if (rows.length) {
      await trx.insertInto('categoryPermission').values(rows.map((r) => ({ ...r, categoryId: id, orgId: s.orgId, corpId: s.corpId, createdBy: s.staffId, updatedBy: s.staffId }))).execute();
    }
    await updateRecord(write(ctx, trx), ctx.entities.digitalAssetCategory!, id, { permissions: body.permissions ?? [] }, { system: true });
    return { categoryId: id, count: rows.length };
  });
};

/** 移交: a new manager (and/or a new parent, never below itself). */
const transfer: Handler = async (ctx) => {
  const body = ctx.body as { categoryId: number; ownerStaffId?: number; parentId?: number | null };
  const id = Number(body.categoryId);
  const row = await category(ctx, id);
  await assertManages(ctx, id);
  if (!body.ownerStaffId && body.parentId === undefined) throw badRequest('请选择新的分类管理员或上级分类', { field: 'ownerStaffId' });
  const values: Record<string, unknown> = {};
  if (body.ownerStaffId) values.ownerStaffId = body.ownerStaffId;
  if (body.parentId !== undefined && body.parentId !== row.parentId) values.parentId = body.parentId;
  const entity = requireEntity(ctx);
  return inTransaction(ctx.db, (trx) => updateRecord(write(ctx, trx), entity, id, values, { system: false, version: Number(row.version) }));
};

/** Saves the category's metadata form (a designer definition) as a new revision of its form and links it. */
const saveForm: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const id = Number(ctx.params.categoryId);
  const row = await category(ctx, id);
  await assertManages(ctx, id);
  const definition = (ctx.body as { definition: unknown }).definition as any;
  const problem = checkFormDefinition(definition);
  if (problem) throw badRequest(problem);
  const clean = await sanitizeDefinition(structuredClone(definition));
  const name = String(row.formName || `asset-category-${id}`);
  return inTransaction(ctx.db, async (trx) => {
    await sql`select pg_advisory_xact_lock(1201, hashtext(${`${s.orgId}:${name}`}))`.execute(trx);
    const top = await trx.selectFrom('formDefinition').select(sql<number>`coalesce(max(revision), 0)`.as('max'))
      .where('orgId', '=', s.orgId).where('name', '=', name).executeTakeFirst();
    const revision = Number(top?.max ?? 0) + 1;
    await trx.insertInto('formDefinition').values({
      corpId: s.corpId, orgId: s.orgId, name, title: `${row.name}表单`, revision, baseForm: null, remark: '资产分类表单',
      definition: JSON.stringify(clean), createdBy: s.staffId, updatedBy: s.staffId,
    }).execute();
    if (row.formName !== name) await updateRecord(write(ctx, trx), ctx.entities.digitalAssetCategory!, id, { formName: name }, { system: true });
    return { categoryId: id, formName: name, revision };
  });
};

export const digitalAssetCategoryHandlers: Record<string, Handler> = {
  'digitalAssetCategory.listTree': listTree,
  'digitalAssetCategory.listAllLevel1': listAllLevel1,
  'digitalAssetCategory.getPermission': getPermission,
  'digitalAssetCategory.savePermission': savePermission,
  'digitalAssetCategory.transfer': transfer,
  'digitalAssetCategory.saveForm': saveForm,
};

void MSG;
