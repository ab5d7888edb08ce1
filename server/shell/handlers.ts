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
