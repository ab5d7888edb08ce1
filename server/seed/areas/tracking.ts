/**
 * 在途车辆 demo data (DOMAIN §8): six days of the demo trucks' positions along their corridors
 * (a point every 5 minutes while driving, hourly overnight), through the position ingest, so
 * 车辆位置, 轨迹回放 and 车辆看板 have a history from the first start. The live feeder
 * (server/tracking/feeder.ts) continues it every 10 s.
 */
import type { AreaSeeder } from './seeder';
import { seedDemoHistory } from '../../tracking/feeder';

export const trackingSeeder: AreaSeeder = {
  name: 'tracking',
  async seed(ctx) {
    await seedDemoHistory(ctx.db, ctx.now);
  },
};
