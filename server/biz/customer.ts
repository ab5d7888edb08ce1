/**
 * Customer calls the generic handlers can't serve because they cross the organisation
 * boundary on purpose: the group-wide light list (集团客户), one customer of a sister
 * organisation, and the invitations another organisation sent to this one (bind-org), which
 * only the invited organisation may reject.
 */
import { sql } from 'kysely';
import { hasPermission } from '../../schemas/src/permission';
import { type Handler, requireSession } from '../crud/context';
import { HttpError, MSG, notFound } from '../http/errors';
import { present, presentInList } from '../crud/values';
import { runTransition } from '../crud/write';
import { inTransaction } from '../crud/handlers';
import { fetchTitles } from '../crud/refs';
import type { Session } from '../auth/session-types';

const GROUP_MANAGEMENT = '集团管理';

/**
 * Customers in use across the organisations of the caller's group (names only). Only 集团管理
 * sees the group; without it a sibling's customers stay hidden (docs/decisions.md, siblings).
 */
const listCorpLight: Handler = async (ctx) => {
  const s = requireSession(ctx);
  let q = ctx.db.selectFrom('customer as c').innerJoin('organization as o', 'o.orgId', 'c.orgId')
    .select(['c.customerId', 'c.name', 'c.shortName', 'c.orgId', 'o.shortName as orgName'])
    .where('c.corpId', '=', s.corpId).where('c.verifyStatus', '=', 15).where('o.disabled', 'is not', true);
  if (!hasPermission(s.permissions, GROUP_MANAGEMENT)) q = q.where('c.orgId', '=', s.orgId);
  return q.orderBy('c.orgId').orderBy('c.name').limit(10000).execute();
};

/** One customer of an organisation of the group: the caller's own, or any with 集团管理. */
const getInOrg: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const orgId = Number(ctx.params.orgId);
  // Without 集团管理 a sibling organisation is another tenant: its customer is not found (docs/decisions.md).
  if (orgId !== s.orgId && !hasPermission(s.permissions, GROUP_MANAGEMENT)) throw notFound(MSG.notFound);
  const row = (await ctx.db.selectFrom('customer').selectAll()
    .where('corpId', '=', s.corpId).where('orgId', '=', orgId).where('customerId', '=', Number(ctx.params.customerId))
    .executeTakeFirst()) as Record<string, any> | undefined;
  if (!row) throw notFound(MSG.notFound);
  return present(ctx.entities.customer!, row);
};

/** Invitations other organisations sent to the caller's organisation (their customer records bound to it). */
const listInvited: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const entity = ctx.entities.customer!;
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(ctx.query.pageSize) || 20));
  const base = ctx.db.selectFrom('customer').where('boundOrgId', '=', s.orgId).where('inviteStatus', 'in', [5, 10, 15]);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updatedAt', 'desc').orderBy('customerId', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = (rows as Record<string, any>[]).map((r) => presentInList(entity, r));
  // Only the organisations' names are shown: the inviter's staff and customers stay its own.
  const orgIds = new Set<number>(list.flatMap((r) => [r.inviterOrgId ?? r.orgId, r.boundOrgId]).filter(Boolean).map(Number));
  const refs = await fetchTitles(ctx.db, s, ctx.entities, new Map([['organization', orgIds]]));
  for (const r of list) r.inviterOrgId ??= r.orgId;
  return { list, total: Number((count as { n: number }).n), pageNo, pageSize, refs };
};

/**
 * The invited organisation declines: the inviting organisation's customer record moves to
 * 已拒绝 through its declared (system) transition, recorded on that record's timeline with the
 * person who declined.
 */
const invitedReject: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const body = (ctx.body ?? {}) as { customerId: number; version?: number; comment?: string };
  const row = (await ctx.db.selectFrom('customer').select(['customerId', 'orgId', 'corpId', 'boundOrgId'])
    .where('customerId', '=', Number(body.customerId)).where('boundOrgId', '=', s.orgId).executeTakeFirst()) as
    { customerId: number; orgId: number; corpId: number } | undefined;
  if (!row) throw notFound('邀请不存在');
  // Acting in the record's organisation (its timeline, log and tenant scope), as the caller.
  const acting: Session = { ...s, orgId: row.orgId, corpId: row.corpId, permissions: [] };
  const updated = await inTransaction(ctx.db, (trx) => runTransition(
    { db: trx, session: acting, entities: ctx.entities, request: ctx.request }, ctx.entities.customer!, row.customerId, 'rejectInvite',
    { values: {}, comment: body.comment?.trim() || null }, { system: true, version: body.version },
  ));
  return present(ctx.entities.customer!, updated);
};

export const customerHandlers: Record<string, Handler> = {
  'customer.listCorpLight': listCorpLight,
  'customer.getInOrg': getInOrg,
  'customer.listInvited': listInvited,
  'customer.invitedReject': invitedReject,
};
