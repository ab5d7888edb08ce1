/**
 * The enquiry-quote conversation between colleagues: SEND /app/send-message and
 * /app/read-message persist it, /app/unread-message-count reports; answers go out on the bus
 * to the sender's (and receiver's) response destinations.
 */
import { sql } from 'kysely';
import { hasPermission } from '../../schemas/src/permission';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { Handler } from '../crud/context';
import { requireSession } from '../crud/context';
import { HttpError, badRequest } from '../http/errors';
import { publishEvent } from '../realtime/bus';
import { APP_READ_MESSAGE, APP_SEND_MESSAGE, APP_UNREAD_COUNT } from '../realtime/events';

export const CHAT_PERMISSION = '商务:询价报价';

const posInt = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const isId = (v: unknown) => Number.isInteger(posInt(v)) && posInt(v) > 0 && posInt(v) <= 2147483647;

export async function unreadTotal(db: Db, orgId: number, staffId: number, fromStaffId?: number): Promise<number> {
  let qb = db.selectFrom('enquiryQuoteMessage').select(sql<string>`count(*)`.as('n'))
    .where('orgId', '=', orgId).where('receiveStaffId', '=', staffId).where('readAt', 'is', null);
  if (fromStaffId) qb = qb.where('sendStaffId', '=', fromStaffId);
  return Number(((await qb.executeTakeFirst()) as { n: string }).n);
}

async function pushUnread(db: Db, s: { orgId: number; staffId: number }, fromStaffId?: number): Promise<void> {
  const event: Record<string, unknown> = { type: 'enquiry_quote_message_unread_count', msg: await unreadTotal(db, s.orgId, s.staffId) };
  if (fromStaffId) Object.assign(event, { sendStaffId: fromStaffId, count: await unreadTotal(db, s.orgId, s.staffId, fromStaffId) });
  await publishEvent(db, [s.staffId], event as any);
}

export async function sendChat(db: Db, s: Session, body: any): Promise<void> {
  if (!hasPermission(s.permissions, CHAT_PERMISSION)) throw new HttpError(403, '您没有访问该功能的权限');
  const to = body?.receiveStaffId;
  const content = typeof body?.content === 'string' ? body.content.trim() : '';
  if (!isId(to)) throw badRequest('请选择接收人');
  if (posInt(to) === s.staffId) throw badRequest('不能给自己发送消息');
  if (!content) throw badRequest('消息内容不能为空');
  if (content.length > 1000) throw badRequest('消息内容不能超过1000个字符');
  if (body.enquiryId !== undefined && body.enquiryId !== null && !isId(body.enquiryId)) throw badRequest('询价单不正确');
  await db.transaction().execute(async (trx) => {
    const receiver = await trx.selectFrom('staff').select('staffId')
      .where('staffId', '=', posInt(to)).where('orgId', '=', s.orgId).where('resigned', 'is not', true).executeTakeFirst();
    if (!receiver) throw badRequest('接收人不存在');
    const row = await trx.insertInto('enquiryQuoteMessage')
      .values({ orgId: s.orgId, corpId: s.corpId, sendStaffId: s.staffId, receiveStaffId: posInt(to), enquiryId: body.enquiryId ?? null, content, createdBy: s.staffId })
      .returning(['enquiryQuoteMessageId', 'sendStaffId', 'receiveStaffId', 'enquiryId', 'content', 'createdAt'])
      .executeTakeFirstOrThrow();
    await publishEvent(trx, [s.staffId, posInt(to)], { type: 'enquiry_quote_message', msg: row });
    await pushUnread(trx, { orgId: s.orgId, staffId: posInt(to) }, s.staffId);
  });
}

export async function readChat(db: Db, s: Session, body: any): Promise<void> {
  if (!isId(body?.sendStaffId)) throw badRequest('请选择对话人');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('enquiryQuoteMessage').set({ readAt: sql`now()` })
      .where('orgId', '=', s.orgId).where('receiveStaffId', '=', s.staffId)
      .where('sendStaffId', '=', posInt(body.sendStaffId)).where('readAt', 'is', null).execute();
    await pushUnread(trx, s, posInt(body.sendStaffId));
  });
}

export async function unreadCount(db: Db, s: Session, body: any): Promise<void> {
  const from = body?.sendStaffId;
  if (from !== undefined && from !== null && from !== '' && !isId(from)) throw badRequest('请选择对话人');
  await pushUnread(db, s, isId(from) ? posInt(from) : undefined);
}

/** The gateway's SEND router. */
export function appDestinations(db: Db) {
  return async (s: Session, destination: string, body: unknown): Promise<void> => {
    if (destination === APP_SEND_MESSAGE) return sendChat(db, s, body);
    if (destination === APP_READ_MESSAGE) return readChat(db, s, body);
    if (destination === APP_UNREAD_COUNT) return unreadCount(db, s, body);
    throw badRequest('不支持的目的地');
  };
}

const conversation: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const other = Number(ctx.query.staffId);
  if (!isId(other)) throw badRequest('请选择对话人');
  let qb = ctx.db.selectFrom('enquiryQuoteMessage').selectAll().where('orgId', '=', s.orgId)
    .where((eb) => eb.or([
      eb.and([eb('sendStaffId', '=', s.staffId), eb('receiveStaffId', '=', other)]),
      eb.and([eb('sendStaffId', '=', other), eb('receiveStaffId', '=', s.staffId)]),
    ]));
  if (ctx.query.enquiryId) qb = qb.where('enquiryId', '=', Number(ctx.query.enquiryId));
  if (ctx.query.beforeId) qb = qb.where('enquiryQuoteMessageId', '<', Number(ctx.query.beforeId));
  const rows = await qb.orderBy('enquiryQuoteMessageId', 'desc').limit(Number(ctx.query.pageSize) || 50).execute();
  return rows.reverse();
};

const contacts: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const r = await sql<any>`
    select st.staff_id as "staffId", st.name as "name",
      count(*) filter (where m.receive_staff_id = ${s.staffId} and m.read_at is null)::int as "unread",
      max(m.created_at) as "lastAt"
    from enquiry_quote_message m
    join staff st on st.staff_id = case when m.send_staff_id = ${s.staffId} then m.receive_staff_id else m.send_staff_id end
    where m.org_id = ${s.orgId} and (m.send_staff_id = ${s.staffId} or m.receive_staff_id = ${s.staffId})
    group by st.staff_id, st.name
    order by max(m.created_at) desc
    limit 200`.execute(ctx.db);
  return r.rows.map((x: any) => ({ ...x, lastAt: x.lastAt instanceof Date ? x.lastAt.toISOString() : x.lastAt }));
};

export const chatHandlers: Record<string, Handler> = {
  'chat.conversation': conversation,
  'chat.contacts': contacts,
};
