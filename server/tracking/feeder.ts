/**
 * Demo positions (DOMAIN §8): the demo trucks drive real corridors of the 长三角 — 上海临港 →
 * 湖州长兴 (the 220 kV transformer move of §5.1), 沪杭, 沪宁, 洋山港 → 苏州 — between 06:00 and
 * 20:00 China time and stand overnight; some trucks stand all day at the yard and a few never
 * report (so ~70 % are online). A truck's position is a pure function of the time, so the
 * seeder's history and the live feeder agree, and a restart continues where it was.
 *
 * The live feeder pushes every 10 s through ingestPositions — the provider's path — and runs
 * only from server/main.ts on a database holding the demo group, unless TRACK_DEMO_FEEDER=0.
 * Tests never start it. It stops in the app's onClose, before the database closes.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { haversineKm, ingestPositions } from './ingest';

type LngLat = [number, number];

/** Waypoints along the expressways (WGS-84), enough for a province-scale map. */
export const CORRIDORS: Record<string, { name: string; path: LngLat[] }> = {
  lingang: { name: '上海临港—湖州长兴', path: [[121.93, 30.9], [121.75, 30.87], [121.47, 30.82], [121.2, 30.77], [120.95, 30.76], [120.75, 30.75], [120.45, 30.8], [120.2, 30.86], [120.09, 30.89], [119.91, 31.01]] },
  huhang: { name: '沪杭', path: [[121.4, 31.17], [121.22, 31.03], [121.0, 30.92], [120.75, 30.75], [120.52, 30.52], [120.3, 30.38], [120.16, 30.27]] },
  huning: { name: '沪宁', path: [[121.4, 31.25], [121.15, 31.33], [120.98, 31.38], [120.62, 31.32], [120.3, 31.57], [119.97, 31.81], [119.45, 32.0], [119.1, 32.08], [118.8, 32.06]] },
  yangshan: { name: '洋山港—苏州', path: [[122.06, 30.62], [121.98, 30.76], [121.93, 30.9], [121.62, 31.05], [121.3, 31.2], [120.98, 31.3], [120.62, 31.32]] },
};

interface DemoTruck {
  plate: string;
  corridor: keyof typeof CORRIDORS;
  kmh: number;
  /** hours of head start, so trucks on one corridor are spread out */
  offset: number;
  mode: 'drive' | 'park' | 'off';
}

/** 沪D… own trucks and a few carriers' trucks (server/seed/areas/resources.ts). */
export const DEMO_TRUCKS: DemoTruck[] = [
  { plate: '沪DK7352', corridor: 'lingang', kmh: 55, offset: 0, mode: 'drive' },
  { plate: '沪D1235挂', corridor: 'lingang', kmh: 55, offset: 0, mode: 'drive' },
  { plate: '沪DK7353', corridor: 'huhang', kmh: 70, offset: 1.5, mode: 'drive' },
  { plate: '沪D2068挂', corridor: 'huhang', kmh: 70, offset: 1.5, mode: 'drive' },
  { plate: '苏EH2875', corridor: 'huning', kmh: 72, offset: 0.7, mode: 'drive' },
  { plate: '沪BQ2816', corridor: 'lingang', kmh: 60, offset: 0.4, mode: 'drive' },
  { plate: '沪DQ9531', corridor: 'yangshan', kmh: 50, offset: 2, mode: 'park' },
  { plate: '沪D2071挂', corridor: 'yangshan', kmh: 50, offset: 0, mode: 'park' },
  { plate: '沪D1236挂', corridor: 'huning', kmh: 60, offset: 0, mode: 'off' },
  { plate: '皖A8K339', corridor: 'huning', kmh: 78, offset: 3, mode: 'drive' },
  { plate: '鲁B7G215', corridor: 'yangshan', kmh: 65, offset: 1, mode: 'drive' },
  { plate: '浙F3D928', corridor: 'huhang', kmh: 75, offset: 4, mode: 'drive' },
  { plate: '沪A02358D', corridor: 'yangshan', kmh: 62, offset: 2.5, mode: 'drive' },
];

const DAY_START_H = 6;
const DAY_END_H = 20;

function lengthKm(path: LngLat[]): number[] {
  const cum = [0];
  for (let i = 1; i < path.length; i++) cum.push(cum[i - 1]! + haversineKm(path[i - 1]![0], path[i - 1]![1], path[i]![0], path[i]![1]));
  return cum;
}
const CUM = Object.fromEntries(Object.entries(CORRIDORS).map(([k, c]) => [k, lengthKm(c.path)]));

