/**
 * Notices (the header's notification box) and the server-side event mechanism business handlers
 * call: `emitNotice` persists first and publishes in the same transaction, so NOTIFY is delivered
 * only after the rows are committed and a client that was offline finds them on its next load.
 */
import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/connect';
import type { Handler } from '../crud/context';
import { requireSession } from '../crud/context';
import { notFound } from '../http/errors';
import { publishEvent } from '../realtime/bus';
import { pushDailyCounts } from './message';

export const NOTICE_OA = 1;
export const NOTICE_EVENT = 2;
/** Event type 7: an enquiry; the box opens the enquiry list for its subject. */
export const EVENT_ENQUIRY = 7;

const PUSH_TYPE: Record<number, 'oa_message' | 'event_message'> = { [NOTICE_OA]: 'oa_message', [NOTICE_EVENT]: 'event_message' };

export interface NoticeInput {
  orgId: number;
  corpId: number;
  recipients: number[];
  message: string;
  type?: typeof NOTICE_OA | typeof NOTICE_EVENT;
  senderStaffId?: number | null;
  /** empty: shown as 系统 */
  senderName?: string | null;
  eventType?: number | null;
  eventSubjectId?: number | null;
  /** also file a daily matter (remind tab) and refresh the recipients' daily counts */
  daily?: boolean;
  /** the approval step this asks the recipients to decide (closed by `closeApprovalTodos`) */
  approvalId?: number | null;
  /**
   * the subject's state the daily matter waits in (`eventSubjectId` is the record's id): when the
   * record's `field` leaves `state`, the matter is handled (`closeStaleMatters`)
   */
  waitsFor?: { entity: string; field: string; state: unknown } | null;
}


/** Returns the notice ids. Recipients outside the organisation (or resigned) are skipped. */
export async function emitNotice(db: Db, input: NoticeInput): Promise<{ noticeId: number; staffId: number }[]> {
  const wanted = [...new Set(input.recipients.filter((x) => Number.isInteger(x) && x > 0))];
  if (!wanted.length) return [];
  const type = input.type ?? NOTICE_EVENT;
  const message = input.message.slice(0, 1000);
  return inTransaction(db, async (trx) => {
    const staff = (await trx.selectFrom('staff').select('staffId')
      .where('staffId', 'in', wanted).where('orgId', '=', input.orgId).where('resigned', 'is not', true)
      .execute()) as { staffId: number }[];
    if (!staff.length) return [];
    const common = {
      orgId: input.orgId, corpId: input.corpId, name: input.senderName ?? null, message,
      messageDate: sql`now()`, eventType: input.eventType ?? null, eventSubjectId: input.eventSubjectId ?? null,
      approvalId: input.approvalId ?? null,
    };
    const rows = (await trx.insertInto('notice')
      .values(staff.map((s) => ({ ...common, type, recipientStaffId: s.staffId, senderStaffId: input.senderStaffId ?? null, status: 0, createdBy: input.senderStaffId ?? null })))
      .returning(['noticeId', 'recipientStaffId'])
      .execute()) as { noticeId: number; recipientStaffId: number }[];
    const w = input.waitsFor;
    const waits = w && input.eventSubjectId != null && w.state !== null && w.state !== undefined
      ? { subjectEntity: w.entity, waitField: w.field, waitState: String(w.state) } : {};
    if (input.daily) {
      await trx.insertInto('message')
        .values(staff.map((s) => ({ ...common, ...waits, staffId: s.staffId, type: 2, handled: false, createdBy: input.senderStaffId ?? null })))
        .execute();
    }
    for (const r of rows) await publishEvent(trx, [r.recipientStaffId], { type: PUSH_TYPE[type]!, msg: { type, id: r.noticeId } });
    if (input.daily) await pushDailyCounts(trx, input.orgId, staff.map((s) => s.staffId));
    return rows.map((r) => ({ noticeId: r.noticeId, staffId: r.recipientStaffId }));
  });
}

/**
 * An approval step no longer needs these approvers (they decided, a colleague of an any-of step
 * decided, the request was rejected or withdrawn): their 待您审批 daily matters are handled and
 * their notices confirmed, and the daily counts that changed are pushed again.
 */
export async function closeApprovalTodos(db: Db, orgId: number, approvalId: number, staffIds: number[]): Promise<void> {
  const ids = [...new Set(staffIds)];
  if (!ids.length) return;
  const handled = (await db.updateTable('message').set({ handled: true, handledAt: sql`now()`, updatedAt: sql`now()` })
    .where('orgId', '=', orgId).where('approvalId', '=', approvalId).where('staffId', 'in', ids).where('handled', '=', false)
    .returning('staffId').execute()) as { staffId: number }[];
  await db.updateTable('notice').set({ status: 1, receivedAt: sql`now()`, updatedAt: sql`now()` })
    .where('orgId', '=', orgId).where('approvalId', '=', approvalId).where('recipientStaffId', 'in', ids).where('status', '=', 0)
    .execute();
  if (handled.length) await pushDailyCounts(db, orgId, handled.map((r) => r.staffId));
}

