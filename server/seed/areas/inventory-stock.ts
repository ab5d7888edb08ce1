/**
 * Demo data of parts, work orders and in-storage (DOMAIN §5.2 steps 1–2): 华运苏州 keeps the
 * parts of 上海振华重工's 岸桥 QC-2309 for 洋山港 in 苏州零件库. Work orders stand at every
 * status up to 已齐套 (and one 已关闭); in-storage documents go through the same pipeline as the
 * screens (提交 → 验收入库, one 作废), so the stock ledger holds real rows on several 库位 and a
 * few lines were received damaged (货损) or with broken packing. The fully received order ships
 * (DOMAIN §5.2 step 3) through the 出库 pipeline: one delivery signed in full, one signed short
 * with the 补发 of the missing piece signed after it, one still on the road and one 作废.
 */
import type { SeedContext } from '../context';
import type { WriteContext } from '../../crud/write';
import { chinaToday } from '../../project/common';
import { registerReceipt } from '../../inventory/delivery';
import type { AreaSeeder } from './seeder';
import { generateTransshipFinance } from '../../inventory/transship';

type Row = Record<string, any>;

const ZPMC = { name: '上海振华重工(集团)股份有限公司', shortName: '振华重工', industry: '装备制造', regionCode: '310115', address: '上海市浦东新区东方路3261号', contactName: '陈建国', contactPhone: '13801762215' };

/** [零件号 suffix, 名称, 规格, 单重 kg, 存储要求] — the QC-2309 quay crane, in 60 parts. */
const PARTS: [string, string, string, number, string?][] = [
  ['QD-01', '前大梁连接板', 'Q355D δ40', 860], ['QD-02', '前大梁铰点轴', 'Φ320×1450', 1240], ['QD-03', '前大梁检修平台', '6.2×1.2m', 2150],
  ['XC-01', '小车架', '18.6×9.8m', 26400, '室外堆场,垫木支撑'], ['XC-02', '小车运行轮', 'Φ800', 1480], ['XC-03', '小车架缓冲器', 'HT-250', 96],
  ['QS-01', '起升卷筒', 'Φ1600×3200', 9000, '防雨覆盖'], ['QS-02', '起升减速箱', 'ZSY-560', 7800, '室内存放'], ['QS-03', '卷筒联轴器', 'WGC-12', 640],
  ['QS-04', '起升电机', 'YZP-450kW', 3150, '室内存放,防潮'], ['QS-05', '起升制动器', 'YWZ-710', 420], ['QS-06', '钢丝绳', 'Φ32×680m', 2880, '室内存放'],
  ['FY-01', '俯仰卷筒', 'Φ1250×2100', 5200], ['FY-02', '俯仰减速箱', 'ZSY-450', 4600], ['FY-03', '俯仰钢丝绳', 'Φ36×420m', 2250],
  ['DC-01', '大车行走机构', '8轮台车', 11800, '室外堆场'], ['DC-02', '大车车轮组', 'Φ900', 1320], ['DC-03', '夹轨器', 'JG-800', 780],
  ['DC-04', '锚定装置', 'MD-1200', 360], ['DC-05', '防风拉索', 'Φ52', 510],
  ['DL-01', '电缆卷盘', 'JLR-1800', 3900, '室内存放'], ['DL-02', '高压电缆', 'YCW 10kV 3×95', 1650, '室内存放,防潮'], ['DL-03', '电气房配电柜', 'GGD-2200', 980, '室内存放,防潮'],
  ['DL-04', '变频器柜', 'ACS880-1200kW', 1520, '室内存放,防潮'], ['DL-05', '司机室联动台', 'LDT-2', 260, '室内存放'], ['DL-06', 'PLC控制柜', 'S7-1500', 340, '室内存放,防潮'],
  ['SJ-01', '吊具上架', '40/45ft 双箱', 6200], ['SJ-02', '伸缩吊具', 'Bromma STS45', 11500], ['SJ-03', '吊具油缸', 'HSG-160', 185],
  ['SJ-04', '转锁', 'TL-45', 42], ['SJ-05', '导板', 'GB-600', 76], ['SJ-06', '吊具电缆', 'H07RN-F 42芯', 240, '室内存放'],
  ['ML-01', '门框横梁节点板', 'Q355D δ50', 1120], ['ML-02', '海侧门腿法兰', 'Φ2600', 2480], ['ML-03', '陆侧门腿法兰', 'Φ2600', 2460],
  ['ML-04', '联系横梁', 'H900×400', 3600], ['ML-05', '拉杆销轴', 'Φ180×620', 138], ['ML-06', '拉杆耳板', 'Q460 δ60', 410],
  ['JX-01', '机房顶棚板', '3.0×1.5m', 220], ['JX-02', '检修吊车', 'LD-5t', 1450], ['JX-03', '维修平台栏杆', '2.4m/段', 64],
  ['JX-04', '爬梯', '6m/段', 180], ['JX-05', '走道格栅板', '1.0×0.6m', 38],
  ['YY-01', '液压站', 'HPU-45', 1380, '室内存放'], ['YY-02', '液压油管组件', 'DN25', 56, '室内存放'], ['YY-03', '油缸密封件包', 'QC-2309', 12, '室内存放,防晒'],
  ['AQ-01', '防撞装置', 'FZ-300', 230], ['AQ-02', '风速仪', 'FS-3', 8, '室内存放'], ['AQ-03', '限位开关组', 'LX-44', 26, '室内存放'],
  ['AQ-04', '航空障碍灯', 'LED-32', 14, '室内存放'], ['AQ-05', '应急照明', 'YJ-150', 18, '室内存放'],
  ['ZM-01', '投光灯', 'LED-800W', 22, '室内存放'], ['ZM-02', '照明配电箱', 'XL-21', 95, '室内存放'],
  ['BJ-01', '备用轴承', '24164CA', 310, '室内存放,防潮'], ['BJ-02', '备用滑轮', 'Φ1000', 520], ['BJ-03', '备用制动片', 'YWZ-710', 15, '室内存放'],
  ['BJ-04', '高强螺栓包', 'M36×260 10.9S', 480, '室内存放,防潮'], ['BJ-05', '油漆(面漆)', '聚氨酯 灰白 20L', 26, '室内存放,防火'],
  ['BJ-06', '油漆(底漆)', '环氧富锌 20L', 28, '室内存放,防火'], ['BJ-07', '防腐胶带', '100mm×30m', 9, '室内存放'],
];

