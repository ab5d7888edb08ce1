/**
 * 大件成本结算 lines and their application (DOMAIN §3.3, §4.2): lines priced from the 自有重卡配置
 * where a figure is blank, frozen once applied for; the application gathers the owner's
 * unapplied lines, goes through approval (bizType 15), and on approval books each line as a cost
 * item (source 2 大件结算; costType 6 on a project, 3 on a clue).
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { assertLineEditable, bulkConfig, checkOwner, LINE_ENTITIES, refreshApplyTotals } from '../../project/bulk-settle';
import { chinaToday } from '../../project/common';

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number) => (c / 100).toFixed(2);
const blank = (v: unknown) => v === null || v === undefined || v === '';
/** a figure left blank takes the configured one */
const or = (v: unknown, fallback: number) => (blank(v) ? fallback : cents(v));

async function lineGuards(ctx: HookContext, record: Record<string, any>, prev: Record<string, any> | undefined) {
  await checkOwner(ctx, record);
  if (prev) await assertLineEditable(ctx, prev.applyId);
}

export const staffCostSettleHooks = defineHooks('staffCostSettle', {
  async validate(ctx, record, prev) {
    await lineGuards(ctx, record, prev);
    if (String(record.endDate) < String(record.startDate)) throw badRequest('结束日期不能早于开始日期', { field: 'endDate' });
    const span = (Date.parse(`${record.endDate}T00:00:00Z`) - Date.parse(`${record.startDate}T00:00:00Z`)) / 86400_000 + 1;
    if (Number(record.days) > span) throw badRequest(`出车天数不能超过期间天数（${span}天）`, { field: 'days' });
  },
  async beforeSave(ctx, values, prev) {
    const r = { ...(prev ?? {}), ...values };
    const cfg = await bulkConfig(ctx);
    // 出车/护送/操作补贴 by post (1 司机, 2 押运/护送, 3 操作工) when the line leaves it blank.
    const byPost: Record<number, unknown> = { 1: cfg?.driverDailyAllowance, 2: cfg?.escortDailyAllowance, 3: cfg?.operatorDailyAllowance };
    const daily = or(r.dailyAllowance, cents(byPost[Number(r.post)] ?? 0));
    const overtime = or(r.overtimeAmount, Math.round(Number(r.overtimeHours ?? 0) * cents(cfg?.overtimeHourRate ?? 0)));
    const meal = or(r.mealAmount, Math.round(Number(r.days) * cents(cfg?.mealAllowance ?? 0)));
    values.dailyAllowance = yuan(daily);
    values.overtimeAmount = yuan(overtime);
    values.mealAmount = yuan(meal);
    values.totalAmount = yuan(Math.round(Number(r.days) * daily) + overtime + meal + cents(r.lodgingAmount) + cents(r.otherAmount));
    const staff = await ctx.q.get('staff', Number(r.staffId));
    values.summary = `${staff?.name ?? ''} ${r.startDate}~${r.endDate}`;
  },
  async beforeRemove(ctx, row) { await assertLineEditable(ctx, row.applyId); },
  async afterSave(ctx, row) { await refreshApplyTotals(ctx.q, row.applyId); },
  async afterRemove(ctx, row) { await refreshApplyTotals(ctx.q, row.applyId); },
});

export const truckCostSettleHooks = defineHooks('truckCostSettle', {
  async validate(ctx, record, prev) { await lineGuards(ctx, record, prev); },
  async beforeSave(ctx, values, prev) {
    const r = { ...(prev ?? {}), ...values };
    const cfg = await bulkConfig(ctx);
    const override = (Array.isArray(cfg?.truckOverrides) ? cfg!.truckOverrides : []).find((o: any) => Number(o.companyTruckId) === Number(r.companyTruckId)) as Record<string, unknown> | undefined;
    const empty = Number(r.emptyKm ?? 0);
    const loaded = Number(r.loadedKm ?? 0);
    const liters = (empty * Number(cfg?.emptyFuelPer100 ?? 0) + loaded * Number(override?.loadedFuelPer100 ?? cfg?.loadedFuelPer100 ?? 0)) / 100;
    values.fuelLiters = liters.toFixed(1);
    const days = Number(r.depreciationDays ?? 0);
    const parts = {
      fuelAmount: or(r.fuelAmount, Math.round(liters * cents(cfg?.fuelPrice ?? 0))),
      tollAmount: cents(r.tollAmount),
      depreciationAmount: or(r.depreciationAmount, Math.round(days * cents(override?.depreciationPerDay ?? cfg?.depreciationPerDay ?? 0))),
      tyreAmount: or(r.tyreAmount, Math.round((empty + loaded) * cents(cfg?.tyrePerKm ?? 0))),
      maintenanceAmount: or(r.maintenanceAmount, Math.round((empty + loaded) * cents(cfg?.maintenancePerKm ?? 0))),
      insuranceAmount: or(r.insuranceAmount, Math.round(days * cents(cfg?.insurancePerDay ?? 0))),
      otherAmount: cents(r.otherAmount),
    };
    for (const [k, v] of Object.entries(parts)) values[k] = yuan(v);
    values.totalAmount = yuan(Object.values(parts).reduce((a, b) => a + b, 0));
  },
  async beforeRemove(ctx, row) { await assertLineEditable(ctx, row.applyId); },
  async afterSave(ctx, row) { await refreshApplyTotals(ctx.q, row.applyId); },
  async afterRemove(ctx, row) { await refreshApplyTotals(ctx.q, row.applyId); },
});

