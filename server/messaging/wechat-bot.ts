/**
 * WeChat-Work group bot: template rules (which trigger posts to which bot), the insurance
 * message preview, and an outbox. Messages are recorded first; a pluggable transport sends them.
 * A rule without a webhook records its messages as 仅记录 and nothing leaves the machine.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Handler } from '../crud/context';
import { requireSession } from '../crud/context';
import { badRequest, conflict, notFound } from '../http/errors';

export const BOT_TEMPLATES = [
  { templateId: 1, name: '保险询价消息' },
  { templateId: 2, name: '运输异常消息' },
  { templateId: 3, name: '调度通知消息' },
  { templateId: 4, name: '询价通知消息' },
  { templateId: 5, name: '证照到期消息' },
] as const;

export const BOT_TRIGGERS = [
  { triggerType: 1, templateId: 1, name: '保险询价提交' },
  { triggerType: 2, templateId: 1, name: '保险询价报价' },
  { triggerType: 3, templateId: 2, name: '运输需求异常' },
  { triggerType: 4, templateId: 3, name: '派车通知' },
  { triggerType: 5, templateId: 3, name: '发车通知' },
  { triggerType: 6, templateId: 3, name: '到达签收' },
  { triggerType: 7, templateId: 3, name: '回单超期' },
  { triggerType: 8, templateId: 4, name: '询价发布' },
  { triggerType: 9, templateId: 5, name: '证照到期' },
] as const;

export const OUTBOX = { pending: 0, sent: 1, failed: 2, recordOnly: 3, sending: 4 } as const;
const MAX_ATTEMPTS = 5;

export interface BotTransport {
  send(webhookUrl: string, payload: unknown): Promise<void>;
}

/** The real transport: WeChat-Work's webhook JSON, 10 s timeout. */
export const httpTransport: BotTransport = {
  async send(url, payload) {
    const res = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(10000),
    });
    const body = (await res.json().catch(() => ({}))) as { errcode?: number; errmsg?: string };
    if (!res.ok || (body.errcode ?? 0) !== 0) throw new Error(`HTTP ${res.status} ${body.errmsg ?? ''}`.trim());
  },
};

let transport: BotTransport = httpTransport;
export function setBotTransport(t: BotTransport): void {
  transport = t;
}

const money = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(v);
};

export function renderInsuranceMessage(d: Record<string, unknown>): string {
  const line = (label: string, v: unknown) => (v === undefined || v === null || v === '' ? null : `${label}：${v}`);
  return [
    '【保险询价】',
    line('项目', d.projectName),
    line('险种', d.insuranceType),
    line('货物', d.goodsName),
    line('货值', d.goodsValue === undefined || d.goodsValue === '' ? undefined : `${money(d.goodsValue)} 元`),
    d.startAddress || d.endAddress ? `线路：${d.startAddress ?? ''} → ${d.endAddress ?? ''}` : null,
    line('运输日期', d.transportDate),
    line('联系人', d.contactName),
    line('备注', d.remark),
  ].filter(Boolean).join('\n');
}

/** The group text of a schedule's step (派车 发车 异常 签收): which truck, for which cargo, where. */
export function renderScheduleMessage(title: string, d: Record<string, unknown>): string {
  const line = (label: string, v: unknown) => (v === undefined || v === null || v === '' ? null : `${label}：${v}`);
  return [
    `【${title}】`,
    line('项目', d.projectName),
    line('调度单', d.scheduleNo),
    line('车辆', [d.plate, d.driverName, d.driverPhone].filter(Boolean).join(' ')),
    line('货物', d.cargoName),
    d.from || d.to ? `线路：${d.from ?? ''} → ${d.to ?? ''}` : null,
    line('时间', d.at),
    line('异常', d.exception),
    line('签收', d.signed),
  ].filter(Boolean).join('\n');
}

