/**
 * Old positions are pruned: a truck reporting every 10 s writes 8,640 points a day, so an
 * organisation keeps them for its 轨迹保留天数 (系统配置 positionRetentionDays, default 180) and
 * the hourly job deletes what is older. The latest position (truck_location) and the kilometres
 * per day (truck_mileage_daily) are kept: the location list and the dashboard's mileage stay true.
 * Deletes go plate by plate through the (org, plate, time) key, so each is an index range and no
 * statement holds a long lock over the whole table.
 */
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';

const DAY = 86400_000;

/** Deletes every position older than its organisation's retention; answers how many. */
export async function prunePositions(db: Db, now = new Date()): Promise<number> {
  const trucks = (await db.selectFrom('truckLocation').select(['orgId', 'truckLicensePlate']).orderBy('orgId').execute()) as { orgId: number; truckLicensePlate: string }[];
  const cutoffs = new Map<number, string>();
  let deleted = 0;
  for (const { orgId, truckLicensePlate } of trucks) {
    if (!cutoffs.has(orgId)) cutoffs.set(orgId, new Date(now.getTime() - Number(await getSetting(db, orgId, 'positionRetentionDays')) * DAY).toISOString());
    const r = await db.deleteFrom('truckPosition').where('orgId', '=', orgId).where('truckLicensePlate', '=', truckLicensePlate)
      .where('gpsTime', '<', cutoffs.get(orgId)! as never).executeTakeFirst();
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}
