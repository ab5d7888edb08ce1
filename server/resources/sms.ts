/**
 * The SMS outbox. The product runs offline: a message is written as an smsRecord in status
 * 0 发送中 and waits there until a configured provider drains the outbox, which records each
 * outcome as 1 成功 or 2 失败 (with the provider's error code). Without a provider messages stay
 * 发送中 — visibly, on 短信发送记录 and in `invite-register-sms-status` — rather than pretending.
 *
 * Providers: `webhook` posts `{mobile, content, templateCode, smsId}` as JSON to SMS_WEBHOOK_URL
 * (the company's own SMS gateway); any 2xx is success, anything else is a failure whose code is
 * the HTTP status or the network error. Tests and other gateways implement SmsProvider.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { HookContext } from '../hooks/types';

export const SMS = { sending: 0, ok: 1, failed: 2 } as const;
export const SMS_BIZ = { supplierInvite: 1, verifyCode: 2, dispatch: 3, expiry: 4, enquiry: 5 } as const;

export interface SmsMessage {
  smsId: number;
  mobile: string;
  content: string;
  templateCode: string | null;
}

export type SmsResult = { ok: true } | { ok: false; errorCode: string };

export interface SmsProvider {
  name: string;
  send(message: SmsMessage): Promise<SmsResult>;
}

export interface SmsInput {
  mobile: string;
  content: string;
  bizType: number;
  bizId?: number | null;
  templateCode?: string | null;
}

/** Puts a message in the session organisation's outbox (in the caller's transaction). */
export async function enqueueSms(ctx: Pick<HookContext, 'q' | 'session'>, input: SmsInput): Promise<Record<string, any>> {
  const [row] = await ctx.q.insert('smsRecord', {
    mobile: input.mobile, content: input.content.slice(0, 500), bizType: input.bizType, bizId: input.bizId ?? null,
    templateCode: input.templateCode ?? null, status: SMS.sending, attempts: 0, senderStaffId: ctx.session?.staffId ?? null,
  });
  return row!;
}

/**
 * Sends what waits in the outbox (oldest first, every organisation: this is the system's job,
 * not a user's request) and records each outcome. A message is claimed with SKIP LOCKED and a
 * lease so two server processes never send it twice.
 */
export async function drainSmsOutbox(db: Db, provider: SmsProvider, limit = 50): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    // Claim one message with a short lease, then send outside any transaction (a slow gateway
    // must not hold a lock or, on the embedded database, the only connection).
    const claimed = await sql<SmsMessage & ClaimedFacts>`
      update sms_record set claimed_until = now() + interval '2 minutes', attempts = attempts + 1
      where sms_id = (
        select sms_id from sms_record
        where status = ${SMS.sending} and (claimed_until is null or claimed_until < now())
        order by sms_id limit 1 for update skip locked)
      returning sms_id as "smsId", mobile, content, template_code as "templateCode", biz_type as "bizType", biz_id as "bizId", org_id as "orgId"`.execute(db);
    const msg = claimed.rows[0];
    if (!msg) break;
    let result: SmsResult;
    try {
      result = await provider.send(msg);
    } catch (err) {
      result = { ok: false, errorCode: String((err as Error)?.message ?? err) };
    }
    await db.updateTable('smsRecord').set({
      status: result.ok ? SMS.ok : SMS.failed, errorCode: result.ok ? null : result.errorCode.slice(0, 100),
      sentAt: sql`now()`, claimedUntil: null, updatedAt: sql`now()`,
    }).where('smsId', '=', msg.smsId).execute();
    await recordOutcome(db, msg as SmsMessage & ClaimedFacts, result.ok ? SMS.ok : SMS.failed);
    if (result.ok) sent++;
    else failed++;
  }
  return { sent, failed };
}

interface ClaimedFacts { bizType: number | null; bizId: number | null; orgId: number }

/** What a message's outcome changes besides its record: an invitation's supplier shows it. */
async function recordOutcome(db: Db, msg: SmsMessage & ClaimedFacts, status: number): Promise<void> {
  if (msg.bizType === SMS_BIZ.supplierInvite && msg.bizId) {
    await db.updateTable('supplier').set({ inviteSmsStatus: status }).where('orgId', '=', msg.orgId).where('platformSupplierId', '=', msg.bizId).execute();
  }
}

/** The HTTP gateway provider (SMS_WEBHOOK_URL). */
export function webhookProvider(url: string, timeoutMs = 10_000): SmsProvider {
  return {
    name: 'webhook',
    async send(m) {
      try {
        const res = await fetch(url, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ smsId: m.smsId, mobile: m.mobile, content: m.content, templateCode: m.templateCode }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        return res.ok ? { ok: true } : { ok: false, errorCode: `HTTP ${res.status}` };
      } catch (err) {
        return { ok: false, errorCode: (err as Error)?.name === 'TimeoutError' ? '网关超时' : `网关不可达: ${(err as Error)?.message ?? ''}`.slice(0, 100) };
      }
    },
  };
}

/** The provider the environment configures, if any. */
export function configuredSmsProvider(env: NodeJS.ProcessEnv = process.env): SmsProvider | null {
  return env.SMS_WEBHOOK_URL ? webhookProvider(env.SMS_WEBHOOK_URL) : null;
}

/** Drains the outbox every SMS_DRAIN_SECONDS (default 30) while the app runs, when a provider is configured. */
export function startSmsOutbox(app: FastifyInstance, db: Db, provider: SmsProvider | null = configuredSmsProvider()): void {
  if (!provider) return;
  const every = Math.max(5, Number(process.env.SMS_DRAIN_SECONDS) || 30) * 1000;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    drainSmsOutbox(db, provider)
      .then((r) => { if (r.sent || r.failed) app.log.info({ provider: provider.name, ...r }, 'sms outbox drained'); })
      .catch((err) => app.log.error({ err }, 'sms outbox'))
      .finally(() => { running = false; });
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