/** The group text of a published enquiry: what is to be carried, where, and by when to quote. */
export function renderEnquiryMessage(d: Record<string, unknown>): string {
  const line = (label: string, v: unknown) => (v === undefined || v === null || v === '' ? null : `${label}：${v}`);
  const size = [d.length, d.width, d.height].every((x) => x !== undefined && x !== null && x !== '') ? `${d.length}×${d.width}×${d.height} 米` : null;
  return [
    '【询价发布】',
    line('询价', [d.enquiryNo, d.title].filter(Boolean).join(' ')),
    line('货物', [d.cargoName, d.pieces ? `${d.pieces}件` : null, d.weight ? `${Number(d.weight)}吨` : null, size].filter(Boolean).join(' ')),
    d.fromAddress || d.toAddress ? `线路：${d.fromAddress ?? ''} → ${d.toAddress ?? ''}` : null,
    line('装车日期', d.loadDate),
    line('报价截止', d.deadline),
    line('邀请供应商', d.invited === undefined ? undefined : `${d.invited}家`),
  ].filter(Boolean).join('\n');
}

/** Records one message per enabled rule of the trigger, then tries to send them. */
export async function enqueueBotMessages(db: Db, o: { orgId: number; corpId: number; triggerType: number; content: string }): Promise<number> {
  const rules = (await db.selectFrom('wechatBotTemplateRule').selectAll()
    .where('orgId', '=', o.orgId).where('triggerType', '=', o.triggerType).where('enabled', '=', true).execute()) as any[];
  if (!rules.length) return 0;
  await db.insertInto('wechatBotMessage').values(rules.map((r) => ({
    orgId: o.orgId, corpId: o.corpId, ruleId: r.ruleId, templateId: r.templateId, triggerType: o.triggerType,
    content: o.content.slice(0, 4000), webhookUrl: r.webhookUrl || null,
    status: r.webhookUrl ? OUTBOX.pending : OUTBOX.recordOnly, attempts: 0,
  }))).execute();
  // Inside a caller's transaction the rows are not committed yet: a drain there would send before
  // the commit and fail to record it (resent 5 minutes later). The process's own pool drains
  // shortly after instead; the outbox timer catches anything still uncommitted.
  if (!db.isTransaction) void drainOutbox(db).catch(() => undefined);
  else if (outboxDb) for (const ms of AFTER_COMMIT_MS) setTimeout(() => void (outboxDb && drainOutbox(outboxDb).catch(() => undefined)), ms).unref();
  return rules.length;
}

let outboxDb: Db | null = null;
/** when to look for the committed messages of a transaction: requests commit within moments */
const AFTER_COMMIT_MS = [300, 3000];
/** The process's pool the outbox drains through after a transaction queued messages (set by the realtime plugin). */
export function useOutboxDb(db: Db): void {
  outboxDb = db;
}
/** A closing process's pool is no longer drained through. */
export function releaseOutboxDb(db: Db): void {
  if (outboxDb === db) outboxDb = null;
}

/**
 * Sends pending messages. Rows are claimed with SKIP LOCKED so several server processes never
 * send one message twice.
 */
export async function drainOutbox(db: Db, limit = 20): Promise<number> {
  const claimed = (await sql<any>`
    update wechat_bot_message set status = ${OUTBOX.sending}, attempts = attempts + 1, updated_at = now()
    where wechat_bot_message_id in (
      select wechat_bot_message_id from wechat_bot_message
      where webhook_url is not null and attempts < ${MAX_ATTEMPTS}
        -- a claim older than 5 minutes belonged to a process that died while sending
        and (status = ${OUTBOX.pending} or (status = ${OUTBOX.sending} and updated_at < now() - interval '5 minutes'))
      order by wechat_bot_message_id limit ${limit} for update skip locked)
    returning wechat_bot_message_id as "id", webhook_url as "url", content, attempts, rule_id as "ruleId"`.execute(db)).rows;
  for (const m of claimed) {
    const rule = (await db.selectFrom('wechatBotTemplateRule').select('mentionedMobiles').where('ruleId', '=', m.ruleId).executeTakeFirst()) as any;
    const payload = { msgtype: 'text', text: { content: m.content, mentioned_mobile_list: rule?.mentionedMobiles ?? [] } };
    try {
      await transport.send(m.url, payload);
      await db.updateTable('wechatBotMessage').set({ status: OUTBOX.sent, sentAt: sql`now()`, lastError: null }).where('wechatBotMessageId', '=', m.id).execute();
    } catch (err) {
      const status = m.attempts >= MAX_ATTEMPTS ? OUTBOX.failed : OUTBOX.pending;
      await db.updateTable('wechatBotMessage').set({ status, lastError: String((err as Error).message ?? err).slice(0, 500) }).where('wechatBotMessageId', '=', m.id).execute();
    }
  }
  return claimed.length;
}