const LOCATIONS = ['A-01-01', 'A-01-02', 'A-02-01', 'A-03-02', 'A-03-03', 'B-01-01', 'B-02-02', 'B-04-01', 'C-01-01', 'C-02-03', 'D-01-01'];
const PLATES = ['沪D·R3752', '苏E·K8861', '沪B·77215', '苏E·6T530', '沪D·M1029'];
const DRIVERS = ['张国平', '刘志勇', '王海涛', '陈立军', '杨建华'];

interface OrderSeed {
  no: string; product: string; status: 0 | 5 | 10 | 15 | 30;
  /** parts of the order by index into PARTS, with planned pieces */
  lines: [number, number][];
  /** in-storage documents: days ago, lines [index into lines, pieces, condition?], state reached */
  receipts?: { days: number; lines: [number, number, (1 | 2 | 3)?][]; to: 0 | 5 | 10 | 15 }[];
  planIn: number; planOut: number; closeReason?: string;
}

const range = (from: number, n: number, qty: (i: number) => number): [number, number][] => Array.from({ length: n }, (_, i) => [from + i, qty(i)]);

const ORDERS: OrderSeed[] = [
  { no: 'GD-ZPMC-2309-05', product: 'QC-2309岸桥 小车与起升机构', status: 15, planIn: 40, planOut: 10, lines: range(3, 12, (i) => (i % 3) + 1),
    receipts: [
      { days: 38, to: 10, lines: [[0, 1], [1, 2], [2, 3], [3, 1], [4, 2], [5, 3, 2]] },
      { days: 33, to: 10, lines: [[6, 1], [7, 2], [8, 3], [9, 1], [10, 2], [11, 3]] },
    ] },
  { no: 'GD-ZPMC-2309-07', product: 'QC-2309岸桥 大车、电气与吊具', status: 10, planIn: 12, planOut: -8, lines: range(15, 17, (i) => (i % 4) + 2),
    receipts: [
      { days: 16, to: 10, lines: [[0, 2], [1, 3], [2, 4], [3, 5, 3], [4, 2], [5, 3]] },
      { days: 9, to: 10, lines: [[6, 4], [7, 5], [8, 2], [9, 3, 2], [10, 4]] },
      { days: 6, to: 15, lines: [[11, 2]] },
      { days: 2, to: 5, lines: [[11, 5], [12, 2], [13, 3]] },
      { days: 0, to: 0, lines: [[14, 4]] },
    ] },
  { no: 'GD-ZPMC-2309-08', product: 'QC-2309岸桥 门框与机房', status: 10, planIn: 5, planOut: -15, lines: range(32, 11, (i) => (i % 2) + 1),
    receipts: [{ days: 4, to: 10, lines: [[0, 1], [1, 2], [2, 1], [3, 1, 3]] }] },
  { no: 'GD-ZPMC-2309-09', product: 'QC-2309岸桥 液压与安全装置', status: 5, planIn: -3, planOut: -20, lines: range(43, 10, (i) => (i % 3) + 2) },
  { no: 'GD-ZPMC-2309-10', product: 'QC-2309岸桥 随机备件', status: 0, planIn: -10, planOut: -25, lines: range(53, 7, (i) => (i % 5) + 4) },
  { no: 'GD-ZPMC-2309-03', product: 'QC-2309岸桥 前大梁附件(已改由太仓港直发)', status: 30, planIn: 60, planOut: 30, lines: range(0, 3, () => 2),
    closeReason: '客户通知改由太仓港转运直发洋山，不再经苏州零件库' },
];

