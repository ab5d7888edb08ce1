/**
 * 数据看板 (DOMAIN §7 R18): the big-screen board's figures for the caller's organisation, today
 * and this month (China's calendar), in one answer so the board refreshes with one request.
 * Each figure is the aggregate its own statistic defines (R5/R6/R14/R15/R21), not a copy of a
 * stored total:
 * - 在途车辆: schedules now in 运输中/运输异常 (20, 25) — a present state, the same for both periods;
 * - 发车 / 到达: schedules by departedAt / arrivedAt in the period (cancelled and drafts left out);
 * - 异常: schedules with an 异常 node (25) in the period; open: schedules now in 25;
 * - 回单超期: schedules signed (35) longer ago than the organisation's receiptOverdueDays;
 * - 收入 / 成本 / 毛利: valid (10) income and cost items by occurredDate, 不含税 (§7 rules);
 * - 吨公里: loadedWeight × distanceKm of the schedules departed in the period;
 * - 入库 / 出库: stored inStorage (10) by arrivalAt, deliveries not voided by outAt (R14/R15);
 * - 准时率: of the schedules arrived in the period whose demand asks an arrival time, the share
 *   arrived by it (R6);
 * - provinces: active schedules (派车 … 到达, 10–30) by the province of their demand's 卸货地区;
 * - feed: the latest schedule nodes.
 */
import { sql } from 'kysely';
import { requireSession, type Handler } from '../crud/context';
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';
import { enumLabel } from '../schema/load';
import { regionLabel } from '../reference/regions';

const DAY_MS = 86400_000;
const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
/** The first moment of a China calendar day, as an instant. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const r2 = (n: number) => Math.round(n * 100) / 100;
const num = (v: unknown) => Number(v ?? 0) || 0;

/** Schedules that never ran (草稿, 已取消) count nowhere. */
const LIVE = sql.raw('schedule_status not in (0, 5)');
const FEED_SIZE = 20;

export interface PeriodFigures {
  departed: number; arrived: number; exceptions: number;
  income: number; cost: number; grossProfit: number; tonKm: number;
  inStorage: number; inWeight: number; outStorage: number; outWeight: number;
  onTime: number; onTimeBase: number; onTimeRate: number | null;
}

async function period(db: Db, orgId: number, fromDay: string, toDay: string): Promise<PeriodFigures> {
  const from = startOf(fromDay);
  const to = new Date(new Date(startOf(toDay)).getTime() + DAY_MS).toISOString();
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0] as T;
  const s = await one<{ departed: unknown; arrived: unknown; tonKm: unknown }>(sql`
    select count(*) filter (where departed_at >= ${from} and departed_at < ${to}) as departed,
           count(*) filter (where arrived_at >= ${from} and arrived_at < ${to}) as arrived,
           coalesce(sum(coalesce(loaded_weight, 0) * coalesce(distance_km, 0)) filter (where departed_at >= ${from} and departed_at < ${to}), 0) as ton_km
      from transport_schedule where org_id = ${orgId} and ${LIVE}`);
  const e = await one<{ n: unknown }>(sql`
    select count(distinct schedule_id) as n from schedule_node
     where org_id = ${orgId} and node = 25 and occurred_at >= ${from} and occurred_at < ${to}`);
  const money = await one<{ income: unknown; cost: unknown }>(sql`
    select (select coalesce(sum(amount_excl_tax), 0) from income_item where org_id = ${orgId} and item_status = 10 and occurred_date between ${fromDay} and ${toDay}) as income,
           (select coalesce(sum(amount_excl_tax), 0) from cost_item where org_id = ${orgId} and item_status = 10 and occurred_date between ${fromDay} and ${toDay}) as cost`);
  const stock = await one<{ ins: unknown; inWeight: unknown; outs: unknown; outWeight: unknown }>(sql`
    select (select count(*) from in_storage where org_id = ${orgId} and status = 10 and arrival_at >= ${from} and arrival_at < ${to}) as ins,
           (select coalesce(sum(total_weight), 0) from in_storage where org_id = ${orgId} and status = 10 and arrival_at >= ${from} and arrival_at < ${to}) as in_weight,
           (select count(*) from delivery where org_id = ${orgId} and status <> 5 and out_at >= ${from} and out_at < ${to}) as outs,
           (select coalesce(sum(total_weight), 0) from delivery where org_id = ${orgId} and status <> 5 and out_at >= ${from} and out_at < ${to}) as out_weight`);
  const t = await one<{ base: unknown; onTime: unknown }>(sql`
    select count(*) as base, count(*) filter (where s.arrived_at <= d.required_arrive_time) as on_time
      from transport_schedule s join transport_demand d on d.demand_id = s.demand_id and d.org_id = s.org_id
     where s.org_id = ${orgId} and s.schedule_status not in (0, 5) and d.required_arrive_time is not null
       and s.arrived_at >= ${from} and s.arrived_at < ${to}`);
  const income = r2(num(money.income));
  const cost = r2(num(money.cost));
  const base = num(t.base);
  return {
    departed: num(s.departed), arrived: num(s.arrived), exceptions: num(e.n),
    income, cost, grossProfit: r2(income - cost), tonKm: r2(num(s.tonKm)),
    inStorage: num(stock.ins), inWeight: r2(num(stock.inWeight)), outStorage: num(stock.outs), outWeight: r2(num(stock.outWeight)),
    onTime: num(t.onTime), onTimeBase: base, onTimeRate: base ? Math.round((num(t.onTime) / base) * 1000) / 10 : null,
  };
}

