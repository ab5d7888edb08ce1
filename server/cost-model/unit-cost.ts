/**
 * 单位成本 (DOMAIN §3.8, R22): a version per vehicle kind whose per-km, per-day and per-ton-km
 * costs are formulas of its parameters (the entity declares them); here: which version is the
 * kind's current one, an estimate of a trip from the current version, and the model compared with
 * the actual cost per km of the approved heavy-truck settlements (Σ cost ÷ Σ tracked km).
 */
import { sql } from 'kysely';
import { requireSession, type Handler } from '../crud/context';
import { scopedQueries } from '../crud/scope';
import { badRequest, notFound } from '../http/errors';
import { enumLabel } from '../schema/load';
import { evaluateFormula } from '../../schemas/src/formula';

const setCurrent: Handler = async (ctx) => {
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  const id = Number(ctx.params.unitCostId);
  const row = await q.get('unitCost', id);
  if (!row) throw notFound('单位成本不存在');
  // One current version per vehicle kind: the others of the kind step back.
  await q.update('unitCost').set({ isCurrent: false }).where('vehicleKind', '=', row.vehicleKind).where('unitCostId', '<>', id).execute();
  await q.update('unitCost').set({ isCurrent: true, updatedAt: new Date().toISOString() }).where('unitCostId', '=', id).execute();
  return { ...row, isCurrent: true, message: `已将「${row.name}」设为${enumLabel('vehicleKind', row.vehicleKind) ?? ''}的当前版本` };
};

/** Model cost of a trip: (km × 每公里 + days × 每天) × (1 + 管理费率), exact decimals rounded to fen. */
export function estimateTrip(u: { costPerKm: unknown; costPerDay: unknown; managementRate: unknown; avgDailyKm: unknown }, km: number, days?: number) {
  const d = days ?? Math.max(1, Math.ceil(km / Number(u.avgDailyKm)));
  const values = { km, days: d, perKm: u.costPerKm ?? 0, perDay: u.costPerDay ?? 0, rate: u.managementRate ?? 0 };
  const base = evaluateFormula('km * perKm + days * perDay', values, 2)!;
  const total = evaluateFormula('(km * perKm + days * perDay) * (1 + rate / 100)', values, 2)!;
  return { days: d, base, total };
}

const estimate: Handler = async (ctx) => {
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  const km = Number(ctx.body?.distanceKm);
  const tons = ctx.body?.tons === undefined || ctx.body?.tons === null || ctx.body?.tons === '' ? undefined : Number(ctx.body.tons);
  const days = ctx.body?.days ? Number(ctx.body.days) : undefined;
  if (!(km > 0)) throw badRequest('请填写运输里程', { field: 'distanceKm' });
  const u = (await q.select('unitCost').selectAll().where('vehicleKind', '=', ctx.body.vehicleKind).where('isCurrent', '=', true).executeTakeFirst()) as Record<string, any> | undefined;
  if (!u) throw badRequest(`${enumLabel('vehicleKind', ctx.body.vehicleKind) ?? '该车型'}还没有当前的单位成本版本，请先设为当前`, { field: 'vehicleKind' });
  const r = estimateTrip(u as Parameters<typeof estimateTrip>[0], km, days);
  const perTon = tons && tons > 0 ? evaluateFormula('total / tons', { total: r.total, tons }, 2) : null;
  return { unitCostId: u.unitCostId, name: u.name, distanceKm: km, ...r, perTon,
    message: `按「${u.name}」测算：${km} 公里、${r.days} 天，成本约 ${r.total} 元${perTon ? `（每吨 ${perTon} 元）` : ''}` };
};

/**
 * Model vs actual per vehicle kind: the current version's 每公里成本 beside Σ 车辆结算合计 ÷ Σ
 * (空驶 + 重载) km of settlement lines whose application was approved (auditState 15), the truck's
 * kind read from the company truck of the same plate. Answers the report shape.
 */
