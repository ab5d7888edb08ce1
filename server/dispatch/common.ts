/**
 * Shared rules of transport dispatch (DOMAIN §3.2 transportDemand / transportSchedule, §4.2):
 * which schedules count, the demand's state following its schedules, and the project gate
 * (approved, running, not closed) every new demand and schedule passes.
 */
import { sql } from 'kysely';
import type { HookContext } from '../hooks/types';
import { badRequest, conflict } from '../http/errors';
import { lockParent, recountInto, total } from '../crud/quantity';
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';
import { PROJECT_CLOSED, PROJECT_CLOSED_MESSAGE } from '../project/common';
import { publishTopic } from '../realtime/bus';
import { registerTopic } from '../realtime/events';

/**
 * The STOMP topic announcing a schedule's new node (派车 … 结算, 取消) to the organisation's
 * watching screens (`/topic/schedule-node`): the big-screen board re-reads its figures on it
 * rather than polling faster. The event names the schedule and the node only; figures are read
 * through the board's own call, which checks permission and organisation again.
 */
export const SCHEDULE_NODE_TOPIC = 'schedule-node';
registerTopic(SCHEDULE_NODE_TOPIC, { permission: '调度|在途车辆|大屏看板' });

/** Announces a node inside the writing transaction: NOTIFY is delivered only at commit, never for a rolled-back step. */
export async function announceNode(db: Db, orgId: number, scheduleId: number, node: number): Promise<void> {
  await publishTopic(db, orgId, SCHEDULE_NODE_TOPIC, { type: 'schedule_node', msg: { scheduleId, node } });
}

/** Schedule states that do not count as a dispatched truck: 0 草稿, 5 已取消. */
export const SCHEDULE_NOT_LIVE = [0, 5];
/**
 * Schedule states that free the demand's truck slot: only 5 已取消. A draft holds its slot
 * (docs/decisions.md, "Drafts hold a slot"): saving a schedule counts every other one not in these.
 */
export const SCHEDULE_SLOT_FREE = [5];
/** Demand states a truck may still be dispatched to: 10 待请车, 15 待装车, 25 运输中, 30 运输异常. */
export const DEMAND_DISPATCHABLE = [10, 15, 25, 30];

/**
 * The project of a demand or schedule must be approved and running (not paused, ended or closed).
 * `opening` (a demand submitted) also accepts a project not started yet or whose work was done:
 * the submission starts it, or resumes its work (作业完成 is reached by itself, so it must not
 * shut out the next shipment).
 */
export async function assertProjectRunning(ctx: HookContext, projectId: unknown, action: string, opening = false): Promise<Record<string, any>> {
  const project = await ctx.q.get('project', Number(projectId));
  if (!project) throw conflict('项目不存在');
  const run = Number(project.runState);
  if (run === PROJECT_CLOSED) throw conflict(PROJECT_CLOSED_MESSAGE);
  if (Number(project.auditState) !== 15) throw conflict(`项目立项审核通过后才能${action}`);
  if (run === 5) throw conflict(`项目已暂停，不能${action}`);
  if (!(run === 10 || (opening && (run === 0 || run === 20)))) throw conflict(`项目已终止或作业完成，不能${action}`);
  return project;
}

/**
 * Locks the demand (quantity rules under a lock, server/crud/quantity.ts) and returns it as
 * committed now: every rule comparing its schedules with its 需车数 or 件数 runs after this.
 */
export async function lockDemand(ctx: HookContext, demandId: unknown): Promise<Record<string, any>> {
  const d = demandId ? await lockParent(ctx, 'transportDemand', demandId) : undefined;
  if (!d) throw badRequest('请选择运输需求', { field: 'demandId' });
  return d;
}