async function seed(ctx: SeedContext): Promise<void> {
  let wh: WriteContext;
  let keeper: WriteContext;
  let admin: WriteContext;
  try {
    wh = await ctx.as('sz', '顾卫东');
    keeper = await ctx.as('sz', '赵敏');
    admin = await ctx.as('sz', '陆建平');
  } catch {
    return;
  }
  const sz = ctx.orgIds.sz;
  const warehouse = (await ctx.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sz).where('code', '=', 'SZ-LJ01').executeTakeFirst()) as { warehouseId: number } | undefined;
  if (!warehouse) return;
  let customer = (await ctx.db.selectFrom('customer').select('customerId').where('orgId', '=', sz).where('name', 'like', '%振华重工%').executeTakeFirst()) as Row | undefined;
  if (!customer) customer = await ctx.create(admin, 'customer', { ...ZPMC, customerLevel: 1 });
  const customerId = Number(customer.customerId);

  const parts: Row[] = [];
  for (const [suffix, name, spec, unitWeight, storage] of PARTS) {
    parts.push(await ctx.create(wh, 'partItem', {
      partNo: `ZPMC-QC2309-${suffix}`, name, spec, customerId, unit: '件', unitWeight: unitWeight.toFixed(3),
      storageRequirement: storage ?? null, defaultWarehouseId: warehouse.warehouseId,
    }));
  }
  const at = (days: number, hour: number) => new Date(`${chinaToday(ctx.daysAgo(days))}T${String(hour).padStart(2, '0')}:00:00+08:00`);
  // The QC-2309 parts come from 振华's 长兴岛 assembly shop (仓库配置's workshops, when seeded)
  const shop = (await ctx.db.selectFrom('workshop').select('workshopId').where('orgId', '=', ctx.orgIds.sz).where('code', '=', 'ZPMC-CX3').executeTakeFirst()) as { workshopId: number } | undefined;
  // who unloads: the keeper, the crane operator and two operators (their 工时记录 come from 验收入库)
  const [crane, ...operators] = await staffIds(ctx, ['陶明', '钱兵', '秦海']);
  const workers = [{ staffId: keeper.session!.staffId, post: 2 }, ...(crane ? [{ staffId: crane, post: 4 }] : []), ...operators.map((staffId) => ({ staffId, post: 5 }))];
  const projectId = await suzhouProject(ctx, customerId);
  let n = 0;
  for (const o of ORDERS) {
    const order = await ctx.create(wh, 'workOrder', {
      workOrderNo: o.no, customerId, projectId, productName: o.product, workshopId: shop?.workshopId ?? null, destination: '上海洋山深水港四期自动化码头',
      planInDate: chinaToday(ctx.daysAgo(o.planIn)), planOutDate: chinaToday(ctx.daysAgo(o.planOut)), ownerStaffId: wh.session!.staffId,
      items: o.lines.map(([p, qty]) => ({ partItemId: parts[p]!.partItemId, planQty: qty })),
    });
    const id = Number(order.workOrderId);
    await ctx.backdate('workOrder', id, ctx.daysAgo(Math.max(o.planIn, 0) + 7));
    if (o.status === 0) continue;
    if (o.status === 30) {
      await ctx.transition(wh, 'workOrder', id, 'close', { closeReason: o.closeReason });
      continue;
    }
    await ctx.transition(wh, 'workOrder', id, 'release');
    for (const r of o.receipts ?? []) {
      const doc = await ctx.create(keeper, 'inStorage', {
        warehouseId: warehouse.warehouseId, customerId, workOrderId: id, inType: 1, arrivalAt: at(r.days, 9).toISOString(),
        truckLicensePlate: PLATES[n % PLATES.length], deliverer: DRIVERS[n % DRIVERS.length], receiverStaffId: keeper.session!.staffId, workers,
        items: r.lines.map(([line, qty, condition], i) => ({
          partItemId: parts[o.lines[line]![0]]!.partItemId, qty, condition: condition ?? 1, locationCode: LOCATIONS[(n + i) % LOCATIONS.length],
        })),
        remark: r.lines.some(([, , c]) => c === 3) ? '到货时发现货损，已拍照并通知振华重工现场代表' : null,
      });
      n += 1;
      const docId = Number(doc.inStorageId);
      await ctx.backdate('inStorage', docId, at(r.days, 9));
      if (r.to === 0) continue;
      await ctx.transition(keeper, 'inStorage', docId, 'submit');
      if (r.to === 5) continue;
      await ctx.transition(wh, 'inStorage', docId, 'accept', { acceptedAt: at(r.days, 15).toISOString() });
      if (r.to === 15) await ctx.transition(wh, 'inStorage', docId, 'void', { voidReason: '送错批次，整单退回振华重工后重新送货' });
    }
    if (o.status === 15) await seedDeliveries(ctx, { wh, keeper }, { warehouseId: warehouse.warehouseId, customerId, workOrderId: id, parts: o.lines.map(([p]) => parts[p]!), shopId: shop?.workshopId ?? null, at });
  }
}

