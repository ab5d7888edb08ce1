/**
 * The approval flow behind transitions that declare `approval` (the seed's audit states and
 * any "apply" step). Who approves comes from the organisation's enabled process template for
 * the business type (业务流程设置): ordered nodes whose approvers are named staff, a role, the
 * applicant's department head or superior, or holders of a permission; a node may apply only
 * from an amount on, and may need any one or all of its approvers. Without a template, holders
 * of the transition's approval permission decide. The chain is resolved when the approval
 * starts, so a template change applies to approvals started after it. A node may also apply only
 * when the record meets a condition (`when`: field, comparison, value or system setting).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import { hasPermission } from '../../schemas/src/permission';
import type { EntityMap, ResolvedEntity, Transition } from '../schema/types';
import { numericSetting } from './settings';
import { closeApprovalTodos } from '../messaging/notices';

export interface ApprovalNode {
  seq: number;
  name: string;
  mode: 'any' | 'all';
  approvers: number[];
}

interface TemplateNode {
  name: string;
  approverType: number;
  approverIds?: number[];
  permission?: string;
  minAmount?: number | null;
  mode?: 'any' | 'all';
  /** the node applies only when the record's field compares so (e.g. a margin below the alert setting) */
  when?: { field: string; op: 'lt' | 'lte' | 'gt' | 'gte' | 'eq' | 'ne'; value?: number | null; setting?: string };
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  lt: (a, b) => a < b, lte: (a, b) => a <= b, gt: (a, b) => a > b, gte: (a, b) => a >= b, eq: (a, b) => a === b, ne: (a, b) => a !== b,
};

/** Whether a node's condition holds for the record; an empty field or threshold never matches. */
async function nodeApplies(db: Db, entities: EntityMap, session: Session, node: TemplateNode, record: Record<string, any> | null): Promise<boolean> {
  const when = node.when;
  if (!when) return true;
  const threshold = when.setting ? await numericSetting(db, entities, session.orgId, when.setting, when.value ?? null) : when.value ?? null;
  const raw = record?.[when.field];
  const value = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
  if (threshold === null || !Number.isFinite(value)) return false;
  return COMPARE[when.op]?.(value, threshold) ?? false;
}

export const APPROVAL = { pending: 0, approved: 10, rejected: 20, withdrawn: 30 } as const;
export const TASK = { waiting: 0, approved: 10, rejected: 20, void: 30 } as const;

/** Event types of approval notices (DOMAIN §2.1 eventType) by process business type. */
const EVENT_BY_BIZ: Record<number, number> = { 11: 1, 12: 2, 19: 3, 13: 5, 14: 6, 17: 14, 18: 15, 15: 16, 1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 10, 7: 10, 16: 12 };
export const approvalEventType = (bizType: number): number | null => EVENT_BY_BIZ[bizType] ?? null;

async function activeStaff(db: Db, orgId: number): Promise<Set<number>> {
  const rows = (await db.selectFrom('staff').select('staffId').where('orgId', '=', orgId).where('resigned', 'is not', true).execute()) as { staffId: number }[];
  return new Set(rows.map((r) => r.staffId));
}

/** Staff of the organisation whose roles grant the permission. */
export async function permissionHolders(db: Db, orgId: number, permission: string): Promise<number[]> {
  const rows = (await db.selectFrom('staffRole as sr')
    .innerJoin('role as r', 'r.roleId', 'sr.roleId')
    .innerJoin('staff as s', 's.staffId', 'sr.staffId')
    .select(['sr.staffId', 'r.permissions'])
    .where('sr.orgId', '=', orgId)
    .where('s.resigned', 'is not', true)
    .execute()) as { staffId: number; permissions: unknown }[];
  const held = new Map<number, string[]>();
  for (const r of rows) {
    const list = held.get(r.staffId) ?? [];
    if (Array.isArray(r.permissions)) list.push(...(r.permissions as string[]));
    held.set(r.staffId, list);
  }
  return [...held].filter(([, perms]) => hasPermission(perms, permission)).map(([id]) => id).sort((a, b) => a - b);
}

