/**
 * 系统管理 handlers: process templates' enable/disable/copy, the organisation's system settings
 * and WeChat-Work configuration (one record each, created on first read), WeChat message resend,
 * and the holiday calendar generated from the `chinese-days` package.
 */
import { sql } from 'kysely';
import { type Handler, type HandlerContext, requireSession } from '../crud/context';
import { HttpError, MSG, badRequest, conflict, notFound } from '../http/errors';
import { createAjv, formatAjvErrors } from '../../schemas/src/ajv';
import { updateSchema } from '../../schemas/src/entity-schema';
import { loadEnums } from '../schema/load';
import { createRecord, updateRecord, type WriteContext } from '../crud/write';
import { inTransaction } from '../crud/handlers';
import { present } from '../crud/values';
import { scopedQueries } from '../crud/scope';
import { OUTBOX, drainOutbox, httpTransport } from '../messaging/wechat-bot';
import { getSettings, settingDefs } from './settings';
import { oneEnabledMessage, otherEnabled } from '../hooks/admin/processTemplate';
import { generateYear, packageCoversYear } from './holidays';

const write = (ctx: HandlerContext, db = ctx.db): WriteContext => ({ db, session: ctx.session, entities: ctx.entities, request: ctx.request });

// ---- process templates ----------------------------------------------------------------------

async function templateOf(ctx: HandlerContext, db = ctx.db) {
  const q = scopedQueries(db, ctx.entities, ctx.session);
  const row = await q.get('processTemplate', Number(ctx.params.processTemplateId));
  if (!row) throw notFound();
  return row;
}

const setEnabled = (enabled: boolean): Handler => async (ctx) => inTransaction(ctx.db, async (trx) => {
  const row = await templateOf(ctx, trx);
  const seen = (ctx.body as { version?: number }).version;
  if (seen !== undefined && row.version !== seen) throw conflict(MSG.stale);
  if (row.enabled === enabled) return present(ctx.entities.processTemplate!, row);
  if (enabled) {
    const other = await otherEnabled({ q: scopedQueries(trx, ctx.entities, ctx.session) }, row.bizType, row.processTemplateId);
    if (other) throw conflict(oneEnabledMessage(row.bizType, other.name));
  }
  return present(ctx.entities.processTemplate!, await updateRecord(write(ctx, trx), ctx.entities.processTemplate!, row.processTemplateId, { enabled }, { system: true }));
});

/** A disabled copy to edit and enable in its place. */
const copyTemplate: Handler = async (ctx) => inTransaction(ctx.db, async (trx) => {
  const row = await templateOf(ctx, trx);
  const name = `${row.name}（副本）`.slice(0, 50);
  const copy = await createRecord(write(ctx, trx), ctx.entities.processTemplate!, { name, bizType: row.bizType, nodes: row.nodes, remark: row.remark });
  return present(ctx.entities.processTemplate!, copy);
});

// ---- one record per organisation (settings, WeChat) -----------------------------------------

async function singleton(ctx: HandlerContext, entity: 'systemConfig' | 'wechatConfig', db = ctx.db): Promise<Record<string, any>> {
  const s = requireSession(ctx);
  const e = ctx.entities[entity]!;
  const found = (await db.selectFrom(e.table).selectAll().where('orgId', '=', s.orgId).executeTakeFirst()) as Record<string, any> | undefined;
  if (found) return found;
  // The first read creates the record with the declared defaults; a concurrent first read just loses the race.
  await db.insertInto(e.table).values({ corpId: s.corpId, orgId: s.orgId, createdBy: s.staffId, updatedBy: s.staffId }).onConflict((oc) => oc.doNothing()).execute();
  return (await db.selectFrom(e.table).selectAll().where('orgId', '=', s.orgId).executeTakeFirstOrThrow()) as Record<string, any>;
}

const configCurrent: Handler = async (ctx) => present(ctx.entities.systemConfig!, await singleton(ctx, 'systemConfig'));

const configSave: Handler = async (ctx) => inTransaction(ctx.db, async (trx) => {
  const row = await singleton(ctx, 'systemConfig', trx);
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  return present(ctx.entities.systemConfig!, await updateRecord(write(ctx, trx), ctx.entities.systemConfig!, row.systemConfigId, body, { version: body.version as number | undefined }));
});

const configList: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const values = await getSettings(ctx.db, s.orgId);
  return settingDefs().map((d) => ({ configKey: d.key, title: d.title, type: d.type, value: values[d.key], defaultValue: d.default }));
};

/** PUT system-config/{key} {value}: one setting, checked by the entity's own rules. */
const configSetKey: Handler = async (ctx) => {
  const key = String(ctx.params.key);
  if (!settingDefs().some((d) => d.key === key)) throw notFound('该配置项不存在');
  await inTransaction(ctx.db, async (trx) => {
    const row = await singleton(ctx, 'systemConfig', trx);
    const e = ctx.entities.systemConfig!;
    const enums = loadEnums();
    // The field's own schema (type, range, decimals) from the entity, alone.
    const full = updateSchema(e, (n) => enums[n]?.values.map((v) => v.value)) as { properties: Record<string, unknown> };
    const validate = createAjv().compile({ type: 'object', properties: { [key]: full.properties[key] }, required: [key], additionalProperties: false });
    const body = { [key]: (ctx.body as { value: unknown }).value };
    if (!validate(body)) throw new HttpError(400, formatAjvErrors(validate.errors, validate.schema as never), { field: key });
    await updateRecord(write(ctx, trx), e, row.systemConfigId, body, { system: true });
  });
  return (await configList(ctx) as { configKey: string }[]).find((c) => c.configKey === key);
};

