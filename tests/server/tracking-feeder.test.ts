/**
 * The demo feeder (DOMAIN §8): trucks move along their corridor by day and stand overnight, the
 * seeded history is there from the first start, the feeder pushes through the ingest and stops
 * with the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { startHarness, type Harness } from './helpers/harness';
import { DEMO_TRUCKS, demoPoint, startDemoFeeder } from '../../server/tracking/feeder';
import { haversineKm } from '../../server/tracking/ingest';

describe('demo truck feeder', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('pglite');
  });
  afterAll(async () => h?.close());

  it('drives by day at the truck\'s speed and stands overnight', () => {
    const t = DEMO_TRUCKS.find((x) => x.plate === '沪DK7352')!;
    const noon = Date.parse('2026-11-20T12:00:00+08:00');
    const a = demoPoint(t, noon)!;
    const b = demoPoint(t, noon + 10_000)!;
    expect(a.speed).toBeGreaterThan(40);
    const km = haversineKm(a.lng, a.lat, b.lng, b.lat);
    expect(km).toBeGreaterThan(0.1);
    expect(km).toBeLessThan(0.2); // 55 km/h for 10 s ≈ 0.15 km
    const night1 = demoPoint(t, Date.parse('2026-11-20T23:00:00+08:00'))!;
    const night2 = demoPoint(t, Date.parse('2026-11-21T04:00:00+08:00'))!;
    expect([night1.speed, night2.speed]).toEqual([0, 0]);
    expect([night1.lng, night1.lat]).toEqual([night2.lng, night2.lat]);
    expect(demoPoint(DEMO_TRUCKS.find((x) => x.mode === 'off')!, noon)).toBeNull();
  });

  it('seeds a history the screens can play back', async () => {
    const db = h.database.db;
    const r = (await db.selectFrom('truckPosition').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count('truckLicensePlate').distinct().as('trucks')]).executeTakeFirstOrThrow()) as { n: number | string; trucks: number | string };
    expect(Number(r.trucks)).toBe(DEMO_TRUCKS.filter((t) => t.mode !== 'off').length);
    expect(Number(r.n)).toBeGreaterThan(5000);
    const km = (await db.selectFrom('truckMileageDaily').select((eb) => eb.fn.sum<number>('km').as('km')).where('truckLicensePlate', '=', '沪DK7352').executeTakeFirstOrThrow()) as { km: number };
    expect(Number(km.km)).toBeGreaterThan(2000); // six days of ~770 km
  });

  it('pushes through the ingest and stops when the app closes', async () => {
    const app = Fastify({ logger: false });
    startDemoFeeder(app, h.database.db, 50);
    await app.ready();
    const db = h.database.db;
    const latest = async () => ((await db.selectFrom('truckLocation').select('gpsTime').where('truckLicensePlate', '=', '沪DK7352').executeTakeFirstOrThrow()) as { gpsTime: Date }).gpsTime;
    await new Promise((r) => setTimeout(r, 300));
    expect(Date.now() - new Date(await latest()).getTime()).toBeLessThan(5000);
    await app.close();
    const after = new Date(await latest()).getTime();
    await new Promise((r) => setTimeout(r, 300));
    expect(new Date(await latest()).getTime()).toBe(after);
  });
});
