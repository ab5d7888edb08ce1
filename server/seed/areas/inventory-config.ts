/**
 * Demo configuration of 华运苏州's warehouse (DOMAIN §8 "warehouse", §3.5, §5.2): the workshops of
 * the factories it serves, the sites it delivers to (洋山港四期码头 first), the packing and lashing
 * materials it keeps (some with a safety stock), their suppliers, who holds which post in the crew
 * (主管 顾卫东, 班组长 2, 行车工 2, 操作工 4, 仓管员 4, 调度员 1), the post ratios that weigh their
 * workload per document type and the points of each operation. The three warehouses come from the
 * transship seeder. Everything is written by 顾卫东 through the screens' pipeline.
 */
import { makeUscc } from '../../../schemas/src/validators';
import type { SeedContext } from '../context';
import type { WriteContext } from '../../crud/write';
import type { AreaSeeder } from './seeder';

type Row = Record<string, any>;

/** name, code, customer (short name, of 华运苏州), address, leader, phone */
const WORKSHOPS: [string, string, string | null, string, string, string][] = [
  ['振华长兴岛3号总装车间', 'ZPMC-CX3', '振华重工', '上海市崇明区长兴岛长兴江南大道3261号', '郁晓东', '13916620038'],
  ['振华南通基地结构车间', 'ZPMC-NT1', '振华重工', '南通市通州区滨江新区振华路1号', '许建明', '13962891175'],
  ['金龙客车配件冲压车间', 'KL-CY', '金龙配件', '苏州市虎丘区嵩山路199号2号厂房', '朱卫华', '13812769015'],
  ['金龙客车配件焊装车间', 'KL-HZ', '金龙配件', '苏州市虎丘区嵩山路199号4号厂房', '蒋国平', '13962140327'],
  ['园区电子材料包装车间', 'SIP-BZ', '园区电子', '苏州市苏州工业园区星湖街328号C栋', '沈佳慧', '13771865520'],
];

/** name, workshop code (or none), region, address, contact, phone, lng, lat */
const ADDRESSES: [string, string | null, string, string, string, string, string, string][] = [
  ['洋山港四期码头', 'ZPMC-CX3', '310115', '上海市浦东新区洋山深水港四期自动化码头岸桥安装区', '陈海涛', '13816675201', '122.058300', '30.612500'],
  ['洋山港三期码头', 'ZPMC-CX3', '310115', '上海市浦东新区洋山深水港三期码头B区', '吴立新', '13916532784', '122.085100', '30.627700'],
  ['外高桥五期码头', null, '310115', '上海市浦东新区港建路1号外高桥五期码头', '钱伟', '13761208473', '121.606700', '31.359800'],
  ['振华长兴岛基地总装场', 'ZPMC-CX3', '310151', '上海市崇明区长兴岛长兴江南大道3261号总装场', '郁晓东', '13916620038', '121.721900', '31.371300'],
  ['振华南通基地码头', 'ZPMC-NT1', '320612', '南通市通州区滨江新区振华路1号码头', '许建明', '13962891175', '121.035200', '31.846100'],
  ['太仓港集装箱码头', null, '320585', '太仓市太仓港经济技术开发区港城大道1号', '顾建强', '13862212068', '121.203500', '31.630600'],
  ['宁波舟山港梅山码头', null, '330206', '宁波市北仑区梅山街道梅山港区', '叶军', '13805844417', '121.967300', '29.765100'],
  ['金龙客车总装厂', 'KL-HZ', '320505', '苏州市虎丘区嵩山路199号总装厂', '朱卫华', '13812769015', '120.543100', '31.299700'],
  ['金龙客车配件中转库', 'KL-CY', '320505', '苏州市虎丘区长江路399号', '蒋国平', '13962140327', '120.557700', '31.287400'],
  ['园区电子材料成品库', 'SIP-BZ', '320576', '苏州市苏州工业园区星湖街328号成品库', '沈佳慧', '13771865520', '120.733800', '31.262300'],
];

