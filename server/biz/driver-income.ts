/**
 * 付款确认收入 (seed finance-matters-merge calls) over individual-driver and subcontract incomes:
 * confirming runs each income's declared `confirm` transition (its hooks check the kind's own
 * permission); the matters it belongs to are listed by review.
 */
import type { Handler } from '../crud/context';
import { requireSession } from '../crud/context';
import { HttpError, MSG, notFound } from '../http/errors';
import { inTransaction } from '../crud/handlers';
import { runTransition } from '../crud/write';
import { presentInList } from '../crud/values';
import { scoped } from '../crud/scope';

const confirmIncome: Handler = async (ctx) => {
  requireSession(ctx);
  const body = (ctx.body ?? {}) as { incomeIds?: number[]; ids?: number[]; incomeId?: number; version?: number; comment?: string };
  const ids = body.incomeIds ?? body.ids ?? (body.incomeId ? [body.incomeId] : []);
  if (!ids.length) throw new HttpError(400, '请选择要确认的收入', { field: 'incomeIds' });
  const entity = ctx.entities.driverIncome!;
  await inTransaction(ctx.db, async (trx) => {
    for (const id of ids) {
      try {
        await runTransition({ db: trx, session: ctx.session, entities: ctx.entities, request: ctx.request }, entity, id, 'confirm',
          { values: {}, comment: body.comment?.trim() || null }, { version: ids.length === 1 ? body.version : undefined });
      } catch (err) {
        if (ids.length > 1 && err instanceof HttpError) throw new HttpError(err.status, `编号 ${id}：${err.message}`, err.data);
        throw err;
      }
    }
  });
  // Each confirmed income got its 付款确认收入 matter (financeReview type 7) from the confirm hook.
  const row = (await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).select('reviewId').where('incomeId', '=', ids[0]!).executeTakeFirst()) as { reviewId: number | null } | undefined;
  return { count: ids.length, reviewId: row?.reviewId ?? null };
};

const listByReview: Handler = async (ctx) => {
  requireSession(ctx);
  const entity = ctx.entities.driverIncome!;
  // The matter the path names must be the caller's to see: another organisation's is "not found".
  const review = ctx.entities.financeReview!;
  const reviewId = Number(ctx.params.reviewId);
  const seen = Number.isSafeInteger(reviewId)
    && (await scoped(ctx.db.selectFrom(review.table), review, ctx.session).select(review.idField).where(review.idField, '=', reviewId).executeTakeFirst());
  if (!seen) throw notFound(MSG.notFound);
  const rows = (await scoped(ctx.db.selectFrom(entity.table), entity, ctx.session).selectAll()
    .where('reviewId', '=', reviewId)
    .orderBy('incomeId').execute()) as Record<string, any>[];
  return rows.map((r) => presentInList(entity, r));
};

export const driverIncomeHandlers: Record<string, Handler> = {
  'driverIncome.confirmIncome': confirmIncome,
  'driverIncome.listByReview': listByReview,
};
