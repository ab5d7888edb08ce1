/**
 * Reads of 在途车辆 (DOMAIN §3.4, §6.5, §7 R17), always inside the caller's organisation: the
 * latest position of each truck, one truck's path over a period, and the truck dashboard.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';
import { badRequest, notFound } from '../http/errors';
import { parseGpsTime } from './ingest';

/** At or above this speed (km/h) an online truck counts as moving (行驶), below as stopped (停车). */
export const MOVING_KMH = 5;

const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** 1 行驶 2 停车 3 离线 */
export function motionOf(gpsTime: Date | null, speed: number, onlineSince: number): 1 | 2 | 3 {
  if (!gpsTime || gpsTime.getTime() < onlineSince) return 3;
  return speed >= MOVING_KMH ? 1 : 2;
}

import type { LocationRow } from '../../schemas/src/tracking';
export type { LocationRow };

export async function locationList(db: Db, orgId: number, q: { keyword?: string; online?: string; motion?: number; truckKind?: number }, now = new Date()) {
  const minutes = Number(await getSetting(db, orgId, 'locationOnlineMinutes')) || 10;
  const onlineSince = now.getTime() - minutes * 60_000;
  const today = chinaDay(now);
  // Own trucks (not scrapped) always appear, offline when they never reported; platform trucks once they report.
  const rows = (await sql<{ truckKind: number; truckId: number; truckLicensePlate: string; vehicleKind: number | null; truckStatus: number | null; supplierId: number | null; gpsTime: Date | null; lng: number | null; lat: number | null; speed: number | null; direction: number | null; mileage: number | null; kmToday: number | null }>`
    select t.truck_kind, t.truck_id, t.truck_license_plate, t.vehicle_kind, t.truck_status, t.supplier_id,
           l.gps_time, l.lng, l.lat, l.speed, l.direction, l.mileage, d.km as km_today
    from (
      select 1 as truck_kind, truck_id, truck_license_plate, vehicle_kind, status as truck_status, null::int as supplier_id
        from company_truck where org_id = ${orgId} and status <> 5
      union all
      select 2, p.platform_truck_id, p.truck_license_plate, p.vehicle_kind, null, p.supplier_id
        from platform_truck p where p.org_id = ${orgId}
         and exists (select 1 from truck_location x where x.org_id = p.org_id and x.truck_license_plate = p.truck_license_plate)
    ) t
    left join truck_location l on l.org_id = ${orgId} and l.truck_license_plate = t.truck_license_plate
    left join truck_mileage_daily d on d.org_id = ${orgId} and d.truck_license_plate = t.truck_license_plate and d.day = ${today}::date
    order by t.truck_kind, l.gps_time desc nulls last, t.truck_license_plate`.execute(db)).rows;
  const all: LocationRow[] = rows.map((r) => {
    const gps = r.gpsTime ? new Date(r.gpsTime) : null;
    const motion = motionOf(gps, Number(r.speed ?? 0), onlineSince);
    return {
      truckKind: Number(r.truckKind) as 1 | 2, truckId: r.truckId, truckLicensePlate: r.truckLicensePlate,
      vehicleKind: r.vehicleKind, truckStatus: r.truckStatus, supplierId: r.supplierId,
      gpsTime: gps ? gps.toISOString() : null, lng: r.lng, lat: r.lat, speed: r.speed, direction: r.direction, mileage: r.mileage,
      kmToday: Math.round(Number(r.kmToday ?? 0) * 10) / 10, online: motion !== 3, motion,
    };
  });
  const summary = {
    total: all.length,
    moving: all.filter((r) => r.motion === 1).length,
    stopped: all.filter((r) => r.motion === 2).length,
    offline: all.filter((r) => r.motion === 3).length,
    onlineMinutes: minutes,
  };
  const kw = (q.keyword ?? '').trim().toUpperCase();
  const list = all.filter((r) => (!kw || r.truckLicensePlate.toUpperCase().includes(kw))
    && (q.online === 'true' ? r.online : q.online === 'false' ? !r.online : true)
    && (!q.motion || r.motion === q.motion)
    && (!q.truckKind || r.truckKind === q.truckKind));
  return { list, summary, refreshSeconds: Number(await getSetting(db, orgId, 'trackRefreshSeconds')) || 60 };
}

