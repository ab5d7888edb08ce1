/**
 * Projects (DOMAIN §3.2, §4.2): set up from an approved income contract (customer, amount, name,
 * dates declared as fill-ins from it; the contract lists the project), approved (立项, process bizType 14), run through
 * 0 未开始 … 30 已结算关账; a closed project is read-only and books nothing new.
 */
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { permissionHolders } from '../../crud/approval';
import { LEDGER_VALID, PROJECT_CLOSED, PROJECT_CLOSED_MESSAGE } from '../../project/common';
import { lockParent, total } from '../../crud/quantity';
import { clueOfProject, oversizeOfProject } from '../../dispatch/common';

/** Contract states a new project may be set up from: 0 未生效 (approved, not yet started) and 10 履行中. */
const CONTRACT_USABLE_STATES = [0, 10];
/** Demand states that count as finished for 作业完成 (5 已撤销, 20 已终止, 35 回单已返). */
const DEMAND_DONE = [5, 20, 35];
/** Demand states 终止 applies to when the project is terminated (10 待请车 15 待装车 25 运输中 30 运输异常). */
const DEMAND_OPEN = [10, 15, 25, 30];

async function incomeContract(ctx: HookContext, id: unknown): Promise<Record<string, any>> {
  const c = await ctx.q.get('contract', Number(id));
  if (!c || Number(c.contractType) !== 1) throw badRequest('请选择收入合同', { field: 'incomeContractId' });
  return c;
}

async function linkContract(ctx: HookContext, contractId: unknown, projectId: number, add: boolean): Promise<void> {
  if (contractId === null || contractId === undefined) return;
  const c = await ctx.q.get('contract', Number(contractId));
  if (!c) return;
  const ids = new Set<number>((Array.isArray(c.projectIds) ? c.projectIds : []).map(Number));
  if (add) ids.add(projectId);
  else ids.delete(projectId);
  await ctx.update('contract', Number(contractId), { projectIds: [...ids].sort((a, b) => a - b) });
}

async function openItems(ctx: HookContext, entity: 'incomeItem' | 'costItem', projectId: number): Promise<number> {
  const r = (await ctx.q.select(entity).select(sql<number>`count(*)::int`.as('n'))
    .where('projectId', '=', projectId).where('itemStatus', '=', LEDGER_VALID).where('itemSettleStatus', '<>', 15)
    .executeTakeFirstOrThrow()) as { n: number };
  return Number(r.n);
}

/** project.runState 10 进行中 */
const RUNNING = 10;
/** project.runState 15 已终止: its contract may get a new project */
const PROJECT_TERMINATED = 15;

/**
 * 作业完成 by itself (DOMAIN §4.2 project.runState 10 → 20 "auto"): once the last of a running
 * project's transport demands is finished (revoked, terminated or receipts returned). Called when
 * a demand finishes; the project is locked first, so two demands finishing at once still see
 * each other (whichever commits second moves the project).
 */
export async function workDoneWhenDemandsFinished(ctx: HookContext, projectId: unknown): Promise<void> {
  // Only a person's step moves the project: the demo seeder walks demands one after another on
  // projects whose run states the project seeder sets (DOMAIN §8).
  if (!ctx.request) return;
  const project = await lockParent(ctx, 'project', projectId);
  if (!project || Number(project.runState) !== RUNNING) return;
  // Every demand in {5, 20, 35}, as 作业完成 by hand asks (a draft demand still holds it open).
  const open = Number(await total(ctx, projectId, { entity: 'transportDemand', key: 'projectId', where: { status: { not: DEMAND_DONE } } }));
  if (open === 0) await ctx.transition('project', Number(projectId), 'workDone', { ifAllowed: true });
}

