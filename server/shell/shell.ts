/**
 * shell.* handlers: usage statistics, the personal income confirmations, the home/workbench
 * summary and the corporate staff list. Every query is scoped by the session, never by ids
 * the client sends (ARCHITECTURE: tenancy).
 */
import { sql } from 'kysely';
import { hasPermission } from '../../schemas/src/permission';
import { type Handler, type HandlerContext, requireSession } from '../crud/context';
import { badRequest, notFound } from '../http/errors';
import { seesWholeGroup } from '../handlers/organization';
import { APPROVAL, TASK, approvalEventType } from '../crud/approval';
import { getSetting } from '../admin/settings';
import { enumLabel } from '../schema/load';

/** eventType codes (schemas/enums/system.json eventType) of the records the cards open */
const PROJECT_EVENT = 6;
const CONTRACT_EVENT = 5;
/** a cost contract (contractType 2) opens on the cost-contract list, which its holders may open */
const COST_CONTRACT_EVENT = 17;

const CUSTOMER_PERMISSION = '商务:客户列表';

/** Optional startDate/endDate (inclusive days) on created_at. */
function inRange(ctx: HandlerContext, qb: any, column = 'v.createdAt') {
  if (ctx.query.startDate) qb = qb.where(column, '>=', sql`${ctx.query.startDate}::date`);
  if (ctx.query.endDate) qb = qb.where(column, '<', sql`${ctx.query.endDate}::date + 1`);
  return qb;
}

const saveVisit: Handler = async (ctx) => {
  const s = requireSession(ctx);
  await ctx.db
    .insertInto('pageVisit')
    .values({ corpId: s.corpId, orgId: s.orgId, staffId: s.staffId, statisticsName: ctx.body.statisticsName, routePath: ctx.body.path ?? null })
    .execute();
  return null;
};

const visitsByStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const qb = ctx.db
    .selectFrom('pageVisit as v')
    .innerJoin('staff as st', 'st.staffId', 'v.staffId')
    .select(['v.staffId', 'st.name as staffName', sql<number>`count(*)::int`.as('count')])
    .where('v.orgId', '=', s.orgId)
    .groupBy(['v.staffId', 'st.name'])
    .orderBy('count', 'desc')
    .orderBy('v.staffId');
  return inRange(ctx, qb).execute();
};

const visitsByPage: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const qb = ctx.db
    .selectFrom('pageVisit as v')
    .select(['v.statisticsName', sql<number>`count(*)::int`.as('count'), sql<number>`count(distinct v.staff_id)::int`.as('staffCount')])
    .where('v.orgId', '=', s.orgId)
    .groupBy('v.statisticsName')
    .orderBy('count', 'desc')
    .orderBy('v.statisticsName');
  return inRange(ctx, qb).execute();
};

const visitsByStaffPage: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const qb = ctx.db
    .selectFrom('pageVisit as v')
    .innerJoin('staff as st', 'st.staffId', 'v.staffId')
    .select(['v.staffId', 'st.name as staffName', 'v.statisticsName', sql<number>`count(*)::int`.as('count')])
    .where('v.orgId', '=', s.orgId)
    .groupBy(['v.staffId', 'st.name', 'v.statisticsName'])
    .orderBy('v.staffId')
    .orderBy('count', 'desc')
    .orderBy('v.statisticsName');
  return inRange(ctx, qb).execute();
};

async function countPendingIncome(ctx: HandlerContext): Promise<number> {
  const s = requireSession(ctx);
  const r = (await ctx.db
    .selectFrom('incomeReview')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('orgId', '=', s.orgId)
    .where('staffId', '=', s.staffId)
    .where('status', '=', 0)
    .executeTakeFirstOrThrow()) as { n: number };
  return r.n;
}

const listIncomeReview: Handler = async (ctx) => {
  const s = requireSession(ctx);
  let qb = ctx.db
    .selectFrom('incomeReview')
    .selectAll()
    .where('orgId', '=', s.orgId)
    .where('staffId', '=', s.staffId)
    .orderBy('status')
    .orderBy('incomeDate', 'desc')
    .orderBy('incomeReviewId', 'desc');
  if (ctx.query.status !== undefined) qb = qb.where('status', '=', Number(ctx.query.status));
  return qb.limit(500).execute();
};