/** The organisation's truck carrying this plate (own first), or 404. */
async function truckOf(db: Db, orgId: number, plate: string): Promise<{ truckKind: 1 | 2; truckId: number }> {
  const own = (await db.selectFrom('companyTruck').select('truckId').where('orgId', '=', orgId).where('truckLicensePlate', '=', plate).executeTakeFirst()) as { truckId: number } | undefined;
  if (own) return { truckKind: 1, truckId: own.truckId };
  const p = (await db.selectFrom('platformTruck').select('platformTruckId').where('orgId', '=', orgId).where('truckLicensePlate', '=', plate).executeTakeFirst()) as { platformTruckId: number } | undefined;
  if (p) return { truckKind: 2, truckId: p.platformTruckId };
  throw notFound(`未找到车辆${plate}`);
}

/** Points travel as [epoch ms, lng, lat, speed km/h, direction°]: tuples keep a 30-day path a few MB. */

/**
 * A path: one text column per point, `t,lng,lat,speed,direction` (t in epoch ms). A 30-day path
 * of 10 s points is 259,200 rows, and turning each into a JS object of five parsed fields costs
 * twice the query: the text goes into the answer's JSON as it is, and is split only to add up
 * the length and find the stops. The benchmark runs this very text raw as its baseline.
 * Parameters: org, plate, start, end.
 */
export const PATH_SQL = `select concat_ws(',', (extract(epoch from gps_time) * 1000)::bigint, lng, lat, speed, direction) as x
  from truck_position where org_id = $1 and truck_license_plate = $2 and gps_time >= $3 and gps_time <= $4 order by gps_time`;

export interface PathAnswer {
  head: Record<string, unknown>;
  /** the points' JSON text (PathPoint[]) */
  pointsJson: string;
}

/**
 * The points of a truck over a period, in time order. Its length and stops are worked out where
 * the points are drawn (pages/truck-track/pathSummary.ts): parsing 259,200 points here only to
 * add them up would double the call's time.
 */
export async function trackList(db: Db, orgId: number, q: { plate: string; start: string; end: string }): Promise<PathAnswer> {
  const plate = q.plate.trim().toUpperCase();
  const start = parseGpsTime(q.start);
  const end = parseGpsTime(q.end);
  if (!start) throw badRequest('开始时间格式不正确', { field: 'start' });
  if (!end) throw badRequest('结束时间格式不正确', { field: 'end' });
  if (end <= start) throw badRequest('结束时间应晚于开始时间', { field: 'end' });
  const maxHours = Number(await getSetting(db, orgId, 'maxTrackHours')) || 72;
  if (end.getTime() - start.getTime() > maxHours * 3600_000) throw badRequest(`查询时段不能超过${maxHours}小时`, { field: 'end' });
  const truck = await truckOf(db, orgId, plate);
  // Without the camelCase plugin: its per-row key mapping would cost as much again as the query.
  const rows = (await db.withoutPlugins().executeQuery(CompiledQuery.raw(PATH_SQL, [orgId, plate, start, end]))).rows as { x: string }[];
  let text = '[';
  // Joined in slices: one array of 259,200 strings joined at once holds twice the memory.
  for (let i = 0; i < rows.length; i += 10_000) {
    const slice = rows.slice(i, i + 10_000).map((r) => r.x);
    text += `${i ? ',' : ''}[${slice.join('],[')}]`;
  }
  return { head: { plate, ...truck, start: start.toISOString(), end: end.toISOString(), count: rows.length }, pointsJson: `${text}]` };
}

/** The answer's JSON text, `{plate, truckKind, truckId, start, end, count, points}`, around the points' text. */
export function pathJson(a: PathAnswer): string {
  return `${JSON.stringify(a.head).slice(0, -1)},"points":${a.pointsJson}}`;
}

const EXPIRY_FIELDS = [
  ['inspectionExpiry', '检验有效期'],
  ['roadTransportExpiry', '道路运输证'],
  ['compulsoryInsuranceExpiry', '交强险'],
  ['commercialInsuranceExpiry', '商业险'],
] as const;