export const contractCostSettleHooks = defineHooks('contractCostSettle', {
  async validate(ctx, record, prev) {
    await lineGuards(ctx, record, prev);
    const c = await ctx.q.get('contract', Number(record.costContractId));
    if (!c || Number(c.contractType) !== 2 || Number(c.auditState) !== 15) throw badRequest('请选择已审核通过的成本合同', { field: 'costContractId' });
  },
  async beforeSave(ctx, values, prev) {
    const r = { ...(prev ?? {}), ...values };
    const c = await ctx.q.get('contract', Number(r.costContractId));
    values.supplierId = c?.supplierId ?? null;
    if (blank(r.taxRate)) values.taxRate = c?.taxRate ?? null;
  },
  async beforeRemove(ctx, row) { await assertLineEditable(ctx, row.applyId); },
  async afterSave(ctx, row) { await refreshApplyTotals(ctx.q, row.applyId); },
  async afterRemove(ctx, row) { await refreshApplyTotals(ctx.q, row.applyId); },
});

/** The cost items an approved application books, one per line. */
async function bookCosts(ctx: HookContext, apply: Record<string, any>) {
  const id = Number(apply.applyId);
  const owner = { projectId: apply.projectId ?? null, clueId: apply.clueId ?? null };
  const costType = apply.projectId ? 6 : 3;
  const base = { ...owner, costType, source: 2, sourceId: id, occurredDate: apply.periodEnd ?? chinaToday() };
  const staff = await ctx.q.select('staffCostSettle').selectAll().where('applyId', '=', id).orderBy('staffSettleId').execute() as Record<string, any>[];
  for (const l of staff) {
    await ctx.create('costItem', { ...base, payeeKind: 2, staffId: l.staffId, summary: `大件人员结算 ${l.summary}`.slice(0, 100), amount: l.totalAmount, taxRate: 0, occurredDate: l.endDate });
  }
  const trucks = await ctx.q.select('truckCostSettle').selectAll().where('applyId', '=', id).orderBy('truckSettleId').execute() as Record<string, any>[];
  for (const l of trucks) {
    await ctx.create('costItem', { ...base, scheduleId: l.scheduleId ?? null, summary: `大件车辆结算 ${l.truckLicensePlate}（燃油/路桥/折旧等）`, amount: l.totalAmount, taxRate: 0 });
  }
  const contracts = await ctx.q.select('contractCostSettle').selectAll().where('applyId', '=', id).orderBy('contractSettleId').execute() as Record<string, any>[];
  for (const l of contracts) {
    const c = await ctx.q.get('contract', Number(l.costContractId));
    await ctx.create('costItem', {
      ...base, payeeKind: 1, supplierId: l.supplierId, summary: `大件合同结算 ${l.content}`.slice(0, 100), amount: l.amount,
      taxRate: l.taxRate ?? c?.taxRate ?? 0, invoiceType: c?.invoiceType ?? null,
    });
  }
}

export const bulkCostSettleApplyHooks = defineHooks('bulkCostSettleApply', {
  async validate(ctx, record) {
    await checkOwner(ctx, record);
    if (String(record.periodEnd) < String(record.periodStart)) throw badRequest('结算期间止不能早于起', { field: 'periodEnd' });
  },
  beforeSave(ctx, values, prev) {
    if (!prev && ctx.session) values.applicantStaffId = ctx.session.staffId;
  },
  async afterSave(ctx, row, prev) {
    if (prev) return;
    // A new application gathers every line of its project or clue not applied for yet.
    const [field, owner] = row.projectId ? ['projectId', Number(row.projectId)] : ['clueId', Number(row.clueId)];
    for (const e of LINE_ENTITIES) {
      await ctx.q.update(e).set({ applyId: Number(row.applyId) }).where(field, '=', owner).where('applyId', 'is', null).execute();
    }
    const { lineCount } = await refreshApplyTotals(ctx.q, row.applyId);
    if (!lineCount) throw badRequest('没有待申请的结算明细');
  },
  async beforeRemove(ctx, row) {
    if (![0, 10].includes(Number(row.auditState))) throw conflict('只能删除未提交或已驳回的结算申请');
    for (const e of LINE_ENTITIES) await ctx.q.update(e).set({ applyId: null }).where('applyId', '=', Number(row.applyId)).execute();
  },
  beforeTransition: {
    async submit(ctx, row) {
      await checkOwner(ctx, row);
      const { lineCount } = await refreshApplyTotals(ctx.q, row.applyId);
      if (!lineCount) throw conflict('结算申请没有明细，不能提交');
    },
  },
  afterTransition: {
    async submit(ctx, row) {
      await ctx.q.update('bulkCostSettleApply').set({ reviewedAt: new Date().toISOString() }).where('applyId', '=', Number(row.applyId)).execute();
      await bookCosts(ctx, row);
    },
  },
});
