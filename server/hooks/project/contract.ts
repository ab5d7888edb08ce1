/**
 * Contracts (DOMAIN §3.2, §4.2): income (1) and cost (2) contracts in one entity, each type
 * acted on with its own permission; numbers HTS/HTC; locked once submitted; activated by date
 * after approval; terminate and archive with their conditions.
 */
import { defineHooks, type HookContext } from '../types';
import { assertApprovedCustomer } from '../biz/util';
import { badRequest, conflict } from '../../http/errors';
import { nextNumber } from '../../crud/numbering';
import { chinaToday, requireContractPermission, sameValue } from '../../project/common';

/** What may still change once a contract is submitted or approved (the paper number, scans, remarks). */
const EDITABLE_AFTER_SUBMIT = new Set(['contractNo', 'attachments', 'remark', 'custom', 'version']);

/** Open projects (not terminated, completed or closed) that hear about a terminated contract. */
const OPEN_RUN_STATES = [0, 5, 10, 20];

/**
 * An approved income contract (DOMAIN §4.1/§4.2): its clue is 已转合同 (10) and the won plan of its
 * quotation 合同 (30) — system transitions, skipped where the state no longer allows them.
 */
async function incomeContractApproved(ctx: HookContext, row: Record<string, any>): Promise<void> {
  const quotation = row.quotationId ? await ctx.q.get('quotation', Number(row.quotationId)) : undefined;
  const clueId = row.clueId ?? quotation?.clueId;
  if (quotation?.planId) await ctx.transition('technicalPlan', Number(quotation.planId), 'toContract', { ifAllowed: true });
  if (clueId) await ctx.transition('clue', Number(clueId), 'toContract', { ifAllowed: true });
}

export const contractHooks = defineHooks('contract', {
  async validate(ctx, record, prev) {
    const type = Number(record.contractType);
    requireContractPermission(ctx, type, '编辑');
    if (prev && Number(prev.contractType) !== type) throw badRequest('合同类型不能修改', { field: 'contractType' });
    if (type === 1 && !record.customerId) throw badRequest('收入合同请选择客户', { field: 'customerId' });
    if (type === 2 && !record.supplierId) throw badRequest('成本合同请选择供应商', { field: 'supplierId' });
    if (type === 1 && Number(record.customerId) !== Number(prev?.customerId)) await assertApprovedCustomer(ctx, record.customerId);
    if (record.startDate && record.endDate && String(record.endDate) < String(record.startDate)) {
      throw badRequest('结束日期不能早于开始日期', { field: 'endDate' });
    }
    if (Number(record.amount ?? 0) === 0 && Number(record.contractKind) !== 2) {
      throw badRequest('合同金额应大于0（框架合同可为0）', { field: 'amount' });
    }
  },

  async beforeSave(ctx, values, prev) {
    if (!prev) {
      // One numbering rule, two prefixes: 收入合同 HTS, 成本合同 HTC (DOMAIN §0).
      if (Number(values.contractType) === 2 && ctx.session) values.contractNo = await nextNumber(ctx.db, ctx.session, 'HTC');
      return;
    }
    if (ctx.system) return;
    if (Number(prev.contractState) === 30) throw conflict('已归档的合同不能修改');
    if (Number(prev.auditState) === 5 || Number(prev.auditState) === 15) {
      const changed = Object.keys(values).filter((k) => !EDITABLE_AFTER_SUBMIT.has(k) && !sameValue(values[k], prev[k]));
      if (changed.length) throw conflict('合同已提交审核或已审核通过，只能修改合同编号、附件和备注');
    }
  },

  beforeRemove(ctx, row) {
    requireContractPermission(ctx, Number(row.contractType), '编辑');
    if (![0, 10].includes(Number(row.auditState))) throw conflict('只能删除未提交或已驳回的合同');
    if (Array.isArray(row.projectIds) && row.projectIds.length) throw conflict('合同已关联项目，不能删除');
  },

  beforeTransition: {
    submit(ctx, row) { requireContractPermission(ctx, Number(row.contractType), '编辑'); },
    withdraw(ctx, row) { requireContractPermission(ctx, Number(row.contractType), '编辑'); },
    terminate(ctx, row, input) {
      requireContractPermission(ctx, Number(row.contractType), '审核');
      if (!String(input.values.terminateReason ?? '').trim()) throw badRequest('请填写终止原因', { field: 'terminateReason' });
    },
    archive(ctx, row) {
      requireContractPermission(ctx, Number(row.contractType), '编辑');
      if (!Array.isArray(row.attachments) || !row.attachments.length) throw badRequest('归档前请上传合同扫描件', { field: 'attachments' });
    },
  },

  afterTransition: {
    async submit(ctx, row) {
      if (Number(row.contractType) === 1) await incomeContractApproved(ctx, row);
      // Approved: in force from its start day (the daily job activates later ones), then expired after its end day.
      const today = chinaToday();
      if (String(row.startDate) > today) return;
      await ctx.transition('contract', Number(row.contractId), 'activate', { ifAllowed: true });
      if (String(row.endDate) < today) await ctx.transition('contract', Number(row.contractId), 'expire', { ifAllowed: true });
    },
    async terminate(ctx, row) {
      if (Number(row.contractType) !== 1) return;
      const projects = await ctx.q.select('project').select(['projectId', 'name', 'projectManagerStaffId'])
        .where('incomeContractId', '=', Number(row.contractId)).where('runState', 'in', OPEN_RUN_STATES).execute() as Record<string, any>[];
      for (const p of projects) {
        await ctx.notify({
          recipients: [Number(p.projectManagerStaffId)], daily: true, eventType: 6, eventSubjectId: Number(p.projectId),
          message: `项目「${p.name}」的收入合同「${row.name}」已终止（${row.terminateReason ?? ''}），请确认项目后续安排`,
        });
      }
    },
  },
});
