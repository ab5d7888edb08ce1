/**
 * Demo data of the business areas (DOMAIN §8), seeded after the base group in the same
 * transaction, in this order (later areas use earlier ones' records). Each area keeps its
 * seeder in its own file here.
 */
import { financeConfigSeeder } from './finance-config';
import { resourcesSeeder } from './resources';
import { projectSeeder } from './project';
import { businessSeeder } from './business';
import { adminPeopleSeeder, adminSystemSeeder } from './admin';
import { smsRecordSeeder } from './sms';
import { trackingSeeder } from './tracking';
import { dispatchSeeder } from './dispatch';
import { transshipSeeder } from './transship';
import { inventoryConfigSeeder } from './inventory-config';
import { inventoryStockSeeder } from './inventory-stock';
import { financeSettleSeeder } from './finance-settle';
import { inventoryMaterialSeeder } from './inventory-material';
import { statSeeder } from './stat';
import { logisticsSeeder } from './logistics';
import { costModelSeeder } from './cost-model';
import { financeMattersSeeder } from './finance-matters';
import { financeLugePlatformsSeeder, financeLugeSeeder } from './finance-luge';
import type { AreaSeeder } from './seeder';
import { digitalAssetSeeder } from './digital-asset';

export type { AreaSeeder } from './seeder';

export const areaSeeders: AreaSeeder[] = [
  // first: the 收支类型 every income/cost row booked by the later areas is typed by
  financeConfigSeeder,
  resourcesSeeder,
  businessSeeder,
  projectSeeder,
  adminPeopleSeeder,
  adminSystemSeeder,
  smsRecordSeeder,
  trackingSeeder,
  dispatchSeeder,
  transshipSeeder,
  inventoryConfigSeeder,
  inventoryStockSeeder,
  // after dispatch and transship: bills take the freight and costs they booked
  financeSettleSeeder,
  inventoryMaterialSeeder,
  digitalAssetSeeder,
  logisticsSeeder,
  costModelSeeder,
  statSeeder,
  // owner-driver schedules named to a bill platform, so node payments leave their freight alone
  financeLugePlatformsSeeder,
  // after the areas booking nodes, incomes and costs: matters over them
  financeMattersSeeder,
  // after the matters: 网货平台运单 paid through 批量付款
  financeLugeSeeder,
];
