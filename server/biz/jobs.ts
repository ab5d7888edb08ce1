/**
 * 询价截止 (DOMAIN §4.1 enquiry 5 → 10 "deadline passes (job)"): a published enquiry whose quote
 * deadline has passed is closed by the system — its silent suppliers waive (the enquiry's own
 * close effects) — and its initiator is told the quotes are in and the award is theirs to make.
 * Runs before the server takes requests and hourly (server/ops/hourly.ts); each enquiry is locked
 * and re-read, so two processes running the same hour close it once.
 */
import type { Db } from '../db/connect';
import { inTransaction } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap } from '../schema/types';
import { runTransition, type WriteContext } from '../crud/write';
import { emitNotice } from '../messaging/notices';
import { EVENT_ENQUIRY } from '../messaging/notices';

/** enquiry.status 5 报价中, 10 已截止 */
const QUOTING = 5;

export async function closeExpiredEnquiries(db: Db, entities: EntityMap, now = new Date()): Promise<number> {
  const entity = entities.enquiry;
  if (!entity) return 0;
  const due = (await db.selectFrom('enquiry').select(['enquiryId']).where('status', '=', QUOTING).where('deadline', '<', now)
    .orderBy('enquiryId').execute()) as { enquiryId: number }[];
  let closed = 0;
  for (const { enquiryId } of due) {
    const done = await inTransaction(db, async (trx) => {
      const e = (await trx.selectFrom('enquiry').selectAll().where('enquiryId', '=', enquiryId).forUpdate().executeTakeFirst()) as Record<string, any> | undefined;
      if (!e || Number(e.status) !== QUOTING || !(new Date(e.deadline).getTime() < now.getTime())) return null;
      const session: Session = { sessionId: 0, accountId: 0, staffId: 0, orgId: Number(e.orgId), corpId: Number(e.corpId), depId: null, permissions: [] };
      const w: WriteContext = { db: trx, session, entities };
      await runTransition(w, entity, enquiryId, 'close', { values: {}, comment: '报价截止时间已到，系统自动截止' }, { system: true });
      const quoted = (await trx.selectFrom('enquiryQuote').select('quoteId').where('enquiryId', '=', enquiryId)
        .where('seq', '=', Number(e.currentSeq)).where('quoteStatus', '=', 5).execute()).length;
      return { e, quoted };
    });
    if (!done) continue;
    closed += 1;
    const { e, quoted } = done;
    if (e.initiatorStaffId) {
      await emitNotice(db, {
        orgId: Number(e.orgId), corpId: Number(e.corpId), recipients: [Number(e.initiatorStaffId)], daily: true,
        eventType: EVENT_ENQUIRY, eventSubjectId: enquiryId,
        message: quoted
          ? `询价「${e.title}」已到报价截止时间，第${e.currentSeq}轮共${quoted}家供应商报价，请定标或发起下一轮`
          : `询价「${e.title}」已到报价截止时间，第${e.currentSeq}轮无供应商报价，请调整后重新询价或取消`,
      });
    }
  }
  return closed;
}