/** Where along a corridor a distance falls, with the heading of that leg. */
function along(corridor: keyof typeof CORRIDORS, km: number, back: boolean): { lng: number; lat: number; direction: number } {
  const path = CORRIDORS[corridor]!.path;
  const cum = CUM[corridor]!;
  const total = cum[cum.length - 1]!;
  const d = Math.max(0, Math.min(total, back ? total - km : km));
  let i = 1;
  while (i < cum.length - 1 && cum[i]! < d) i++;
  const [a, b] = [path[i - 1]!, path[i]!];
  const f = (d - cum[i - 1]!) / Math.max(1e-9, cum[i]! - cum[i - 1]!);
  const lng = a[0] + (b[0] - a[0]) * f;
  const lat = a[1] + (b[1] - a[1]) * f;
  // Heading a → b (or b → a going back), degrees clockwise from north.
  const dx = (b[0] - a[0]) * Math.cos((lat * Math.PI) / 180);
  const dy = b[1] - a[1];
  let dir = (Math.atan2(dx, dy) * 180) / Math.PI;
  if (back) dir += 180;
  return { lng, lat, direction: Math.round((dir + 360) % 360) };
}

/**
 * The demo truck's point at time t (epoch ms), or null when it doesn't report. Driving hours
 * move it there and back along its corridor; outside them it stands where the day ended.
 */
export function demoPoint(t: DemoTruck, ms: number): { plate: string; time: number; lng: number; lat: number; speed: number; direction: number; mileage: number } | null {
  if (t.mode === 'off') return null;
  const china = new Date(ms + 8 * 3600_000);
  const hour = china.getUTCHours() + china.getUTCMinutes() / 60 + china.getUTCSeconds() / 3600;
  // Days since 2024-10-04: the odometer reads a few hundred thousand km, like a working truck's.
  const dayIndex = Math.floor((ms + 8 * 3600_000) / 86400_000) - 20000;
  const drivingHours = DAY_END_H - DAY_START_H;
  const cum = CUM[t.corridor]!;
  const total = cum[cum.length - 1]!;
  const driven = t.mode === 'park' ? 0 : Math.min(drivingHours, Math.max(0, hour - DAY_START_H));
  // Kilometres since the epoch of the demo: whole days plus today's part (odometer).
  const km = (dayIndex * drivingHours + driven + t.offset) * t.kmh;
  const legs = Math.floor(km / total);
  const pos = along(t.corridor, km - legs * total, legs % 2 === 1);
  const moving = t.mode === 'drive' && hour >= DAY_START_H && hour < DAY_END_H;
  // A little jitter of speed so the list and playback look like a real feed.
  const speed = moving ? Math.round((t.kmh + 6 * Math.sin(ms / 97_000 + t.offset)) * 10) / 10 : 0;
  return { plate: t.plate, time: ms, lng: Math.round(pos.lng * 1e6) / 1e6, lat: Math.round(pos.lat * 1e6) / 1e6, speed, direction: pos.direction, mileage: Math.round(km * 10) / 10 };
}

/** The feeder's batch at one moment. */
export function demoBatch(ms: number): NonNullable<ReturnType<typeof demoPoint>>[] {
  return DEMO_TRUCKS.map((t) => demoPoint(t, ms)).filter((p): p is NonNullable<typeof p> => p !== null);
}

/** History for the seeder: a point every `stepMinutes` over the last `days` days (only driving hours and one at night). */
export async function seedDemoHistory(db: Db, now: Date, days = 6, stepMinutes = 5): Promise<number> {
  const step = stepMinutes * 60_000;
  const startMs = Math.ceil((now.getTime() - days * 86400_000) / step) * step;
  let batch: ReturnType<typeof demoBatch> = [];
  let stored = 0;
  for (let ms = startMs; ms <= now.getTime(); ms += step) {
    const h = new Date(ms + 8 * 3600_000).getUTCHours();
    // Overnight a standing truck reports once an hour (its terminal sleeps).
    if ((h < DAY_START_H || h >= DAY_END_H) && ms % 3600_000 !== 0) continue;
    batch.push(...demoBatch(ms));
    if (batch.length >= 4000) {
      stored += (await ingestPositions(db, batch, { push: false, now: now.getTime() })).accepted;
      batch = [];
    }
  }
  if (batch.length) stored += (await ingestPositions(db, batch, { push: false, now: now.getTime() })).accepted;
  return stored;
}

export const FEED_SECONDS = 10;

/** True when this database holds the demo group (华运物流集团) and the feeder isn't switched off. */
export async function demoFeederWanted(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (['0', 'false', 'off'].includes(String(env.TRACK_DEMO_FEEDER ?? '').toLowerCase())) return false;
  const r = await sql<{ n: number }>`select count(*)::int as n from corp where name = '华运物流集团'`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}

/** Pushes the demo trucks' positions every 10 s; stops (waiting for a push in flight) when the app closes. */
export function startDemoFeeder(app: FastifyInstance, db: Db, everyMs = FEED_SECONDS * 1000): void {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = ingestPositions(db, demoBatch(Date.now()), { source: 1 })
      .catch((err) => app.log.warn({ err }, '演示车辆定位推送失败'))
      .finally(() => { running = null; });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
  app.log.info({ trucks: DEMO_TRUCKS.length, seconds: everyMs / 1000 }, 'demo truck feeder started');
}