/** Staff of 华运苏州 by name, in the order given (missing ones left out). */
async function staffIds(ctx: SeedContext, names: string[]): Promise<number[]> {
  const rows = (await ctx.db.selectFrom('staff').select(['staffId', 'name']).where('orgId', '=', ctx.orgIds.sz).where('name', 'in', names).execute()) as Row[];
  return names.map((n) => rows.find((r) => r.name === n)).filter(Boolean).map((r) => Number(r!.staffId));
}

/**
 * 出库 of the fully received work order to 洋山港: lines [index into the order's parts, pieces],
 * each taken from the 库位 that holds it.
 */
async function seedDeliveries(
  ctx: SeedContext, who: { wh: WriteContext; keeper: WriteContext },
  o: { warehouseId: number; customerId: number; workOrderId: number; parts: Row[]; shopId: number | null; at: (days: number, hour: number) => Date },
): Promise<void> {
  const { wh, keeper } = who;
  const address = (await ctx.db.selectFrom('deliveryAddress').select('deliveryAddressId').where('orgId', '=', ctx.orgIds.sz).orderBy('deliveryAddressId').executeTakeFirst()) as { deliveryAddressId: number } | undefined;
  const where = async (partItemId: number) => {
    const r = (await ctx.db.selectFrom('stockLedger').select('locationCode').select((eb: any) => eb.fn.sum('qtyChange').as('n'))
      .where('orgId', '=', ctx.orgIds.sz).where('partItemId', '=', partItemId).groupBy('locationCode').execute()) as Row[];
    return r.find((x) => Number(x.n) > 0)?.locationCode ?? null;
  };
  const crew = [
    { post: 3, ratio: 1.2, staffIds: [keeper.session!.staffId], startAt: null, endAt: null },
    { post: 4, ratio: 1.1, staffIds: await staffIds(ctx, ['陶明']), startAt: null, endAt: null },
    { post: 5, ratio: 1.0, staffIds: await staffIds(ctx, ['石磊', '龚勇']), startAt: null, endAt: null },
  ];
  let n = 0;
  const out = async (days: number, lines: [number, number][], extra: Row = {}) => {
    const items = [];
    for (const [i, qty] of lines) items.push({ partItemId: o.parts[i]!.partItemId, qty, locationCode: await where(Number(o.parts[i]!.partItemId)) });
    const d = await ctx.create(keeper, 'delivery', {
      warehouseId: o.warehouseId, customerId: o.customerId, workOrderId: o.workOrderId, deliveryType: 1, outAt: o.at(days, 14).toISOString(),
      workshopId: o.shopId, deliveryAddressId: address?.deliveryAddressId ?? null, receiverName: '孙立伟', receiverPhone: '13917726630',
      truckLicensePlate: PLATES[(n + 2) % PLATES.length], driverName: DRIVERS[(n + 1) % DRIVERS.length], workPostRatio: crew, items, ...extra,
    });
    n += 1;
    await ctx.backdate('delivery', Number(d.deliveryId), o.at(days, 14));
    return d;
  };
  const entity = wh.entities.delivery!;
  const sign = (id: number, pieces: number, days: number) => registerReceipt(keeper, entity, id, { receivedPieces: pieces, receivedBy: '孙立伟', receivedAt: o.at(days, 10).toISOString() });
  // signed in full
  const full = await out(20, [[0, 1], [1, 2], [2, 3], [3, 1]]);
  await sign(Number(full.deliveryId), Number(full.totalPieces), 19);
  // signed one piece short (a 小车运行轮 left on the truck), its 补发 signed two days later
  const short = await out(12, [[4, 1], [5, 2], [6, 1]], { remark: '洋山港现场签收时少一件，待补发' });
  await sign(Number(short.deliveryId), Number(short.totalPieces) - 1, 11);
  const extra = await out(10, [[5, 1]], { originDeliveryId: short.deliveryId, remark: '补发现场短少的1件' });
  await sign(Number(extra.deliveryId), 1, 9);
  // on the road, on our own truck: its 运输需求 (source 仓库) waits for 调度 to dispatch it
  await out(1, [[7, 2], [8, 3]], { needTransport: true, truckLicensePlate: null, driverName: null });
  // 作废: loaded onto the wrong truck, its stock back on the 库位
  const wrong = await out(5, [[9, 1]]);
  await ctx.transition(wh, 'delivery', Number(wrong.deliveryId), 'cancel', { cancelReason: '装错车辆，整单退回库位后重新出库' });
}

