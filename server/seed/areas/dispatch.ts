/**
 * Demo data of transport dispatch (DOMAIN §8 "dispatch"): on the running demo projects, 项目经理
 * 沈国良 raises and submits demands and 调度主管 何俊 dispatches own trucks, carriers' trucks and
 * owner-drivers, records 装车/发车/异常/到达/签收, uploads and reviews receipts; 沈国良 settles and
 * applies for freight payments. Every demand state, schedule state, receipt state and payment
 * state has rows. All through the write pipeline, so numbers, nodes, ledgers and logs exist.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../context';
import { uploadsDir } from '../../files/files';
import type { WriteContext } from '../../crud/write';
import type { AreaSeeder } from './seeder';
import { RECEIPT_OVERDUE_EVENT, remindOverdueReceipts } from '../../dispatch/jobs';
import { TRUCK_EXPIRY_EVENT, remindExpiringTrucks } from '../../resources/expiry-jobs';

type Row = Record<string, any>;
const iso = (d: Date) => d.toISOString();

/** Where a schedule ends up: its status, and for 35 the receipt's (0 none, 5 uploaded, 10 rejected). */
interface Truck {
  kind: 1 | 2 | 3; to: 0 | 5 | 10 | 15 | 20 | 25 | 30 | 35 | 40 | 45; receipt?: 0 | 5 | 10; paid?: boolean;
  /** a draft whose freight is above this guide price's tolerance: 派车确认 waits for 调度审批 */ guide?: number;
}
interface DemandSeed {
  project: string; cargo: string; pieces: number; weight: string; trucks: Truck[]; oversize?: boolean; size?: [string, string, string];
  load: [string, string]; unload: [string, string]; km: number; price: number; freight: number;
  /** demand end: submit unless draft; revoke / terminate by hand */ draft?: boolean; revoke?: boolean; terminate?: boolean; daysAgo: number;
}

const LINGANG: [string, string] = ['310115', '上海临港重装备产业区江山路2800号'];
const CHANGXING: [string, string] = ['330522', '湖州长兴500kV变电站施工现场'];
const RUDONG_PORT: [string, string] = ['320623', '如东洋口港风电母港3号泊位'];
const RUDONG_FIELD: [string, string] = ['320623', '如东H5海上风电场陆上集控中心'];
const TAICANG: [string, string] = ['320585', '太仓港中转堆场B区'];
const YANGSHAN: [string, string] = ['310115', '洋山港四期码头岸桥组装区'];
const NINGBO: [string, string] = ['330206', '宁波北仑港区穿山码头'];

