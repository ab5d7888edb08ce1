/** The generic handlers named crud.* in the catalogue. */
import { sql } from 'kysely';
import { HttpError, MSG, notFound, badRequest } from '../http/errors';
import { inTransaction, type Db } from '../db/connect';
import { type Handler, type HandlerContext, requireEntity } from './context';
import { scoped } from './scope';
import { idParam, present, presentInList } from './values';
import { COUNT_CAP, PAGE_SORT, PAGE_TOTAL, cappedCount, filteredQuery, orderBy, orderOuterPage, readCappedCount, selection, withCappedCount, withPageSort } from './query';
import { collectIds, inlineTitles, titlesAndIdSets, titlesFor } from './refs';
import { APPROVABLE, approvableColumn } from './approval';
import { createRecord, decideApproval, loadChildren, removeRecord, runTransition, updateRecord, type WriteContext } from './write';
import { exportHandler, importHandler, importTemplateHandler } from './excel';
import { reportHandler } from './report';

const LIST_CAP = 10000;

export { inTransaction };

/**
 * The list's query, plus path parameters named like one of its declared filters: a call such as
 * `{projectId}/list-staff-cost-settle` lists the project's rows without a handler of its own.
 */
async function listQuery(ctx: HandlerContext): Promise<Record<string, any>> {
  const declared = new Set((ctx.entry.options?.filters ?? []).map((f) => (typeof f === 'string' ? f : f.field)));
  const fromPath = Object.fromEntries(Object.entries(ctx.params).filter(([k]) => declared.has(k)));
  // The record the path names must be the caller's to see: another tenant's project is "not
  // found", not a project without lines.
  const entity = requireEntity(ctx);
  for (const [k, v] of Object.entries(fromPath)) {
    const field = entity.fields[k];
    // A reference field names its entity; a plain id column (a clue's id kept as a number) by the id's name.
    const target = field?.type === 'reference' && field.ref ? ctx.entities[field.ref]
      : field && k !== entity.idField ? Object.values(ctx.entities).find((e) => e.idField === k && e.tenant !== 'none') : undefined;
    if (!target) continue;
    const id = Number(v);
    const found = Number.isSafeInteger(id)
      && (await scoped(ctx.db.selectFrom(target.table), target, ctx.session).select(target.idField).where(target.idField, '=', id).executeTakeFirst());
    if (!found) throw notFound(MSG.notFound);
  }
  return { ...ctx.query, ...fromPath };
}

const writeContext = (ctx: HandlerContext, db: Db): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request });

const page: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const options = ctx.entry.options ?? {};
  const max = options.maxPageSize ?? 1000;
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(max, Math.max(1, Number(ctx.query.pageSize) || 20));
  // Deep offsets cost as much as the rows they skip; past the counted window, narrow the filter.
  if ((pageNo - 1) * pageSize >= COUNT_CAP + max) throw badRequest(`最多查看前${COUNT_CAP}条记录，请缩小查询范围`);
  const query = await listQuery(ctx);
  const base = filteredQuery(ctx.db, entity, options, query, ctx.session, ctx.entities);
  const inner = withPageSort(withCappedCount(orderBy(selection(base, entity, options), entity, options, query), base), entity, options, query)
    .limit(pageSize).offset((pageNo - 1) * pageSize);
  // The page's rows first, then their titles and approvals: the subqueries run for the rows kept
  // only (also deep in the list), and the plan's cost stays that of a page (no JIT for a page).
  // The derived table takes the entity's table name, so the sort and the titles name it as before.
  const titled = inlineTitles(ctx.db.selectFrom(inner.as(entity.table)).selectAll(entity.table), ctx.session, ctx.entities, entity, options.fields);
  const approvable = approvableColumn(ctx.db, ctx.session, entity);
  const rows = (await orderOuterPage(approvable ? titled.qb.select(approvable) : titled.qb, entity, options, query).execute()) as Record<string, any>[];
  // Every row carries the count; a page past the end has no row to carry it, so it counts apart.
  const counted = rows.length ? readCappedCount(rows[0]![PAGE_TOTAL]) : pageNo === 1 ? { total: 0, capped: false } : await cappedCount(base, ctx.db);
  for (const r of rows) { delete r[PAGE_TOTAL]; delete r[PAGE_SORT]; }
  const awaiting: number[] = [];
  for (const r of rows) {
    if (r[APPROVABLE]) awaiting.push(Number(r[entity.idField]));
    delete r[APPROVABLE];
  }
  const list = rows.map((r) => presentInList(entity, r));
  // Titles the page's statement could not carry (lists of references): one more statement, if any.
  const wanted = collectIds(entity, list, new Map(), ctx.entities);
  const inline = titled.read(list, wanted);
  const { refs: rest } = wanted.size ? await titlesAndIdSets(ctx.db, ctx.session, ctx.entities, wanted) : { refs: {} as Record<string, Record<string, string>> };
  const refs = { ...inline };
  for (const [name, titles] of Object.entries(rest)) refs[name] = { ...(refs[name] ?? {}), ...titles };
  return {
    list, total: counted.total, pageNo, pageSize,
    ...(counted.capped ? { totalCapped: true } : {}),
    ...(Object.keys(refs).length ? { refs } : {}),
    ...(awaiting.length ? { approvable: awaiting } : {}),
  };
};

const list: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const options = ctx.entry.options ?? {};
  const query = await listQuery(ctx);
  const rows = await orderBy(selection(filteredQuery(ctx.db, entity, options, query, ctx.session, ctx.entities), entity, options), entity, options, query).limit(LIST_CAP).execute();
  return (rows as Record<string, any>[]).map((r) => presentInList(entity, r));
};

