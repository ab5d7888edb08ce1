/**
 * 保险询价 (DOMAIN §4.2 insuranceEnquiry.status): 0 草稿 → 5 询价中 (the WeChat group bot posts the
 * same message the preview shows, trigger 1) → 10 已报价 (insurers' quotes, trigger 2) → 15 已投保
 * (policy number; the premium booked as a cost item, source 6 保险); 0/5/10 → 20 已取消.
 */
import { sql } from 'kysely';
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { enumLabel } from '../../schema/load';
import { renderInsuranceMessage } from '../../messaging/wechat-bot';
import { postToProjectGroup } from './group';
import { assertProjectOpen, chinaToday, sameValue } from '../../project/common';
import { DEFAULT_MIN_PREMIUM, premiumOf } from '../../project/insurance';

type Row = Record<string, any>;

async function minPremium(ctx: HookContext, rateId: unknown): Promise<number> {
  const rate = rateId ? await ctx.q.get('insuranceRate', Number(rateId)) : undefined;
  return rate?.minPremium !== null && rate?.minPremium !== undefined ? Number(rate.minPremium) : DEFAULT_MIN_PREMIUM;
}

/** The group-bot text of an enquiry: the renderer behind `preview-wechat-bot-insurance-message`. */
async function botText(ctx: HookContext, r: Row): Promise<string> {
  const project = r.projectId ? await ctx.q.get('project', Number(r.projectId)) : undefined;
  const author = ctx.session ? await ctx.q.get('staff', ctx.session.staffId) : undefined;
  return renderInsuranceMessage({
    projectName: project?.name,
    insuranceType: [enumLabel('transportMode', r.transportMode), enumLabel('coverage', r.coverage)].filter(Boolean).join(' · '),
    goodsName: [r.cargoName, r.packing ? `（${r.packing}）` : ''].join(''),
    goodsValue: r.cargoValue,
    startAddress: r.fromAddress ?? undefined,
    endAddress: r.toAddress ?? undefined,
    transportDate: r.startDate,
    contactName: author?.name,
    remark: r.remark ?? undefined,
  });
}

export const insuranceEnquiryHooks = defineHooks('insuranceEnquiry', {
  async validate(ctx, record, prev) {
    if (!prev || Number(prev.projectId) !== Number(record.projectId)) await assertProjectOpen(ctx.q, record.projectId);
    if (prev && !ctx.system) {
      const status = Number(prev.status);
      if (status === 15 || status === 20) throw conflict('已投保或已取消的保险询价不能修改');
      const changed = ['cargoName', 'cargoValue', 'transportMode', 'coverage', 'startDate'].some((k) => k in record && !sameValue(record[k], prev[k]));
      if (status === 10 && changed) throw conflict('已报价的保险询价不能修改货物、保额与险种');
    }
  },
  async beforeSave(ctx, values, prev) {
    const r = { ...(prev ?? {}), ...values };
    const rate = r.rateId ? await ctx.q.get('insuranceRate', Number(r.rateId)) : undefined;
    values.refRate = rate?.rate ?? null;
    const min = await minPremium(ctx, r.rateId);
    values.refPremium = rate?.rate !== null && rate?.rate !== undefined ? premiumOf(r.cargoValue, rate.rate, min) : null;
    values.premium = r.rate !== null && r.rate !== undefined && r.rate !== '' ? premiumOf(r.cargoValue, r.rate, min) : null;
    values.botMessage = await botText(ctx, r);
  },
  beforeRemove(ctx, row) {
    if (Number(row.status) !== 0) throw badRequest('只能删除草稿状态的保险询价');
  },
  beforeTransition: {
    async quote(ctx, row, input) {
      const quotes = (Array.isArray(input.values.quotes) ? input.values.quotes : []) as Row[];
      if (!quotes.length) throw badRequest('请录入保险公司报价', { field: 'quotes' });
      const chosen = quotes.find((q) => q.insurer === input.values.chosenInsurer);
      if (!chosen) throw badRequest('投保公司应为报价中的一家', { field: 'chosenInsurer' });
      if (input.values.rate === undefined || input.values.rate === null || input.values.rate === '') input.values.rate = chosen.rate;
      void row;
    },
    async confirm(ctx, row, input) {
      await assertProjectOpen(ctx.q, row.projectId);
      if (!String(input.values.policyNo ?? '').trim()) throw badRequest('请填写保单号', { field: 'policyNo' });
      if (!row.premium) throw badRequest('请先录入报价和费率');
    },
  },
  afterTransition: {
    async send(ctx, row) {
      const id = await postToProjectGroup(ctx, row.projectId, 1, String(row.botMessage ?? ''));
      await ctx.q.update('insuranceEnquiry').set({ wechatBotMessageId: id }).where('insuranceEnquiryId', '=', Number(row.insuranceEnquiryId)).execute();
    },
    async quote(ctx, row) {
      const premium = premiumOf(row.cargoValue, row.rate, await minPremium(ctx, row.rateId));
      await ctx.q.update('insuranceEnquiry').set({ premium, updatedAt: sql`now()` }).where('insuranceEnquiryId', '=', Number(row.insuranceEnquiryId)).execute();
      const lines = ((row.quotes ?? []) as Row[]).map((q) => `${q.insurer}：${q.rate}‰${q.deductible ? `，免赔 ${q.deductible}` : ''}`);
      await postToProjectGroup(ctx, row.projectId, 2, ['【保险报价】', `货物：${row.cargoName}`, ...lines, `选定：${row.chosenInsurer}，保费 ${premium} 元`].join('\n'));
    },
    async confirm(ctx, row) {
      // The insurer is paid as a supplier: the one chosen on the enquiry, else the supplier of that name or short name.
      let supplierId = row.supplierId ?? null;
      if (!supplierId && row.chosenInsurer) {
        const name = String(row.chosenInsurer);
        const s = (await ctx.q.select('supplier').select('supplierId').where((eb) => eb.or([eb('name', '=', name), eb('shortName', '=', name)])).orderBy('supplierId').executeTakeFirst()) as { supplierId: number } | undefined;
        supplierId = s?.supplierId ?? null;
      }
      await ctx.create('costItem', {
        projectId: row.projectId, demandId: row.demandId ?? null, costType: 6, payeeKind: 1, supplierId,
        summary: `保险费 ${row.cargoName} ${row.policyNo}`.slice(0, 100), amount: row.premium, taxRate: 6, invoiceType: 1,
        occurredDate: row.startDate ?? chinaToday(), source: 6, sourceId: Number(row.insuranceEnquiryId),
      });
    },
  },
});

export const workerDailyHooks = defineHooks('workerDaily', {
  async validate(ctx, record) {
    if (Number(record.overtimeHours ?? 0) + Number(record.workHours ?? 0) > 24) throw badRequest('工时与加班合计不能超过24小时', { field: 'overtimeHours' });
    void ctx;
  },
  beforeSave(ctx, values, prev) {
    if (!prev && ctx.session) values.reporterStaffId = ctx.session.staffId;
  },
});
