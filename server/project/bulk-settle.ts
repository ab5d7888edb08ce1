/**
 * 大件成本结算 (DOMAIN §3.3, seed 002 §7.8): the own-heavy-truck costs of a project or a clue —
 * people (出车/护送/操作 days and allowances), trucks (fuel, tolls, depreciation …, priced from
 * the 自有重卡配置 where a figure is left blank) and service contracts (吊装, 护送, 许可) — collected
 * into an application (bizType 15) whose approval books them as cost items.
 */
import { sql } from 'kysely';
import { hasPermission } from '../../schemas/src/permission';
import { HttpError, MSG, badRequest, conflict } from '../http/errors';
import { scopedQueries, type ScopedQueries } from '../crud/scope';
import { requireSession, type Handler } from '../crud/context';
import type { HookContext } from '../hooks/types';
import { assertProjectOpen } from './common';

export const LINE_ENTITIES = ['staffCostSettle', 'truckCostSettle', 'contractCostSettle'] as const;
export type LineEntity = (typeof LINE_ENTITIES)[number];

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const yuan = (c: number) => (c / 100).toFixed(2);
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Exactly one owner: a project, or a clue (trial runs and surveys before there is a project). */
export async function checkOwner(ctx: HookContext, record: Record<string, any>): Promise<void> {
  const hasProject = !blank(record.projectId);
  const hasClue = !blank(record.clueId);
  if (hasProject === hasClue) throw badRequest('请选择项目或线索（二选一）', { field: 'projectId' });
  if (hasProject) await assertProjectOpen(ctx.q, record.projectId);
}

/** Lines of a submitted or approved application are frozen. */
export async function assertLineEditable(ctx: HookContext, applyId: unknown): Promise<void> {
  if (blank(applyId)) return;
  const apply = await ctx.q.get('bulkCostSettleApply', Number(applyId));
  if (apply && [5, 15].includes(Number(apply.auditState))) throw conflict('结算申请审核中或已通过，明细不能修改');
}

/** The organisation's 自有重卡配置 (运力资源), when it has one. */
export async function bulkConfig(ctx: HookContext): Promise<Record<string, any> | undefined> {
  if (!ctx.entities.bulkConfig) return undefined;
  return (await ctx.q.select('bulkConfig').selectAll().orderBy('configId', 'desc').executeTakeFirst()) as Record<string, any> | undefined;
}

/** The application's totals from its lines. */
export async function refreshApplyTotals(q: ScopedQueries, applyId: unknown): Promise<{ lineCount: number; total: string }> {
  if (blank(applyId)) return { lineCount: 0, total: '0.00' };
  const id = Number(applyId);
  const sums: Record<string, { n: number; s: string }> = {};
  for (const [e, column] of [['staffCostSettle', 'total_amount'], ['truckCostSettle', 'total_amount'], ['contractCostSettle', 'amount']] as const) {
    sums[e] = (await q.select(e).select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(${sql.raw(column)}), 0)`.as('s')])
      .where('applyId', '=', id).executeTakeFirstOrThrow()) as { n: number; s: string };
  }
  const staff = cents(sums.staffCostSettle!.s);
  const truck = cents(sums.truckCostSettle!.s);
  const contract = cents(sums.contractCostSettle!.s);
  const lineCount = LINE_ENTITIES.reduce((a, e) => a + Number(sums[e]!.n), 0);
  const total = yuan(staff + truck + contract);
  await q.update('bulkCostSettleApply').set({ staffTotal: yuan(staff), truckTotal: yuan(truck), contractTotal: yuan(contract), total, lineCount })
    .where('applyId', '=', id).execute();
  return { lineCount, total };
}

async function summary(q: ScopedQueries, owner: { projectId?: number; clueId?: number }) {
  const [field, id] = owner.projectId ? ['projectId', owner.projectId] : ['clueId', owner.clueId!];
  const part = async (e: LineEntity, column: string) => {
    const rows = (await q.select(e).select([
      sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(${sql.raw(column)}), 0)`.as('s'),
      sql<string>`coalesce(sum(${sql.raw(column)}) filter (where apply_id is null), 0)`.as('open'),
    ]).where(field, '=', id).executeTakeFirstOrThrow()) as { n: number; s: string; open: string };
    return { count: Number(rows.n), total: yuan(cents(rows.s)), unapplied: yuan(cents(rows.open)) };
  };
  const staff = await part('staffCostSettle', 'total_amount');
  const truck = await part('truckCostSettle', 'total_amount');
  const contract = await part('contractCostSettle', 'amount');
  const applies = (await q.select('bulkCostSettleApply').select(['auditState', sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(total), 0)`.as('s')])
    .where(field, '=', id).groupBy('auditState').execute()) as { auditState: number; n: number; s: string }[];
  const approved = applies.filter((a) => Number(a.auditState) === 15).reduce((a, r) => a + cents(r.s), 0);
  return {
    [field]: id,
    staff, truck, contract,
    total: yuan(cents(staff.total) + cents(truck.total) + cents(contract.total)),
    unapplied: yuan(cents(staff.unapplied) + cents(truck.unapplied) + cents(contract.unapplied)),
    approved: yuan(approved),
    applies: applies.map((a) => ({ auditState: Number(a.auditState), count: Number(a.n), total: yuan(cents(a.s)) })),
  };
}

const projectSummary: Handler = async (ctx) => {
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  const project = await q.get('project', Number(ctx.params.projectId));
  if (!project) throw new HttpError(404, MSG.notFound);
  return summary(q, { projectId: Number(project.projectId) });
};

const clueSummary: Handler = async (ctx) => {
  const q = scopedQueries(ctx.db, ctx.entities, requireSession(ctx));
  const clue = await q.get('clue', Number(ctx.params.clueId));
  if (!clue) throw new HttpError(404, MSG.notFound);
  return summary(q, { clueId: Number(clue.clueId) });
};

/**
 * Projects a staff member may book expenses against (个人财务 报销): open, approved projects they
 * manage or worked on (大件人员结算). One's own list, or anyone's for project and finance staff.
 */
const staffExpenseProjects: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const staffId = Number(ctx.params.staffId);
  if (staffId !== session.staffId && !hasPermission(session.permissions, '项目管理:项目|财务')) throw new HttpError(403, MSG.forbidden);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  // Another organisation's staff member is not found here.
  if (!(await q.get('staff', staffId))) throw new HttpError(404, MSG.notFound);
  const worked = q.select('staffCostSettle').select('projectId').where('staffId', '=', staffId).where('projectId', 'is not', null);
  return q.select('project').select(['projectId', 'projectNo', 'name', 'customerId', 'runState'])
    .where('auditState', '=', 15).where('runState', 'in', [0, 5, 10, 20])
    .where((eb) => eb.or([eb('projectManagerStaffId', '=', staffId), eb('projectId', 'in', worked)]))
    .orderBy('projectId', 'desc').limit(200).execute();
};

export const bulkSettleHandlers: Record<string, Handler> = {
  'bulkSettle.projectSummary': projectSummary,
  'bulkSettle.clueSummary': clueSummary,
  'bulkSettle.staffExpenseProjects': staffExpenseProjects,
};