const tree: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const options = ctx.entry.options ?? {};
  const query = await listQuery(ctx);
  const rows = (await orderBy(selection(filteredQuery(ctx.db, entity, options, query, ctx.session, ctx.entities), entity, options), entity, options, query)
    .limit(LIST_CAP).execute()) as Record<string, any>[];
  const parentField = entity.parentField ?? 'parentId';
  const byId = new Map<unknown, any>();
  for (const r of rows) byId.set(r[entity.idField], { ...presentInList(entity, r), children: [] });
  const roots: any[] = [];
  for (const node of byId.values()) {
    const parent = node[parentField] ? byId.get(node[parentField]) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

async function fetchOne(ctx: HandlerContext, db: Db, id: number) {
  const entity = requireEntity(ctx);
  if (!Number.isSafeInteger(id)) return undefined;
  return (await scoped(db.selectFrom(entity.table), entity, ctx.session).selectAll().where(entity.idField, '=', id).executeTakeFirst()) as Record<string, any> | undefined;
}

const get: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const row = await fetchOne(ctx, ctx.db, idParam(entity, ctx.params));
  if (!row) throw notFound(MSG.notFound);
  await loadChildren(ctx.db, ctx.session, ctx.entities, entity, row);
  const refs = await titlesFor(ctx.db, ctx.session, ctx.entities, entity, [row]);
  return { ...present(entity, row), refs };
};

const create: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  return present(entity, await inTransaction(ctx.db, (trx) => createRecord(writeContext(ctx, trx), entity, data)));
};

const update: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = idParam(entity, ctx.params);
  if (!Number.isSafeInteger(id)) throw notFound(MSG.notFound);
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  return present(entity, await inTransaction(ctx.db, (trx) => updateRecord(writeContext(ctx, trx), entity, id, data, { version: data.version as number | undefined })));
};

/** The seed's `POST …/save` that also updates: the body's id (when present) names the record to change. */
const save: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const data = (ctx.body ?? {}) as Record<string, unknown>;
  const raw = data[entity.idField];
  if (raw === undefined || raw === null || raw === '') {
    const { [entity.idField]: _omit, ...values } = data;
    return present(entity, await inTransaction(ctx.db, (trx) => createRecord(writeContext(ctx, trx), entity, values)));
  }
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound(MSG.notFound);
  return present(entity, await inTransaction(ctx.db, (trx) => updateRecord(writeContext(ctx, trx), entity, id, data, { version: data.version as number | undefined })));
};

const remove: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const id = idParam(entity, ctx.params);
  if (!Number.isSafeInteger(id)) throw notFound(MSG.notFound);
  await inTransaction(ctx.db, (trx) => removeRecord(writeContext(ctx, trx), entity, id));
  return null;
};

/** Ids a transition or an audit acts on: the path's, or the body's id, or its batch `ids`. */
function targetIds(ctx: HandlerContext): number[] {
  const entity = requireEntity(ctx);
  if (ctx.params[entity.idField] !== undefined) return [idParam(entity, ctx.params)];
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const ids = Array.isArray(body.ids) ? body.ids.map(Number) : body[entity.idField] !== undefined ? [Number(body[entity.idField])] : [];
  if (!ids.length) throw new HttpError(400, `缺少必填字段：${entity.title}编号`, { field: entity.idField });
  return ids;
}

const transition: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const name = ctx.entry.options?.transition;
  if (!name || !entity.transitions.some((t) => t.name === name)) throw new Error(`entry ${ctx.entry.id}: unknown transition ${String(name)}`);
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const { ids: _ids, comment, version, ...values } = body;
  const ids = targetIds(ctx);
  // What the hooks tell the caller (a drafted contract, …) goes back with the answer.
  const said: string[] = [];
  const done = await inTransaction(ctx.db, async (trx) => {
    const out: Record<string, any>[] = [];
    // Batches are all-or-nothing: one refused record refuses the batch, naming it.
    for (const id of ids) {
      try {
        out.push(await runTransition({ ...writeContext(ctx, trx), said }, entity, id, name, { values, comment: (comment as string) ?? null }, { version: ids.length === 1 ? (version as number | undefined) : undefined }));
      } catch (err) {
        if (ids.length > 1 && err instanceof HttpError) throw new HttpError(err.status, `编号 ${id}：${err.message}`, err.data);
        throw err;
      }
    }
    return out;
  });
  return { count: done.length, list: done.map((r) => present(entity, r)), ...(said.length ? { message: said.join('；') } : {}) };
};

const audit: Handler = async (ctx) => {
  const entity = requireEntity(ctx);
  const body = (ctx.body ?? {}) as { pass: boolean; comment?: string };
  const ids = targetIds(ctx);
  await inTransaction(ctx.db, async (trx) => {
    for (const id of ids) {
      try {
        await decideApproval(writeContext(ctx, trx), entity, id, body.pass, body.comment?.trim() || null);
      } catch (err) {
        if (ids.length > 1 && err instanceof HttpError) throw new HttpError(err.status, `编号 ${id}：${err.message}`, err.data);
        throw err;
      }
    }
  });
  return { count: ids.length };
};

export const crudHandlers: Record<string, Handler> = {
  'crud.page': page,
  'crud.list': list,
  'crud.get': get,
  'crud.create': create,
  'crud.update': update,
  'crud.save': save,
  'crud.remove': remove,
  'crud.tree': tree,
  'crud.transition': transition,
  'crud.audit': audit,
  'crud.export': exportHandler,
  'crud.importTemplate': importTemplateHandler,
  'crud.import': importHandler,
  'crud.report': reportHandler,
};

void sql;