/** 车辆看板 (§7 R17): own trucks by state, online rate, kilometres, attendance, licence warnings. */
export async function truckDashboard(db: Db, orgId: number, q: { startDate?: string; endDate?: string }, now = new Date()) {
  const today = chinaDay(now);
  const endDate = q.endDate ?? today;
  const startDate = q.startDate ?? chinaDay(new Date(new Date(`${endDate}T00:00:00+08:00`).getTime() - 6 * 86400_000));
  if (endDate < startDate) throw badRequest('结束日期应不早于开始日期', { field: 'endDate' });
  const days = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86400_000) + 1;
  if (days > 366) throw badRequest('统计期间不能超过366天', { field: 'startDate' });
  const minutes = Number(await getSetting(db, orgId, 'locationOnlineMinutes')) || 10;
  const warnDays = Number(await getSetting(db, orgId, 'expiryWarnDays')) || 30;
  const onlineSince = now.getTime() - minutes * 60_000;

  const trucks = (await db.selectFrom('companyTruck as t')
    .leftJoin('truckLocation as l', (j) => j.onRef('l.orgId', '=', 't.orgId').onRef('l.truckLicensePlate', '=', 't.truckLicensePlate'))
    .select(['t.truckId', 't.truckLicensePlate', 't.vehicleKind', 't.status', 't.inspectionExpiry', 't.roadTransportExpiry', 't.compulsoryInsuranceExpiry', 't.commercialInsuranceExpiry', 'l.gpsTime', 'l.speed'])
    .where('t.orgId', '=', orgId).orderBy('t.truckLicensePlate').execute()) as {
      truckId: number; truckLicensePlate: string; vehicleKind: number; status: number; gpsTime: Date | null; speed: number | null;
      inspectionExpiry: string | null; roadTransportExpiry: string | null; compulsoryInsuranceExpiry: string | null; commercialInsuranceExpiry: string | null;
    }[];
  // 在线率 counts trucks in service: not 停用 (4) nor 报废 (5).
  const inService = trucks.filter((t) => t.status !== 4 && t.status !== 5);
  const motion = inService.map((t) => motionOf(t.gpsTime ? new Date(t.gpsTime) : null, Number(t.speed ?? 0), onlineSince));
  const moving = motion.filter((m) => m === 1).length;
  const stopped = motion.filter((m) => m === 2).length;
  const offline = motion.filter((m) => m === 3).length;
  const byStatus = new Map<number, number>();
  for (const t of trucks) byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + 1);

  const plates = trucks.map((t) => t.truckLicensePlate);
  const mileage = plates.length ? (await db.selectFrom('truckMileageDaily').select(['truckLicensePlate', 'day', 'km'])
    .where('orgId', '=', orgId).where('truckLicensePlate', 'in', plates).where('day', '>=', startDate).where('day', '<=', endDate)
    .execute()) as { truckLicensePlate: string; day: string; km: number }[] : [];
  const perTruck = new Map<string, number>();
  const perDay = new Map<string, number>();
  let activeDays = 0;
  for (const m of mileage) {
    const km = Number(m.km);
    perTruck.set(m.truckLicensePlate, (perTruck.get(m.truckLicensePlate) ?? 0) + km);
    const d = String(m.day).slice(0, 10); // dates travel as 'YYYY-MM-DD' text (server/db/connect.ts)
    perDay.set(d, (perDay.get(d) ?? 0) + km);
    // A day on the road: the truck drove at least 5 km (a schedule-based rate replaces this once dispatch records exist).
    if (km >= 5) activeDays++;
  }
  const series: { day: string; km: number }[] = [];
  for (let i = 0; i < days; i++) {
    const d = chinaDay(new Date(Date.parse(`${startDate}T00:00:00+08:00`) + i * 86400_000));
    series.push({ day: d, km: Math.round((perDay.get(d) ?? 0) * 10) / 10 });
  }
  const top = [...perTruck.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([plate, km]) => ({ plate, km: Math.round(km * 10) / 10 }));
  const totalKm = [...perTruck.values()].reduce((a, b) => a + b, 0);

  const warnings: { truckId: number; plate: string; item: string; date: string; daysLeft: number; expired: boolean }[] = [];
  for (const t of trucks) {
    if (t.status === 5) continue;
    for (const [field, item] of EXPIRY_FIELDS) {
      const v = t[field];
      if (!v) continue;
      const date = String(v).slice(0, 10);
      const left = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86400_000);
      if (left <= warnDays) warnings.push({ truckId: t.truckId, plate: t.truckLicensePlate, item, date, daysLeft: left, expired: left < 0 });
    }
  }
  warnings.sort((a, b) => a.daysLeft - b.daysLeft);

  return {
    startDate, endDate, days, onlineMinutes: minutes, expiryWarnDays: warnDays,
    summary: {
      trucks: trucks.length, inService: inService.length, moving, stopped, offline,
      onlineRate: inService.length ? Math.round(((moving + stopped) / inService.length) * 1000) / 10 : 0,
      km: Math.round(totalKm * 10) / 10,
      attendanceRate: inService.length ? Math.round((activeDays / (inService.length * days)) * 1000) / 10 : 0,
      warnings: warnings.length, expired: warnings.filter((w) => w.expired).length,
    },
    byStatus: [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([status, count]) => ({ status, count })),
    kmTop: top, kmByDay: series, warnings,
  };
}
