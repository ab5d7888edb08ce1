/** Supplier quotes (供应商报价): recorded only in the enquiry's open round; amount, label and change from the last round derived. */
import { defineHooks } from '../types';
import { conflict } from '../../http/errors';
import { EVENT_ENQUIRY } from '../../messaging/notices';
import { cents, yuan } from './util';
import { quoteLabel } from './enquiry';

export const enquiryQuoteHooks = defineHooks('enquiryQuote', {
  beforeTransition: {
    async quote(ctx, row, input) {
      const enquiry = await ctx.q.get('enquiry', Number(row.enquiryId));
      if (!enquiry || enquiry.status !== 5 || Number(enquiry.currentSeq) !== Number(row.seq)) throw conflict('该询价不在报价中，或该轮报价已结束');
      const v = input.values;
      const unit = cents(v.unitPrice) ?? 0;
      const qty = Number(v.quantity ?? 0);
      const amount = Math.round(unit * qty);
      v.amount = yuan(amount);
      v.quoteMode = enquiry.quoteMode;
      v.quotedAt = new Date().toISOString();
      v.recordedByStaffId = ctx.session?.staffId ?? null;
      const prev = Number(row.seq) > 1
        ? await ctx.q.select('enquiryQuote').select('amount').where('enquiryId', '=', Number(row.enquiryId)).where('supplierId', '=', Number(row.supplierId))
          .where('seq', '=', Number(row.seq) - 1).executeTakeFirst() as { amount: string | null } | undefined
        : undefined;
      v.diffFromPrev = prev?.amount !== null && prev?.amount !== undefined ? yuan(amount - (cents(prev.amount) ?? 0)) : null;
      const supplier = await ctx.q.get('supplier', Number(row.supplierId));
      v.label = quoteLabel(String(supplier?.shortName || supplier?.name || row.supplierId), Number(row.seq), v.amount);
    },
  },
  afterTransition: {
    async quote(ctx, row, prev) {
      const enquiryId = Number(row.enquiryId);
      const quoted = await ctx.q.select('enquiryQuote').select('quoteId').where('enquiryId', '=', enquiryId).where('seq', '=', Number(row.seq)).where('quoteStatus', '=', 5).execute();
      await ctx.update('enquiry', enquiryId, { quotedCount: quoted.length });
      const enquiry = await ctx.q.get('enquiry', enquiryId);
      const initiator = Number(enquiry?.initiatorStaffId);
      if (initiator && initiator !== ctx.session?.staffId && prev.quoteStatus === 0) {
        await ctx.notify({ recipients: [initiator], message: `询价「${enquiry!.title}」收到报价：${row.label}`, eventType: EVENT_ENQUIRY, eventSubjectId: enquiryId });
      }
    },
  },
});
