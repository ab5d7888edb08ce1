/**
 * The driver's page under load, on PostgreSQL: BENCH_DRIVERS (1,000) drivers each posting one
 * position a minute through their link (`POST driver-page/{token}/positions`, one point per call,
 * as a phone does) ÷ the same points pushed one per call through the GPS ingest
 * (`POST track/ingest`). Goal ≤ 1.5: the link's own work (token lookup, rate limit, schedule
 * check, client-id dedupe, GCJ-02) may cost half again what the ingest does. Timed in turn, a
 * minute's round of every driver each, BENCH_DRIVER_ROUNDS (5) rounds, 20 calls in flight.
 * Schedules and links are written directly (dispatching is not under test), with tokens derived
 * under a bench secret the product server shares. Measured on the quiet 2-core machine on
 * 2026-11-28 at full scale: 4.1 while the position call keyed the plate cache by its transaction
 * (every batch reloaded every plate), then 1.40 and 1.61 with it keyed by the database, then 1.40
 * and 1.37 with the link check and the batch's ids in one statement.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startProduct } from './servers';
import { hashOf, tokenOf } from '../../server/dispatch/driver-token';

const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_DRIVER_ROUNDS ?? 5);
const IN_FLIGHT = 20;
const KEY = 'bench-gps-key';
const plateOf = (i: number, kind: string) => `沪${kind}${String(i).padStart(5, '0')}`;

async function pool<T>(items: T[], fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data: body }) });
  const b = (await res.json()) as { code: number; msg: string; data: { accepted: number } };
  if (b.code !== 0 || b.data.accepted !== 1) throw new Error(`${url}: ${b.msg} ${JSON.stringify(b.data)}`);
}

export async function runDriverBench(): Promise<Record<string, unknown>[]> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_driver_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  const dbUrl = admin.replace(/\/[^/]*$/, `/${name}`);
  process.env.GPS_INGEST_KEY = KEY;
  process.env.TRACK_DEMO_FEEDER = '0';
  process.env.DRIVER_LINK_SECRET = `bench-${randomBytes(8).toString('hex')}`;
  // The bench posts from one address with many links: the per-link limit is what a phone meets.
  const server = await startProduct(18931, dbUrl);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const org = (await db.query(`select org_id, corp_id from organization where name like '%上海%' order by org_id limit 1`)).rows[0] as { org_id: number; corp_id: number };
    const staff = (await db.query(`select staff_id from staff where org_id = $1 order by staff_id limit 1`, [org.org_id])).rows[0] as { staff_id: number };
    const sample = (await db.query(`select demand_id, project_id from transport_schedule where org_id = $1 and schedule_status = 20 limit 1`, [org.org_id])).rows[0] as { demand_id: number; project_id: number };
    // Two fleets of the same size: one reports through the links (沪L), one through the ingest (沪G).
    await db.query(`insert into company_truck (corp_id, org_id, truck_license_plate, plate_color, vehicle_kind, status)
      select $1::int, $2::int, '沪' || k || lpad(g::text, 5, '0'), 2, 1, 2 from generate_series(1, ${DRIVERS}) g, unnest(array['L', 'G']) k`, [org.corp_id, org.org_id]);
    const ids = (await db.query(`insert into transport_schedule (corp_id, org_id, schedule_no, demand_id, project_id, carrier_type, truck_license_plate, driver_name, driver_phone,
        schedule_status, dispatcher_staff_id, driver_link_state, freight)
      select $1::int, $2::int, 'BENCH' || lpad(g::text, 6, '0'), $3::int, $4::int, 1, '沪L' || lpad(g::text, 5, '0'), '司机' || g, '13800000000', 20, $5::int, 1, 0
      from generate_series(1, ${DRIVERS}) g returning schedule_id, truck_license_plate`, [org.corp_id, org.org_id, sample.demand_id, sample.project_id, staff.staff_id])).rows as { schedule_id: number; truck_license_plate: string }[];
    const tokens: string[] = [];
    for (const s of ids) {
      const nonce = randomBytes(16).toString('hex');
      const token = tokenOf(org.org_id, s.schedule_id, nonce);
      tokens.push(token);
      await db.query(`insert into driver_link (org_id, corp_id, schedule_id, token_hash, nonce, truck_license_plate, created_by) values ($1, $2, $3, $4, $5, $6, $7)`,
        [org.org_id, org.corp_id, s.schedule_id, hashOf(token), nonce, s.truck_license_plate, staff.staff_id]);
    }
    const t0 = Date.now() - (ROUNDS + 2) * 60_000;
    const point = (i: number, k: number) => ({ time: t0 + k * 60_000, lng: 121.0 + (i % 100) * 0.005 + k * 0.01, lat: 31.0 + Math.floor(i / 100) * 0.01, speed: 60, direction: 90 });
    const viaLink = (k: number) => pool(tokens.map((t, i) => ({ t, i })), ({ t, i }) =>
      post(`${server.url}/api/v1/project-base/driver-page/${t}/positions`, { points: [{ id: `${k}-${i}`, ...point(i, k) }] }));
    const viaIngest = (k: number) => pool(tokens.map((_, i) => i), (i) =>
      post(`${server.url}/api/v1/project-base/track/ingest`, { source: 1, points: [{ plate: plateOf(i + 1, 'G'), ...point(i, k) }] }, { 'x-gps-key': KEY }));
    await viaLink(0);
    await viaIngest(0); // warm-up: plate cache, JIT
    let linkMs = 0;
    let ingestMs = 0;
    // Each round times both, in alternating order, so a slow moment of the shared machine falls on either alike.
    for (let k = 1; k <= ROUNDS; k++) {
      for (const which of k % 2 ? ['link', 'ingest'] : ['ingest', 'link']) {
        const t = performance.now();
        if (which === 'link') {
          await viaLink(k);
          linkMs += performance.now() - t;
        } else {
          await viaIngest(k);
          ingestMs += performance.now() - t;
        }
      }
    }
    const stored = Number((await db.query(`select count(*) from truck_position where source = 2`)).rows[0].count);
    const perLink = (ROUNDS * DRIVERS) / (linkMs / 1000);
    const perIngest = (ROUNDS * DRIVERS) / (ingestMs / 1000);
    return [{
      case: `${DRIVERS} drivers, a point a minute each through their link (points/s) ÷ the same points one per call through the GPS ingest`,
      baseline: Math.round(perIngest), ours: Math.round(perLink), ratio: +(perIngest / perLink).toFixed(2),
      note: `goal <= 1.5 (time ratio); ${stored.toLocaleString()} 司机端 points stored; ${Math.round(DRIVERS / 60)} points/s needed`,
    }];
  } finally {
    await db.end();
    await server.stop();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await runDriverBench());
