/**
 * Old positions are pruned: a truck reporting every 10 s writes 8,640 points a day, so an
 * organisation keeps them for its 轨迹保留天数 (系统配置 positionRetentionDays, default 180) and
 * the hourly job deletes what is older. The latest position (truck_location) and the kilometres
 * per day (truck_mileage_daily) are kept: the location list and the dashboard's mileage stay true.
 * Deletes go plate by plate through the (org, plate, time) key, 10,000 points at a time, so each
 * is a short index range and none holds a long lock; the job runs in the background.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';

const DAY = 86400_000;
const BATCH = 10_000;

/** Deletes every position older than its organisation's retention; answers how many. */
export async function prunePositions(db: Db, now = new Date()): Promise<number> {
  const trucks = (await db.selectFrom('truckLocation').select(['orgId', 'truckLicensePlate']).orderBy('orgId').execute()) as { orgId: number; truckLicensePlate: string }[];
  const cutoffs = new Map<number, string>();
  let deleted = 0;
  for (const { orgId, truckLicensePlate } of trucks) {
    if (!cutoffs.has(orgId)) cutoffs.set(orgId, new Date(now.getTime() - Number(await getSetting(db, orgId, 'positionRetentionDays')) * DAY).toISOString());
    // in batches: after a long stop one plate may hold millions of old points
    for (;;) {
      const r = await sql`delete from truck_position where org_id = ${orgId} and truck_license_plate = ${truckLicensePlate} and gps_time in (
        select gps_time from truck_position where org_id = ${orgId} and truck_license_plate = ${truckLicensePlate} and gps_time < ${cutoffs.get(orgId)!}::timestamptz
        order by gps_time limit ${BATCH})`.execute(db);
      const n = Number(r.numAffectedRows ?? 0);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  return deleted;
}
