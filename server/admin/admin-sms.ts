/**
 * 短信发送记录 (系统管理): a failed message goes back to the outbox (重发), and 刷新状态 asks the
 * configured provider to send what waits now instead of at its next round. The outbox itself is
 * server/resources/sms.ts; without a provider nothing leaves it and the records say so.
 */
import { sql } from 'kysely';
import { type Handler, requireSession } from '../crud/context';
import { inTransaction } from '../crud/handlers';
import { scopedQueries } from '../crud/scope';
import { badRequest, conflict, notFound } from '../http/errors';
import { loadEnums } from '../schema/load';
import { SMS, SMS_BIZ, configuredSmsProvider, drainSmsOutbox } from '../resources/sms';

const statusName = (code: unknown) => loadEnums().smsStatus?.values.find((v) => v.value === code)?.label ?? '';

const NO_PROVIDER = '未配置短信服务（SMS_WEBHOOK_URL），短信在发送队列中等待';

/** The ids a row action (`{smsId}`) or a batch (`{ids}`) names. */
function idsOf(body: unknown): number[] {
  const b = (body ?? {}) as { smsId?: number; ids?: number[] };
  const ids = b.ids?.length ? b.ids : b.smsId ? [b.smsId] : [];
  return [...new Set(ids.map(Number))];
}

/** 重发: failed messages (all of them, or none) return to 发送中 and are sent on the next round. */
const resend: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const ids = idsOf(ctx.body);
  if (!ids.length) throw badRequest('请选择要重发的短信');
  const rows = await inTransaction(ctx.db, async (trx) => {
    const q = scopedQueries(trx, ctx.entities, s);
    const found = (await q.select('smsRecord').select(['smsId', 'status', 'bizType', 'bizId']).where('smsId', 'in', ids).forUpdate().execute()) as
      { smsId: number; status: number; bizType: number | null; bizId: number | null }[];
    if (found.length !== ids.length) throw notFound('短信记录不存在');
    const notFailed = found.filter((r) => r.status !== SMS.failed);
    if (notFailed.length) throw conflict(notFailed.some((r) => r.status === SMS.sending) ? '短信正在发送中，无需重发' : '只有发送失败的短信可以重发');
    await q.update('smsRecord').set({
      status: SMS.sending, errorCode: null, sentAt: null, claimedUntil: null, updatedAt: sql`now()`, updatedBy: s.staffId, version: sql`version + 1`,
    }).where('smsId', 'in', ids).execute();
    // A supplier's invitation shows its latest message's state (供应商列表 邀请短信).
    const invited = found.filter((r) => r.bizType === SMS_BIZ.supplierInvite && r.bizId).map((r) => r.bizId!);
    if (invited.length) await q.update('supplier').set({ inviteSmsStatus: SMS.sending }).where('platformSupplierId', 'in', invited).execute();
    return found;
  });
  const provider = configuredSmsProvider();
  // Sent after the answer: a slow gateway must not hold the user's request.
  if (provider) void drainSmsOutbox(ctx.db, provider).catch((err) => ctx.request.log.error({ err }, 'sms resend'));
  return {
    count: rows.length, status: SMS.sending,
    message: provider ? `已重新提交 ${rows.length} 条短信` : `已放回发送队列 ${rows.length} 条短信；${NO_PROVIDER}`,
  };
};

/** 刷新状态: sends what waits now (when a provider is configured) and answers the message's state. */
const refreshStatus: Handler = async (ctx) => {
  const s = requireSession(ctx);
  const [id] = idsOf(ctx.body);
  const q = scopedQueries(ctx.db, ctx.entities, s);
  const before = await q.get('smsRecord', Number(id));
  if (!before) throw notFound('短信记录不存在');
  const provider = before.status === SMS.sending ? configuredSmsProvider() : null;
  if (provider) await drainSmsOutbox(ctx.db, provider);
  const row = (await q.get('smsRecord', Number(id)))!;
  const name = statusName(row.status);
  const message = row.status === SMS.sending && !configuredSmsProvider() ? `发送中：${NO_PROVIDER}`
    : row.status === SMS.failed ? `发送失败：${row.errorCode ?? '未知原因'}` : `当前状态：${name}`;
  return { smsId: row.smsId, status: row.status, statusName: name, errorCode: row.errorCode ?? null, message };
};

export const adminSmsHandlers: Record<string, Handler> = {
  'adminSms.resend': resend,
  'adminSms.refreshStatus': refreshStatus,
};
