/**
 * `assetBorrow.*`: 我的借阅 (the caller's borrowings), 我的待办 (borrowings waiting for the
 * caller's approval), a borrowing's detail (its borrower, its approvers, its category's
 * managers), and the date job: an approved borrowing starts on its start date (0 → 5) and is
 * overdue after its end date (5 → 15), when the borrower is reminded (notice eventType 12, which
 * opens the borrowing). The job runs at start-up and hourly; `check-overdue` runs it now.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Handler } from '../crud/context';
import { requireSession } from '../crud/context';
import { crudHandlers } from '../crud/handlers';
import { inTransaction, type Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap } from '../schema/types';
import { notFound } from '../http/errors';
import { runTransition, type WriteContext } from '../crud/write';
import { APPROVAL, TASK } from '../crud/approval';
import { emitNotice } from '../messaging/notices';
import { scheduleHourly } from '../ops/hourly';
import { LEVEL, levelOf, resolveAccess } from './access';
import { narrowedPage } from './page';
import { chinaDate } from './rules';

export const EVENT_BORROW = 12;

export { chinaDate };

const page: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const todo = ctx.query.todo === 1 || ctx.query.todo === '1';
  if (todo) {
    return narrowedPage(ctx, (qb) => qb.where('assetBorrow.borrowId', 'in', ctx.db.selectFrom('approval as a').innerJoin('approvalTask as t', 't.approvalId', 'a.approvalId')
      .select('a.subjectId').where('a.orgId', '=', s.orgId).where('a.entity', '=', 'assetBorrow').where('a.status', '=', APPROVAL.pending)
      .where('t.staffId', '=', s.staffId).where('t.status', '=', TASK.waiting).where(sql.ref('t.seq'), '=', sql.ref('a.currentSeq'))));
  }
  return narrowedPage(ctx, (qb) => qb.where('assetBorrow.applicantStaffId', '=', s.staffId));
};

const get: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const id = Number(ctx.params.borrowId);
  const row = Number.isSafeInteger(id)
    ? await ctx.db.selectFrom('assetBorrow').selectAll().where('orgId', '=', s.orgId).where('borrowId', '=', id).executeTakeFirst() as Record<string, any> | undefined
    : undefined;
  if (!row) throw notFound('借阅不存在');
  if (Number(row.applicantStaffId) !== s.staffId) {
    const approver = await ctx.db.selectFrom('approval as a').innerJoin('approvalTask as t', 't.approvalId', 'a.approvalId').select('t.approvalTaskId')
      .where('a.orgId', '=', s.orgId).where('a.entity', '=', 'assetBorrow').where('a.subjectId', '=', id).where('t.staffId', '=', s.staffId).executeTakeFirst();
    const a = await resolveAccess(ctx.db, s);
    if (!approver && levelOf(a, Number(row.categoryId)) < LEVEL.manage) throw notFound('借阅不存在');
  }
  return crudHandlers['crud.get']!(ctx);
};

/**
 * Starts approved borrowings whose start date has come and marks overdue those whose end date
 * has passed, reminding each borrower once. `asOf` (yyyy-MM-dd) stands for today.
 */
export async function refreshBorrowDates(db: Db, entities: EntityMap, opts: { asOf?: string; orgId?: number } = {}): Promise<{ started: number; overdue: number }> {
  const today = opts.asOf ?? chinaDate();
  const entity = entities.assetBorrow;
  if (!entity) return { started: 0, overdue: 0 };
  let q = db.selectFrom('assetBorrow').select(['borrowId', 'orgId', 'corpId', 'borrowStatus', 'startDate', 'endDate'])
    .where('auditState', '=', 15)
    .where((eb) => eb.or([
      eb.and([eb('borrowStatus', '=', 0), eb('startDate', '<=', today)]),
      eb.and([eb('borrowStatus', 'in', [0, 5]), eb('endDate', '<', today)]),
    ]));
  if (opts.orgId) q = q.where('orgId', '=', opts.orgId);
  const due = (await q.orderBy('borrowId').execute()) as { borrowId: number; orgId: number; corpId: number; borrowStatus: number; endDate: string }[];
  let started = 0;
  let overdue = 0;
  for (const b of due) {
    await inTransaction(db, async (trx) => {
      const session: Session = { sessionId: 0, accountId: 0, staffId: 0, orgId: b.orgId, corpId: b.corpId, depId: null, permissions: [] };
      const w: WriteContext = { db: trx, session, entities };
      if (b.borrowStatus === 0) {
        await runTransition(w, entity, b.borrowId, 'start', { values: {}, comment: null }, { system: true });
        started += 1;
      }
      if (String(b.endDate) < today) {
        const row = await runTransition(w, entity, b.borrowId, 'overdue', { values: {}, comment: null }, { system: true });
        overdue += 1;
        const asset = await trx.selectFrom('digitalAsset').select('name').where('assetId', '=', row.assetId).executeTakeFirst() as { name: string } | undefined;
        await emitNotice(trx, {
          orgId: b.orgId, corpId: b.corpId, recipients: [Number(row.applicantStaffId)], daily: true,
          message: `您借阅的资料「${asset?.name ?? ''}」已逾期（应于${String(row.endDate)}归还），请尽快归还`,
          eventType: EVENT_BORROW, eventSubjectId: b.borrowId,
          waitsFor: { entity: 'assetBorrow', field: 'borrowStatus', state: 15 },
        });
        await trx.updateTable('assetBorrow').set({ remindedAt: sql`now()` }).where('borrowId', '=', b.borrowId).execute();
      }
    });
  }
  return { started, overdue };
}

export function scheduleBorrowDates(app: FastifyInstance, db: Db, entities: EntityMap): void {
  scheduleHourly(app, '借阅逾期检查失败', () => refreshBorrowDates(db, entities));
}

/** 立即检查逾期: the job for the caller's organisation, now (or as of a date, to see what a day will bring). */
const checkOverdue: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const asOf = (ctx.body as { asOf?: string } | undefined)?.asOf;
  return refreshBorrowDates(ctx.db, ctx.entities, { asOf, orgId: s.orgId });
};

export const assetBorrowHandlers: Record<string, Handler> = {
  'assetBorrow.page': page,
  'assetBorrow.get': get,
  'assetBorrow.checkOverdue': checkOverdue,
};
