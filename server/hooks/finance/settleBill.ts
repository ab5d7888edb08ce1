/**
 * 对账单 (DOMAIN §4.3): a draft is edited and deleted (its items released); 发送对账 locks the
 * items (对账中), 对方确认 settles them (已对账) and the schedules whose cost is then all
 * settled reach 45 已结算; 提出异议 needs the reason, 调整 records the adjustment and returns the
 * bill to draft. A sent or confirmed bill changes only by these transitions.
 */
import { defineHooks } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { BILL, ITEM, fromCents, markItems, recount, releaseAll, settleSchedules, sourceOf, toCents, checkScope } from '../../finance/settle/bills';

type Row = Record<string, any>;
const PARTIES = ['customerId', 'supplierId', 'staffId'] as const;
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const SCOPE_FIELDS = ['billType', 'customerId', 'supplierId', 'staffId', 'projectId', 'periodStart', 'periodEnd'];

export const settleBillHooks = defineHooks('settleBill', {
  validate(ctx, record, prev) {
    if (prev) {
      if (Number(prev.settleStatus) !== BILL.draft) throw conflict('对账单已发送，不能修改');
      for (const f of SCOPE_FIELDS) {
        const a = (record as Row)[f]; const b = (prev as Row)[f];
        if (String(a ?? '').slice(0, 10) !== String(b ?? '').slice(0, 10)) throw badRequest('对账类型、往来单位和期间不能修改，请删除后重新新建对账单', { field: f });
      }
      return;
    }
    checkScope(record as Row);
  },

  beforeSave(ctx, values, prev) {
    if (!prev) {
      const source = sourceOf(values.billType);
      // Only the counterparty of the bill's type is kept (a project may also narrow a customer or supplier bill).
      for (const f of PARTIES) if (f !== source.party) (values as Row)[f] = null;
      values.ownerStaffId = ctx.session?.staffId ?? null;
      values.adjustAmount = '0';
    } else if (!ctx.system) {
      // the adjustment is made by 调整 only, where it is recorded
      delete (values as Row).adjustAmount;
      delete (values as Row).adjustReason;
    }
  },

  async beforeRemove(ctx, row) {
    if (Number(row.settleStatus) !== BILL.draft) throw conflict('只有草稿状态的对账单可以删除');
    await releaseAll(ctx, row);
  },

  beforeTransition: {
    async send(ctx, row, input) {
      const bill = await recount(ctx, Number(row.settleBillId));
      if (Number(bill.itemCount) === 0) throw badRequest('对账单没有明细，不能发送');
      input.values.sentAt = new Date().toISOString();
    },
    confirm(ctx, row, input) {
      if (blank(input.values.confirmedBy)) throw badRequest('请填写对方确认人', { field: 'confirmedBy' });
      input.values.confirmedBy = String(input.values.confirmedBy).trim();
      input.values.confirmedAt = new Date().toISOString();
    },
    dispute(ctx, row, input) {
      if (blank(input.values.disputeReason)) throw badRequest('请填写异议原因', { field: 'disputeReason' });
    },
    async adjust(ctx, row, input) {
      if (blank(input.values.adjustAmount)) throw badRequest('请填写调整金额', { field: 'adjustAmount' });
      if (blank(input.values.adjustReason)) throw badRequest('请填写调整原因', { field: 'adjustReason' });
      let adjust: number;
      try { adjust = toCents(input.values.adjustAmount); } catch { throw badRequest('调整金额格式不正确', { field: 'adjustAmount' }); }
      const bill = await recount(ctx, Number(row.settleBillId));
      const final = toCents(bill.itemAmount) + adjust;
      if (final < 0) throw badRequest('调整后的结算金额不能为负数', { field: 'adjustAmount' });
      input.values.adjustAmount = fromCents(adjust);
      input.values.finalAmount = fromCents(final);
    },
  },

  afterTransition: {
    async send(ctx, row) {
      await markItems(ctx, row, ITEM.inBill);
    },
    async confirm(ctx, row) {
      await markItems(ctx, row, ITEM.settled);
      const n = await settleSchedules(ctx, row);
      if (n) ctx.say(`对账单已确认，${n}辆车的调度单已结算`);
    },
    async adjust(ctx, row) {
      await markItems(ctx, row, ITEM.open);
    },
  },
});