const wechatCurrent: Handler = async (ctx) => present(ctx.entities.wechatConfig!, await singleton(ctx, 'wechatConfig'));

const wechatSave: Handler = async (ctx) => inTransaction(ctx.db, async (trx) => {
  const row = await singleton(ctx, 'wechatConfig', trx);
  const body = { ...((ctx.body ?? {}) as Record<string, unknown>) };
  // Secrets are never shown; an empty one on the form keeps what is stored.
  for (const k of ['secret', 'callbackToken']) if (body[k] === null || body[k] === undefined || body[k] === '') delete body[k];
  return present(ctx.entities.wechatConfig!, await updateRecord(write(ctx, trx), ctx.entities.wechatConfig!, row.wechatConfigId, body, { version: body.version as number | undefined }));
});

/**
 * Sends a test text to the default group bot now and records it in the message records (the
 * machine may be offline: then the record says why it failed).
 */
const wechatTest: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const cfg = await singleton(ctx, 'wechatConfig');
  if (!cfg.defaultWebhookUrl) throw badRequest('请先填写并保存默认群机器人地址', { field: 'defaultWebhookUrl' });
  const content = ((ctx.body as { content?: string } | undefined)?.content || '【测试】物流综合管理系统企业微信通知测试').slice(0, 500);
  const msg = (await ctx.db.insertInto('wechatBotMessage').values({
    orgId: s.orgId, corpId: s.corpId, ruleId: null, templateId: null, triggerType: null, content, webhookUrl: cfg.defaultWebhookUrl,
    status: OUTBOX.sending, attempts: 1, createdBy: s.staffId, updatedBy: s.staffId,
  }).returning('wechatBotMessageId').executeTakeFirstOrThrow()) as { wechatBotMessageId: number };
  try {
    await httpTransport.send(cfg.defaultWebhookUrl, { msgtype: 'text', text: { content } });
    await ctx.db.updateTable('wechatBotMessage').set({ status: OUTBOX.sent, sentAt: sql`now()` }).where('wechatBotMessageId', '=', msg.wechatBotMessageId).execute();
    return { ok: true, wechatBotMessageId: msg.wechatBotMessageId, message: '测试消息已发送' };
  } catch (err) {
    const reason = String((err as Error).message ?? err).slice(0, 200);
    await ctx.db.updateTable('wechatBotMessage').set({ status: OUTBOX.failed, lastError: reason }).where('wechatBotMessageId', '=', msg.wechatBotMessageId).execute();
    return { ok: false, wechatBotMessageId: msg.wechatBotMessageId, message: `发送失败：${reason}` };
  }
};

/** A failed (or given-up) message goes back to the outbox for another round of attempts. */
const wechatResend: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const id = Number(ctx.params.wechatBotMessageId);
  const row = (await ctx.db.selectFrom('wechatBotMessage').select(['status', 'webhookUrl']).where('wechatBotMessageId', '=', id).where('orgId', '=', s.orgId).executeTakeFirst()) as { status: number; webhookUrl: string | null } | undefined;
  if (!row) throw notFound();
  if (!row.webhookUrl) throw badRequest('该消息未配置机器人地址，无法重发');
  if (row.status === OUTBOX.sent) throw conflict('该消息已发送成功');
  if (row.status === OUTBOX.pending || row.status === OUTBOX.sending) throw conflict('该消息正在发送中');
  await ctx.db.updateTable('wechatBotMessage').set({ status: OUTBOX.pending, attempts: 0, lastError: null, updatedAt: sql`now()`, updatedBy: s.staffId })
    .where('wechatBotMessageId', '=', id).execute();
  void drainOutbox(ctx.db).catch(() => undefined);
  return { wechatBotMessageId: id, status: OUTBOX.pending };
};

// ---- holiday calendar -----------------------------------------------------------------------

const holidayYears: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const rows = (await ctx.db.selectFrom('holidayCalendar').select(['year', sql<number>`count(*)::int`.as('days'),
    sql<number>`count(*) filter (where day_type = 3)::int`.as('statutory')])
    .where('orgId', '=', s.orgId).groupBy('year').orderBy('year').execute()) as { year: number; days: number; statutory: number }[];
  return rows.map((r) => ({ ...r, covered: packageCoversYear(r.year) }));
};

const holidayGenerate: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const { year, overwrite } = ctx.body as { year: number; overwrite?: boolean };
  return inTransaction(ctx.db, (trx) => generateYear(trx, s, year, Boolean(overwrite)));
};

export const adminSystemHandlers: Record<string, Handler> = {
  'adminSystem.processEnable': setEnabled(true),
  'adminSystem.processDisable': setEnabled(false),
  'adminSystem.processCopy': copyTemplate,
  'adminSystem.configList': configList,
  'adminSystem.configCurrent': configCurrent,
  'adminSystem.configSave': configSave,
  'adminSystem.configSetKey': configSetKey,
  'adminSystem.wechatCurrent': wechatCurrent,
  'adminSystem.wechatSave': wechatSave,
  'adminSystem.wechatTest': wechatTest,
  'adminSystem.wechatResend': wechatResend,
  'adminSystem.holidayYears': holidayYears,
  'adminSystem.holidayGenerate': holidayGenerate,
};