const DEMANDS: DemandSeed[] = [
  // 回单已返 (35): settled and receipts back
  { project: '上海电气临港—长兴220kV主变运输', cargo: '220kV主变压器(本体)', pieces: 1, weight: '236.000', oversize: true, size: ['11.20', '3.60', '4.30'], load: LINGANG, unload: CHANGXING, km: 186, price: 1480000, freight: 0, daysAgo: 40,
    trucks: [{ kind: 1, to: 45 }] },
  { project: '上海电气临港—长兴220kV主变运输', cargo: '主变附件(散热器、套管、储油柜)', pieces: 6, weight: '42.500', load: LINGANG, unload: CHANGXING, km: 186, price: 18500, freight: 12600, daysAgo: 38,
    trucks: [{ kind: 2, to: 45, paid: true }, { kind: 2, to: 40 }, { kind: 3, to: 40 }] },
  { project: '明阳如东风电叶片短驳', cargo: 'MySE6.45叶片(90米)', pieces: 3, weight: '75.000', oversize: true, size: ['90.00', '4.50', '3.80'], load: RUDONG_PORT, unload: RUDONG_FIELD, km: 36, price: 32000, freight: 24000, daysAgo: 30,
    trucks: [{ kind: 2, to: 45, paid: true }, { kind: 2, to: 45 }, { kind: 2, to: 40 }] },
  { project: '振华QC-2309岸桥部件仓储配送', cargo: 'QC-2309前大梁分段', pieces: 2, weight: '96.000', oversize: true, size: ['32.00', '3.20', '3.60'], load: TAICANG, unload: YANGSHAN, km: 142, price: 26000, freight: 19800, daysAgo: 26,
    trucks: [{ kind: 1, to: 40 }, { kind: 2, to: 45 }] },
  { project: '中远海运岸桥配件运输', cargo: '岸桥小车架及起升卷筒', pieces: 4, weight: '38.600', load: YANGSHAN, unload: NINGBO, km: 235, price: 35000, freight: 26500, daysAgo: 21,
    trucks: [{ kind: 2, to: 40 }, { kind: 3, to: 45 }] },
  { project: '上海电气风电塔筒短驳', cargo: '塔筒第一节(Φ6.5m)', pieces: 1, weight: '68.000', oversize: true, size: ['26.00', '6.50', '6.50'], load: LINGANG, unload: RUDONG_PORT, km: 260, price: 48000, freight: 36000, daysAgo: 18,
    trucks: [{ kind: 2, to: 40 }] },
  // 运输中 (25) for weeks: signed 20 days ago, its receipt never came back (回单超期)
  { project: '中远海运岸桥配件运输', cargo: '岸桥司机室及联动台', pieces: 1, weight: '9.800', load: YANGSHAN, unload: NINGBO, km: 235, price: 35000, freight: 15800, daysAgo: 20,
    trucks: [{ kind: 2, to: 35, receipt: 0 }] },
  // 运输中 (25): trucks on the way, signed, receipts waiting or rejected
  { project: '上海电气临港—长兴220kV主变运输', cargo: '主变冷却器组件', pieces: 6, weight: '24.000', load: LINGANG, unload: CHANGXING, km: 186, price: 18500, freight: 11800, daysAgo: 6,
    trucks: [{ kind: 2, to: 35, receipt: 5 }, { kind: 3, to: 35, receipt: 10 }, { kind: 2, to: 35, receipt: 0 }] },
  { project: '明阳如东风电叶片短驳', cargo: 'MySE6.45叶片(90米)', pieces: 3, weight: '75.000', oversize: true, size: ['90.00', '4.50', '3.80'], load: RUDONG_PORT, unload: RUDONG_FIELD, km: 36, price: 32000, freight: 24000, daysAgo: 3,
    trucks: [{ kind: 2, to: 20 }, { kind: 2, to: 30 }, { kind: 2, to: 15 }] },
  { project: '中远海运岸桥配件运输', cargo: '岸桥电气房', pieces: 2, weight: '31.000', load: YANGSHAN, unload: NINGBO, km: 235, price: 35000, freight: 26000, daysAgo: 2,
    trucks: [{ kind: 1, to: 20 }, { kind: 2, to: 10 }] },
  // 运输异常 (30)
  { project: '振华QC-2309岸桥部件仓储配送', cargo: 'QC-2309后大梁', pieces: 1, weight: '88.000', oversize: true, size: ['28.00', '3.40', '3.80'], load: TAICANG, unload: YANGSHAN, km: 142, price: 26000, freight: 21000, daysAgo: 2,
    trucks: [{ kind: 2, to: 25 }] },
  // 待装车 (15)
  { project: '上海电气风电塔筒短驳', cargo: '塔筒第二节(Φ6.2m)', pieces: 1, weight: '62.000', oversize: true, size: ['28.00', '6.20', '6.20'], load: LINGANG, unload: RUDONG_PORT, km: 260, price: 48000, freight: 35500, daysAgo: 1,
    trucks: [{ kind: 1, to: 10 }, { kind: 2, to: 5 }] },
  { project: '明阳如东风电叶片短驳', cargo: '轮毂及导流罩', pieces: 2, weight: '58.000', load: RUDONG_PORT, unload: RUDONG_FIELD, km: 36, price: 32000, freight: 22000, daysAgo: 1,
    trucks: [{ kind: 3, to: 10 }] },
  // 待请车 (10): one with a draft schedule
  { project: '上海电气临港—长兴220kV主变运输', cargo: '800吨履带吊配重块', pieces: 20, weight: '400.000', load: LINGANG, unload: CHANGXING, km: 186, price: 18500, freight: 13200, daysAgo: 0.5,
    trucks: [{ kind: 2, to: 0 }] },
  { project: '中远海运岸桥配件运输', cargo: '岸桥司机室', pieces: 1, weight: '9.800', load: YANGSHAN, unload: NINGBO, km: 235, price: 35000, freight: 15000, daysAgo: 0.3, trucks: [] },
  // 已终止 (20), 已撤销 (5), 草稿 (0)
  { project: '振华QC-2309岸桥部件仓储配送', cargo: '起升卷筒(备件)', pieces: 2, weight: '18.000', load: TAICANG, unload: YANGSHAN, km: 142, price: 26000, freight: 9800, daysAgo: 12, terminate: true,
    trucks: [{ kind: 2, to: 10 }] },
  { project: '中远海运岸桥配件运输', cargo: '岸桥梯子平台', pieces: 8, weight: '12.000', load: YANGSHAN, unload: NINGBO, km: 235, price: 35000, freight: 9000, daysAgo: 9, revoke: true, trucks: [] },
  { project: '上海电气风电塔筒短驳', cargo: '塔筒第三节(Φ5.8m)', pieces: 1, weight: '55.000', oversize: true, size: ['28.00', '5.80', '5.80'], load: LINGANG, unload: RUDONG_PORT, km: 260, price: 48000, freight: 34000, daysAgo: 0.2, draft: true, trucks: [] },
  { project: '上海电气临港—长兴220kV主变运输', cargo: '主变绝缘油(罐装)', pieces: 12, weight: '60.000', load: LINGANG, unload: CHANGXING, km: 186, price: 18500, freight: 10500, daysAgo: 0.1, draft: true, trucks: [] },
  // 待请车 (10) with two trucks whose freight is above the guide price: waiting for 调度审批
  { project: '中远海运岸桥配件运输', cargo: '岸桥大车行走机构', pieces: 4, weight: '46.000', load: YANGSHAN, unload: NINGBO, km: 235, price: 35000, freight: 31500, daysAgo: 0.4,
    trucks: [{ kind: 2, to: 0, guide: 26000 }, { kind: 2, to: 0, guide: 27500 }] },
];