/**
 * 华运苏州's own project for the QC-2309 parts (仓储配送 of 振华重工, approved by 陆建平): the work
 * orders belong to it, so a delivery that needs our truck raises its 运输需求, and the
 * transshipments through 华运苏州's 太仓港中转堆场 are booked on it. Answers null when the
 * organisation lacks what a project needs (a partial seed), and the orders go without one.
 */
async function suzhouProject(ctx: SeedContext, customerId: number): Promise<number | null> {
  const sz = ctx.orgIds.sz;
  const type = (await ctx.db.selectFrom('businessType').select('businessTypeId').where('corpId', '=', ctx.corpId).where('name', '=', '仓储服务').executeTakeFirst()) as { businessTypeId: number } | undefined;
  const dep = (await ctx.db.selectFrom('department').select('depId').where('orgId', '=', sz).where('name', '=', '仓储运营部').executeTakeFirst()) as { depId: number } | undefined;
  if (!type || !dep) return null;
  const [manager] = await staffIds(ctx, ['顾卫东']);
  const gm = await ctx.as('sz', '陆建平');
  const project = await ctx.create(gm, 'project', {
    name: '振华QC-2309部件苏州仓储配送', customerId, businessTypeId: type.businessTypeId, serviceCategory: 4, projectManagerStaffId: manager, depId: dep.depId,
    startDate: chinaToday(ctx.daysAgo(60)), endDate: chinaToday(ctx.daysAgo(-120)), remark: '振华重工长兴岛基地 QC-2309 岸桥部件在苏州零件库收货、仓储，分批配送洋山港四期',
  });
  const id = Number(project.projectId);
  await ctx.backdate('project', id, ctx.daysAgo(58));
  await ctx.transition(gm, 'project', id, 'submit');
  // each node of the organisation's approval flow is decided by whoever it waits for
  for (let step = 0; step < 5; step++) {
    const task = (await ctx.db.selectFrom('approvalTask as t').innerJoin('approval as a', 'a.approvalId', 't.approvalId').innerJoin('staff as s', 's.staffId', 't.staffId')
      .select(['s.name']).where('a.orgId', '=', sz).where('a.entity', '=', 'project').where('a.subjectId', '=', id)
      .whereRef('t.seq', '=', 'a.currentSeq').where('a.status', '=', 0).where('t.status', '=', 0).executeTakeFirst()) as { name: string } | undefined;
    if (!task) break;
    await ctx.decide(await ctx.as('sz', task.name), 'project', id, true, '同意立项');
  }
  return id;
}

