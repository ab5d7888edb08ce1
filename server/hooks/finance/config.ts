/**
 * 财务配置 rules a definition can't state (DOMAIN §3.6): a bank account's bank is one of the
 * bank list the pickers offer, one default per organisation (基本户 / 默认发票税率), and the
 * 损益科目 level of the fee subjects is flat (a 损益科目 hangs under nothing).
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest } from '../../http/errors';
import { bankList } from '../../reference/banks';
import { MAPPING_FIELDS } from '../../finance/matters/bank';

type Row = Record<string, any>;

/** Another default of the same organisation gives way to the one just saved. */
async function keepOneDefault(ctx: HookContext, entity: string, row: Row) {
  if (!row.isDefault) return;
  const idField = ctx.q.entity(entity).idField;
  await ctx.q.update(entity).set({ isDefault: false }).where(idField, '!=', Number(row[idField])).where('isDefault', '=', true).execute();
}

export const bankAccountHooks = defineHooks('bankAccount', {
  validate(_ctx, record) {
    const name = String(record.bankName ?? '').trim();
    if (name && !bankList().some((b) => b.bankName === name)) throw badRequest(`开户银行「${name}」不在银行列表中，请从列表选择`, { field: 'bankName' });
  },
  async afterSave(ctx, row) { await keepOneDefault(ctx, 'bankAccount', row); },
});

export const financeInvoiceTaxConfigHooks = defineHooks('financeInvoiceTaxConfig', {
  async afterSave(ctx, row) { await keepOneDefault(ctx, 'financeInvoiceTaxConfig', row); },
});

export const financeFeeSubjectConfigHooks = defineHooks('financeFeeSubjectConfig', {
  validate(_ctx, record) {
    if (record.isProfitLoss && record.parentConfigId) throw badRequest('损益科目不能再设所属损益科目', { field: 'parentConfigId' });
    if (record.isProfitLoss && !record.code) throw badRequest('损益科目请填写科目编码', { field: 'code' });
  },
});

export const financeIncomeCostTypeHooks = defineHooks('financeIncomeCostType', {
  async validate(ctx, record, prev) {
    if (!prev || !record.parentId) return;
    // A node can't move under itself or one of its own descendants.
    let at: Row | undefined = { parentId: record.parentId };
    for (let depth = 0; at?.parentId && depth < 20; depth++) {
      if (Number(at.parentId) === Number(prev.typeId)) throw badRequest('上级类型不能是本类型或其下级', { field: 'parentId' });
      at = await ctx.q.get('financeIncomeCostType', Number(at.parentId));
    }
    if (prev.type !== undefined && Number(prev.type) !== Number(record.type)) {
      const child = await ctx.q.select('financeIncomeCostType').select('typeId').where('parentId', '=', Number(prev.typeId)).executeTakeFirst();
      if (child) throw badRequest('已有下级的收支类型不能改变收支方向', { field: 'type' });
    }
  },
});

/**
 * 银行流水列映射: the columns a person names become the mapping the import reads (`columns`); a
 * statement needs its date and money in (收入) / out (支出) or one signed amount.
 */
export const bankStatementMappingHooks = defineHooks('bankStatementMapping', {
  validate(_ctx, record) {
    const has = (f: string) => Boolean(String(record[f] ?? '').trim());
    if (!has('colAmount') && !has('colIncome') && !has('colExpense')) throw badRequest('请填写交易金额列，或收入(贷方)、支出(借方)金额列', { field: 'colAmount' });
  },
  beforeSave(_ctx, values, prev) {
    const merged: Row = { ...(prev ?? {}), ...values };
    const columns: Row = {};
    for (const [key, field] of Object.entries(MAPPING_FIELDS)) {
      const v = String(merged[field] ?? '').trim();
      if (v) columns[key] = v;
    }
    values.columns = columns;
  },
});