/** materialNo, name, spec, unit, category, safety stock (or none), reference price */
const MATERIALS: [string, string, string, string, number, string | null, string][] = [
  ['WL-BZ-001', '木托盘', '1200×1000mm 熏蒸', '个', 1, '50.000', '85.00'],
  ['WL-BZ-002', '重型木托盘', '1500×1200mm 熏蒸', '个', 1, '30.000', '120.00'],
  ['WL-BZ-003', '缠绕膜', '50cm×23μm', '卷', 1, '40.000', '36.00'],
  ['WL-BZ-004', '气泡膜', '1.2m×50m 双层', '卷', 1, null, '68.00'],
  ['WL-BZ-005', '防锈膜', 'VCI 1.5m×100m', '卷', 1, '10.000', '420.00'],
  ['WL-BZ-006', '防锈油纸', 'VCI 900×1200mm', '张', 1, null, '2.60'],
  ['WL-BZ-007', '干燥剂', '500g 蒙脱石', '袋', 1, '200.000', '3.20'],
  ['WL-BZ-008', '木箱板', '18mm 多层板', '张', 1, null, '96.00'],
  ['WL-BZ-009', '纸护角', '50×50×5mm', '根', 1, null, '1.10'],
  ['WL-BZ-010', '编织布', '3m×100m', '卷', 1, null, '150.00'],
  ['WL-JG-001', '钢丝绳', 'Φ20mm 6×37', '米', 2, '300.000', '28.00'],
  ['WL-JG-002', '钢丝绳', 'Φ28mm 6×37', '米', 2, '200.000', '46.00'],
  ['WL-JG-003', '捆绑带', '10t×8m 棘轮式', '根', 2, '60.000', '75.00'],
  ['WL-JG-004', '捆绑带', '5t×6m 棘轮式', '根', 2, '80.000', '42.00'],
  ['WL-JG-005', '卸扣', '弓形 12t', '个', 2, '20.000', '88.00'],
  ['WL-JG-006', '卸扣', '弓形 25t', '个', 2, '10.000', '210.00'],
  ['WL-JG-007', '枕木', '200×200×2000mm', '根', 2, '40.000', '160.00'],
  ['WL-JG-008', '楔形垫木', '150×100×400mm', '块', 2, null, '18.00'],
  ['WL-JG-009', '防滑垫', '橡胶 500×500×10mm', '块', 2, '100.000', '22.00'],
  ['WL-JG-010', '紧线器', '3t 手扳式', '个', 2, null, '65.00'],
  ['WL-JG-011', '吊带', '10t×6m 扁平', '根', 2, '12.000', '320.00'],
  ['WL-JG-012', '花篮螺栓', 'M24 OO型', '个', 2, null, '35.00'],
  ['WL-LB-001', '安全帽', 'ABS 国标', '顶', 3, '30.000', '25.00'],
  ['WL-LB-002', '劳保手套', '帆布双层', '双', 3, '200.000', '3.50'],
  ['WL-LB-003', '反光背心', '荧光黄 网布', '件', 3, '30.000', '12.00'],
  ['WL-LB-004', '安全鞋', '钢包头 防砸', '双', 3, null, '120.00'],
  ['WL-LB-005', '安全带', '全身式 双钩', '套', 3, '10.000', '180.00'],
  ['WL-LB-006', '防尘口罩', 'KN95', '个', 3, null, '2.80'],
  ['WL-GJ-001', '记号笔', '油性 黑色', '支', 4, null, '2.00'],
  ['WL-GJ-002', '切割片', 'Φ105mm', '片', 4, '100.000', '3.80'],
  ['WL-GJ-003', '打包扣', '32mm 钢扣', '盒', 4, null, '45.00'],
  ['WL-GJ-004', '钢带', '32mm×0.8mm', '卷', 4, '5.000', '380.00'],
  ['WL-GJ-005', '标签纸', '100×80mm 热敏', '卷', 4, '20.000', '18.00'],
  ['WL-GJ-006', '扎带', '8×400mm 尼龙', '包', 4, null, '12.00'],
  ['WL-YL-001', '柴油', '0号 国VI', '升', 5, '500.000', '7.35'],
  ['WL-YL-002', '液压油', 'L-HM46', '桶', 5, '4.000', '680.00'],
  ['WL-YL-003', '润滑脂', '锂基 2号', '桶', 5, null, '260.00'],
  ['WL-YL-004', '齿轮油', 'GL-5 85W-90', '桶', 5, null, '520.00'],
  ['WL-YL-005', '防锈剂', 'WD-40 400ml', '瓶', 5, '24.000', '28.00'],
];

