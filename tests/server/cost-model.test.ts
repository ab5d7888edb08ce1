/**
 * 单位成本 (DOMAIN §3.8): the three formulas on exact decimals, one current version per vehicle
 * kind, 测算 from the current version, and 模型与实际 against approved heavy-truck settlements.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

const U = '/api/v1/project-base/unit-cost';

describe('单位成本', () => {
  let h: Harness;
  let gm: string;
  beforeAll(async () => {
    h = await startHarness('pglite');
    gm = await h.login('gm');
  });
  afterAll(async () => h?.close());

  it('computes 每公里, 每天 and 吨公里 from the parameters', async () => {
    const r = await h.call('POST', `${U}/save`, { token: gm, data: {
      name: '测试凹梁半挂', vehicleKind: 4, fuelPer100: '40.0', fuelPrice: '7.35', tollPerKm: '3.20', maintenancePerKm: '0.50', tyrePerKm: '0.30',
      driverPerDay: '450.00', depreciationPerDay: '400.00', insurancePerDay: '100.00', managementRate: '8', avgDailyKm: '380', avgLoad: '32', effectiveFrom: '2026-01-01' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 40/100 × 7.35 + 3.20 + 0.50 + 0.30 = 6.94; 450 + 400 + 100 = 950; (6.94 + 950/380) × 1.08 / 32 = 0.3186
    expect(r.body.data).toMatchObject({ costPerKm: '6.9400', costPerDay: '950.00', costPerTonKm: '0.3186', isCurrent: false });
    const upd = await h.call('PUT', `${U}/${r.body.data.unitCostId}`, { token: gm, data: { fuelPrice: '8.00', version: r.body.data.version } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data.costPerKm).toBe('7.2000');
    const bad = await h.call('POST', `${U}/save`, { token: gm, data: { name: 'x', vehicleKind: 4, fuelPer100: '40', fuelPrice: '7', avgDailyKm: '0', avgLoad: '1', effectiveFrom: '2026-01-01' } });
    expect(bad.status).toBe(400);
  });

  it('keeps one current version per kind; the current one cannot be deleted; 测算 uses it', async () => {
    const kinds = await sql<{ k: number; n: number }>`select vehicle_kind k, count(*)::int n from unit_cost where is_current group by 1`.execute(h.database.db);
    expect(kinds.rows.every((r) => r.n === 1)).toBe(true);
    const versions = (await h.call('GET', `${U}/page?vehicleKind=1&pageSize=10`, { token: gm })).body.data.list as Record<string, any>[];
    expect(versions).toHaveLength(2);
    const old = versions.find((v) => !v.isCurrent)!;
    const cur = versions.find((v) => v.isCurrent)!;
    expect((await h.call('DELETE', `${U}/${cur.unitCostId}`, { token: gm })).status).toBe(409);
    const set = await h.call('POST', `${U}/${old.unitCostId}/set-current`, { token: gm, data: {} });
    expect(set.status).toBe(200);
    const now = (await h.call('GET', `${U}/page?vehicleKind=1&isCurrent=true`, { token: gm })).body.data.list as Record<string, any>[];
    expect(now.map((v) => v.unitCostId)).toEqual([old.unitCostId]);
    const est = await h.call('POST', `${U}/estimate`, { token: gm, data: { vehicleKind: 1, distanceKm: 760, tons: 32 } });
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    // 760 km at avgDailyKm 380 → 2 days; (760 × 每公里 + 2 × 每天) × (1 + 管理费率)
    const expected = (760 * Number(old.costPerKm) + 2 * Number(old.costPerDay)) * (1 + Number(old.managementRate) / 100);
    expect(est.body.data.days).toBe(2);
    expect(Number(est.body.data.total)).toBeCloseTo(expected, 1);
    expect(est.body.data.message).toContain(old.name);
    const none = await h.call('POST', `${U}/estimate`, { token: gm, data: { vehicleKind: 6, distanceKm: 100 } });
    expect(none.status).toBe(400);
    expect(none.body.msg ?? none.body.message).toContain('还没有当前的单位成本版本');
  });

  it('compares the model with Σ settled cost ÷ Σ km of approved applications', async () => {
    const r = await h.call('GET', `${U}/actual-compare`, { token: gm });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.data.rows as Record<string, any>[];
    const raw = await sql<{ k: number; cost: string; km: string }>`
      select ct.vehicle_kind k, sum(t.total_amount) cost, sum(coalesce(t.empty_km, 0) + coalesce(t.loaded_km, 0)) km
      from truck_cost_settle t join bulk_cost_settle_apply a on a.apply_id = t.apply_id and a.audit_state = 15
      join company_truck ct on ct.org_id = t.org_id and ct.truck_license_plate = t.truck_license_plate group by 1`.execute(h.database.db);
    expect(raw.rows.length).toBeGreaterThan(0);
    for (const x of raw.rows) {
      const row = rows.find((y) => y.vehicleKind === x.k)!;
      expect(row.actualPerKm).toBeCloseTo(Number(x.cost) / Number(x.km), 3);
      if (row.costPerKm) expect(row.diffRate).toBeCloseTo((row.actualPerKm - row.costPerKm) / row.costPerKm, 6);
    }
  });
});