export async function kanbanBoard(db: Db, orgId: number, now = new Date()) {
  const today = chinaDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const overdueDays = Number(await getSetting(db, orgId, 'receiptOverdueDays')) || 15;
  const current = (await sql<{ inTransit: unknown; openExceptions: unknown; receiptOverdue: unknown }>`
    select count(*) filter (where schedule_status in (20, 25)) as in_transit,
           count(*) filter (where schedule_status = 25) as open_exceptions,
           count(*) filter (where schedule_status = 35 and signed_at < ${new Date(now.getTime() - overdueDays * DAY_MS).toISOString()}) as receipt_overdue
      from transport_schedule where org_id = ${orgId}`.execute(db)).rows[0]!;
  const byRegion = (await sql<{ regionCode: string | null; n: unknown }>`
    select d.unload_region_code as region_code, count(*) as n
      from transport_schedule s join transport_demand d on d.demand_id = s.demand_id and d.org_id = s.org_id
     where s.org_id = ${orgId} and s.schedule_status in (10, 15, 20, 25, 30)
     group by d.unload_region_code`.execute(db)).rows;
  const provinces = new Map<string, number>();
  for (const r of byRegion) {
    const code = r.regionCode ? `${String(r.regionCode).slice(0, 2)}0000` : '';
    const name = (code && regionLabel(code)?.split('/')[0]) || '未知';
    provinces.set(name, (provinces.get(name) ?? 0) + num(r.n));
  }
  const feed = (await sql<Record<string, unknown>>`
    select n.node_id, n.schedule_id, n.node, n.occurred_at, n.address, n.truck_license_plate, s.schedule_no
      from schedule_node n join transport_schedule s on s.schedule_id = n.schedule_id and s.org_id = n.org_id
     where n.org_id = ${orgId}
     order by n.occurred_at desc, n.node_id desc limit ${FEED_SIZE}`.execute(db)).rows;
  return {
    today, monthStart, receiptOverdueDays: overdueDays, updatedAt: now.toISOString(),
    current: { inTransit: num(current.inTransit), openExceptions: num(current.openExceptions), receiptOverdue: num(current.receiptOverdue) },
    todayFigures: await period(db, orgId, today, today),
    month: await period(db, orgId, monthStart, today),
    provinces: [...provinces.entries()].map(([province, count]) => ({ province, count })).sort((a, b) => b.count - a.count || a.province.localeCompare(b.province)),
    feed: feed.map((n) => ({
      nodeId: num(n.nodeId), scheduleId: num(n.scheduleId), scheduleNo: n.scheduleNo, plate: n.truckLicensePlate ?? '', node: num(n.node),
      nodeLabel: enumLabel('scheduleNode', n.node) ?? '', occurredAt: n.occurredAt, address: n.address ?? '',
    })),
  };
}

export const kanbanHandlers: Record<string, Handler> = {
  'kanban.board': async (ctx) => kanbanBoard(ctx.db, requireSession(ctx).orgId),
};