async function departmentOf(db: Db, staffId: number) {
  return (await db.selectFrom('staff as s').leftJoin('department as d', 'd.depId', 's.depId')
    .select(['s.depId', 'd.leaderStaffId', 'd.parentId']).where('s.staffId', '=', staffId).executeTakeFirst()) as
    { depId: number | null; leaderStaffId: number | null; parentId: number | null } | undefined;
}

async function nodeApprovers(db: Db, session: Session, node: TemplateNode, fallbackPermission: string): Promise<number[]> {
  const ids = node.approverIds ?? [];
  switch (node.approverType) {
    case 1: return ids;
    case 2: {
      if (!ids.length) return [];
      const rows = (await db.selectFrom('staffRole').select('staffId').where('orgId', '=', session.orgId).where('roleId', 'in', ids).execute()) as { staffId: number }[];
      return rows.map((r) => r.staffId);
    }
    case 3: {
      const dep = await departmentOf(db, session.staffId);
      return dep?.leaderStaffId ? [dep.leaderStaffId] : [];
    }
    case 4: {
      const dep = await departmentOf(db, session.staffId);
      if (!dep) return [];
      if (dep.leaderStaffId && dep.leaderStaffId !== session.staffId) return [dep.leaderStaffId];
      if (!dep.parentId) return [];
      const parent = (await db.selectFrom('department').select('leaderStaffId').where('depId', '=', dep.parentId).executeTakeFirst()) as { leaderStaffId: number | null } | undefined;
      return parent?.leaderStaffId ? [parent.leaderStaffId] : [];
    }
    case 5: return permissionHolders(db, session.orgId, node.permission || fallbackPermission);
    default: return [];
  }
}

/** The applicant does not approve their own request, unless nobody else can. */
function withoutApplicant(ids: number[], applicant: number): number[] {
  const others = ids.filter((id) => id !== applicant);
  return others.length ? others : ids;
}

export async function resolveChain(
  db: Db, session: Session, t: Transition, amount: number | null, record: Record<string, any> | null = null, entities: EntityMap = {},
): Promise<{ nodes: ApprovalNode[]; templateId: number | null; bizType: number }> {
  const approval = t.approval!;
  const bizType = approvalBizType(t, record);
  const template = (await db.selectFrom('processTemplate').selectAll()
    .where('orgId', '=', session.orgId).where('bizType', '=', bizType).where('enabled', '=', true)
    .orderBy('processTemplateId', 'desc').executeTakeFirst()) as { processTemplateId: number; nodes: TemplateNode[] } | undefined;
  const staff = await activeStaff(db, session.orgId);
  const nodes: ApprovalNode[] = [];
  const fallback = async () => withoutApplicant((await permissionHolders(db, session.orgId, approval.permission)).filter((id) => staff.has(id)), session.staffId);
  if (template && Array.isArray(template.nodes)) {
    for (const node of template.nodes) {
      if (node.minAmount !== undefined && node.minAmount !== null && (amount ?? 0) < Number(node.minAmount)) continue;
      if (!(await nodeApplies(db, entities, session, node, record))) continue;
      let approvers = [...new Set(await nodeApprovers(db, session, node, approval.permission))].filter((id) => staff.has(id));
      approvers = approvers.length ? withoutApplicant(approvers, session.staffId) : await fallback();
      nodes.push({ seq: nodes.length + 1, name: node.name, mode: node.mode === 'all' ? 'all' : 'any', approvers });
    }
  }
  if (!nodes.length) nodes.push({ seq: 1, name: '审核', mode: 'any', approvers: await fallback() });
  return { nodes, templateId: template?.processTemplateId ?? null, bizType };
}

/** The process business type of an approval: the record's `bizTypeField` when it holds one, else the declared bizType. */
export function approvalBizType(t: Transition, record: Record<string, any> | null): number {
  const field = t.approval!.bizTypeField;
  const value = field ? Number(record?.[field]) : NaN;
  return Number.isInteger(value) && value > 0 ? value : t.approval!.bizType;
}

