/**
 * Position ingest (在途车辆, DOMAIN §3.4): a GPS/北斗 provider pushes batches of points; each point
 * is checked on its own (a bad one is reported, the good ones are kept), matched by plate to the
 * organisations' own and platform trucks, stored per organisation, folded into the latest
 * position and the day's kilometres, and pushed live to that organisation's watching clients.
 * The demo feeder and the seeder use the same function, so every position takes one path.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { HttpError } from '../http/errors';
import { isValidPlate } from '../../schemas/src/validators';
import { MAX_TOPIC_EVENT_BYTES, publishTopic } from '../realtime/bus';
import { registerTopic } from '../realtime/events';

/** The STOMP topic of live positions (`/topic/truck-position`), per organisation. */
export const POSITION_TOPIC = 'truck-position';
/** Who may watch positions: the roles of the 在途车辆 screens. */
export const TRACKING_PERMISSION = '调度|在途车辆|在途车辆:车辆看板|在途车辆:行程轨迹';
registerTopic(POSITION_TOPIC, { permission: TRACKING_PERMISSION });

export const MAX_POINTS_PER_BATCH = 5000;
/** A device clock a little ahead is tolerated; further ahead is a wrong clock. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Providers resend after an outage; older than this is not a live feed any more. */
const MAX_AGE_MS = 7 * 86400_000;
/** Faster than this between two points is a GPS jump, not driving: it adds no kilometres. */
const MAX_PLAUSIBLE_KMH = 160;

export const INGEST_MSG = {
  notConfigured: '定位接入未启用',
  badKey: '定位接入密钥不正确',
  tooMany: `单次最多上报${MAX_POINTS_PER_BATCH}个定位点`,
} as const;

const sha256 = (v: string) => createHash('sha256').update(v, 'utf8').digest();

/** Throws unless the x-gps-key header matches GPS_INGEST_KEY (compared by hash, in constant time). */
export function assertIngestKey(given: unknown, configured = process.env.GPS_INGEST_KEY): void {
  if (!configured) throw new HttpError(403, INGEST_MSG.notConfigured);
  if (typeof given !== 'string' || !given || !timingSafeEqual(sha256(given), sha256(configured))) throw new HttpError(401, INGEST_MSG.badKey);
}

export interface Point {
  plate: string;
  time: Date;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
  mileage: number | null;
}

