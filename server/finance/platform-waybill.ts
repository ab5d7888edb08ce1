/**
 * 资金流水管理 (网货平台, DOMAIN §6.6): the organisation's owner-driver schedules (承运类型 3) whose
 * freight goes through a bill platform become platform waybills. The product runs offline, so 同步
 * never invents remote data: it uploads each dispatched schedule not yet uploaded (a waybill at
 * 1 已上传, freight and the platform's service fee from our own records) and refreshes the
 * unpaid ones from their schedule. 批量付款 turns the selected 已上传 waybills into one 批量付款
 * matter per platform (payChannel 4 网货平台); its execution marks them 已支付 (targets/platform-waybill.ts).
 */
import { nodesPaidDirectly } from './platform-freight';
import { badRequest, conflict } from '../http/errors';
import { requireSession, type Handler, type HandlerContext } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { createRecord, hookContext, type WriteContext } from '../crud/write';
import type { HookContext } from '../hooks/types';
import { applyMatter } from './matters/core';
import { fromCents, toCents } from './matters/money';

type Row = Record<string, any>;

/** 服务费 = 运费 × 平台服务费率, in cents (rate "1.50" % = 150 basis points), rounded half up. */
export function serviceFeeCents(freightCents: number, ratePct: unknown): number {
  const bp = toCents(ratePct ?? 0);
  return Math.round((freightCents * bp) / 10000);
}

function figures(schedule: Row, platform: Row | undefined): Row {
  const freight = toCents(schedule.freight);
  const fee = serviceFeeCents(freight, platform?.platformFeeRate);
  return {
    scheduleNo: schedule.scheduleNo ?? null, projectId: schedule.projectId ?? null, driverName: schedule.driverName ?? null,
    truckLicensePlate: schedule.truckLicensePlate ?? null, freight: fromCents(freight), serviceFee: fromCents(fee), payAmount: fromCents(freight + fee),
  };
}

export interface SyncResult { created: number; refreshed: number; message: string }

/** Uploads the eligible schedules of the session's organisation and refreshes the unpaid waybills (inside the caller's transaction). */
export async function syncWaybills(w: WriteContext, billPlatformId: number | null): Promise<SyncResult> {
  const ctx = hookContext(w, w.entities.platformWaybill!, true);
  const platforms = new Map(((await ctx.q.select('billPlatform').selectAll().execute()) as Row[]).map((p) => [Number(p.billPlatformId), p]));
  if (billPlatformId && !platforms.has(billPlatformId)) throw badRequest('网货平台不存在', { field: 'billPlatformId' });
  let sq = ctx.q.select('transportSchedule').selectAll().where('carrierType', '=', 3).where('billPlatformId', 'is not', null)
    .where('scheduleStatus', 'not in', [0, 5]);
  if (billPlatformId) sq = sq.where('billPlatformId', '=', billPlatformId);
  const schedules = (await sq.orderBy('scheduleId').execute()) as Row[];
  const existing = new Map(((await ctx.q.select('platformWaybill').selectAll().execute()) as Row[]).map((r) => [Number(r.scheduleId), r]));
  let created = 0;
  let refreshed = 0;
  let skipped = 0;
  for (const s of schedules) {
    const platform = platforms.get(Number(s.billPlatformId));
    const have = existing.get(Number(s.scheduleId));
    if (!have) {
      // freight already paid (or being paid) by its nodes is not uploaded to be paid again
      if (await nodesPaidDirectly(ctx.q, s.scheduleId)) { skipped += 1; continue; }
      const row = await createRecord(w, w.entities.platformWaybill!, {
        billPlatformId: Number(s.billPlatformId), scheduleId: Number(s.scheduleId), platformWaybillNo: s.platformWaybillNo || undefined,
        ...figures(s, platform), paidAmount: '0.00', platformStatus: 1, uploadedAt: new Date().toISOString(),
      }, { system: true });
      // The schedule shows the number it was uploaded under.
      if (!s.platformWaybillNo) await ctx.q.update('transportSchedule').set({ platformWaybillNo: row.platformWaybillNo }).where('scheduleId', '=', s.scheduleId).execute();
      created += 1;
      continue;
    }
    // Only a waybill no matter holds yet follows later changes of its schedule (freight adjusted, truck changed).
    if (Number(have.platformStatus) !== 1 || have.reviewId) continue;
    const next = { ...figures(s, platform), billPlatformId: Number(s.billPlatformId) };
    const changed = Object.entries(next).some(([k, v]) => String(have[k] ?? '') !== String(v ?? ''));
    if (!changed) continue;
    await ctx.q.update('platformWaybill').set(next).where('waybillId', '=', have.waybillId).execute();
    refreshed += 1;
  }
  const note = skipped ? `；${skipped} 单调度单已按支付节点付款，未上传` : '';
  const message = (created || refreshed ? `同步完成：新上传 ${created} 单，刷新 ${refreshed} 单` : '同步完成：没有需要上传或刷新的运单') + note;
  return { created, refreshed, message };
}