const previewInsurance: Handler = async (ctx) => ({ content: renderInsuranceMessage(ctx.body ?? {}) });

const rules = (ctx: Parameters<Handler>[0]) => ctx.db.selectFrom('wechatBotTemplateRule').where('orgId', '=', requireSession(ctx).orgId);

const listByTemplate: Handler = async (ctx) => {
  let qb = rules(ctx).selectAll().where('templateId', '=', Number(ctx.params.templateId));
  if (ctx.query.enabled !== undefined) qb = qb.where('enabled', '=', ctx.query.enabled === true || ctx.query.enabled === 'true');
  if (ctx.query.triggerType !== undefined) qb = qb.where('triggerType', '=', Number(ctx.query.triggerType));
  return qb.orderBy('ruleId', 'desc').execute();
};

const listTriggerRule: Handler = async (ctx) => {
  const tpl = ctx.query.templateId === undefined ? undefined : Number(ctx.query.templateId);
  const triggers = BOT_TRIGGERS.filter((t) => tpl === undefined || t.templateId === tpl);
  const enabled = (await rules(ctx).selectAll().where('enabled', '=', true).orderBy('ruleId').execute()) as any[];
  return triggers.map((t) => ({ ...t, rules: enabled.filter((r) => r.triggerType === t.triggerType) }));
};

const saveRule: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const d = ctx.body;
  const trigger = BOT_TRIGGERS.find((t) => t.triggerType === d.triggerType);
  if (!BOT_TEMPLATES.some((t) => t.templateId === d.templateId)) throw badRequest('消息模板不存在');
  if (!trigger || trigger.templateId !== d.templateId) throw badRequest('该模板不支持此触发类型');
  const values = {
    templateId: d.templateId, name: d.name.trim(), triggerType: d.triggerType, webhookUrl: d.webhookUrl || null,
    mentionedMobiles: JSON.stringify(d.mentionedMobiles ?? []), remark: d.remark ?? null,
  };
  if (!d.ruleId) {
    return ctx.db.insertInto('wechatBotTemplateRule')
      .values({ ...values, orgId: s.orgId, corpId: s.corpId, enabled: false, createdBy: s.staffId, updatedBy: s.staffId })
      .returningAll().executeTakeFirstOrThrow();
  }
  let qb = ctx.db.updateTable('wechatBotTemplateRule')
    .set({ ...values, version: sql`version + 1`, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('orgId', '=', s.orgId).where('ruleId', '=', d.ruleId);
  if (d.version !== undefined) qb = qb.where('version', '=', d.version);
  const row = await qb.returningAll().executeTakeFirst();
  if (row) return row;
  const exists = await rules(ctx).select('ruleId').where('ruleId', '=', d.ruleId).executeTakeFirst();
  if (!exists) throw notFound();
  throw conflict('该记录已被他人修改，请刷新后重试');
};

const setEnabled = (enabled: boolean): Handler => async (ctx) => {
  const s = requireSession(ctx);
  const row = await ctx.db.updateTable('wechatBotTemplateRule')
    .set({ enabled, version: sql`version + 1`, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('orgId', '=', s.orgId).where('ruleId', '=', ctx.body.ruleId).returningAll().executeTakeFirst();
  if (!row) throw notFound();
  return row;
};

export const wechatBotHandlers: Record<string, Handler> = {
  'wechatBot.previewInsurance': previewInsurance,
  'wechatBot.listByTemplate': listByTemplate,
  'wechatBot.listTriggerRule': listTriggerRule,
  'wechatBot.saveRule': saveRule,
  'wechatBot.enableRule': setEnabled(true),
  'wechatBot.disableRule': setEnabled(false),
};