/**
 * A record's state field changed: daily matters that waited for it in another state (a demand
 * 待请车派车 that was terminated or dispatched) are handled, and the daily counts pushed again.
 */
export async function closeStaleMatters(db: Db, entity: string, subjectId: number, field: string, state: unknown): Promise<void> {
  if (state === null || state === undefined || !Number.isSafeInteger(subjectId)) return;
  const handled = (await db.updateTable('message').set({ handled: true, handledAt: sql`now()`, updatedAt: sql`now()` })
    .where('subjectEntity', '=', entity).where('eventSubjectId', '=', subjectId).where('waitField', '=', field)
    .where('waitState', '<>', String(state)).where('handled', '=', false)
    .returning(['orgId', 'staffId']).execute()) as { orgId: number; staffId: number }[];
  const byOrg = new Map<number, number[]>();
  for (const r of handled) byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), r.staffId]);
  for (const [orgId, staffIds] of byOrg) await pushDailyCounts(db, orgId, staffIds);
}

/** Seed 002 §5 expiry check, as a reminder to the item's owner. */
export function remindExpired(db: Db, o: { orgId: number; corpId: number; staffId: number; item: string; eventType?: number; eventSubjectId?: number }) {
  return emitNotice(db, {
    orgId: o.orgId, corpId: o.corpId, recipients: [o.staffId], message: `${o.item}已过期, 请及时更新`,
    type: NOTICE_EVENT, eventType: o.eventType, eventSubjectId: o.eventSubjectId, daily: true,
  });
}

const mine = (db: Db, s: { orgId: number; staffId: number }) =>
  db.selectFrom('notice').where('orgId', '=', s.orgId).where('recipientStaffId', '=', s.staffId);

/** The newest 200 unread (the box shows the latest; a user with more sees the rest on 日常事项). */
/** A notice row as the box shows it. */
function shape(row: any) {
  const { noticeId, messageDate, ...rest } = row;
  return { id: noticeId, ...rest, name: rest.name ?? '', messageDate: messageDate instanceof Date ? messageDate.toISOString() : messageDate };
}
const NOTICE_COLUMNS = ['noticeId', 'type', 'name', 'message', 'messageDate', 'eventType', 'eventSubjectId', 'status'] as const;

/**
 * Type and id of each unread notice (seed 002), with the rest of the notice alongside so the box
 * fills in one call instead of one request per notice.
 */
const listAll: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const rows = (await mine(ctx.db, s).select([...NOTICE_COLUMNS]).where('status', '=', 0)
    .orderBy('noticeId', 'desc').limit(200).execute()) as any[];
  return rows.map(shape);
};

const get: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const row = (await mine(ctx.db, s)
    .select([...NOTICE_COLUMNS])
    .where('noticeId', '=', Number(ctx.params.id)).where('type', '=', Number(ctx.params.type))
    .executeTakeFirst()) as any;
  if (!row) throw notFound('通知不存在');
  return shape(row);
};

const received: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const r = await ctx.db.updateTable('notice').set({ status: 1, receivedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('orgId', '=', s.orgId).where('recipientStaffId', '=', s.staffId)
    .where('noticeId', '=', Number(ctx.params.id)).where('type', '=', Number(ctx.params.type))
    .returning('status').executeTakeFirst();
  if (!r) throw notFound('通知不存在');
  return null;
};

const ignoreAll: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const rows = await ctx.db.updateTable('notice').set({ status: 2, receivedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('orgId', '=', s.orgId).where('recipientStaffId', '=', s.staffId).where('status', '=', 0)
    .returning('noticeId').execute();
  return { count: rows.length };
};

/** An OA notice from the caller to colleagues in the same organisation. */
const send: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const me = (await ctx.db.selectFrom('staff').select('name').where('staffId', '=', s.staffId).executeTakeFirst()) as { name?: string } | undefined;
  const rows = await emitNotice(ctx.db, {
    orgId: s.orgId, corpId: s.corpId, recipients: ctx.body.staffIds, message: ctx.body.message,
    type: NOTICE_OA, senderStaffId: s.staffId, senderName: me?.name ?? null, daily: true,
  });
  return { count: rows.length };
};

export const noticeHandlers: Record<string, Handler> = {
  'notices.listAll': listAll,
  'notices.get': get,
  'notices.received': received,
  'notices.ignoreAll': ignoreAll,
  'notices.send': send,
};