/** name, contact, phone, region of the credit code, address */
const SUPPLIERS: [string, string, string, string, string][] = [
  ['苏州恒信包装材料有限公司', '邵春华', '13913105528', '320505', '苏州市虎丘区浒关工业园青花路18号'],
  ['太仓港捷力索具有限公司', '方永明', '13771722609', '320585', '太仓市浮桥镇港城路66号'],
  ['昆山安达劳保用品有限公司', '侯美玲', '13862631147', '320583', '昆山市玉山镇萧林中路88号'],
  ['苏州五金机电城联创商行', '韩立军', '13584870256', '320506', '苏州市吴中区木渎镇金枫南路1258号'],
  ['中石化苏州虎丘加油站', '柏晓东', '0512-66123456', '320505', '苏州市虎丘区长江路508号'],
  ['苏州鼎盛木业有限公司', '戴国华', '13906210934', '320507', '苏州市相城区黄埭镇春丰路8号'],
];

/** the crew by post (staffPost enum): 1 调度员 2 仓管员 3 班组长 4 行车/吊车工 5 操作工 */
const POSTS: [string, number[]][] = [
  ['顾卫东', [2, 3]],
  ['严国强', [3]], ['金伟', [3, 2]],
  ['陶明', [4]], ['姜立', [4, 5]],
  ['魏婷', [2]], ['潘红', [2]], ['赵敏', [2]], ['黄磊', [2]],
  ['陆斌', [1]],
  ['石磊', [5]], ['龚勇', [5]], ['钱兵', [5]], ['秦海', [5, 4]],
];

/** post → ratio (DOMAIN §3.5); 转运 (倒运 in the yard) weighs the crane a little more */
const RATIOS: Record<number, [string, string, string]> = {
  3: ['1.20', '1.20', '1.20'], 4: ['1.10', '1.10', '1.20'], 5: ['1.00', '1.00', '1.00'], 2: ['0.80', '0.80', '0.70'], 1: ['0.60', '0.60', '0.60'],
};

/** operation, unit, points per unit (卸车/装车 per tonne, 倒运 per piece, 加固/打包 per truck or piece) */
const WORK_RATIOS: [number, number, string, string?][] = [
  [1, 1, '1.00', '入库卸车按吨计'], [1, 2, '0.50'], [2, 1, '1.20', '出库装车按吨计，含绑扎前的摆放'], [2, 3, '8.00'],
  [3, 2, '2.00', '堆场内倒运按件计'], [4, 3, '6.00', '超限件加固按车计'], [5, 2, '1.50'],
];

async function seed(ctx: SeedContext): Promise<void> {
  let wh: WriteContext;
  try {
    wh = await ctx.as('sz', '顾卫东');
  } catch {
    return; // a base seed without the warehouse people (tests that seed less) has nothing to configure
  }
  const sz = ctx.orgIds.sz;
  const customers = new Map<string, number>();
  for (const c of (await ctx.db.selectFrom('customer').select(['customerId', 'shortName']).where('orgId', '=', sz).execute()) as Row[]) {
    customers.set(String(c.shortName), Number(c.customerId));
  }
  const workshops = new Map<string, number>();
  for (const [name, code, customer, address, leaderName, leaderPhone] of WORKSHOPS) {
    const row = await ctx.create(wh, 'workshop', { name, code, customerId: customer ? customers.get(customer) ?? null : null, address, leaderName, leaderPhone });
    workshops.set(code, row.workshopId);
    await ctx.backdate('workshop', row.workshopId, ctx.daysAgo(300));
  }
  for (const [name, shop, regionCode, address, contactName, contactPhone, lng, lat] of ADDRESSES) {
    const row = await ctx.create(wh, 'deliveryAddress', { name, workshopId: shop ? workshops.get(shop) : null, regionCode, address, contactName, contactPhone, lng, lat });
    await ctx.backdate('deliveryAddress', row.deliveryAddressId, ctx.daysAgo(280 - ctx.rand() * 200));
  }
  for (const [materialNo, name, spec, unit, category, safetyStock, refPrice] of MATERIALS) {
    await ctx.create(wh, 'materialItem', { materialNo, name, spec, unit, category, safetyStock, refPrice });
  }
  // One material no longer bought: kept for its history, no longer offered.
  const retired = await ctx.create(wh, 'materialItem', { materialNo: 'WL-BZ-099', name: '泡沫护角', spec: 'EPE 旧规格', unit: '个', category: 1, refPrice: '0.80' });
  await ctx.update(wh, 'materialItem', retired.materialId, { disabled: true, remark: '已改用纸护角' });
  for (const [i, [name, contactName, contactPhone, region, address]] of SUPPLIERS.entries()) {
    await ctx.create(wh, 'materialSupplier', { name, contactName, contactPhone, creditCode: makeUscc(region, 4100 + i), address });
  }
  const warehouses = (await ctx.db.selectFrom('warehouse').select(['warehouseId', 'warehouseType']).where('orgId', '=', sz).orderBy('warehouseId').execute()) as Row[];
  const partsStore = warehouses.find((w) => Number(w.warehouseType) === 1)?.warehouseId ?? null;
  const yard = warehouses.find((w) => Number(w.warehouseType) === 3)?.warehouseId ?? partsStore;
  for (const [name, posts] of POSTS) {
    let staffId: number;
    try {
      staffId = await ctx.staffId('sz', name);
    } catch {
      continue; // a person the admin seeder did not create in this run
    }
    for (const post of posts) {
      await ctx.create(wh, 'staffPost', { staffId, post, warehouseId: post === 4 ? yard : partsStore, effectiveFrom: '2026-01-01' });
    }
  }
  for (const [post, ratios] of Object.entries(RATIOS)) {
    for (const [i, ratio] of ratios.entries()) await ctx.create(wh, 'workPostRatio', { post: Number(post), docType: i + 1, ratio });
  }
  for (const [operation, unit, pointsPerUnit, remark] of WORK_RATIOS) await ctx.create(wh, 'workRatio', { operation, unit, pointsPerUnit, remark });
  await seedShanghaiYard(ctx);
}

