/**
 * Demo 资金流水管理 of 华运上海 (DOMAIN §8: platformWaybill 55 over 路歌, 中储智运, 快货运): the
 * dispatched owner-driver schedules (承运类型 3) get a bill platform in turn, 同步 uploads them as
 * the screen does, and the 会计 pays them in 批量付款 matters at every stage — waiting for
 * approval, executed by the cashier (已支付), then invoiced by the platform (已开票) — with two
 * marked 异常. Everything goes through platform-waybill.ts and core.ts.
 */
import { inTransaction } from '../../db/connect';
import { hookContext, type WriteContext } from '../../crud/write';
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';
import { executeMatter } from '../../finance/matters/core';
import { ctxOf } from '../../finance/matters/delete';
import { payWaybills, syncWaybills } from '../../finance/platform-waybill';

type Row = Record<string, any>;
const tx = <T>(w: WriteContext, fn: (w: WriteContext) => Promise<T>) => inTransaction(w.db, (trx) => fn({ ...w, db: trx }));
const WANT = 55;

async function seed(ctx: SeedContext): Promise<void> {
  let acct: WriteContext, mgr: WriteContext, gm: WriteContext, cashier: WriteContext;
  try {
    acct = await ctx.as('sh', '谢丽娜');
    mgr = await ctx.as('sh', '潘文娟');
    gm = await ctx.as('sh', '沈伟民');
    cashier = await ctx.as('sh', '徐静');
  } catch { return; }
  const orgId = ctx.orgIds.sh;
  const platforms = (await ctx.db.selectFrom('billPlatform').select(['billPlatformId', 'name']).where('corpId', '=', ctx.corpId).orderBy('billPlatformId').execute()) as Row[];
  const account = (await ctx.db.selectFrom('bankAccount').select('bankAccountId').where('orgId', '=', orgId).orderBy('bankAccountId').executeTakeFirst()) as Row | undefined;
  if (!platforms.length || !account) return;
  // The owner-driver schedules were given their platform before the node payments were seeded (assignPlatforms).
  const schedules = (await ctx.db.selectFrom('transportSchedule').select(['scheduleId']).where('orgId', '=', orgId)
    .where('carrierType', '=', 3).where('billPlatformId', 'is not', null).where('scheduleStatus', 'not in', [0, 5]).orderBy('scheduleId').limit(WANT).execute()) as Row[];
  const ids = schedules.map((s) => Number(s.scheduleId));
  if (!ids.length) return;
  await tx(acct, (w) => syncWaybills(w, null));
  const waybills = (await ctx.db.selectFrom('platformWaybill').select(['waybillId', 'billPlatformId']).where('orgId', '=', orgId).orderBy('waybillId').execute()) as Row[];
  // Spread the upload times over the last months, oldest first.
  for (const [i, wb] of waybills.entries()) {
    const at = ctx.daysAgo(Math.max(1, 120 - Math.floor((i * 118) / Math.max(1, waybills.length))));
    await ctx.db.updateTable('platformWaybill').set({ uploadedAt: at, createdAt: at }).where('waybillId', '=', wb.waybillId).execute();
  }
  // Fates by position: the oldest paid (two thirds of those invoiced), then one batch waiting for
  // approval, the newest still 已上传, the last one or two 异常 — each status shown however few there are.
  const n = waybills.length;
  const exceptions = waybills.slice(n - (n >= 20 ? 2 : n >= 4 ? 1 : 0));
  const open = waybills.slice(0, n - exceptions.length);
  const paid = open.slice(0, Math.max(Math.min(2, open.length - 1), Math.floor(n * 0.55)));
  const waiting = open.slice(paid.length, paid.length + Math.floor(n * 0.12));
  const decideAll = async (id: number) => {
    for (const w of [mgr, gm]) {
      const row = (await ctx.db.selectFrom('financeReview').select('auditState').where('reviewId', '=', id).executeTakeFirstOrThrow()) as Row;
      if (Number(row.auditState) !== 5) return;
      try { await tx(w, (x) => ctx.decide(x, 'financeReview', id, true, '同意')); } catch { /* not this approver's node */ }
    }
  };
  const wctx = (w: WriteContext) => hookContext(w, w.entities.financeReview!, false);
  // Paid in batches of about eight, as the 会计 would every couple of weeks.
  for (let i = 0; i < paid.length; i += 8) {
    const batch = paid.slice(i, i + 8).map((r) => Number(r.waybillId));
    const res = await tx(acct, (w) => payWaybills(wctx(w), batch, null));
    for (const id of res.reviewIds) {
      await decideAll(id);
      await tx(cashier, (w) => executeMatter(ctxOf(w), { reviewId: id, ourBankAccountId: Number(account.bankAccountId), voucherNo: `WH${String(20260000 + id)}`, executedDate: ctx.daysAgo(Math.max(1, 100 - i * 4)).toISOString().slice(0, 10) }));
      await ctx.backdate('financeReview', id, ctx.daysAgo(Math.max(1, 105 - i * 4)));
    }
  }
  // The platforms invoiced the older two thirds of what was paid.
  for (const [i, r] of paid.slice(0, Math.max(1, Math.floor(paid.length * 0.65))).entries()) {
    await tx(acct, (w) => ctx.transition(w, 'platformWaybill', Number(r.waybillId), 'invoice', { platformInvoiceNo: `2531${String(20000000 + Number(r.waybillId) * 37 + i).padStart(16, '0')}`.slice(0, 20) }));
  }
  if (waiting.length) await tx(acct, (w) => payWaybills(wctx(w), waiting.map((r) => Number(r.waybillId)), null));
  const reasons = ['平台回单校验失败：司机身份证与行驶证不一致', '平台轨迹校验未通过：装货地偏离超过5公里'];
  for (const [i, r] of exceptions.entries()) {
    await tx(acct, (w) => ctx.transition(w, 'platformWaybill', Number(r.waybillId), 'markException', { exceptionReason: reasons[i]! }));
  }
}

