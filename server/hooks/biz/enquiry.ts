/**
 * Enquiries (询价) in rounds: publishing invites the suppliers (one quote row each for round 1),
 * a next round re-invites those who quoted, closing waives the silent ones, the award picks
 * quotes of the current round and records the drop from the first round.
 */
import { defineHooks, type HookContext } from '../types';
import { badRequest, conflict } from '../../http/errors';
import { EVENT_ENQUIRY } from '../../messaging/notices';
import { enqueueBotMessages, renderEnquiryMessage } from '../../messaging/wechat-bot';
import { enqueueSms, SMS_BIZ } from '../../resources/sms';

/** bot triggerType 询价发布 (DOMAIN §4.2 enquiry 0 → 5) */
const ENQUIRY_PUBLISHED_TRIGGER = 8;
import { CARGO_FIELDS, cents, moment, userChanges, yuan } from './util';

type Row = Record<string, any>;

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : typeof v === 'string' ? (JSON.parse(v) as unknown[]) : []).map(Number);

/** Active = 合作中 (status 1) and, once suppliers are audited, 审核通过 (verifyStatus 15). */
async function inactiveSupplier(ctx: HookContext, ids: number[]): Promise<string | null> {
  const e = ctx.q.entity('supplier');
  const cols = ['supplierId', 'name', 'status', ...(e.fields.verifyStatus ? ['verifyStatus'] : [])];
  const rows = await ctx.q.select('supplier').select(cols).where('supplierId', 'in', ids).execute() as Row[];
  const bad = rows.find((r) => Number(r.status) !== 1 || (e.fields.verifyStatus && Number(r.verifyStatus) !== 15));
  return bad ? String(bad.name) : null;
}

async function supplierNames(ctx: HookContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.q.select('supplier').select(['supplierId', 'name', 'shortName']).where('supplierId', 'in', ids).execute() as Row[];
  return new Map(rows.map((r) => [Number(r.supplierId), String(r.shortName || r.name)]));
}

