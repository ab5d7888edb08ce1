/**
 * 单位成本 demo versions (DOMAIN §8 "unitCost 9"): the company's own vehicle kinds, an older and a
 * current version for four of them (the fuel price moved) and one for the escort car; the costs
 * per km, day and ton-km are the entity's formulas.
 */
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';

type V = { name: string; vehicleKind: number; axles?: number; axleLines?: number; fuelPer100: number; tollPerKm: string; maintenancePerKm: string; tyrePerKm: string;
  driverPerDay: string; depreciationPerDay: string; insurancePerDay: string; managementRate: number; avgDailyKm: number; avgLoad: number };

const KINDS: V[] = [
  { name: '6轴牵引车(自有)', vehicleKind: 1, axles: 6, fuelPer100: 38, tollPerKm: '3.20', maintenancePerKm: '0.45', tyrePerKm: '0.35', driverPerDay: '450.00', depreciationPerDay: '380.00', insurancePerDay: '95.00', managementRate: 8, avgDailyKm: 380, avgLoad: 32 },
  { name: '低平板半挂组合', vehicleKind: 2, axles: 6, fuelPer100: 42, tollPerKm: '3.80', maintenancePerKm: '0.55', tyrePerKm: '0.50', driverPerDay: '480.00', depreciationPerDay: '420.00', insurancePerDay: '110.00', managementRate: 8, avgDailyKm: 320, avgLoad: 45 },
  { name: '液压轴线车(10轴线)', vehicleKind: 5, axleLines: 10, fuelPer100: 55, tollPerKm: '6.50', maintenancePerKm: '1.20', tyrePerKm: '1.10', driverPerDay: '900.00', depreciationPerDay: '1600.00', insurancePerDay: '260.00', managementRate: 10, avgDailyKm: 120, avgLoad: 180 },
  { name: '高低板半挂组合', vehicleKind: 3, axles: 6, fuelPer100: 40, tollPerKm: '3.50', maintenancePerKm: '0.50', tyrePerKm: '0.45', driverPerDay: '460.00', depreciationPerDay: '400.00', insurancePerDay: '100.00', managementRate: 8, avgDailyKm: 350, avgLoad: 38 },
];

export const costModelSeeder: AreaSeeder = {
  name: 'cost-model',
  async seed(ctx: SeedContext) {
    const w = await ctx.as('sh', '沈伟民');
    const day = (n: number) => new Date(ctx.daysAgo(n).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const current: number[] = [];
    for (const k of KINDS) {
      // last year's version at 7.60 元/L, this year's at the bulk config's 7.35 元/L
      const old = await ctx.create(w, 'unitCost', { ...k, name: `${k.name} 2025版`, fuelPrice: '7.60', effectiveFrom: day(300), remark: '按2025年油价及保费测算' });
      await ctx.backdate('unitCost', old.unitCostId, ctx.daysAgo(300));
      const now = await ctx.create(w, 'unitCost', { ...k, name: `${k.name} 2026版`, fuelPrice: '7.35', effectiveFrom: day(60),
        maintenancePerKm: (Number(k.maintenancePerKm) * 1.05).toFixed(2), remark: '油价下调，维修保养按上年实际上浮5%' });
      await ctx.backdate('unitCost', now.unitCostId, ctx.daysAgo(60));
      current.push(now.unitCostId);
    }
    const escort = await ctx.create(w, 'unitCost', { name: '护送车 2026版', vehicleKind: 10, axles: 2, fuelPer100: 11, fuelPrice: '7.35', tollPerKm: '0.50', maintenancePerKm: '0.20', tyrePerKm: '0.08',
      driverPerDay: '350.00', depreciationPerDay: '120.00', insurancePerDay: '30.00', managementRate: 5, avgDailyKm: 300, avgLoad: 1, effectiveFrom: day(60), remark: '护送车按每车次1吨折算' });
    current.push(escort.unitCostId);
    await ctx.db.updateTable('unitCost').set({ isCurrent: true }).where('unitCostId', 'in', current).execute();
  },
};
