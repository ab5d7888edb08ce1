/**
 * Reads of 在途车辆 (DOMAIN §3.4, §6.5, §7 R17), always inside the caller's organisation: the
 * latest position of each truck, one truck's path over a period, and the truck dashboard.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/connect';
import { getSetting } from '../admin/settings';
import { badRequest, notFound } from '../http/errors';
import { parseGpsTime } from './ingest';
import { indexAt, summarise, type PathPoint } from '../../schemas/src/pathSummary';

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
  const rows = (await sql<{ truckKind: number; truckId: number; truckLicensePlate: string; vehicleKind: number | null; truckStatus: number | null; supplierId: number | null; gpsTime: Date | null; lng: number | null; lat: number | null; speed: number | null; direction: number | null; mileage: number | null; kmToday: number | null; source: number | null }>`
    select t.truck_kind, t.truck_id, t.truck_license_plate, t.vehicle_kind, t.truck_status, t.supplier_id,
           l.gps_time, l.lng, l.lat, l.speed, l.direction, l.mileage, l.source, d.km as km_today
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
      kmToday: Math.round(Number(r.kmToday ?? 0) * 10) / 10, online: motion !== 3, motion, source: r.source === null ? null : Number(r.source),
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

/**
 * A path as one JSON text built by PostgreSQL: `[[t,lng,lat,speed,direction],…]` (t in epoch ms)
 * and the point count. A 30-day path of 10 s points is 259,200 rows; handed over row by row, each
 * became a JS string or object first, which cost as much as the query. One aggregated text goes
 * into the answer as it is. The benchmark serves this very SQL raw as its baseline.
 * Parameters: org, plate, start, end.
 */
export const PATH_SQL = `select count(*)::int as n,
    coalesce('[' || string_agg('[' || concat_ws(',', (extract(epoch from gps_time) * 1000)::bigint, lng, lat, speed, direction) || ']', ',' order by gps_time) || ']', '[]') as x
  from truck_position where org_id = $1 and truck_license_plate = $2 and gps_time >= $3 and gps_time <= $4`;

export interface PathAnswer {
  head: Record<string, unknown>;
  /** the points' JSON text (PathPoint[]) */
  pointsJson: string;
}

/**
 * The points of a truck over a period, in time order. Its length and stops are worked out where
 * the points are drawn (schemas/src/pathSummary.ts): parsing 259,200 points here only to
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
  const row = (await db.withoutPlugins().executeQuery(CompiledQuery.raw(PATH_SQL, [orgId, plate, start, end]))).rows[0] as { n: number; x: string };
  return { head: { plate, ...truck, start: start.toISOString(), end: end.toISOString(), count: Number(row.n) }, pointsJson: row.x };
}

/** The answer's JSON text, `{plate, truckKind, truckId, start, end, count, points}`, around the points' text. */
export function pathJson(a: PathAnswer): string {
  return `${JSON.stringify(a.head).slice(0, -1)},"points":${a.pointsJson}}`;
}

/** Statuses of a schedule whose truck has left (发车) and has not been cancelled. */
const DEPARTED = [20, 25, 30, 35, 40, 45];

/**
 * 派车轨迹 of one schedule (DOMAIN §6.5, `track/schedule/{id}`): its truck's points from 发车 to
 * 签收 (else 到达, else now while on the road), no longer than maxTrackHours — the latest part
 * is kept, so an in-transit truck still shows where it is now; the schedule's nodes, each placed
 * where it was recorded or else at the truck's position at that moment; and the stops.
 */
export async function scheduleTrack(db: Db, orgId: number, scheduleId: number, now = new Date()): Promise<PathAnswer> {
  const s = (await db.selectFrom('transportSchedule')
    .select(['scheduleId', 'scheduleNo', 'scheduleStatus', 'carrierType', 'companyTruckId', 'platformTruckId', 'truckLicensePlate', 'driverName', 'projectId', 'demandId', 'departedAt', 'arrivedAt', 'signedAt'])
    .where('orgId', '=', orgId).where('scheduleId', '=', scheduleId).executeTakeFirst()) as Record<string, any> | undefined;
  if (!s) throw notFound('未找到调度单');
  const plate = String(s.truckLicensePlate ?? '').toUpperCase();
  const status = Number(s.scheduleStatus);
  const nodes = (await db.selectFrom('scheduleNode').select(['nodeId', 'node', 'occurredAt', 'address', 'lng', 'lat', 'exceptionType', 'remark'])
    .where('orgId', '=', orgId).where('scheduleId', '=', scheduleId).orderBy('occurredAt').orderBy('nodeId').execute()) as Record<string, any>[];
  const departed = s.departedAt && DEPARTED.includes(status) ? new Date(s.departedAt) : null;
  const finished = s.signedAt ?? s.arrivedAt;
  let end = finished ? new Date(finished) : now;
  if (end > now) end = now;
  const maxHours = Number(await getSetting(db, orgId, 'maxTrackHours')) || 72;
  let start = departed;
  let capped = false;
  if (start && end.getTime() - start.getTime() > maxHours * 3600_000) {
    start = new Date(end.getTime() - maxHours * 3600_000);
    capped = true;
  }
  const pointsJson = start && plate && end > start
    ? ((await db.withoutPlugins().executeQuery(CompiledQuery.raw(PATH_SQL, [orgId, plate, start, end]))).rows[0] as { x: string }).x
    : '[]';
  // At most maxTrackHours of points (26,000 at one every 10 s): parsed here for the stops and the nodes' places.
  const points = JSON.parse(pointsJson) as PathPoint[];
  const { stops } = summarise(points);
  const at = (t: number): PathPoint | undefined => {
    if (!points.length || t < points[0]![0] - 10 * 60_000 || t > points[points.length - 1]![0] + 10 * 60_000) return undefined;
    return points[indexAt(points, t)];
  };
  const placed = nodes.map((n) => {
    const t = new Date(n.occurredAt).getTime();
    const p = n.lng !== null && n.lat !== null ? null : at(t);
    return {
      nodeId: n.nodeId, node: n.node, occurredAt: new Date(n.occurredAt).toISOString(), address: n.address, remark: n.remark, exceptionType: n.exceptionType,
      lng: n.lng !== null ? Number(n.lng) : p ? p[1] : null, lat: n.lat !== null ? Number(n.lat) : p ? p[2] : null,
    };
  });
  const own = Number(s.carrierType) === 1;
  return {
    head: {
      scheduleId: s.scheduleId, scheduleNo: s.scheduleNo, scheduleStatus: status, plate, driverName: s.driverName, projectId: s.projectId, demandId: s.demandId,
      truckKind: own ? 1 : 2, truckId: (own ? s.companyTruckId : s.platformTruckId) ?? null,
      start: start ? start.toISOString() : null, end: start ? end.toISOString() : null,
      inTransit: !!departed && !finished && status < 30, capped, maxTrackHours: maxHours, count: points.length, nodes: placed, stops,
    },
    pointsJson,
  };
}