/**
 * 转运入库 of 华运苏州 at its own 太仓港中转堆场, on its project: one expected, one arrived, two in
 * the yard and two gone on (转运统计 and the 转运入库 list of the keeper are not empty).
 */
async function seedSuzhouTransship(ctx: SeedContext): Promise<void> {
  let wh: WriteContext;
  try {
    wh = await ctx.as('sz', '顾卫东');
  } catch {
    return;
  }
  const sz = ctx.orgIds.sz;
  const yard = (await ctx.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sz).where('code', '=', 'TC-DC01').executeTakeFirst()) as { warehouseId: number } | undefined;
  const project = (await ctx.db.selectFrom('project').select('projectId').where('orgId', '=', sz).where('auditState', '=', 15).orderBy('projectId').executeTakeFirst()) as { projectId: number } | undefined;
  if (!yard || !project) return;
  const at = (days: number, hour: number) => new Date(`${chinaToday(ctx.daysAgo(days))}T${String(hour).padStart(2, '0')}:00:00+08:00`).toISOString();
  const SZ_SEEDS: { days: number; to: 0 | 5 | 10 | 15; from: string; vessel: string; stored?: number; out?: number; items: [string, number, string][] }[] = [
    { days: -3, to: 0, from: '南通港', vessel: '苏通驳2307 / 2612航次', items: [['QC-2309后大梁', 1, '52.000']] },
    { days: 1, to: 5, from: '南通港', vessel: '苏通驳2307 / 2610航次', items: [['QC-2309陆侧门腿', 2, '57.500']] },
    { days: 9, to: 10, from: '上海外高桥', vessel: '沪驳818 / 2608航次', stored: 8, items: [['QC-2309机房结构件', 3, '21.000'], ['电气房', 1, '16.800']] },
    { days: 14, to: 10, from: '南通港', vessel: '苏通驳2307 / 2606航次', stored: 13, items: [['QC-2309梯形架', 2, '33.600']] },
    // the two gone on stayed past the 7 free days (系统配置), so 转运统计 and 转运财务 show a 堆存费
    { days: 26, to: 15, from: '南通港', vessel: '苏通驳2307 / 2603航次', stored: 25, out: 12, items: [['QC-2309前大梁(分段)', 2, '64.000']] },
    { days: 35, to: 15, from: '上海外高桥', vessel: '沪驳818 / 2601航次', stored: 34, out: 22, items: [['QC-2309小车架', 1, '26.400'], ['吊具', 1, '11.500']] },
  ];
  for (const t of SZ_SEEDS) {
    const row = await ctx.create(wh, 'transshipIn', {
      projectId: project.projectId, warehouseId: yard.warehouseId, fromPlace: t.from, fromMode: 1, vesselOrTrain: t.vessel, arrivalAt: at(t.days, 8),
      items: t.items.map(([cargoName, qty, weight]) => ({ cargoName, qty, weight: Number(weight) })),
    });
    const id = Number(row.transshipId);
    await ctx.backdate('transshipIn', id, ctx.daysAgo(Math.max(t.days, 0) + 3));
    if (t.to === 0) continue;
    await ctx.transition(wh, 'transshipIn', id, 'arrive', { arrivalAt: at(t.days, 8) });
    if (t.to === 5) continue;
    await ctx.transition(wh, 'transshipIn', id, 'store', { storedAt: at(t.stored!, 14) });
    if (t.to === 10) continue;
    await ctx.transition(wh, 'transshipIn', id, 'transferOut', { outAt: at(t.out!, 9) });
  }
  // 堆存费 is priced when 转运财务 generates the project's income (its figure on the 转运单 and in 转运统计)
  await generateTransshipFinance(wh, project.projectId);
}

