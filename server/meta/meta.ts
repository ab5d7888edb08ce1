/**
 * Generic calls over any entity: picker options (id + title, tenant-scoped, only for entities
 * that declare `lookup`, only to holders of a permission that reads or picks the entity), a record's activity (transitions, approval, operation log) and the
 * caller's pending approvals. Read access to an entity is what its own catalogue entries grant.
 */
import { sql } from 'kysely';
import { hasPermission, AUTHENTICATED } from '../../schemas/src/permission';
import { HttpError, MSG, notFound } from '../http/errors';
import { requireSession, type Handler, type HandlerContext } from '../crud/context';
import { scoped } from '../crud/scope';
import { APPROVAL, TASK } from '../crud/approval';
import { mayPick } from './pick-permissions';
import { fetchValues } from './fetch';
import type { ResolvedEntity } from '../schema/types';

const READ_HANDLERS = new Set(['crud.page', 'crud.get', 'crud.list', 'crud.tree']);

/** Whether the session may read records of the entity through any of its list or detail calls. */
export function canRead(ctx: HandlerContext, entity: ResolvedEntity): boolean {
  const perms = ctx.session?.permissions ?? [];
  return ctx.catalogue.some((e) => e.entity === entity.name && READ_HANDLERS.has(e.handler) && (e.permission === AUTHENTICATED || hasPermission(perms, e.permission)));
}

