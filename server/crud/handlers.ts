/** The generic handlers named crud.* in the catalogue. */
import { sql, type Kysely } from 'kysely';
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, notFound, conflict } from '../http/errors';
import { type Handler, type HandlerContext, requireEntity } from './context';
import { scoped, tenantValues } from './scope';
import { customValue, idParam, writableValues } from './values';
import type { ResolvedEntity } from '../schema/types';

const LIST_CAP = 10000;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function isColumn(entity: ResolvedEntity, name: string): boolean {
  return name in entity.fields || name === entity.idField || ['createdAt', 'updatedAt', 'version', 'orgId', 'corpId'].includes(name);
}

/** filters, fixed filters and keyword shared by page, list and tree */
function filtered(ctx: HandlerContext, db: Kysely<any>, entity: ResolvedEntity) {
  let qb = scoped(db.selectFrom(entity.table), entity, ctx.session);
  const opts = ctx.entry.options ?? {};
  for (const f of opts.filters ?? []) {
    const v = ctx.query[f];
    if (v === undefined || v === null || v === '') continue;
    const values = Array.isArray(v) ? v : [v];
    if (values.length === 0) continue;
    qb = values.length === 1 ? qb.where(f, '=', values[0]) : qb.where(f, 'in', values);
  }
  for (const [f, v] of Object.entries(opts.fixed ?? {})) {
    qb = Array.isArray(v) ? qb.where(f, 'in', v) : qb.where(f, '=', v);
  }
  const keyword = typeof ctx.query.keyword === 'string' ? ctx.query.keyword.trim() : '';
  // A light list searches only what it shows: matching on hidden columns would let a caller
  // read them back one keystroke at a time (e.g. colleagues' mobiles through a staff picker).
  const shown = opts.fields?.length ? new Set(opts.fields) : null;
  const search = (entity.search ?? []).filter((f) => f in entity.fields && (!shown || shown.has(f)));
  if (keyword && search.length) {
    const pattern = `%${escapeLike(keyword)}%`;
    qb = qb.where((eb) => eb.or(search.map((f) => eb(sql`${sql.ref(f)}::text`, 'ilike', pattern))));
  }
  return qb;
}

function selected(ctx: HandlerContext, entity: ResolvedEntity, qb: any) {
  const fields = ctx.entry.options?.fields;
  return fields?.length ? qb.select(fields.filter((f) => isColumn(entity, f))) : qb.selectAll();
}

function ordered(ctx: HandlerContext, entity: ResolvedEntity, qb: any) {
  const requested = typeof ctx.query.sortField === 'string' && isColumn(entity, ctx.query.sortField) ? ctx.query.sortField : undefined;
  const field = requested ?? (entity.defaultSort && isColumn(entity, entity.defaultSort.field) ? entity.defaultSort.field : entity.idField);
  const order = ctx.query.sortOrder === 'asc' || ctx.query.sortOrder === 'desc'
    ? ctx.query.sortOrder
    : requested ? 'asc' : (entity.defaultSort?.order ?? (field === entity.idField ? 'desc' : 'asc'));
  qb = qb.orderBy(field, order);
  // A unique tie-breaker keeps pages stable when many rows share the sort value.
  if (field !== entity.idField) qb = qb.orderBy(entity.idField, 'desc');
  return qb;
}

const page: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const max = ctx.entry.options?.maxPageSize ?? 1000;
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(max, Math.max(1, Number(ctx.query.pageSize) || 20));
  const base = filtered(ctx, ctx.db, entity);
  // One round trip: the window count rides along with the page. Only a page past the end (no
  // rows to carry it) needs a separate count.
  const rows = (await ordered(ctx, entity, selected(ctx, entity, base).select(sql<number>`count(*) over ()`.as('crudWindowTotal')))
    .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Record<string, unknown>[];
  let total: number;
  if (rows.length) total = Number(rows[0]!.crudWindowTotal);
  else total = Number(((await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst()) as { total: number }).total);
  const list = rows.map(({ crudWindowTotal, ...rest }) => rest);
  return { list, total, pageNo, pageSize };
};

const list: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  return ordered(ctx, entity, selected(ctx, entity, filtered(ctx, ctx.db, entity))).limit(LIST_CAP).execute();
};

