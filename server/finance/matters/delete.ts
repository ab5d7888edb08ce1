/**
 * 撤回删除 (`DELETE finance-matters-merge/delete-pending-review/{reviewId}`): the applicant's matter
 * while not approved (0/5/10); a pending approval ends with it and its targets are released. Apart
 * from core.ts because it removes through the write pipeline, which the hooks must not import.
 */
import { conflict, notFound, HttpError } from '../../http/errors';
import { hookContext, removeRecord, runTransition, type WriteContext } from '../../crud/write';
import { lockParent } from '../../crud/quantity';
import type { HookContext } from '../../hooks/types';
import { releaseTargets } from './core';

/** A hook context over a request's write context, for the matter rules (core.ts) called by handlers and the seeder. */
export const ctxOf = (w: WriteContext): HookContext => hookContext(w, w.entities.financeReview!, false);

export async function deletePending(w: WriteContext, reviewId: number): Promise<void> {
  const ctx = ctxOf(w);
  const review = await lockParent(ctx, 'financeReview', reviewId);
  if (!review) throw notFound('资金事项不存在');
  if (Number(review.applicantStaffId) !== w.session!.staffId) throw new HttpError(403, '只有申请人可以撤回删除该事项');
  if (![0, 5, 10].includes(Number(review.auditState))) throw conflict('已审核通过的事项不能删除，请申请撤销');
  if (Number(review.auditState) === 5) await runTransition(w, w.entities.financeReview!, reviewId, 'withdraw', { values: {}, comment: '撤回删除' }, { system: true });
  await releaseTargets(ctx, review);
  await removeRecord(w, w.entities.financeReview!, reviewId);
}

/** 删除草稿 of 个人财务管理: only the caller's own 报销/借支, only while a draft (0) or rejected (10). */
export async function deleteOwnDraft(w: WriteContext, reviewId: number): Promise<void> {
  const ctx = ctxOf(w);
  const review = await lockParent(ctx, 'financeReview', reviewId);
  if (!review) throw notFound('事项不存在');
  if (Number(review.applicantStaffId) !== w.session!.staffId) throw new HttpError(403, '只能删除本人申请的报销或借支');
  if (![5, 6].includes(Number(review.matterType))) throw conflict('这里只能删除报销或借支，其他资金事项请在合并管理中撤回删除');
  if (![0, 10].includes(Number(review.auditState))) throw conflict('只有草稿或已撤回、已驳回的事项可以删除，审批中的请先撤销');
  await releaseTargets(ctx, review);
  await removeRecord(w, w.entities.financeReview!, reviewId);
}