/**
 * 华运上海 keeps a few parts of its own at its 太仓港 yard (振华物流's spare parts for the short
 * haul): a record of each kind in another organisation, which 华运苏州's keeper must never see.
 */
async function seedShanghai(ctx: SeedContext): Promise<void> {
  let admin: WriteContext;
  try {
    admin = await ctx.as('sh', '系统管理员');
  } catch {
    return;
  }
  const sh = ctx.orgIds.sh;
  const yard = (await ctx.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sh).orderBy('warehouseId').executeTakeFirst()) as { warehouseId: number } | undefined;
  const customer = (await ctx.db.selectFrom('customer').select('customerId').where('orgId', '=', sh).where('name', '=', '上海振华重工物流有限公司').executeTakeFirst()) as { customerId: number } | undefined;
  if (!yard || !customer) return;
  const parts = [];
  for (const [partNo, name, w] of [['ZH-SB-001', '短驳绑扎钢丝绳', '180.000'], ['ZH-SB-002', '鞍座垫木', '95.000']] as const) {
    parts.push(await ctx.create(admin, 'partItem', { partNo, name, customerId: customer.customerId, unit: '件', unitWeight: w, defaultWarehouseId: yard.warehouseId }));
  }
  const order = await ctx.create(admin, 'workOrder', {
    workOrderNo: 'ZH-TC-2026-01', customerId: customer.customerId, productName: '太仓港短驳随车工具', destination: '上海洋山深水港四期',
    items: parts.map((p) => ({ partItemId: p.partItemId, planQty: 4 })),
  });
  await ctx.transition(admin, 'workOrder', Number(order.workOrderId), 'release');
  const doc = await ctx.create(admin, 'inStorage', {
    warehouseId: yard.warehouseId, customerId: customer.customerId, workOrderId: order.workOrderId, arrivalAt: ctx.daysAgo(3).toISOString(),
    items: parts.map((p, i) => ({ partItemId: p.partItemId, qty: 4 - i, locationCode: `TC-B-0${i + 1}` })),
  });
  await ctx.transition(admin, 'inStorage', Number(doc.inStorageId), 'submit');
  await ctx.transition(admin, 'inStorage', Number(doc.inStorageId), 'accept', { acceptedAt: ctx.daysAgo(3).toISOString() });
  // a draft waiting to be checked
  await ctx.create(admin, 'inStorage', {
    warehouseId: yard.warehouseId, customerId: customer.customerId, workOrderId: order.workOrderId, arrivalAt: ctx.daysAgo(0).toISOString(),
    items: [{ partItemId: parts[1]!.partItemId, qty: 1, locationCode: 'TC-B-02' }],
  });
}

export const inventoryStockSeeder: AreaSeeder = { name: 'inventory-stock', async seed(ctx) { await seed(ctx); await seedSuzhouTransship(ctx); await seedShanghai(ctx); } };