export const projectHooks = defineHooks('project', {
  async validate(ctx, record, prev) {
    if (prev && !ctx.system && Number(prev.runState) === PROJECT_CLOSED) throw conflict(PROJECT_CLOSED_MESSAGE);
    if (record.startDate && record.endDate && String(record.endDate) < String(record.startDate)) {
      throw badRequest('结束日期不能早于开始日期', { field: 'endDate' });
    }
    const contractChanged = record.incomeContractId && (!prev || Number(prev.incomeContractId) !== Number(record.incomeContractId));
    if (prev && !ctx.system && Number(prev.auditState) === 15) {
      if (Number(prev.customerId) !== Number(record.customerId) || contractChanged) throw conflict('已立项的项目不能更换客户或收入合同');
    }
    if (contractChanged) {
      const c = await incomeContract(ctx, record.incomeContractId);
      if (Number(c.auditState) !== 15 || !CONTRACT_USABLE_STATES.includes(Number(c.contractState))) {
        throw badRequest('收入合同尚未审核通过或已终止、到期，不能创建项目', { field: 'incomeContractId' });
      }
      if (Number(c.customerId) !== Number(record.customerId)) throw badRequest('项目客户与收入合同的客户不一致', { field: 'customerId' });
      // An income contract has one project (DOMAIN §3.2 contract.projectIds), unless that one
      // was terminated. The contract is locked first, so two people clicking 创建项目 at once
      // can't both pass the check.
      await lockParent(ctx, 'contract', record.incomeContractId);
      let others = ctx.q.select('project').select(['projectNo'])
        .where('incomeContractId', '=', Number(record.incomeContractId)).where('runState', '<>', PROJECT_TERMINATED);
      if (prev) others = others.where('projectId', '<>', Number(prev.projectId));
      const existing = (await others.executeTakeFirst()) as { projectNo?: string } | undefined;
      if (existing) throw conflict(`该收入合同已创建项目${existing.projectNo ?? ''}，不能重复创建`);
    }
  },

  async beforeSave(ctx, values, prev) {
    // 合同金额, customer, name, service category and dates come from the income contract by
    // declaration (fetchFrom on the entity's fields, server/crud/fill-ins.ts).
    // 大件 left out of a new project: its source clue's flag (income contract → quotation → clue).
    if (!prev && (values.isOversize === null || values.isOversize === undefined)) {
      const clueId = await clueOfProject(ctx, { clueId: values.clueId, incomeContractId: values.incomeContractId });
      values.isOversize = clueId ? await oversizeOfProject(ctx, { clueId }) : false;
    }
  },

  async afterSave(ctx, row, prev) {
    const id = Number(row.projectId);
    if (prev && Number(prev.incomeContractId || 0) !== Number(row.incomeContractId || 0)) await linkContract(ctx, prev.incomeContractId, id, false);
    if (!prev || Number(prev.incomeContractId || 0) !== Number(row.incomeContractId || 0)) await linkContract(ctx, row.incomeContractId, id, true);
  },

  async beforeRemove(ctx, row) {
    if (Number(row.runState) !== 0 || ![0, 10].includes(Number(row.auditState))) throw conflict('已立项的项目不能删除');
    for (const entity of ['incomeItem', 'costItem'] as const) {
      const r = (await ctx.q.select(entity).select(sql<number>`count(*)::int`.as('n')).where('projectId', '=', Number(row.projectId)).executeTakeFirstOrThrow()) as { n: number };
      if (Number(r.n) > 0) throw conflict('项目已有收入或成本明细，不能删除');
    }
  },

  async afterRemove(ctx, row) {
    await linkContract(ctx, row.incomeContractId, Number(row.projectId), false);
  },

  beforeTransition: {
    start(ctx, row) {
      if (Number(row.auditState) !== 15) throw conflict('项目立项审核通过后才能开始');
    },
    terminate(ctx, row, input) {
      void row;
      if (!String(input.values.terminateReason ?? '').trim()) throw badRequest('请填写终止原因', { field: 'terminateReason' });
    },
    async workDone(ctx, row) {
      // 作业完成 needs every transport demand finished (revoked, terminated or receipts returned).
      if (!ctx.entities.transportDemand) return;
      const r = (await ctx.q.select('transportDemand').select(sql<number>`count(*)::int`.as('n'))
        .where('projectId', '=', Number(row.projectId)).where('status', 'not in', DEMAND_DONE).executeTakeFirstOrThrow()) as { n: number };
      if (Number(r.n) > 0) throw conflict(`项目还有${r.n}个运输需求未完成，不能标记作业完成`);
    },
    async complete(ctx, row) {
      const open = (await openItems(ctx, 'incomeItem', Number(row.projectId))) + (await openItems(ctx, 'costItem', Number(row.projectId)));
      if (open > 0) throw conflict(`项目还有${open}条收入或成本明细未对账，不能完成`);
      if (ctx.entities.settleBill) {
        const r = (await ctx.q.select('settleBill').select(sql<number>`count(*)::int`.as('n'))
          .where('projectId', '=', Number(row.projectId)).where('billType', '=', 1).where('invoiceStatus', '<>', 10).executeTakeFirstOrThrow()) as { n: number };
        if (Number(r.n) > 0) throw conflict('项目还有客户对账单未开足发票，不能完成');
      }
    },
  },

  afterTransition: {
    async terminate(ctx, row, _prev, input) {
      // Open demands end with the project (DOMAIN §4.2): each cancels its trucks that have not left.
      if (!ctx.entities.transportDemand) return;
      const open = (await ctx.q.select('transportDemand').select('demandId').where('projectId', '=', Number(row.projectId))
        .where('status', 'in', DEMAND_OPEN).execute()) as { demandId: number }[];
      const reason = `项目终止：${String(input.values.terminateReason ?? '').trim()}`.slice(0, 200);
      for (const d of open) await ctx.transition('transportDemand', Number(d.demandId), 'terminate', { ifAllowed: true, values: { terminateReason: reason } });
    },
    async close(ctx, row) {
      await ctx.q.update('project').set({ closedAt: sql`now()` }).where('projectId', '=', Number(row.projectId)).execute();
    },
    async workDone(ctx, row) {
      const finance = ctx.session ? await permissionHolders(ctx.db, ctx.session.orgId, '财务:对账') : [];
      await ctx.notify({
        recipients: [...new Set([Number(row.projectManagerStaffId), ...finance])], daily: true, eventType: 6, eventSubjectId: Number(row.projectId),
        message: `项目「${row.name}」作业已完成，请跟进对账与结算`,
      });
    },
  },
});
