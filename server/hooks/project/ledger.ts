/**
 * The ledger every settlement, bill and report reads (DOMAIN §3.2 incomeItem / costItem): tax
 * and net amounts derived, nothing booked on a closed project (409 项目已关账), rows from
 * business documents or already reconciled are not edited by hand, and each change refreshes
 * the project's Σ figures. Void (作废) and cancelled (取消) rows never count.
 */
import { defineHooks, type EntityHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import {
  DEDUCTIBLE_INVOICE_TYPES, amountExclTax, assertProjectOpen, refreshProjectTotals, taxOf,
} from '../../project/common';
import { assignLedgerType } from '../../finance/ledger-types';

/** 4 手工: the only source a person edits or deletes; the others follow their documents. */
const MANUAL = 4;
/** cost types booked on a clue (商务费用, 试运, 踏勘, 方案) rather than on a project */
const CLUE_COST_TYPES = [2, 3, 4, 5];

type Row = Record<string, any>;

async function guardEdit(ctx: HookContext, prev: Row) {
  await assertProjectOpen(ctx.q, prev.projectId);
  if (ctx.system) return;
  if (Number(prev.source) !== MANUAL) throw conflict('该明细来自业务单据，不能手工修改或删除');
  if (Number(prev.itemSettleStatus) !== 0 || prev.settleBillId) throw conflict('该明细已进入对账，不能修改或删除');
  if (Number(prev.itemStatus) !== 10) throw conflict('该明细已作废或取消，不能修改');
}

function ledgerHooks(kind: 'income' | 'cost'): EntityHooks<any> {
  return {
    async validate(ctx, record, prev) {
      if (prev) await guardEdit(ctx, prev);
      if (!prev || Number(prev.projectId || 0) !== Number(record.projectId || 0)) await assertProjectOpen(ctx.q, record.projectId);
      if (Number(record.amount ?? 0) === 0) throw badRequest('金额不能为0', { field: 'amount' });
      if (kind === 'cost') {
        const type = Number(record.costType);
        if (CLUE_COST_TYPES.includes(type) && !record.clueId) throw badRequest('线索、踏勘方案类成本请关联线索', { field: 'clueId' });
        if ((type === 6 || type === 7) && !record.projectId) throw badRequest('项目、调度类成本请选择项目', { field: 'projectId' });
        if (type === 1 && !record.customerId) throw badRequest('客户直接成本请选择客户', { field: 'customerId' });
        if (Number(record.payeeKind) === 2 && !record.staffId) throw badRequest('收款方为员工时请选择员工', { field: 'staffId' });
      }
    },

    async beforeSave(ctx, values, prev) {
      const merged = { ...(prev ?? {}), ...values };
      if ('amount' in values || 'taxRate' in values || 'invoiceType' in values || !prev) {
        const tax = taxOf(merged.amount, merged.taxRate);
        values.taxAmount = tax;
        const deductible = kind === 'income' || DEDUCTIBLE_INVOICE_TYPES.has(Number(merged.invoiceType));
        values.amountExclTax = amountExclTax(merged.amount, tax, deductible);
      }
      // Rows booked without a 收支类型 (documents, quick manual entries) get the mapped one.
      if (!prev) await assignLedgerType(ctx, kind, values, merged);
      if (kind === 'income' && !merged.customerId && merged.projectId) {
        const p = await ctx.q.get('project', Number(merged.projectId));
        if (p) values.customerId = p.customerId;
      }
    },

    async afterSave(ctx, row, prev) {
      await refreshProjectTotals(ctx.q, row.projectId);
      if (prev && Number(prev.projectId || 0) !== Number(row.projectId || 0)) await refreshProjectTotals(ctx.q, prev.projectId);
    },

    async beforeRemove(ctx, row) {
      await guardEdit(ctx, row);
    },

    async afterRemove(ctx, row) {
      await refreshProjectTotals(ctx.q, row.projectId);
    },

    beforeTransition: {
      async void(ctx, row, input) {
        await assertProjectOpen(ctx.q, row.projectId);
        if (Number(row.itemSettleStatus) !== 0 || row.settleBillId) throw conflict('已进入对账的明细不能作废');
        if (!String(input.values.voidReason ?? '').trim()) throw badRequest('请填写作废原因', { field: 'voidReason' });
      },
    },

    afterTransition: {
      async '*'(ctx, row) {
        await refreshProjectTotals(ctx.q, row.projectId);
      },
    },
  };
}

export const incomeItemHooks = defineHooks('incomeItem', ledgerHooks('income'));
export const costItemHooks = defineHooks('costItem', ledgerHooks('cost'));
