/**
 * 回单超期 (DOMAIN §4.2, §7 R21): a truck signed for more than the organisation's
 * receiptOverdueDays (系统配置, default 15) whose receipt has not come back (schedule still 35
 * 已签收) is reminded once: a notice and a daily matter (eventType 9) to its dispatcher and the
 * project manager, and a bot post (trigger 7) to the project's group. receiptOverdueNotifiedAt
 * keeps it from being reminded again; the job runs at start-up and hourly (server/ops/hourly.ts).
 */
import { inTransaction, type Db } from '../db/connect';
import type { Session } from '../auth/session-types';
import type { EntityMap } from '../schema/types';
import { hookContext, type WriteContext } from '../crud/write';
import { getSetting } from '../admin/settings';
import { renderScheduleMessage } from '../messaging/wechat-bot';
import { postToProjectGroup } from '../hooks/project/group';

const DAY = 86400_000;
/** scheduleStatus 35 已签收 (40 回单已返 ends the wait) */
const SIGNED = 35;
export const RECEIPT_OVERDUE_EVENT = 9;
export const RECEIPT_OVERDUE_TRIGGER = 7;

type Row = Record<string, any>;

const chinaMinute = (t: Date) => new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Reminds every overdue receipt not yet reminded; answers how many were. */
export async function remindOverdueReceipts(db: Db, entities: EntityMap, now = new Date()): Promise<number> {
  const entity = entities.transportSchedule;
  if (!entity) return 0;
  const orgs = (await db.selectFrom('transportSchedule').select(['orgId', 'corpId']).distinct()
    .where('scheduleStatus', '=', SIGNED).where('receiptOverdueNotifiedAt', 'is', null).execute()) as { orgId: number; corpId: number }[];
  let reminded = 0;
  for (const org of orgs) {
    const days = Number(await getSetting(db, org.orgId, 'receiptOverdueDays'));
    const due = (await db.selectFrom('transportSchedule').selectAll().where('orgId', '=', org.orgId)
      .where('scheduleStatus', '=', SIGNED).where('receiptOverdueNotifiedAt', 'is', null)
      .where('signedAt', '<', new Date(now.getTime() - days * DAY).toISOString() as any)
      .orderBy('signedAt').execute()) as Row[];
    for (const row of due) {
      await inTransaction(db, async (trx) => {
        const session: Session = { sessionId: 0, accountId: 0, staffId: 0, orgId: org.orgId, corpId: org.corpId, depId: null, permissions: [] };
        const ctx = hookContext({ db: trx, session, entities } as WriteContext, entity, true);
        // claimed first: a second process running the same hour finds nothing left to remind
        const claimed = await trx.updateTable('transportSchedule').set({ receiptOverdueNotifiedAt: now.toISOString() })
          .where('scheduleId', '=', Number(row.scheduleId)).where('receiptOverdueNotifiedAt', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return;
        const project = await ctx.q.get('project', Number(row.projectId));
        const demand = await ctx.q.get('transportDemand', Number(row.demandId));
        const late = Math.floor((now.getTime() - new Date(row.signedAt).getTime()) / DAY);
        await ctx.notify({
          recipients: [Number(row.dispatcherStaffId), Number(project?.projectManagerStaffId)], daily: true,
          eventType: RECEIPT_OVERDUE_EVENT, eventSubjectId: Number(row.scheduleId),
          message: `调度单${row.scheduleNo}（${row.truckLicensePlate ?? ''}）签收已${late}天，回单仍未返回（超过${days}天），请催收回单`,
        });
        await postToProjectGroup(ctx, row.projectId, RECEIPT_OVERDUE_TRIGGER, renderScheduleMessage('回单超期', {
          projectName: project?.name, scheduleNo: row.scheduleNo, plate: row.truckLicensePlate, driverName: row.driverName, driverPhone: row.driverPhone,
          cargoName: demand?.cargoName, from: demand?.loadAddress, to: demand?.unloadAddress,
          signed: `${chinaMinute(new Date(row.signedAt))} 签收，已${late}天未返回回单`,
        }));
        reminded += 1;
      });
    }
  }
  return reminded;
}