export const quoteLabel = (supplier: string, seq: number, amount?: unknown) =>
  `${supplier} 第${seq}轮${amount !== null && amount !== undefined ? ` ¥${Number(amount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : ''}`;

/** One open quote (待报价) per supplier for the round. */
async function invite(ctx: HookContext, enquiry: Row, supplierIds: number[], seq: number) {
  const names = await supplierNames(ctx, supplierIds);
  for (const supplierId of supplierIds) {
    await ctx.create('enquiryQuote', {
      enquiryId: enquiry.enquiryId, supplierId, seq, quoteMode: enquiry.quoteMode, quantity: enquiry.quantity ?? null,
      label: quoteLabel(names.get(supplierId) ?? String(supplierId), seq),
    });
  }
}

async function roundQuotes(ctx: HookContext, enquiryId: number, seq: number): Promise<Row[]> {
  return await ctx.q.select('enquiryQuote').selectAll().where('enquiryId', '=', enquiryId).where('seq', '=', seq).orderBy('quoteId').execute() as Row[];
}

async function waiveSilent(ctx: HookContext, enquiry: Row) {
  for (const q of await roundQuotes(ctx, Number(enquiry.enquiryId), Number(enquiry.currentSeq))) {
    if (q.quoteStatus === 0) await ctx.transition('enquiryQuote', Number(q.quoteId), 'waive', { ifAllowed: true });
  }
}

/** supplier.registerStatus 10 已注册: such a supplier quotes on the platform and needs no SMS. */
const REGISTERED = 10;

/**
 * 询价通知 SMS (DOMAIN §4.1 enquiry 0 → 5, SMS bizType 5) through the outbox to each invited
 * supplier not registered on the platform that has a contact phone.
 */
async function smsUnregistered(ctx: HookContext, row: Row) {
  const ids = idsOf(row.supplierIds);
  if (!ids.length) return;
  const suppliers = await ctx.q.select('supplier').select(['supplierId', 'name', 'contactName', 'contactPhone', 'registerStatus'])
    .where('supplierId', 'in', ids).orderBy('supplierId').execute() as Row[];
  const org = (await ctx.db.selectFrom('organization').select(['name', 'shortName']).where('orgId', '=', ctx.session!.orgId).executeTakeFirst()) as { name: string; shortName: string | null } | undefined;
  const deadline = moment(row.deadline);
  const until = Number.isFinite(deadline) ? new Date(deadline + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ') : null;
  for (const s of suppliers) {
    if (Number(s.registerStatus) === REGISTERED || !String(s.contactPhone ?? '').trim()) continue;
    await enqueueSms(ctx, {
      mobile: String(s.contactPhone), bizType: SMS_BIZ.enquiry, bizId: Number(row.enquiryId), templateCode: 'ENQUIRY_INVITE',
      content: `【${org?.shortName ?? org?.name ?? '物流平台'}】${s.contactName ?? ''}您好，${org?.name ?? ''}邀请${s.name}参加询价「${row.title}」（${row.enquiryNo ?? ''}）`
        + `${row.cargoName ? `，货物：${row.cargoName}` : ''}，请${until ? `于${until}前` : '尽快'}报价，联系询价人或注册物流协同平台在线报价。`,
    });
  }
}

export const enquiryHooks = defineHooks('enquiry', {
  async validate(ctx, record, prev) {
    if (!record.clueId && !record.projectId && !record.planId) throw badRequest('请选择线索或项目', { field: 'clueId' });
    if (record.planId && record.clueId && record.planId !== prev?.planId) {
      const plan = await ctx.q.get('technicalPlan', Number(record.planId));
      if (plan && Number(plan.clueId) !== Number(record.clueId)) throw badRequest('技术方案不属于所选线索', { field: 'planId' });
    }
    if (record.supplierIds !== undefined && JSON.stringify(record.supplierIds) !== JSON.stringify(prev?.supplierIds)) {
      const ids = idsOf(record.supplierIds);
      if (!ids.length) throw badRequest('请至少邀请一家供应商', { field: 'supplierIds' });
      const bad = await inactiveSupplier(ctx, ids);
      if (bad) throw badRequest(`供应商「${bad}」未在合作中，不能邀请`, { field: 'supplierIds' });
    }
  },
  async beforeSave(ctx, values, prev) {
    if (prev) {
      if (prev.status !== 0 && userChanges(ctx.entity, values).length) throw conflict('只能修改草稿状态的询价');
      if (values.supplierIds !== undefined) values.invitedCount = idsOf(values.supplierIds).length;
      return;
    }
    values.initiatorStaffId = ctx.session?.staffId ?? null;
    values.currentSeq = 1;
    values.invitedCount = idsOf(values.supplierIds).length;
    // A plan's enquiry belongs to its clue and inherits its cargo.
    const plan = values.planId ? await ctx.q.get('technicalPlan', Number(values.planId)) : undefined;
    if (plan && !values.clueId) values.clueId = plan.clueId;
    const source = plan ?? (values.clueId ? await ctx.q.get('clue', Number(values.clueId)) : undefined);
    if (source) {
      for (const f of CARGO_FIELDS) if (values[f] === undefined || values[f] === null || values[f] === '') values[f] = source[f];
      if ((values.weight === undefined || values.weight === null) && (source.totalWeight ?? source.maxPieceWeight)) values.weight = source.totalWeight ?? source.maxPieceWeight;
      const clue = plan ? await ctx.q.get('clue', Number(plan.clueId)) : source;
      if (clue) {
        for (const f of ['fromRegionCode', 'fromAddress', 'toRegionCode', 'toAddress', 'serviceCategory']) values[f] ??= clue[f];
      }
    }
  },
  beforeRemove(_ctx, row) {
    if (row.status !== 0) throw conflict('只能删除草稿状态的询价');
  },
  beforeTransition: {
    async publish(ctx, row) {
      if (moment(row.deadline) <= Date.now()) throw badRequest('报价截止时间已过，请先修改截止时间', { field: 'deadline' });
      const ids = idsOf(row.supplierIds);
      if (!ids.length) throw badRequest('请至少邀请一家供应商', { field: 'supplierIds' });
      const bad = await inactiveSupplier(ctx, ids);
      if (bad) throw badRequest(`供应商「${bad}」未在合作中，不能邀请`, { field: 'supplierIds' });
    },
    async nextRound(ctx, row, input) {
      if (!(moment(input.values.deadline) > Date.now())) throw badRequest('新的报价截止时间应晚于当前时间', { field: 'deadline' });
      const quoted = (await roundQuotes(ctx, Number(row.enquiryId), Number(row.currentSeq))).filter((q) => q.quoteStatus === 5);
      if (!quoted.length) throw conflict('本轮没有供应商报价，不能发起下一轮');
    },
    async award(ctx, row, input) {
      const chosen = idsOf(input.values.quoteIds);
      if (!chosen.length) throw badRequest('请选择中选的报价', { field: 'quoteIds' });
      const round = await roundQuotes(ctx, Number(row.enquiryId), Number(row.currentSeq));
      const ok = new Set(round.filter((q) => q.quoteStatus === 5).map((q) => Number(q.quoteId)));
      if (chosen.some((id) => !ok.has(id))) throw badRequest('只能选择本询价本轮已报价的报价', { field: 'quoteIds' });
    },
  },
  afterTransition: {
    async publish(ctx, row) {
      await invite(ctx, row, idsOf(row.supplierIds), 1);
      await ctx.update('enquiry', Number(row.enquiryId), { quotedCount: 0, invitedCount: idsOf(row.supplierIds).length });
      if (row.planId) await ctx.transition('technicalPlan', Number(row.planId), 'enquire', { ifAllowed: true });
      // The clue's owner hears that costs are being asked for (the supplier side is invited on its platform).
      const clue = row.clueId ? await ctx.q.get('clue', Number(row.clueId)) : undefined;
      const owner = clue ? Number(clue.ownerStaffId) : null;
      if (owner && owner !== ctx.session?.staffId) {
        await ctx.notify({ recipients: [owner], message: `询价「${row.title}」已发布，邀请${idsOf(row.supplierIds).length}家供应商报价`, eventType: EVENT_ENQUIRY, eventSubjectId: Number(row.enquiryId) });
      }
      // Invited suppliers not on the platform hear by SMS (bizType 5): a person's publish only.
      if (ctx.request && ctx.session) await smsUnregistered(ctx, row);
      // The organisation's 询价发布 bot rules (trigger 8) tell its groups; a person's publish only,
      // never the demo seeder's hundreds.
      if (ctx.request && ctx.session) {
        const deadline = moment(row.deadline);
        await enqueueBotMessages(ctx.db, { orgId: ctx.session.orgId, corpId: ctx.session.corpId, triggerType: ENQUIRY_PUBLISHED_TRIGGER, content: renderEnquiryMessage({
          ...row, invited: idsOf(row.supplierIds).length,
          deadline: Number.isFinite(deadline) ? new Date(deadline + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : undefined,
        }) });
      }
    },
    async nextRound(ctx, row, prev) {
      const prevSeq = Number(prev.currentSeq);
      const previous = await roundQuotes(ctx, Number(row.enquiryId), prevSeq);
      // The previous round is frozen: who stayed silent has waived.
      for (const q of previous) if (q.quoteStatus === 0) await ctx.transition('enquiryQuote', Number(q.quoteId), 'waive', { ifAllowed: true });
      const again = previous.filter((q) => q.quoteStatus === 5).map((q) => Number(q.supplierId));
      const seq = prevSeq + 1;
      await ctx.update('enquiry', Number(row.enquiryId), { currentSeq: seq, quotedCount: 0, invitedCount: again.length });
      await invite(ctx, { ...row, currentSeq: seq }, again, seq);
    },
    async close(ctx, row) {
      await waiveSilent(ctx, row);
    },
    async award(ctx, row) {
      const chosen = new Set(idsOf(row.quoteIds));
      const round = await roundQuotes(ctx, Number(row.enquiryId), Number(row.currentSeq));
      let awarded = 0;
      // The cost a customer quotation starts from (its costAmount's fill-in): each quote without its own tax.
      let costExclTax = 0;
      for (const q of round) {
        if (q.quoteStatus !== 5) continue;
        if (chosen.has(Number(q.quoteId))) {
          awarded += cents(q.amount) ?? 0;
          costExclTax += Math.round((cents(q.amount) ?? 0) / (1 + Number(q.taxRate ?? 0) / 100));
          await ctx.transition('enquiryQuote', Number(q.quoteId), 'win');
        } else {
          await ctx.transition('enquiryQuote', Number(q.quoteId), 'lose');
        }
      }
      // 降幅 (choice): one award — first-round lowest quote → awarded; several (a carrier plus
      // crane, escort …) — the same suppliers' first-round quotes → awarded.
      const first = (await roundQuotes(ctx, Number(row.enquiryId), 1)).filter((q) => q.amount !== null && q.amount !== undefined);
      const winners = new Set(round.filter((q) => chosen.has(Number(q.quoteId))).map((q) => Number(q.supplierId)));
      const base = chosen.size === 1
        ? Math.min(...first.map((q) => cents(q.amount) ?? Infinity))
        : first.filter((q) => winners.has(Number(q.supplierId))).reduce((a, q) => a + (cents(q.amount) ?? 0), 0);
      const firstLowest = Number.isFinite(base) && base > 0 ? base : null;
      const dropRate = firstLowest ? Math.round(((firstLowest - awarded) / firstLowest) * 10000) / 100 : null;
      await ctx.update('enquiry', Number(row.enquiryId), { awardedAmount: yuan(awarded), awardedCostExclTax: yuan(costExclTax), firstLowestAmount: yuan(firstLowest), dropRate: dropRate === null ? null : dropRate.toFixed(2) });
    },
  },
});