async function seed(ctx: SeedContext): Promise<void> {
  const sh = ctx.orgIds.sh;
  let pm: WriteContext;
  let dispatcher: WriteContext;
  try {
    pm = await ctx.as('sh', '沈国良');
    dispatcher = await ctx.as('sh', '何俊');
  } catch {
    return; // the project area's people are not there: nothing to dispatch for
  }
  const projects = new Map<string, Row>();
  for (const p of (await ctx.db.selectFrom('project').selectAll().where('orgId', '=', sh).where('auditState', '=', 15).where('runState', '=', 10).execute()) as Row[]) projects.set(String(p.name), p);

  // Trucks and people: idle own trucks with their drivers; carriers' and owner-drivers' trucks with the drivers on file.
  const own = (await ctx.db.selectFrom('companyTruck').select(['truckId', 'truckLicensePlate']).where('orgId', '=', sh).where('status', '=', 1).orderBy('truckId').execute()) as Row[];
  const ownDrivers = ['高志刚', '董海军', '马建军', '胡卫国', '朱宝林', '郑大勇'];
  const driverIds: number[] = [];
  for (const name of ownDrivers) {
    const r = (await ctx.db.selectFrom('staff').select('staffId').where('orgId', '=', sh).where('name', '=', name).where('isDriver', '=', true).executeTakeFirst()) as { staffId: number } | undefined;
    if (r) driverIds.push(Number(r.staffId));
  }
  // Each tractor gets one of the A2 drivers (staff marked 驾驶员) as its default driver.
  const tractors = (await ctx.db.selectFrom('companyTruck').select('truckId').where('orgId', '=', sh).where('vehicleKind', '=', 1).orderBy('truckId').execute()) as Row[];
  if (driverIds.length) {
    for (const [i, t] of tractors.entries()) await ctx.update(dispatcher, 'companyTruck', Number(t.truckId), { defaultDriverStaffId: driverIds[i % driverIds.length] });
  }
  const hired = (await ctx.db.selectFrom('driver as d').innerJoin('platformTruck as t', 't.platformTruckId', 'd.platformTruckId').innerJoin('supplier as s', 's.supplierId', 'd.supplierId')
    .select(['d.driverId', 'd.name', 'd.mobile', 'd.supplierId', 't.platformTruckId', 's.supplierType'])
    .where('d.orgId', '=', sh).where('t.authState', '=', 2).where('t.blacklisted', '=', 0).where('s.verifyStatus', '=', 15).where('s.status', '=', 1)
    .orderBy('d.driverId').execute()) as Row[];
  const carriers = hired.filter((d) => Number(d.supplierType) === 1);
  const ownerDrivers = hired.filter((d) => Number(d.supplierType) === 2);
  let ownNext = 0;
  let carrierNext = 0;
  let ownerNext = 0;
  // One stored picture stands for the photographed receipts (a real upload, served like any other).
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
  const fileName = `receipt_${randomBytes(16).toString('hex')}.png`;
  mkdirSync(path.join(uploadsDir(), String(sh)), { recursive: true });
  writeFileSync(path.join(uploadsDir(), String(sh), fileName), png);
  const s0 = dispatcher.session!;
  await ctx.db.insertInto('fileObject').values({
    corpId: s0.corpId, orgId: s0.orgId, fileName, originalName: '回单照片.png', ext: 'png', mime: 'image/png', size: png.length,
    prefixName: 'receipt', fileType: 'receipt', createdBy: s0.staffId, updatedBy: s0.staffId,
  }).execute();
  const photo = (name: string) => [{ name, url: `/api/v1/file-base/file/${fileName}`, fileName, size: png.length }];

  for (const [n, d] of DEMANDS.entries()) {
    const project = projects.get(d.project);
    if (!project) continue;
    const at = (hours: number) => new Date(ctx.daysAgo(d.daysAgo).getTime() + hours * 3600_000);
    const demand = await ctx.create(pm, 'transportDemand', {
      projectId: project.projectId, source: 1, cargoName: d.cargo, pieces: d.pieces, weight: d.weight, isOversize: Boolean(d.oversize),
      ...(d.size ? { maxLength: d.size[0], maxWidth: d.size[1], maxHeight: d.size[2] } : {}),
      loadRegionCode: d.load[0], loadAddress: d.load[1], loadContact: '现场发货员', loadPhone: '021-58000000',
      unloadRegionCode: d.unload[0], unloadAddress: d.unload[1], unloadContact: '现场收货员', unloadPhone: '0572-6200000',
      planLoadTime: iso(at(0)), requiredArriveTime: iso(at(24 + d.km / 20)), distanceKm: d.km, truckCount: Math.max(1, d.trucks.length),
      vehicleRequirement: d.oversize ? '液压轴线车/低平板，带护送' : '13米高栏或低平板', quoteMode: 4, customerUnitPrice: String(d.price),
      estimatedIncome: String(d.price * Math.max(1, d.trucks.length)), needInsurance: Boolean(d.oversize), cargoValue: d.oversize ? '28000000.00' : null,
    });
    const demandId = Number(demand.demandId);
    await ctx.backdate('transportDemand', demandId, ctx.daysAgo(d.daysAgo + 2));
    if (d.draft) continue;
    await ctx.transition(pm, 'transportDemand', demandId, 'submit');
    if (d.revoke) {
      await ctx.transition(pm, 'transportDemand', demandId, 'revoke', { terminateReason: '客户改为自提，取消本次发运' });
      continue;
    }
    let loaded = 0;
    const moving: { t: Truck; k: number; id: number; s: Row }[] = [];
    for (const [k, t] of d.trucks.entries()) {
      let values: Row;
      if (t.kind === 1 && ownNext < own.length) {
        const truck = own[ownNext++]!;
        values = driverIds.length
          ? { carrierType: 1, companyTruckId: truck.truckId, driverStaffId: driverIds[k % driverIds.length], freight: '0.00' }
          : { carrierType: 1, companyTruckId: truck.truckId, driverName: ownDrivers[k % ownDrivers.length], driverPhone: `1391620${String(1000 + n * 10 + k).slice(-4)}`, freight: '0.00' };
      } else {
        const pool = t.kind === 3 && ownerDrivers.length ? ownerDrivers : carriers;
        if (!pool.length) continue;
        const dr = pool[(t.kind === 3 ? ownerNext++ : carrierNext++) % pool.length]!;
        // The carrier type follows the supplier's kind (承运商 2, 个体司机 3): the supplier picker is
        // filtered by it and the save refuses a mismatch, so an owner-driver truck without owner-drivers goes to a carrier.
        values = { carrierType: Number(dr.supplierType) === 2 ? 3 : 2, supplierId: dr.supplierId, platformTruckId: dr.platformTruckId, driverId: dr.driverId, freight: String(d.freight) };
        if (Number(d.freight) > 10000) Object.assign(values, { prepayAmount: String(Math.round(d.freight * 0.3)), oilCardAmount: String(Math.round(d.freight * 0.1)), arrivalPayAmount: '0', receiptPayAmount: String(d.freight - Math.round(d.freight * 0.3) - Math.round(d.freight * 0.1)) });
      }
      values.customerFreight = String(t.kind === 1 && d.freight === 0 ? d.price : Math.round(d.price * (d.freight ? 1 : 1)));
      // A carrier's guide price as its dispatcher agreed it: the freight, or below it for the
      // approval demos. Left blank it is worked out (server/dispatch/guide-price.ts), and the demo's
      // freights were set before the carriers' contracts priced their lines.
      if (t.guide) values.guidePrice = String(t.guide);
      else if (values.carrierType !== 1) values.guidePrice = values.freight;
      const s = await ctx.create(dispatcher, 'transportSchedule', { demandId, ...values, remark: k === 0 && d.oversize ? '夜间22:00后通行，护送车提前到位' : null });
      const id = Number(s.scheduleId);
      if (t.to === 0) {
        if (t.guide) await ctx.transition(dispatcher, 'transportSchedule', id, 'priceApproval');
        continue;
      }
      await ctx.transition(dispatcher, 'transportSchedule', id, 'dispatch');
      // 派车确认 stamps the clock; the demo's trucks were confirmed on their demand's day, half an
      // hour before loading (the dispatch board's 30-day trend and 今日派车 count by this time).
      await ctx.db.updateTable('transportSchedule').set({ dispatchedAt: iso(new Date(Math.min(at(0.5 + k).getTime(), Date.now()))) }).where('scheduleId', '=', id).execute();
      if (t.to === 5) {
        await ctx.transition(dispatcher, 'transportSchedule', id, 'cancel', { cancelReason: '车辆年检到期，改派其他车辆' });
        continue;
      }
      if (t.to === 10) continue;
      moving.push({ t, k, id, s });
    }
    // Every truck is dispatched before any runs: a demand whose trucks are all back is finished.
    for (const { t, k, id, s } of moving) {
      const pieces = Math.max(1, Math.min(Math.ceil(d.pieces / d.trucks.length), d.pieces - loaded));
      loaded += pieces;
      const share = (Number(d.weight) * pieces / d.pieces).toFixed(3);
      await ctx.transition(dispatcher, 'transportSchedule', id, 'load', { loadedAt: iso(at(1 + k)), loadedPieces: pieces, loadedWeight: share, permitNo: d.oversize ? `沪超限(2026)${String(1200 + n * 7 + k)}` : undefined, permitExpiry: d.oversize ? iso(at(24 * 20)).slice(0, 10) : undefined, nodeAddress: d.load[1] });
      if (t.to === 15) continue;
      await ctx.transition(dispatcher, 'transportSchedule', id, 'depart', { departedAt: iso(at(3 + k)), nodeAddress: d.load[1] });
      if (t.to === 25 || k === 0 && t.to >= 30 && n % 3 === 0) {
        await ctx.transition(dispatcher, 'transportSchedule', id, 'reportException', { exceptionType: d.oversize ? 4 : 1, exceptionDesc: d.oversize ? '嘉兴段道路管制，大件车白天禁行，待夜间放行' : '左后轮胎爆胎，就近更换', nodeAddress: '乍嘉苏高速嘉兴服务区' });
        if (t.to === 25) continue;
        await ctx.transition(dispatcher, 'transportSchedule', id, 'handleException', { nodeRemark: d.oversize ? '22:00放行，护送车引导通过' : '已更换备胎，继续行驶', nodeAddress: '乍嘉苏高速嘉兴服务区' });
      }
      if (t.to === 20) continue;
      const hours = 4 + k + d.km / 45;
      await ctx.transition(dispatcher, 'transportSchedule', id, 'arrive', { arrivedAt: iso(at(hours)), nodeAddress: d.unload[1] });
      if (t.to === 30) continue;
      await ctx.transition(dispatcher, 'transportSchedule', id, 'sign', { signedAt: iso(at(hours + 2)), nodeRemark: '收货人清点无误签收' });
      const receipt = (await ctx.db.selectFrom('receipt').select('receiptId').where('scheduleId', '=', id).executeTakeFirstOrThrow()) as { receiptId: number };
      if (t.to === 35 && !t.receipt) continue;
      await ctx.transition(dispatcher, 'receipt', receipt.receiptId, 'upload', { photos: photo(`回单_${s.scheduleNo}.jpg`), signedBy: '现场收货员', diffDesc: k === 1 ? '外包装轻微擦痕，不影响使用' : null });
      if (t.to === 35 && t.receipt === 5) continue;
      if (t.to === 35 && t.receipt === 10) {
        await ctx.transition(dispatcher, 'receipt', receipt.receiptId, 'reject', { rejectReason: '回单照片缺少收货单位盖章，请补拍' });
        continue;
      }
      await ctx.transition(dispatcher, 'receipt', receipt.receiptId, 'confirm');
      await ctx.transition(dispatcher, 'receipt', receipt.receiptId, 'returnOriginal', { expressCompany: '顺丰速运', expressNo: `SF${String(1409000000 + n * 100 + k)}` });
      if (t.paid) {
        const nodes = (await ctx.db.selectFrom('schedulePayment').select('paymentId').where('scheduleId', '=', id).where('payNodeStatus', '=', 5).orderBy('paymentId').execute()) as { paymentId: number }[];
        for (const p of nodes) {
          await ctx.transition(pm, 'schedulePayment', p.paymentId, 'apply');
          await ctx.transition(pm, 'schedulePayment', p.paymentId, 'pay', { paidAt: iso(at(hours + 30)) });
        }
      } else if (t.to === 40) {
        // a payment application waiting for approval
        const first = (await ctx.db.selectFrom('schedulePayment').select('paymentId').where('scheduleId', '=', id).where('payNodeStatus', '=', 5).orderBy('paymentId').executeTakeFirst()) as { paymentId: number } | undefined;
        if (first) await ctx.transition(pm, 'schedulePayment', first.paymentId, 'apply');
      }
      if (t.to === 45) await ctx.transition(pm, 'transportSchedule', id, 'settle');
    }
    if (d.terminate) await ctx.transition(dispatcher, 'transportDemand', demandId, 'terminate', { terminateReason: '业主现场基础未完工，暂停本批发运' });
  }
  // The demo's overdue receipts were chased before today (notices read, daily matters open, group
  // posts kept): a fresh server has no reminder left to pop up at its first hourly run.
  await remindOverdueReceipts(ctx.db, ctx.entities, ctx.now);
  await ctx.db.updateTable('notice').set({ status: 1 }).where('eventType', '=', RECEIPT_OVERDUE_EVENT).where('status', '=', 0).execute();
  // So were the own trucks' licences coming to an end (证照到期, its daily matters open).
  await remindExpiringTrucks(ctx.db, ctx.entities, ctx.now);
  await ctx.db.updateTable('notice').set({ status: 1 }).where('eventType', '=', TRUCK_EXPIRY_EVENT).where('status', '=', 0).execute();
}

export const dispatchSeeder: AreaSeeder = { name: 'dispatch', seed };
