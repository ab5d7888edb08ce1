/**
 * Shared rules of transport dispatch (DOMAIN §3.2 transportDemand / transportSchedule, §4.2):
 * which schedules count, the demand's state following its schedules, and the project gate
 * (approved, running, not closed) every new demand and schedule passes.
 */
import { sql } from 'kysely';
import type { HookContext } from '../hooks/types';
import { conflict } from '../http/errors';
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';
import { PROJECT_CLOSED, PROJECT_CLOSED_MESSAGE } from '../project/common';

/** Schedule states that do not count as a dispatched truck: 0 草稿, 5 已取消. */
export const SCHEDULE_NOT_LIVE = [0, 5];
/** Demand states a truck may still be dispatched to: 10 待请车, 15 待装车, 25 运输中, 30 运输异常. */
export const DEMAND_DISPATCHABLE = [10, 15, 25, 30];

/** The project of a demand or schedule must be approved and running (not paused, ended or closed). */
export async function assertProjectRunning(ctx: HookContext, projectId: unknown, action: string, allowNotStarted = false): Promise<Record<string, any>> {
  const project = await ctx.q.get('project', Number(projectId));
  if (!project) throw conflict('项目不存在');
  const run = Number(project.runState);
  if (run === PROJECT_CLOSED) throw conflict(PROJECT_CLOSED_MESSAGE);
  if (Number(project.auditState) !== 15) throw conflict(`项目立项审核通过后才能${action}`);
  if (run === 5) throw conflict(`项目已暂停，不能${action}`);
  if (!(run === 10 || (allowNotStarted && run === 0))) throw conflict(`项目已终止或作业完成，不能${action}`);
  return project;
}

/** Counts a demand's schedules in the given states (other than `exceptId`). */
export async function countSchedules(ctx: HookContext, demandId: number, opts: { notIn?: number[]; in?: number[]; exceptId?: number }): Promise<number> {
  let q = ctx.q.select('transportSchedule').select(sql<number>`count(*)::int`.as('n')).where('demandId', '=', demandId);
  if (opts.notIn) q = q.where('scheduleStatus', 'not in', opts.notIn);
  if (opts.in) q = q.where('scheduleStatus', 'in', opts.in);
  if (opts.exceptId) q = q.where('scheduleId', '<>', opts.exceptId);
  const r = (await q.executeTakeFirstOrThrow()) as { n: number };
  return Number(r.n);
}

/**
 * The demand follows its schedules (DOMAIN §4.2): 10 → 15 on the first dispatched truck, back to
 * 10 when all are cancelled, 15 → 25 on the first departure, 25 ↔ 30 while one is in exception,
 * 25 → 35 once every live schedule's receipt is back. Also refreshes 已派车.
 */
export async function syncDemand(ctx: HookContext, demandId: unknown): Promise<void> {
  if (demandId === null || demandId === undefined) return;
  const id = Number(demandId);
  const live = (await ctx.q.select('transportSchedule').select('scheduleStatus').where('demandId', '=', id)
    .where('scheduleStatus', 'not in', SCHEDULE_NOT_LIVE).execute()).map((r: any) => Number(r.scheduleStatus));
  await ctx.q.update('transportDemand').set({ dispatchedCount: live.length }).where('demandId', '=', id).execute();
  for (let step = 0; step < 5; step++) {
    const demand = await ctx.q.get('transportDemand', id);
    if (!demand) return;
    const s = Number(demand.status);
    let next: string | null = null;
    if (s === 10 && live.length > 0) next = 'dispatched';
    else if (s === 15 && live.length === 0) next = 'undispatched';
    else if (s === 15 && live.some((x) => x >= 20)) next = 'inTransit';
    else if (s === 25 && live.includes(25)) next = 'abnormal';
    else if (s === 30 && !live.includes(25)) next = 'recovered';
    else if (s === 25 && live.length > 0 && live.every((x) => x >= 40)) next = 'returned';
    if (!next) return;
    await ctx.transition('transportDemand', id, next, { ifAllowed: true });
  }
}

/** Now as an ISO timestamp (node times default to it). */
export const nowIso = () => new Date().toISOString();

/** A value is blank (unset, empty text). */
export const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/**
 * Whether a schedule's freight exceeds its guide price by more than the organisation's
 * freightTolerancePct (系统配置, default 10). No guide price: nothing to compare, no approval.
 */
export async function freightAboveTolerance(db: Db, orgId: number, row: Record<string, any>): Promise<{ above: boolean; pct: number }> {
  const pct = Number(await getSetting(db, orgId, 'freightTolerancePct'));
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const guide = cents(row.guidePrice);
  if (guide <= 0) return { above: false, pct };
  // freight > guide × (1 + pct/100), in whole cents and basis points so 10% of 1000.00 is exact.
  return { above: cents(row.freight) * 10000 > guide * (10000 + Math.round(pct * 100)), pct };
}
