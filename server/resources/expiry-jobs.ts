/**
 * 证照到期 (DOMAIN §2.1 eventType 13, bot trigger 9): an own truck in service whose licence or
 * insurance (the companyTruck fields marked `expiry`) ends within the organisation's 证照到期提醒
 * days, or has ended, is reminded once per date: a notice and a daily matter to the holders of
 * 运力资源:自有车辆, and a post through the organisation's 证照到期 bot rules. `expiryReminded`
 * keeps the date each item was reminded for, so a renewed licence is reminded again when its new
 * date comes near. Runs before the server takes requests and hourly (server/ops/hourly.ts).
 */
import { inTransaction, type Db } from '../db/connect';
import type { EntityMap } from '../schema/types';
import { getSetting } from '../admin/settings';
import { holdersOf } from '../admin/people';
import { emitNotice, NOTICE_EVENT } from '../messaging/notices';
import { enqueueBotMessages } from '../messaging/wechat-bot';

export const TRUCK_EXPIRY_EVENT = 13;
export const EXPIRY_TRIGGER = 9;
const TRUCK_PERMISSION = '运力资源:自有车辆';
/** truck status 4 停用 and 5 报废 are out of service: nothing of theirs needs renewing */
const OUT_OF_SERVICE = [4, 5];
const DAY = 86400_000;

const chinaDay = (t: Date) => new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const dayText = (v: unknown) => (v instanceof Date ? chinaDay(v) : String(v).slice(0, 10));

/** Reminds every own-truck item due and not yet reminded for its date; answers how many items. */
export async function remindExpiringTrucks(db: Db, entities: EntityMap, now = new Date()): Promise<number> {
  const entity = entities.companyTruck;
  if (!entity) return 0;
  // the item's name without its date wording: 检验有效期至 → 检验, 交强险到期 → 交强险
  const items = Object.entries(entity.fields).filter(([, f]) => f.expiry).map(([field, f]) => ({ field, title: f.title.replace(/(有效期至|有效期|到期日?)$/, '') }));
  if (!items.length) return 0;
  const today = chinaDay(now);
  const orgs = (await db.selectFrom('companyTruck').select(['orgId', 'corpId']).distinct().execute()) as { orgId: number; corpId: number }[];
  let reminded = 0;
  for (const org of orgs) {
    const warnDays = Number(await getSetting(db, org.orgId, 'expiryWarnDays')) || 30;
    const until = chinaDay(new Date(now.getTime() + warnDays * DAY));
    const near = (await db.selectFrom('companyTruck').select(['truckId', 'expiryReminded', ...items.map((i) => i.field)] as never[]).where('orgId', '=', org.orgId).where('status', 'not in', OUT_OF_SERVICE)
      .where((eb) => eb.or(items.map((i) => eb(i.field as never, '<=', until as never)))).orderBy('truckId').execute()) as Record<string, any>[];
    const freshOf = (truck: Record<string, any>) => {
      const done: Record<string, string> = typeof truck.expiryReminded === 'string' ? JSON.parse(truck.expiryReminded) : truck.expiryReminded ?? {};
      return { done, fresh: items.filter((i) => truck[i.field] && dayText(truck[i.field]) <= until && done[i.field] !== dayText(truck[i.field])) };
    };
    // only trucks with something new are locked and told
    const due = near.filter((t) => freshOf(t).fresh.length > 0).map((t) => ({ truckId: Number(t.truckId) }));
    if (!due.length) continue;
    const recipients = (await holdersOf(db, org.orgId, TRUCK_PERMISSION)).map((s) => s.staffId);
    for (const { truckId } of due) {
      reminded += await inTransaction(db, async (trx) => {
        // locked: a second process running the same hour waits, then finds the dates reminded
        const truck = (await trx.selectFrom('companyTruck').selectAll().where('truckId', '=', truckId).forUpdate().executeTakeFirst()) as Record<string, any> | undefined;
        if (!truck) return 0;
        const { done, fresh } = freshOf(truck);
        if (!fresh.length) return 0;
        const lines = fresh.map((i) => {
          const date = dayText(truck[i.field]);
          const left = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
          return left < 0 ? `${i.title}已过期（${date}）` : left === 0 ? `${i.title}今天到期` : `${i.title}将于${date}到期（还有${left}天）`;
        });
        for (const i of fresh) done[i.field] = dayText(truck[i.field]);
        await trx.updateTable('companyTruck').set({ expiryReminded: JSON.stringify(done) }).where('truckId', '=', truckId).execute();
        const message = `自有车辆${truck.truckLicensePlate}：${lines.join('；')}，请及时更新`;
        if (recipients.length) {
          await emitNotice(trx, { orgId: org.orgId, corpId: org.corpId, recipients, message, type: NOTICE_EVENT, eventType: TRUCK_EXPIRY_EVENT, eventSubjectId: truckId, daily: true });
        }
        await enqueueBotMessages(trx, { orgId: org.orgId, corpId: org.corpId, triggerType: EXPIRY_TRIGGER, content: [`【证照到期】`, `车辆：${truck.truckLicensePlate}`, ...lines].join('\n') });
        return fresh.length;
      });
    }
  }
  return reminded;
}
