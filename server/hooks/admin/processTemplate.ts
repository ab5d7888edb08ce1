/**
 * 业务流程设置: the approval chains the audit flow reads (server/crud/approval.ts). Each node names
 * its approvers — staff of the organisation (1), roles of it (2), the applicant's department head
 * (3) or superior (4), holders of a permission (5) — optionally only from an amount on, any one or
 * all of them. One template is enabled per business type: a new one starts enabled only when its
 * type has none. The chain is resolved when an approval starts, so a change applies to reviews
 * started after it.
 */
import { defineHooks } from '../types';
import type { HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { isKnownPermission } from '../../admin/access';
import { enumLabel } from '../../schema/load';

export interface TemplateNode {
  name: string;
  approverType: number;
  staffIds?: number[];
  roleIds?: number[];
  approverIds?: number[];
  permission?: string;
  minAmount?: number | null;
  mode?: 'any' | 'all';
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? [...new Set(v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))] : []);
const nodesOf = (v: unknown): TemplateNode[] => (typeof v === 'string' ? JSON.parse(v) : Array.isArray(v) ? v : []) as TemplateNode[];

/** The enabled template of the business type other than this one, if any. */
export async function otherEnabled(ctx: Pick<HookContext, 'q'>, bizType: number, except?: number) {
  let q = ctx.q.select('processTemplate').select(['processTemplateId', 'name']).where('bizType', '=', bizType).where('enabled', '=', true);
  if (except) q = q.where('processTemplateId', '!=', except);
  return (await q.executeTakeFirst()) as { processTemplateId: number; name: string } | undefined;
}

export function oneEnabledMessage(bizType: number, name: string): string {
  return `「${enumLabel('processBizType', bizType) ?? bizType}」已有启用的流程「${name}」，请先停用`;
}

/** Each node as the approval mechanism reads it: approverIds from the staff or role column of its type. */
function normalise(nodes: TemplateNode[]): TemplateNode[] {
  return nodes.map((n) => {
    const type = Number(n.approverType);
    // Callers of the API may send approverIds alone (the mechanism's own shape).
    const staffIds = type === 1 ? ids(n.staffIds?.length ? n.staffIds : n.approverIds) : [];
    const roleIds = type === 2 ? ids(n.roleIds?.length ? n.roleIds : n.approverIds) : [];
    // Other node properties the schema allows (conditions) pass through unchanged.
    const { permission: _p, minAmount: _m, ...rest } = n;
    const out: TemplateNode = {
      ...rest, name: String(n.name).trim(), approverType: type, staffIds, roleIds, approverIds: type === 1 ? staffIds : type === 2 ? roleIds : [],
      mode: n.mode === 'all' ? 'all' : 'any',
    };
    if (type === 5 && n.permission) out.permission = n.permission.trim();
    if (n.minAmount !== undefined && n.minAmount !== null && String(n.minAmount) !== '') out.minAmount = Number(n.minAmount);
    return out;
  });
}

async function checkNodes(ctx: HookContext, nodes: TemplateNode[]): Promise<void> {
  for (const [i, n] of nodes.entries()) {
    const at = `第${i + 1}个节点「${n.name}」：`;
    const field = { field: 'nodes' };
    if (n.approverType === 1) {
      if (!n.staffIds!.length) throw badRequest(`${at}请选择指定员工`, field);
      const found = await ctx.q.select('staff').select('staffId').where('staffId', 'in', n.staffIds!).where('resigned', 'is not', true).execute();
      if (found.length !== n.staffIds!.length) throw badRequest(`${at}指定员工不存在或已离职`, field);
    }
    if (n.approverType === 2) {
      if (!n.roleIds!.length) throw badRequest(`${at}请选择角色`, field);
      const found = await ctx.q.select('role').select('roleId').where('roleId', 'in', n.roleIds!).execute();
      if (found.length !== n.roleIds!.length) throw badRequest(`${at}角色不存在或不属于本单位`, field);
    }
    if (n.approverType === 5 && n.permission && !isKnownPermission(n.permission)) throw badRequest(`${at}权限不存在：${n.permission}`, field);
  }
  const names = nodes.map((n) => n.name);
  const dup = names.find((x, i) => names.indexOf(x) !== i);
  if (dup) throw badRequest(`节点名称重复：${dup}`, { field: 'nodes' });
}

export const processTemplateHooks = defineHooks('processTemplate', {
  async validate(ctx, record, prev) {
    const nodes = normalise(nodesOf(record.nodes));
    await checkNodes(ctx, nodes);
    if (prev && record.enabled && Number(record.bizType) !== Number(prev.bizType)) {
      const other = await otherEnabled(ctx, Number(record.bizType), prev.processTemplateId);
      if (other) throw conflict(oneEnabledMessage(Number(record.bizType), other.name), { field: 'bizType' });
    }
  },
  async beforeSave(ctx, values, prev) {
    if ('nodes' in values) values.nodes = normalise(nodesOf(values.nodes)) as never;
    if (!prev) values.enabled = !(await otherEnabled(ctx, Number(values.bizType))) as never;
  },
});