const tree: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const rows = (await ordered(ctx, entity, selected(ctx, entity, filtered(ctx, ctx.db, entity))).limit(LIST_CAP).execute()) as any[];
  const byId = new Map<unknown, any>();
  for (const r of rows) byId.set(r[entity.idField], { ...r, children: [] });
  const roots: any[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

/**
 * A reference field may only point at a row the session can see: otherwise a client could attach
 * another organisation's staff (or any id) to its records. Unknown → 400 naming the field.
 */
async function checkReferences(ctx: HandlerContext, db: Kysely<any>, entity: ResolvedEntity, values: Record<string, unknown>) {
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = values[name];
    if (!field.ref || value === undefined || value === null) continue;
    const target = ctx.entities[field.ref];
    if (!target) continue;
    const found = await fetchOne(ctx, db, target, Number(value));
    if (!found) throw new HttpError(400, `${field.title}不存在或不属于本单位`);
  }
}

async function fetchOne(ctx: HandlerContext, db: Kysely<any>, entity: ResolvedEntity, id: number) {
  if (!Number.isSafeInteger(id)) return undefined;
  return scoped(db.selectFrom(entity.table), entity, ctx.session).selectAll().where(entity.idField, '=', id).executeTakeFirst();
}

const get: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const row = await fetchOne(ctx, ctx.db, entity, idParam(entity, ctx.params));
  if (!row) throw notFound(MSG.notFound);
  return row;
};

const create: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  const staffId = ctx.session?.staffId ?? null;
  const values: Record<string, unknown> = { ...writableValues(entity, data), ...tenantValues(entity, ctx.session), createdBy: staffId, updatedBy: staffId };
  const custom = customValue(entity, data);
  if (custom !== undefined) values.custom = custom;
  return ctx.db.transaction().execute(async (trx) => {
    await checkReferences(ctx, trx, entity, values);
    return trx.insertInto(entity.table).values(values).returningAll().executeTakeFirstOrThrow();
  });
};

const update: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = idParam(entity, ctx.params);
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  const set: Record<string, unknown> = { ...writableValues(entity, data), updatedAt: sql`now()`, updatedBy: ctx.session?.staffId ?? null };
  const custom = customValue(entity, data);
  // Custom fields merge so a form that shows only some of them keeps the others.
  if (custom !== undefined) set.custom = sql`custom || ${custom}::jsonb`;
  if (entity.versioned) set.version = sql`version + 1`;
  return ctx.db.transaction().execute(async (trx) => {
    await checkReferences(ctx, trx, entity, set);
    let qb = scoped(trx.updateTable(entity.table), entity, ctx.session).set(set).where(entity.idField, '=', id);
    if (entity.versioned) {
      if (!Number.isInteger(data.version)) throw new HttpError(400, '缺少必填字段：版本号');
      qb = qb.where('version', '=', data.version as number);
    }
    const row = Number.isSafeInteger(id) ? await qb.returningAll().executeTakeFirst() : undefined;
    if (row) return row;
    if (!(await fetchOne(ctx, trx, entity, id))) throw notFound(MSG.notFound);
    throw conflict(MSG.stale);
  });
};

const remove: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = idParam(entity, ctx.params);
  if (!Number.isSafeInteger(id)) throw notFound(MSG.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    const r = await scoped(trx.deleteFrom(entity.table), entity, ctx.session).where(entity.idField, '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound(MSG.notFound);
  });
  return null;
};

const transition: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const name = ctx.entry.options?.transition;
  const t = entity.states?.transitions.find((x) => x.name === name);
  if (!entity.states || !t) throw new Error(`entry ${ctx.entry.id}: unknown transition ${String(name)}`);
  if (t.permission && !hasPermission(ctx.session?.permissions ?? [], t.permission)) throw new HttpError(403, MSG.forbidden);
  const stateField = entity.states.field;
  const id = idParam(entity, ctx.params);
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  return ctx.db.transaction().execute(async (trx) => {
    const row = (await fetchOne(ctx, trx, entity, id)) as Record<string, unknown> | undefined;
    if (!row) throw notFound(MSG.notFound);
    if (entity.versioned && Number.isInteger(data.version) && data.version !== row.version) throw conflict(MSG.stale);
    const current = row[stateField];
    if (!t.from.some((f) => f === current)) throw conflict(`当前状态不允许执行「${t.title ?? t.name}」操作`);
    const set: Record<string, unknown> = { [stateField]: t.to, updatedAt: sql`now()`, updatedBy: ctx.session?.staffId ?? null };
    if (entity.versioned) set.version = sql`version + 1`;
    const updated = await scoped(trx.updateTable(entity.table), entity, ctx.session)
      .set(set).where(entity.idField, '=', id).where(stateField, '=', current as any).returningAll().executeTakeFirst();
    if (!updated) throw conflict(MSG.stale);
    return updated;
  });
};

export const crudHandlers: Record<string, Handler> = {
  'crud.page': page,
  'crud.list': list,
  'crud.get': get,
  'crud.create': create,
  'crud.update': update,
  'crud.remove': remove,
  'crud.tree': tree,
  'crud.transition': transition,
};