/** Counts a demand's schedules in the given states (other than `exceptId`); lock the demand first. */
export async function countSchedules(ctx: HookContext, demandId: number, opts: { notIn?: number[]; in?: number[]; exceptId?: number }): Promise<number> {
  const where: Record<string, number[] | { not: number[] }> = {};
  if (opts.notIn) where.scheduleStatus = { not: opts.notIn };
  if (opts.in) where.scheduleStatus = opts.in;
  return Number(await total(ctx, demandId, { entity: 'transportSchedule', key: 'demandId', where, exceptId: opts.exceptId }));
}

/**
 * The demand's held slots (heldCount: schedules not cancelled, drafts included — counted as the
 * save rule counts them), whether they are all taken (slotsFull, which hides 派车) and the list's
 * 已派/需派 text. Recounted from the rows under the demand's lock, never incremented.
 */
export async function syncSlots(ctx: HookContext, demandId: unknown): Promise<void> {
  if (demandId === null || demandId === undefined) return;
  const id = Number(demandId);
  const demand = await lockParent(ctx, 'transportDemand', id);
  if (!demand) return;
  const held = Number(await recountInto(ctx, { parent: 'transportDemand', id, field: 'heldCount', from: { entity: 'transportSchedule', key: 'demandId', where: { scheduleStatus: { not: SCHEDULE_SLOT_FREE } } } }) ?? 0);
  await ctx.q.update('transportDemand').set(slotFields(held, demand.truckCount)).where('demandId', '=', id).execute();
}

/** slotsFull and slotSummary of a demand holding `held` of its `truckCount` trucks. */
export function slotFields(held: number, truckCount: unknown): { slotsFull: boolean; slotSummary: string } {
  const need = Number(truckCount ?? 0);
  return { slotsFull: held >= need, slotSummary: `${held}/${need}` };
}

/**
 * The demand follows its schedules (DOMAIN §4.2): 10 → 15 on the first dispatched truck, back to
 * 10 when all are cancelled, 15 → 25 on the first departure, 25 ↔ 30 while one is in exception,
 * 25 → 35 once every live schedule's receipt is back. Also refreshes 已派车.
 */
export async function syncDemand(ctx: HookContext, demandId: unknown): Promise<void> {
  if (demandId === null || demandId === undefined) return;
  const id = Number(demandId);
  // Locked first: two schedules of one demand changing at once would otherwise each count
  // without the other's change and the last to write would win.
  if (!(await lockParent(ctx, 'transportDemand', id))) return;
  await syncSlots(ctx, id);
  await recountInto(ctx, { parent: 'transportDemand', id, field: 'dispatchedCount', from: { entity: 'transportSchedule', key: 'demandId', where: { scheduleStatus: { not: SCHEDULE_NOT_LIVE } } } });
  const live = (await ctx.q.select('transportSchedule').select('scheduleStatus').where('demandId', '=', id)
    .where('scheduleStatus', 'not in', SCHEDULE_NOT_LIVE).execute()).map((r: any) => Number(r.scheduleStatus));
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

/**
 * Whether a project carries 大件 cargo: its own flag, or its source clue's (DOMAIN §3.2
 * transportDemand.isOversize "suggested as clue.isOversize") — the clue named on the project,
 * else the one its income contract was quoted from (contract.quotationId → quotation.clueId).
 */
export async function oversizeOfProject(ctx: HookContext, project: Record<string, any>): Promise<boolean> {
  if (project.isOversize) return true;
  const clueId = await clueOfProject(ctx, project);
  const clue = clueId && ctx.entities.clue ? await ctx.q.get('clue', clueId) : undefined;
  return Boolean(clue?.isOversize);
}

/** The clue a project came from: its clueId, else its income contract's quotation's clue. */
export async function clueOfProject(ctx: HookContext, project: Record<string, any>): Promise<number | null> {
  if (project.clueId) return Number(project.clueId);
  const contract = project.incomeContractId ? await ctx.q.get('contract', Number(project.incomeContractId)) : undefined;
  const quotation = contract?.quotationId && ctx.entities.quotation ? await ctx.q.get('quotation', Number(contract.quotationId)) : undefined;
  return quotation?.clueId ? Number(quotation.clueId) : null;
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
