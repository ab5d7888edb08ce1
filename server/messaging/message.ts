/** Daily matters (日常事项): the caller's own to-dos and reminders, and the header badge count. */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Handler } from '../crud/context';
import { requireSession } from '../crud/context';
import { publishEvent } from '../realtime/bus';
import { badRequest, notFound } from '../http/errors';

const mine = (db: Db, s: { orgId: number; staffId: number }) =>
  db.selectFrom('message').where('orgId', '=', s.orgId).where('staffId', '=', s.staffId);

export async function dailyCount(db: Db, orgId: number, staffId: number): Promise<number> {
  const r = (await mine(db, { orgId, staffId }).select(sql<string>`count(*)`.as('n')).where('handled', '=', false).executeTakeFirst()) as { n: string | number };
  return Number(r.n);
}

/** Pushes each staff member's fresh count (seed 000 §7.3: daily_message_count_message refreshes it). */
export async function pushDailyCounts(db: Db, orgId: number, staffIds: number[]): Promise<void> {
  for (const staffId of new Set(staffIds)) {
    await publishEvent(db, [staffId], { type: 'daily_message_count_message', msg: await dailyCount(db, orgId, staffId) });
  }
}

const withId = (r: any) => ({ id: r.messageId, ...r, name: r.name ?? '' });

const list: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const pageNo = Math.max(1, Number(ctx.query.pageNo) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(ctx.query.pageSize) || 20));
  let qb = mine(ctx.db, s);
  if (ctx.query.type !== undefined) qb = qb.where('type', '=', Number(ctx.query.type));
  if (ctx.query.handled !== undefined) qb = qb.where('handled', '=', ctx.query.handled === true || ctx.query.handled === 'true');
  const total = Number(((await qb.select(sql<string>`count(*)`.as('n')).executeTakeFirst()) as { n: string }).n);
  const rows = await qb.selectAll().orderBy('messageId', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
  return { list: rows.map(withId), total, pageNo, pageSize };
};

const listUnHandled: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const rows = await mine(ctx.db, s).selectAll().where('handled', '=', false).orderBy('messageId', 'desc').limit(200).execute();
  return rows.map(withId);
};

const countDaily: Handler = async (ctx) => {
  const s = requireSession(ctx);
  return dailyCount(ctx.db, s.orgId, s.staffId);
};

const close: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const ids: number[] = [...(ctx.body?.messageIds ?? []), ...(ctx.body?.messageId ? [ctx.body.messageId] : [])];
  if (!ids.length) throw badRequest('请选择要关闭的事项', { field: 'messageIds' });
  // Someone else's matter (another person's, another organisation's) is not found, not "closed 0".
  const own = (await mine(ctx.db, s).select('messageId').where('messageId', 'in', ids).execute()).length;
  if (own !== new Set(ids).size) throw notFound();
  const rows = await ctx.db.updateTable('message')
    .set({ handled: true, handledAt: sql`now()`, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('orgId', '=', s.orgId).where('staffId', '=', s.staffId).where('handled', '=', false).where('messageId', 'in', ids)
    .returning('messageId').execute();
  if (rows.length) await pushDailyCounts(ctx.db, s.orgId, [s.staffId]);
  return { count: rows.length };
};

export const dailyHandlers: Record<string, Handler> = {
  'message.list': list,
  'message.listUnHandled': listUnHandled,
  'message.countDaily': countDaily,
  'message.close': close,
};