const EXPIRY_FIELDS = [
  ['inspectionExpiry', '检验有效期'],
  ['roadTransportExpiry', '道路运输证'],
  ['compulsoryInsuranceExpiry', '交强险'],
  ['commercialInsuranceExpiry', '商业险'],
] as const;

/**
 * 出勤 (§7 R17): the days of the period on which each own truck had a schedule in 15–35, i.e.
 * from its 装车 to its 签收 (a schedule not yet signed: to now), both days counted. A schedule
 * past 35 (回单, 结算) was in 15–35 over those same days; the time it then waits in 35 for its
 * receipt is not the truck's, which is free once signed. Cancelled schedules never left.
 */
export async function attendedDays(db: Db, orgId: number, truckIds: number[], startDate: string, endDate: string, now = new Date()): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (!truckIds.length) return out;
  const from = new Date(`${startDate}T00:00:00+08:00`);
  const to = new Date(Date.parse(`${endDate}T00:00:00+08:00`) + 86400_000);
  const rows = (await db.selectFrom('transportSchedule').select(['companyTruckId', 'loadedAt', 'departedAt', 'arrivedAt', 'signedAt', 'scheduleStatus'])
    .where('orgId', '=', orgId).where('carrierType', '=', 1).where('companyTruckId', 'in', truckIds)
    .where('scheduleStatus', '>=', 15)
    .where((e) => e.or([e('loadedAt', '<', to.toISOString()), e('departedAt', '<', to.toISOString())]))
    .where((e) => e.or([e('signedAt', 'is', null), e('signedAt', '>=', from.toISOString())]))
    .execute()) as { companyTruckId: number; loadedAt: string | null; departedAt: string | null; arrivedAt: string | null; signedAt: string | null; scheduleStatus: number }[];
  for (const r of rows) {
    const begin = r.loadedAt ?? r.departedAt;
    if (!begin) continue;
    // Past 35 without a sign time (imported history): its arrival, else its loading day alone.
    const finish = r.signedAt ?? (Number(r.scheduleStatus) > 35 ? (r.arrivedAt ?? begin) : now);
    let day = chinaDay(new Date(Math.max(new Date(begin).getTime(), from.getTime())));
    const last = chinaDay(new Date(Math.min(new Date(finish).getTime(), to.getTime() - 1)));
    const set = out.get(r.companyTruckId) ?? new Set<string>();
    out.set(r.companyTruckId, set);
    for (let guard = 0; day <= last && guard < 400; guard++) {
      set.add(day);
      day = chinaDay(new Date(Date.parse(`${day}T00:00:00+08:00`) + 86400_000));
    }
  }
  return out;
}

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
  for (const m of mileage) {
    const km = Number(m.km);
    perTruck.set(m.truckLicensePlate, (perTruck.get(m.truckLicensePlate) ?? 0) + km);
    const d = String(m.day).slice(0, 10); // dates travel as 'YYYY-MM-DD' text (server/db/connect.ts)
    perDay.set(d, (perDay.get(d) ?? 0) + km);
  }
  const attended = await attendedDays(db, orgId, inService.map((t) => t.truckId), startDate, endDate, now);
  const activeDays = [...attended.values()].reduce((a, b) => a + b.size, 0);
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
    attendance: inService.map((t) => {
      const n = attended.get(t.truckId)?.size ?? 0;
      return { truckId: t.truckId, plate: t.truckLicensePlate, days: n, rate: Math.round((n / days) * 1000) / 10 };
    }).sort((a, b) => b.days - a.days || a.plate.localeCompare(b.plate)),
    byStatus: [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([status, count]) => ({ status, count })),
    kmTop: top, kmByDay: series, warnings,
  };
}
