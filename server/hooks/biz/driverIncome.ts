/** Individual-driver and subcontract incomes (个体司机/分包收入): net amount derived; confirmed or disputed by holders of the kind's permission. */
import { defineHooks } from '../types';
import { HttpError } from '../../http/errors';
import { hasPermission } from '../../../schemas/src/permission';
import { permissionHolders } from '../../crud/approval';
import { cents, yuan } from './util';
import { confirmIncomeMatter } from '../../finance/matters/confirm-income';

const KIND_PERMISSION: Record<number, string> = { 1: '收入:个体司机收入', 2: '收入:分包收入' };

export const driverIncomeHooks = defineHooks('driverIncome', {
  beforeSave(_ctx, values, prev) {
    const merged = { ...(prev ?? {}), ...values };
    values.netAmount = yuan((cents(merged.grossAmount) ?? 0) - (cents(merged.deductAmount) ?? 0) - (cents(merged.taxAmount) ?? 0));
  },
  beforeTransition: {
    '*': (ctx, row) => {
      const needed = KIND_PERMISSION[Number(row.incomeKind)];
      if (needed && !hasPermission(ctx.session?.permissions ?? [], needed)) throw new HttpError(403, '您没有访问该功能的权限');
    },
  },
  afterTransition: {
    async confirm(ctx, row) {
      await ctx.update('driverIncome', Number(row.incomeId), { confirmedAt: new Date().toISOString() });
      // The confirmed income is paid through its 付款确认收入 matter (financeReview type 7, via the 网货平台).
      await confirmIncomeMatter(ctx, row);
    },
    async dispute(ctx, row) {
      // Finance hears of it (收入待确认: eventType 11 an individual driver's, 18 a subcontractor's,
      // each opening its own list) to correct and regenerate the income.
      const finance = ctx.session ? await permissionHolders(ctx.db, ctx.session.orgId, '财务:资金事项:付款') : [];
      const recipients = finance.filter((id) => id !== ctx.session?.staffId);
      if (recipients.length) {
        await ctx.notify({ recipients, message: `收入「${row.incomeNo}」(${row.payeeName} ${row.period}) 有异议：${row.disputeReason ?? ''}`, eventType: Number(row.incomeKind) === 2 ? 18 : 11, eventSubjectId: Number(row.incomeId), daily: true });
      }
    },
  },
});