export interface PayResult { count: number; reviewIds: number[]; message: string }

/** One 批量付款 matter per platform over the selected 已上传 waybills not held by a live matter. */
export async function payWaybills(ctx: HookContext, ids: number[], comment?: string | null): Promise<PayResult> {
  const rows = (await ctx.q.select('platformWaybill').selectAll().where('waybillId', 'in', ids).orderBy('waybillId').execute()) as Row[];
  if (rows.length !== ids.length) throw badRequest('所选运单不存在', { field: 'ids' });
  const bad = rows.find((r) => Number(r.platformStatus) !== 1);
  if (bad) throw conflict(`运单 ${bad.platformWaybillNo} 不是已上传状态，只有已上传的运单可以批量付款`);
  const held = rows.find((r) => r.reviewId);
  if (held) throw conflict(`运单 ${held.platformWaybillNo} 已在付款事项中`);
  const platforms = new Map(((await ctx.q.select('billPlatform').selectAll().execute()) as Row[]).map((p) => [Number(p.billPlatformId), p]));
  const byPlatform = new Map<number, Row[]>();
  for (const r of rows) byPlatform.set(Number(r.billPlatformId), [...(byPlatform.get(Number(r.billPlatformId)) ?? []), r]);
  const reviewIds: number[] = [];
  for (const [pid, list] of byPlatform) {
    const name = String(platforms.get(pid)?.name ?? '网货平台');
    const review = await applyMatter(ctx, 1, {
      title: `批量付款-${name}-运单${list.length}单`.slice(0, 100), payChannel: 4, payeeName: name, counterpartyName: name,
      comment: comment ?? null, items: list.map((r) => ({ waybillId: Number(r.waybillId) })),
    });
    reviewIds.push(Number(review.reviewId));
  }
  const total = rows.reduce((s, r) => s + toCents(r.payAmount), 0);
  return { count: rows.length, reviewIds, message: `已生成 ${reviewIds.length} 个批量付款事项（${rows.length} 单，合计 ${fromCents(total)} 元），待审核` };
}

const wctx = (ctx: HandlerContext, db: WriteContext['db']): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request, said: [] });

const sync: Handler = async (ctx) => {
  requireSession(ctx);
  const body = (ctx.body ?? {}) as { billPlatformId?: number | null };
  return inTransaction(ctx.db, (trx) => syncWaybills(wctx(ctx, trx), body.billPlatformId ? Number(body.billPlatformId) : null));
};

const batchPay: Handler = async (ctx) => {
  requireSession(ctx);
  const body = (ctx.body ?? {}) as { ids?: number[]; waybillId?: number; comment?: string };
  const ids = body.ids ?? (body.waybillId ? [body.waybillId] : []);
  if (!ids.length) throw badRequest('请选择要付款的运单', { field: 'ids' });
  return inTransaction(ctx.db, (trx) => {
    const w = wctx(ctx, trx);
    return payWaybills(hookContext(w, w.entities.financeReview!, false), ids, body.comment?.trim() || null);
  });
};

export const platformWaybillHandlers: Record<string, Handler> = {
  'platformWaybill.sync': sync,
  'platformWaybill.batchPay': batchPay,
};