/**
 * 华运上海 keeps its own 太仓港中转堆场 (transship seeder): a small configuration of its own for the
 * 振华 parts it short-hauls to 洋山 — the site, the lashing it buys, the yard's dispatcher and its
 * ratio for 转运. Its rows are its own: 华运苏州 sees none of them, nor they 苏州's.
 */
async function seedShanghaiYard(ctx: SeedContext): Promise<void> {
  let admin: WriteContext;
  try {
    admin = await ctx.as('sh', '系统管理员');
  } catch {
    return;
  }
  const sh = ctx.orgIds.sh;
  const zpmc = (await ctx.db.selectFrom('customer').select('customerId').where('orgId', '=', sh).where('shortName', '=', '振华重工').executeTakeFirst()) as Row | undefined;
  const shop = await ctx.create(admin, 'workshop', { name: '振华长兴岛3号总装车间', code: 'ZPMC-CX3', customerId: zpmc?.customerId ?? null, address: '上海市崇明区长兴岛长兴江南大道3261号', leaderName: '郁晓东', leaderPhone: '13916620038' });
  await ctx.create(admin, 'deliveryAddress', { name: '洋山港四期码头', workshopId: shop.workshopId, regionCode: '310115', address: '上海市浦东新区洋山深水港四期自动化码头岸桥安装区', contactName: '陈海涛', contactPhone: '13816675201' });
  await ctx.create(admin, 'materialItem', { materialNo: 'DJ-JG-001', name: '钢丝绳', spec: 'Φ32mm 6×37', unit: '米', category: 2, safetyStock: '200.000', refPrice: '58.00' });
  await ctx.create(admin, 'materialSupplier', { name: '太仓港捷力索具有限公司', contactName: '方永明', contactPhone: '13771722609', creditCode: makeUscc('320585', 4200), address: '太仓市浮桥镇港城路66号' });
  const yard = (await ctx.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sh).where('warehouseType', '=', 3).executeTakeFirst()) as Row | undefined;
  let dispatcher: number | null = null;
  try {
    dispatcher = await ctx.staffId('sh', '曾繁荣');
  } catch {
    /* the dispatcher comes from the admin seeder; without it the yard has no post yet */
  }
  if (dispatcher) await ctx.create(admin, 'staffPost', { staffId: dispatcher, post: 1, warehouseId: yard?.warehouseId ?? null, effectiveFrom: '2026-03-01' });
  await ctx.create(admin, 'workPostRatio', { post: 1, docType: 3, ratio: '0.60' });
  await ctx.create(admin, 'workRatio', { operation: 3, unit: 2, pointsPerUnit: '2.50', remark: '堆场倒运按件计' });
}

export const inventoryConfigSeeder: AreaSeeder = { name: 'inventory-config', seed };