const confirmIncomeReview: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const r = await ctx.db
    .updateTable('incomeReview')
    .set({ status: 1, confirmedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('incomeReviewId', '=', Number(ctx.body.incomeReviewId))
    .where('orgId', '=', s.orgId)
    .where('staffId', '=', s.staffId)
    .where('status', '=', 0)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw notFound('该收入不存在或已确认');
  return null;
};

async function count(ctx: HandlerContext, table: string, where: (qb: any) => any): Promise<number> {
  const r = (await where(ctx.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n'))).executeTakeFirstOrThrow()) as { n: number };
  return r.n;
}

/** One line of a 工作台 card: what it is and the record it opens (eventType's route, DOMAIN §6.1). */
interface MineItem { title: string; note: string; at: string | null; eventType: number | null; subjectId: number }

const LIST = 5;
/** runState 30 已结算关账 and 15 已终止 end a project's part in my work */
const PROJECT_DONE = [15, 30];
/** contractState 10 履行中 */
const IN_FORCE = 10;
const chinaDay = (t: Date) => new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * 工作台 (DOMAIN §7 R20): approval steps waiting for me, projects I manage, and contracts I own
 * that end within the organisation's 证照到期提醒 days; each a count and the first five.
 */
async function mine(ctx: HandlerContext) {
  const s = requireSession(ctx);
  const db = ctx.db;
  const waiting = db.selectFrom('approvalTask as t').innerJoin('approval as a', 'a.approvalId', 't.approvalId')
    .where('a.orgId', '=', s.orgId).where('t.staffId', '=', s.staffId).where('a.status', '=', APPROVAL.pending)
    .where('t.status', '=', TASK.waiting).where(sql.ref('t.seq'), '=', sql.ref('a.currentSeq'));
  const approvals = (await waiting.select(['a.entityTitle', 'a.subjectName', 'a.transitionTitle', 'a.bizType', 'a.subjectId', 'a.currentNodeName', 't.createdAt'])
    .orderBy('t.createdAt', 'desc').orderBy('t.approvalTaskId', 'desc').limit(LIST).execute()) as Record<string, any>[];
  const myProjects = db.selectFrom('project').where('orgId', '=', s.orgId).where('projectManagerStaffId', '=', s.staffId).where('runState', 'not in', PROJECT_DONE);
  const projects = (await myProjects.select(['projectId', 'name', 'projectNo', 'runState', 'endDate']).orderBy('updatedAt', 'desc').orderBy('projectId', 'desc').limit(LIST).execute()) as Record<string, any>[];
  const warnDays = Number(await getSetting(db, s.orgId, 'expiryWarnDays')) || 30;
  const today = chinaDay(new Date());
  const until = chinaDay(new Date(Date.now() + warnDays * 86400_000));
  const ending = db.selectFrom('contract').where('orgId', '=', s.orgId).where('ownerStaffId', '=', s.staffId).where('contractState', '=', IN_FORCE)
    .where('endDate', '>=', today).where('endDate', '<=', until);
  const contracts = (await ending.select(['contractId', 'name', 'contractNo', 'endDate', 'contractType']).orderBy('endDate').orderBy('contractId').limit(LIST).execute()) as Record<string, any>[];
  const total = async (qb: any) => Number(((await qb.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst()) as { n: number }).n);
  const runLabel = (v: number) => enumLabel('runState', v) ?? '';
  return {
    myApprovals: {
      total: await total(waiting),
      list: approvals.map((a): MineItem => ({
        title: `${a.entityTitle}「${a.subjectName ?? a.subjectId}」${a.transitionTitle ?? ''}`, note: a.currentNodeName ?? '',
        at: a.createdAt ? new Date(a.createdAt).toISOString() : null, eventType: approvalEventType(Number(a.bizType)), subjectId: Number(a.subjectId),
      })),
    },
    myProjects: {
      total: await total(myProjects),
      list: projects.map((p): MineItem => ({ title: `${p.name}`, note: `${p.projectNo ?? ''} ${runLabel(Number(p.runState))}`.trim(), at: p.endDate ?? null, eventType: PROJECT_EVENT, subjectId: Number(p.projectId) })),
    },
    endingContracts: {
      total: await total(ending),
      warnDays,
      list: contracts.map((c): MineItem => ({ title: `${c.name}`, note: `${c.contractNo ?? ''} ${String(c.endDate).slice(0, 10)} 到期`.trim(), at: String(c.endDate).slice(0, 10), eventType: Number(c.contractType) === 2 ? COST_CONTRACT_EVENT : CONTRACT_EVENT, subjectId: Number(c.contractId) })),
    },
  };
}

const summary: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const seesCustomers = hasPermission(s.permissions, CUSTOMER_PERMISSION);
  const customersByStatus = seesCustomers
    ? await ctx.db
        .selectFrom('customer')
        .select(['verifyStatus', sql<number>`count(*)::int`.as('count')])
        .where('orgId', '=', s.orgId)
        .groupBy('verifyStatus')
        .orderBy('verifyStatus')
        .execute()
    : null;
  const recentCustomers = seesCustomers
    ? await ctx.db
        .selectFrom('customer')
        .select(['customerId', 'name', 'verifyStatus', 'updatedAt'])
        .where('orgId', '=', s.orgId)
        .where('managerStaffId', '=', s.staffId)
        .orderBy('updatedAt', 'desc')
        .orderBy('customerId', 'desc')
        .limit(5)
        .execute()
    : null;
  const visitsByPage = await ctx.db
    .selectFrom('pageVisit')
    .select(['statisticsName', sql<number>`count(*)::int`.as('count')])
    .where('orgId', '=', s.orgId)
    .groupBy('statisticsName')
    .orderBy('count', 'desc')
    .limit(8)
    .execute();
  return {
    customersByStatus,
    recentCustomers,
    ...(await mine(ctx)),
    dailyMessageCount: await count(ctx, 'message', (q) => q.where('orgId', '=', s.orgId).where('staffId', '=', s.staffId).where('handled', 'is not', true)),
    pendingIncomeCount: await countPendingIncome(ctx),
    staffCount: await count(ctx, 'staff', (q) => q.where('orgId', '=', s.orgId).where('resigned', 'is not', true)),
    supplierCount: await count(ctx, 'supplier', (q) => q.where('orgId', '=', s.orgId).where('status', '=', 1).where('verifyStatus', '=', 15)),
    visitsToday: await count(ctx, 'pageVisit', (q) => q.where('orgId', '=', s.orgId).where('createdAt', '>=', sql`current_date`)),
    visitsByPage,
  };
};

/** The group's staff for 集团管理; for everyone else the group as far as they may see it: their own organisation. */
const corpStaff: Handler = async (ctx) => {
  const s = requireSession(ctx);
  let q = ctx.db
    .selectFrom('staff as st')
    .innerJoin('organization as o', 'o.orgId', 'st.orgId')
    .select(['st.staffId', 'st.name', 'st.orgId', 'o.name as orgName'])
    .where('st.corpId', '=', s.corpId);
  if (!seesWholeGroup(ctx)) q = q.where('st.orgId', '=', s.orgId);
  return q
    .where('st.resigned', 'is not', true)
    .orderBy('st.orgId')
    .orderBy('st.staffId')
    .limit(10000)
    .execute();
};

const handoverPreview: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const customers = await ctx.db
    .selectFrom('customer')
    .select(['customerId', 'name'])
    .where('orgId', '=', s.orgId)
    .where('managerStaffId', '=', s.staffId)
    .orderBy('customerId')
    .execute();
  return { customers };
};

/** Leaver handover: the customers this staff member manages go to an active colleague of the same organisation. */
const handover: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const toStaffId = Number(ctx.body.toStaffId);
  if (toStaffId === s.staffId) throw badRequest('不能交接给自己');
  const target = await ctx.db
    .selectFrom('staff')
    .select('staffId')
    .where('staffId', '=', toStaffId)
    .where('orgId', '=', s.orgId)
    .where('resigned', 'is not', true)
    .executeTakeFirst();
  if (!target) throw badRequest('接收人不是本单位在职员工');
  const r = await ctx.db
    .updateTable('customer')
    .set({ managerStaffId: toStaffId, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('orgId', '=', s.orgId)
    .where('managerStaffId', '=', s.staffId)
    .executeTakeFirst();
  ctx.request.log.info({ from: s.staffId, to: toStaffId, customers: Number(r.numUpdatedRows) }, 'handover');
  return { customers: Number(r.numUpdatedRows) };
};

export const shellHandlers: Record<string, Handler> = {
  'shell.saveVisit': saveVisit,
  'shell.visitsByStaff': visitsByStaff,
  'shell.visitsByPage': visitsByPage,
  'shell.visitsByStaffPage': visitsByStaffPage,
  'shell.countIncomeReview': countPendingIncome,
  'shell.listIncomeReview': listIncomeReview,
  'shell.confirmIncomeReview': confirmIncomeReview,
  'shell.summary': summary,
  'shell.corpStaff': corpStaff,
  'shell.handoverPreview': handoverPreview,
  'shell.handover': handover,
};