function entityOf(ctx: HandlerContext): ResolvedEntity {
  const e = ctx.entities[String(ctx.params.entity)];
  if (!e) throw notFound('不存在的业务类别');
  return e;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const options: Handler = async (ctx) => {
  const entity = entityOf(ctx);
  const lookup = entity.lookup;
  if (!lookup || !entity.titleField) throw notFound('该类别不提供选择列表');
  // Titles only for those whose screens or calls read or pick the entity (server/meta/pick-permissions.ts).
  if (!mayPick(ctx.catalogue, ctx.entities, entity.name, ctx.session?.permissions ?? [])) throw new HttpError(403, MSG.forbidden);
  const title = entity.titleField;
  let qb = scoped(ctx.db.selectFrom(entity.table), entity, ctx.session)
    .select([`${entity.idField} as value`, `${title} as label`, ...lookup.fields.map((f) => `${f}`)]);
  const ids = Array.isArray(ctx.query.ids) ? (ctx.query.ids as number[]) : [];
  if (ids.length) {
    // Resolving a saved value: the record is shown even if it no longer passes the picker's filter.
    qb = qb.where(entity.idField, 'in', ids);
  } else {
    for (const [k, v] of Object.entries(lookup.filter)) qb = Array.isArray(v) ? qb.where(k, 'in', v) : qb.where(k, '=', v as any);
    for (const raw of (ctx.query.filter as string[] | undefined) ?? []) {
      const [field, value] = [raw.slice(0, raw.indexOf(':')), raw.slice(raw.indexOf(':') + 1)];
      if (!lookup.fields.includes(field) || !entity.fields[field]) throw new HttpError(400, `不允许的筛选字段：${field}`);
      const type = entity.fields[field]!.type;
      const read = (v: string) => (type === 'string' ? v : type === 'boolean' ? (v === 'true' ? true : v === 'false' ? false : undefined) : Number(v));
      // A code list ("status:10|15", a filterBy's constant list; commas part filters) is any of them; text is taken whole.
      const values = (type === 'string' || type === 'boolean' ? [value] : value.split('|')).map(read);
      if (values.some((t) => t === undefined || (typeof t === 'number' && !Number.isFinite(t)))) throw new HttpError(400, `筛选值不正确：${field}`);
      qb = values.length > 1 ? qb.where(field, 'in', values as any) : qb.where(field, '=', values[0] as any);
    }
    const keyword = typeof ctx.query.keyword === 'string' ? ctx.query.keyword.trim() : '';
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      const searchable = [title, ...lookup.fields.filter((f) => entity.fields[f]?.type === 'string')];
      qb = qb.where((eb) => eb.or(searchable.map((f) => eb(sql`${sql.ref(f)}::text`, 'ilike', pattern))));
    }
    qb = qb.orderBy(title).limit(Number(ctx.query.limit) || 50);
  }
  const rows = (await qb.execute()) as Record<string, unknown>[];
  // `lookup.label`: fields shown after the title, so options of one title can be told apart.
  const more = (r: Record<string, unknown>) => (lookup.label ?? []).map((f) => r[f]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return rows.map((r) => ({ ...r, value: Number(r.value), label: [r.label === null || r.label === undefined ? '' : String(r.label), ...(ids.length ? [] : more(r))].filter(Boolean).join(' ') }));
};

const activity: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const entity = entityOf(ctx);
  if (!canRead(ctx, entity)) throw new HttpError(403, MSG.forbidden);
  const id = Number(ctx.params.id);
  const exists = await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).select(entity.idField).where(entity.idField, '=', id).executeTakeFirst();
  if (!exists) throw notFound(MSG.notFound);
  const [transitions, approvals, logs] = await Promise.all([
    ctx.db.selectFrom('transitionLog').selectAll().where('orgId', '=', s.orgId).where('entity', '=', entity.name).where('subjectId', '=', id).orderBy('transitionLogId').execute(),
    ctx.db.selectFrom('approval').selectAll().where('orgId', '=', s.orgId).where('entity', '=', entity.name).where('subjectId', '=', id).orderBy('approvalId', 'desc').execute(),
    ctx.db.selectFrom('operationLog').selectAll().where('orgId', '=', s.orgId).where('entity', '=', entity.name).where('subjectId', '=', id).orderBy('logId', 'desc').limit(200).execute(),
  ]) as Record<string, any>[][];
  const open = approvals.find((a) => a.status === APPROVAL.pending);
  let approval: Record<string, unknown> | null = null;
  if (open) {
    const tasks = (await ctx.db.selectFrom('approvalTask as t').leftJoin('staff as s', 's.staffId', 't.staffId')
      .select(['t.approvalTaskId', 't.seq', 't.nodeName', 't.staffId', 's.name as staffName', 't.status', 't.comment', 't.actedAt'])
      .where('t.approvalId', '=', open.approvalId).orderBy('t.seq').orderBy('t.approvalTaskId').execute()) as Record<string, any>[];
    approval = {
      approvalId: open.approvalId, transition: open.transition, transitionTitle: open.transitionTitle, currentSeq: open.currentSeq,
      currentNodeName: open.currentNodeName, nodes: open.nodes, tasks, createdAt: open.createdAt,
      canDecide: tasks.some((t) => t.seq === open.currentSeq && t.staffId === s.staffId && t.status === TASK.waiting),
    };
  }
  const field = entity.transitions[0]?.field;
  return {
    timeline: transitions.map((t) => ({ ...t, stateEnum: entity.fields[t.field]?.enum ?? (field ? entity.fields[field]?.enum : null) ?? null })),
    logs,
    approval,
  };
};

const myApprovals: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return ctx.db.selectFrom('approvalTask as t').innerJoin('approval as a', 'a.approvalId', 't.approvalId')
    .leftJoin('staff as p', 'p.staffId', 'a.applicantStaffId')
    .select(['a.approvalId', 'a.entity', 'a.entityTitle', 'a.subjectId', 'a.subjectName', 'a.transitionTitle', 'a.currentNodeName', 'a.amount', 'a.createdAt', 'p.name as applicantName', 't.approvalTaskId'])
    .where('t.orgId', '=', s.orgId).where('t.staffId', '=', s.staffId).where('t.status', '=', TASK.waiting).where('a.status', '=', APPROVAL.pending)
    .where(sql.ref('t.seq'), '=', sql.ref('a.currentSeq'))
    .orderBy('a.approvalId', 'desc').limit(200).execute();
};

export const metaHandlers: Record<string, Handler> = {
  'meta.options': options,
  'meta.fetch': fetchValues,
  'meta.activity': activity,
  'meta.myApprovals': myApprovals,
};