export async function pendingApproval(db: Db, session: Session | null, entity: ResolvedEntity, id: number) {
  if (!session) return undefined;
  return (await db.selectFrom('approval').selectAll()
    .where('orgId', '=', session.orgId).where('entity', '=', entity.name).where('subjectId', '=', id).where('status', '=', APPROVAL.pending)
    .orderBy('approvalId', 'desc').executeTakeFirst()) as Record<string, any> | undefined;
}

/**
 * The query of those of these records with a pending approval step waiting for the caller (one
 * column, `id`), or undefined when none can be: a page sends it with its titles in one statement.
 */
export function approvableQuery(db: Db, session: Session | null, entity: ResolvedEntity, ids: number[]): SelectQueryBuilder<any, any, { id: number }> | undefined {
  if (!session || !ids.length || !entity.transitions.some((t) => t.approval)) return undefined;
  return db.selectFrom('approvalTask as t').innerJoin('approval as a', 'a.approvalId', 't.approvalId')
    .select('a.subjectId as id')
    .where('a.orgId', '=', session.orgId).where('a.entity', '=', entity.name).where('a.subjectId', 'in', ids)
    .where('a.status', '=', APPROVAL.pending).where('t.status', '=', TASK.waiting).where('t.staffId', '=', session.staffId)
    .where(sql.ref('t.seq'), '=', sql.ref('a.currentSeq')) as SelectQueryBuilder<any, any, { id: number }>;
}

/** Column of each page row telling whether an approval step of that record waits for the caller. */
export const APPROVABLE = 'awaitsMyApproval';

/** That column, correlated with the page's rows (one statement per page), or undefined when the entity has no approval. */
export function approvableColumn(db: Db, session: Session | null, entity: ResolvedEntity) {
  if (!session || !entity.transitions.some((t) => t.approval)) return undefined;
  const waiting = db.selectFrom('approvalTask as t').innerJoin('approval as a', 'a.approvalId', 't.approvalId')
    .select(sql.lit(1).as('one'))
    .where('a.orgId', '=', session.orgId).where('a.entity', '=', entity.name)
    .whereRef('a.subjectId', '=', `${entity.table}.${entity.idField}` as any)
    .where('a.status', '=', APPROVAL.pending).where('t.status', '=', TASK.waiting).where('t.staffId', '=', session.staffId)
    .where(sql.ref('t.seq'), '=', sql.ref('a.currentSeq'));
  return sql<boolean>`exists (${waiting})`.as(APPROVABLE);
}

/** Of these records, those with a pending approval step waiting for the caller. */
export async function approvableIds(db: Db, session: Session | null, entity: ResolvedEntity, ids: number[]): Promise<number[]> {
  const query = approvableQuery(db, session, entity, ids);
  if (!query) return [];
  return [...new Set((await query.execute()).map((r) => Number(r.id)))];
}

export async function createTasks(db: Db, session: Session, approvalId: number, node: ApprovalNode): Promise<void> {
  if (!node.approvers.length) return;
  await db.insertInto('approvalTask').values(node.approvers.map((staffId) => ({
    corpId: session.corpId, orgId: session.orgId, approvalId, seq: node.seq, nodeName: node.name, staffId, status: TASK.waiting,
    createdBy: session.staffId, updatedBy: session.staffId,
  }))).execute();
}

/** Ends the open tasks of an approval; their approvers' to-dos are handled. */
export async function voidOpenTasks(db: Db, approvalId: number): Promise<void> {
  const voided = (await db.updateTable('approvalTask').set({ status: TASK.void, updatedAt: sql`now()` })
    .where('approvalId', '=', approvalId).where('status', '=', TASK.waiting).returning(['orgId', 'staffId']).execute()) as { orgId: number; staffId: number }[];
  if (voided.length) await closeApprovalTodos(db, voided[0]!.orgId, approvalId, voided.map((t) => t.staffId));
}