/**
 * The dispatcher names the platform on 派车; the demo schedules were dispatched before platforms
 * existed. Given before the node payments are seeded: a platform schedule's freight is paid through
 * its waybill, never by its nodes (platform-freight.ts), so those seeds leave its nodes alone.
 */
async function assignPlatforms(ctx: SeedContext): Promise<void> {
  const orgId = ctx.orgIds.sh;
  const platforms = (await ctx.db.selectFrom('billPlatform').select(['billPlatformId']).where('corpId', '=', ctx.corpId).orderBy('billPlatformId').execute()) as Row[];
  if (!orgId || !platforms.length) return;
  const schedules = (await ctx.db.selectFrom('transportSchedule').select(['scheduleId', 'billPlatformId']).where('orgId', '=', orgId)
    .where('carrierType', '=', 3).where('scheduleStatus', 'not in', [0, 5])
    // freight already paid by its nodes is not paid again on a platform
    .where((eb: any) => eb.not(eb.exists(eb.selectFrom('schedulePayment').select('paymentId').whereRef('schedulePayment.scheduleId', '=', 'transportSchedule.scheduleId')
      .where((x: any) => x.or([x('payNodeStatus', '=', 15), x('reviewId', 'is not', null)])))))
    .orderBy('scheduleId').limit(WANT).execute()) as Row[];
  for (const [i, s] of schedules.entries()) {
    if (!s.billPlatformId) await ctx.db.updateTable('transportSchedule').set({ billPlatformId: platforms[i % platforms.length]!.billPlatformId }).where('scheduleId', '=', s.scheduleId).execute();
  }
}

export const financeLugePlatformsSeeder: AreaSeeder = { name: 'finance-luge-platforms', seed: assignPlatforms };
export const financeLugeSeeder: AreaSeeder = { name: 'finance-luge', seed };