export interface Rejected {
  index: number;
  plate: string | null;
  reason: string;
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** `2026-11-23 08:00:00` is China time (the seed's format); ISO with an offset or epoch ms as given. */
export function parseGpsTime(v: unknown): Date | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new Date(v) : null;
  if (typeof v !== 'string' || !v.trim()) return null;
  const s = v.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(s);
  const d = local ? new Date(`${local[1]}T${local[2]}+08:00`) : /^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(s) ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** Checks one pushed point; answers the point or the Chinese reason it is refused. */
export function checkPoint(raw: unknown, now = Date.now()): Point | string {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return '定位点格式不正确';
  const r = raw as Record<string, unknown>;
  const plate = typeof r.plate === 'string' ? r.plate.trim().toUpperCase() : '';
  if (!plate) return '车牌号不能为空';
  if (!isValidPlate(plate)) return `车牌号${plate}格式不正确`;
  const time = parseGpsTime(r.time);
  if (!time) return '定位时间格式不正确';
  if (time.getTime() > now + FUTURE_TOLERANCE_MS) return '定位时间晚于当前时间';
  if (time.getTime() < now - MAX_AGE_MS) return '定位时间早于7天前，不再接收';
  const lng = num(r.lng);
  const lat = num(r.lat);
  if (lng === null || lat === null) return '经纬度不能为空';
  // China's extent (WGS-84): 73°33′E–135°05′E, 3°51′N–53°33′N.
  if (lng < 73 || lng > 136 || lat < 3 || lat > 54) return `经纬度(${lng},${lat})不在中国境内`;
  const speed = r.speed === undefined || r.speed === null ? 0 : num(r.speed);
  if (speed === null || speed < 0 || speed > 220) return '速度应在0到220公里/小时之间';
  const direction = r.direction === undefined || r.direction === null ? 0 : num(r.direction);
  if (direction === null || direction < 0 || direction > 360) return '方向应在0到360度之间';
  const mileage = r.mileage === undefined || r.mileage === null ? null : num(r.mileage);
  if (mileage !== null && mileage < 0) return '里程不能为负数';
  if (r.mileage !== undefined && r.mileage !== null && mileage === null) return '里程格式不正确';
  return { plate, time, lng: round6(lng), lat: round6(lat), speed: Math.round(speed * 10) / 10, direction: Math.round(direction) % 360, mileage };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Great-circle distance in km. */
export function haversineKm(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Kilometres between two consecutive points: the odometer when both carry it, else the straight line. */
function stepKm(a: { lng: number; lat: number; mileage: number | null; time: Date }, b: Point): number {
  const hours = (b.time.getTime() - a.time.getTime()) / 3600_000;
  if (hours <= 0) return 0;
  let km = a.mileage !== null && b.mileage !== null ? b.mileage - a.mileage : haversineKm(a.lng, a.lat, b.lng, b.lat);
  if (km < 0 || km / hours > MAX_PLAUSIBLE_KMH) km = 0;
  return km;
}

const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

// ---- plate → trucks of every organisation -------------------------------------------------

export interface TruckRef {
  orgId: number;
  corpId: number;
  /** 1 自有车辆 (companyTruck), 2 平台车辆 (platformTruck) */
  truckKind: 1 | 2;
  truckId: number;
}

interface PlateIndex {
  byPlate: Map<string, TruckRef[]>;
  loadedAt: number;
}

const REFRESH_MS = 30_000;
const MISS_REFRESH_MS = 2_000;
const indexes = new WeakMap<object, PlateIndex>();

async function loadPlates(db: Db): Promise<PlateIndex> {
  const rows = (await sql<{ plate: string; orgId: number; corpId: number; truckKind: 1 | 2; truckId: number }>`
    select truck_license_plate as plate, org_id, corp_id, 1 as truck_kind, truck_id from company_truck
    union all
    select truck_license_plate, org_id, corp_id, 2, platform_truck_id from platform_truck`.execute(db)).rows;
  const byPlate = new Map<string, TruckRef[]>();
  for (const r of rows) {
    const list = byPlate.get(r.plate) ?? [];
    // A plate is unique within an organisation; keep the own truck when both kinds carry it.
    if (!list.some((t) => t.orgId === r.orgId)) list.push({ orgId: r.orgId, corpId: r.corpId, truckKind: Number(r.truckKind) as 1 | 2, truckId: r.truckId });
    byPlate.set(r.plate, list);
  }
  return { byPlate, loadedAt: Date.now() };
}

/**
 * The trucks registered under each plate. Kept in memory (per database) and reloaded every 30 s,
 * or at most every 2 s when a batch names a plate it doesn't know: a newly registered truck is
 * tracked within seconds without a query per batch.
 */
export async function trucksByPlate(db: Db, plates: string[], cacheOf: Db = db): Promise<Map<string, TruckRef[]>> {
  // Read through `db` (a caller's transaction: PGlite has one connection, which it holds), kept under `cacheOf`.
  const key = cacheOf as unknown as object;
  let idx = indexes.get(key);
  const age = idx ? Date.now() - idx.loadedAt : Infinity;
  if (!idx || age > REFRESH_MS || (age > MISS_REFRESH_MS && plates.some((p) => !idx!.byPlate.has(p)))) {
    idx = await loadPlates(db);
    indexes.set(key, idx);
  }
  return idx.byPlate;
}

/** Forgets the cached plates (tests that register a truck and push at once). */
export function forgetPlates(db: Db): void {
  indexes.delete(db as unknown as object);
}

// ---- ingest ---------------------------------------------------------------------------------

export interface IngestResult {
  /** points stored (per point, not per organisation) */
  accepted: number;
  /** points already stored before (same plate and time) */
  duplicates: number;
  rejected: Rejected[];
}

export interface IngestOptions {
  /** 1 北斗平台 2 司机端 3 手工 */
  source?: number;
  now?: number;
  /** push to watching clients (default true; the seeder's history is not live) */
  push?: boolean;
  /**
   * the database the plate cache belongs to, when `db` is a transaction a caller opened (a
   * transaction is a new object each time: keyed by it, every batch reloaded every plate)
   */
  plates?: Db;
}

interface Row {
  ref: TruckRef;
  p: Point;
}

const INSERT_CHUNK = 1000;

export async function ingestPositions(db: Db, raw: unknown[], opts: IngestOptions = {}): Promise<IngestResult> {
  if (raw.length > MAX_POINTS_PER_BATCH) throw new HttpError(400, INGEST_MSG.tooMany);
  const now = opts.now ?? Date.now();
  const source = opts.source ?? 1;
  const rejected: Rejected[] = [];
  const points: { index: number; p: Point }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  raw.forEach((r, index) => {
    const p = checkPoint(r, now);
    if (typeof p === 'string') {
      const plate = r && typeof r === 'object' && typeof (r as { plate?: unknown }).plate === 'string' ? String((r as { plate: string }).plate) : null;
      rejected.push({ index, plate, reason: p });
      return;
    }
    const key = `${p.plate}|${p.time.getTime()}`;
    if (seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    points.push({ index, p });
  });
  if (!points.length) return { accepted: 0, duplicates, rejected };

  const byPlate = await trucksByPlate(db, [...new Set(points.map((x) => x.p.plate))], opts.plates ?? db);
  const rows: Row[] = [];
  const stored = new Set<number>(); // indexes of points matched to at least one truck
  for (const { index, p } of points) {
    const refs = byPlate.get(p.plate);
    if (!refs?.length) {
      rejected.push({ index, plate: p.plate, reason: `车牌号${p.plate}未登记为自有车辆或平台车辆` });
      continue;
    }
    stored.add(index);
    for (const ref of refs) rows.push({ ref, p });
  }
  rejected.sort((a, b) => a.index - b.index);
  if (!rows.length) return { accepted: 0, duplicates, rejected };

  const run = async (trx: Db) => {
    // 1. the points; a resent one hits the primary key and is skipped
    const fresh: Row[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const part = rows.slice(i, i + INSERT_CHUNK);
      const inserted = (await trx.insertInto('truckPosition').values(part.map(({ ref, p }) => ({
        orgId: ref.orgId, truckLicensePlate: p.plate, gpsTime: p.time, lng: p.lng, lat: p.lat, speed: p.speed,
        direction: p.direction, mileage: p.mileage, source, truckKind: ref.truckKind, truckId: ref.truckId,
      }))).onConflict((oc) => oc.doNothing()).returning(['orgId', 'truckLicensePlate', 'gpsTime']).execute()) as { orgId: number; truckLicensePlate: string; gpsTime: Date }[];
      const got = new Set(inserted.map((r) => `${r.orgId}|${r.truckLicensePlate}|${new Date(r.gpsTime).getTime()}`));
      for (const r of part) if (got.has(`${r.ref.orgId}|${r.p.plate}|${r.p.time.getTime()}`)) fresh.push(r);
    }
    const freshPoints = new Set(fresh.map((r) => `${r.p.plate}|${r.p.time.getTime()}`));
    if (!fresh.length) return freshPoints;

    // 2. per truck: kilometres since its previous latest point, and its new latest point
    const trucks = new Map<string, Row[]>();
    for (const r of fresh) {
      const k = `${r.ref.orgId}|${r.p.plate}`;
      const list = trucks.get(k) ?? [];
      list.push(r);
      trucks.set(k, list);
    }
    const keys = [...trucks.values()].map((l) => ({ orgId: l[0]!.ref.orgId, plate: l[0]!.p.plate }));
    const previous = new Map<string, { lng: number; lat: number; mileage: number | null; time: Date }>();
    for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
      const part = keys.slice(i, i + INSERT_CHUNK);
      const prev = (await sql<{ orgId: number; truckLicensePlate: string; gpsTime: Date; lng: number; lat: number; mileage: number | null }>`
        select l.org_id, l.truck_license_plate, l.gps_time, l.lng, l.lat, l.mileage from truck_location l
        join (select unnest(${part.map((k) => k.orgId)}::int[]) as org_id, unnest(${part.map((k) => k.plate)}::varchar[]) as plate) k
          on k.org_id = l.org_id and k.plate = l.truck_license_plate`.execute(trx)).rows;
      for (const p of prev) previous.set(`${p.orgId}|${p.truckLicensePlate}`, { lng: Number(p.lng), lat: Number(p.lat), mileage: p.mileage === null ? null : Number(p.mileage), time: new Date(p.gpsTime) });
    }
    const latest: Row[] = [];
    const daily = new Map<string, { orgId: number; plate: string; day: string; km: number; points: number }>();
    for (const [k, list] of trucks) {
      list.sort((a, b) => a.p.time.getTime() - b.p.time.getTime());
      let last = previous.get(k) ?? null;
      for (const r of list) {
        const day = chinaDay(r.p.time);
        const dk = `${k}|${day}`;
        const d = daily.get(dk) ?? { orgId: r.ref.orgId, plate: r.p.plate, day, km: 0, points: 0 };
        d.points++;
        // A late point older than the latest position adds no kilometres (its neighbours are unknown here).
        if (last && r.p.time > last.time) {
          d.km += stepKm(last, r.p);
          last = r.p;
        } else if (!last) {
          last = r.p;
        }
        daily.set(dk, d);
      }
      const newest = list[list.length - 1]!;
      const prev = previous.get(k);
      if (!prev || newest.p.time > prev.time) latest.push(newest);
    }

    if (latest.length) {
      for (let i = 0; i < latest.length; i += INSERT_CHUNK) {
        await trx.insertInto('truckLocation').values(latest.slice(i, i + INSERT_CHUNK).map(({ ref, p }) => ({
          orgId: ref.orgId, truckLicensePlate: p.plate, corpId: ref.corpId, truckKind: ref.truckKind, truckId: ref.truckId,
          gpsTime: p.time, lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, mileage: p.mileage, source, updatedAt: new Date(now),
        }))).onConflict((oc) => oc.columns(['orgId', 'truckLicensePlate']).doUpdateSet((eb) => ({
          corpId: eb.ref('excluded.corpId'), truckKind: eb.ref('excluded.truckKind'), truckId: eb.ref('excluded.truckId'),
          gpsTime: eb.ref('excluded.gpsTime'), lng: eb.ref('excluded.lng'), lat: eb.ref('excluded.lat'), speed: eb.ref('excluded.speed'),
          direction: eb.ref('excluded.direction'), mileage: eb.ref('excluded.mileage'), source: eb.ref('excluded.source'), updatedAt: eb.ref('excluded.updatedAt'),
        })).where(sql<boolean>`truck_location.gps_time < excluded.gps_time`)).execute();
      }
    }
    const days = [...daily.values()];
    for (let i = 0; i < days.length; i += INSERT_CHUNK) {
      await trx.insertInto('truckMileageDaily').values(days.slice(i, i + INSERT_CHUNK).map((d) => ({
        orgId: d.orgId, truckLicensePlate: d.plate, day: d.day, km: Math.round(d.km * 100) / 100, points: d.points,
      }))).onConflict((oc) => oc.columns(['orgId', 'truckLicensePlate', 'day']).doUpdateSet((eb) => ({
        km: sql`truck_mileage_daily.km + excluded.km`, points: eb('truckMileageDaily.points', '+', eb.ref('excluded.points')),
      }))).execute();
    }

    // 3. live: each organisation's watchers get its trucks' new latest points (NOTIFY is sent at commit)
    if (opts.push !== false && latest.length) await pushLatest(trx, latest, source);
    return freshPoints;
  };
  const freshPoints = await (db.isTransaction ? run(db) : db.transaction().execute(run));
  // A point every organisation already had (resent) is a duplicate, not an error.
  return { accepted: freshPoints.size, duplicates: duplicates + stored.size - freshPoints.size, rejected };
}

import type { LivePosition } from '../../schemas/src/tracking';
export type { LivePosition };

async function pushLatest(db: Db, latest: Row[], source: number): Promise<void> {
  const byOrg = new Map<number, LivePosition[]>();
  for (const { ref, p } of latest) {
    const list = byOrg.get(ref.orgId) ?? [];
    list.push({ plate: p.plate, truckKind: ref.truckKind, truckId: ref.truckId, gpsTime: p.time.toISOString(), lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, source });
    byOrg.set(ref.orgId, list);
  }
  for (const [orgId, list] of byOrg) {
    // NOTIFY carries < 8 kB: positions travel in as many events as it takes.
    let part: LivePosition[] = [];
    let bytes = 40;
    for (const pos of list) {
      const size = Buffer.byteLength(JSON.stringify(pos)) + 1;
      if (part.length && bytes + size > MAX_TOPIC_EVENT_BYTES) {
        await publishTopic(db, orgId, POSITION_TOPIC, { type: 'truck_position', msg: part });
        part = [];
        bytes = 40;
      }
      part.push(pos);
      bytes += size;
    }
    if (part.length) await publishTopic(db, orgId, POSITION_TOPIC, { type: 'truck_position', msg: part });
  }
}