const actualCompare: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const from = typeof ctx.query.periodStart === 'string' && ctx.query.periodStart ? ctx.query.periodStart : null;
  const to = typeof ctx.query.periodEnd === 'string' && ctx.query.periodEnd ? ctx.query.periodEnd : null;
  const actual = (await sql<{ vehicleKind: number; cost: string; km: string; trucks: number }>`
    select ct.vehicle_kind as "vehicleKind", coalesce(sum(t.total_amount), 0)::text as cost,
           coalesce(sum(coalesce(t.empty_km, 0) + coalesce(t.loaded_km, 0)), 0)::text as km, count(distinct ct.truck_id)::int as trucks
    from truck_cost_settle t
    join bulk_cost_settle_apply a on a.apply_id = t.apply_id and a.audit_state = 15
    join company_truck ct on ct.org_id = t.org_id and ct.truck_license_plate = t.truck_license_plate
    where t.org_id = ${session.orgId}
      and (${from}::date is null or a.period_end >= ${from}::date)
      and (${to}::date is null or a.period_start <= ${to}::date)
    group by ct.vehicle_kind`.execute(ctx.db)).rows;
  const models = (await scopedQueries(ctx.db, ctx.entities, session).select('unitCost').select(['vehicleKind', 'costPerKm', 'costPerTonKm', 'costPerDay'])
    .where('isCurrent', '=', true).execute()) as { vehicleKind: number; costPerKm: string; costPerTonKm: string; costPerDay: string }[];
  const kinds = [...new Set([...models.map((m) => m.vehicleKind), ...actual.map((a) => a.vehicleKind)])].sort((a, b) => a - b);
  const rows = kinds.map((k) => {
    const m = models.find((x) => x.vehicleKind === k);
    const a = actual.find((x) => x.vehicleKind === k);
    const km = a ? Number(a.km) : 0;
    const actualPerKm = a && km > 0 ? Number(evaluateFormula('cost / km', { cost: a.cost, km: a.km }, 4)) : null;
    const model = m?.costPerKm === null || m?.costPerKm === undefined ? null : Number(m.costPerKm);
    return {
      vehicleKind: k, costPerKm: model, costPerDay: m ? Number(m.costPerDay) : null, costPerTonKm: m ? Number(m.costPerTonKm) : null,
      actualCost: a ? Number(a.cost) : 0, actualKm: km, actualPerKm,
      diffRate: model && actualPerKm !== null ? (actualPerKm - model) / model : null,
    };
  });
  const cost = rows.reduce((s, r) => s + r.actualCost, 0);
  const km = rows.reduce((s, r) => s + r.actualKm, 0);
  return {
    rows,
    summary: { actualCost: Math.round(cost * 100) / 100, actualKm: km, actualPerKm: km ? Math.round((cost / km) * 10000) / 10000 : null, costPerKm: null, costPerDay: null, costPerTonKm: null, diffRate: null },
    dimensions: [{ name: 'vehicleKind', field: 'vehicleKind', title: '车型', granularity: null, type: 'enum', enum: 'vehicleKind', ref: null }],
    measures: [
      { name: 'costPerKm', title: '模型每公里(元)', format: 'decimal' },
      { name: 'actualPerKm', title: '实际每公里(元)', format: 'decimal' },
      { name: 'diffRate', title: '差异%', format: 'percent' },
      { name: 'costPerDay', title: '模型每天(元)', format: 'money' },
      { name: 'costPerTonKm', title: '模型吨公里(元)', format: 'decimal' },
      { name: 'actualCost', title: '实际成本(元)', format: 'money' },
      { name: 'actualKm', title: '实际里程(公里)', format: 'decimal' },
    ],
    refs: {},
  };
};

export const unitCostHandlers: Record<string, Handler> = {
  'unitCost.setCurrent': setCurrent,
  'unitCost.estimate': estimate,
  'unitCost.actualCompare': actualCompare,
};
