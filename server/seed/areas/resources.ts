/**
 * Demo data of 运力资源 (DOMAIN §8 "suppliers 24", "bill platforms", "trucks"), made the way
 * people make it: 何俊 (调度主管) registers suppliers and submits them, the administrator
 * approves or rejects, invitations go through the SMS outbox, trucks and drivers are checked by
 * the automatic licence check and the failures decided on 人工审核. Runs first: the business
 * and project areas use these suppliers and trucks.
 */
import { makeUscc } from '../../../schemas/src/validators';
import { drainSmsOutbox, type SmsProvider } from '../../resources/sms';
import { verifySubject } from '../../resources/verify';
import { hookContext } from '../../crud/write';
import type { WriteContext } from '../../crud/write';
import type { AreaSeeder } from './seeder';
import type { SeedContext } from '../context';

const APPLICANT = '何俊';
const APPROVER = '系统管理员';
const MANAGERS = ['何俊', '王建国', '张伟'];

/** 18-digit resident ID with its ISO 7064 MOD 11-2 check character. */
export function makeIdCard(region: string, birth: string, seq: number): string {
  const body = `${region}${birth}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, c, i) => acc + Number(c) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

const mobile = (i: number) => `1${['39', '38', '37', '36', '35', '86', '88', '59', '58', '50'][i % 10]}${String(20000000 + ((i * 7919 + 4241) % 79999999)).padStart(8, '0')}`;

interface SupplierSeed {
  name: string; shortName?: string; type: 1 | 2 | 3 | 4 | 5; region: string; address: string; contact: string;
  verify: 0 | 5 | 10 | 15 | 20; register?: 5 | 10; disabled?: boolean; licence?: number; smsFails?: boolean;
  categories: number[]; taxRate: number; taxpayer: number;
}

// Licence expiry: days from today (negative = expired); carriers only.
const SUPPLIERS: SupplierSeed[] = [
  { name: '上海顺达货运有限公司', shortName: '顺达货运', type: 1, region: '310115', address: '上海市浦东新区川沙路1588号', contact: '钱国强', verify: 15, register: 10, licence: 400, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '江苏通程物流有限公司', shortName: '通程物流', type: 1, region: '320505', address: '苏州市虎丘区金山东路78号', contact: '孙海峰', verify: 15, register: 10, licence: 620, categories: [1, 2], taxRate: 9, taxpayer: 1 },
  { name: '安徽皖通大件运输有限公司', shortName: '皖通大件', type: 1, region: '340104', address: '合肥市蜀山区望江西路800号', contact: '程立军', verify: 15, register: 10, licence: 12, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '山东鲁通大件运输有限公司', shortName: '鲁通大件', type: 1, region: '370102', address: '济南市历下区经十路13777号', contact: '马振山', verify: 15, register: 10, licence: 26, categories: [1, 2], taxRate: 9, taxpayer: 1 },
  { name: '浙江恒运冷链运输有限公司', shortName: '恒运冷链', type: 1, region: '330106', address: '杭州市西湖区文三路259号', contact: '周立', verify: 15, disabled: true, licence: 300, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '上海沪申重型运输有限公司', shortName: '沪申重运', type: 1, region: '310113', address: '上海市宝山区泰和路2088号', contact: '顾德华', verify: 15, register: 10, licence: -20, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '江苏苏运大件物流有限公司', shortName: '苏运大件', type: 1, region: '320613', address: '南通市崇川区江海大道1号', contact: '陆明', verify: 15, register: 5, licence: 500, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '河南中原大件运输有限公司', shortName: '中原大件', type: 1, region: '410105', address: '郑州市金水区花园路139号', contact: '杜永亮', verify: 15, register: 5, smsFails: true, licence: 700, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '湖北楚天物流有限公司', shortName: '楚天物流', type: 1, region: '420106', address: '武汉市武昌区中北路108号', contact: '向红兵', verify: 5, licence: 450, categories: [1, 3], taxRate: 9, taxpayer: 1 },
  { name: '宁波港联运输有限公司', shortName: '港联运输', type: 1, region: '330206', address: '宁波市北仑区明州路550号', contact: '应海波', verify: 0, licence: 380, categories: [1], taxRate: 9, taxpayer: 2 },
  { name: '王德明', type: 2, region: '340102', address: '合肥市瑶海区长江东路1005号', contact: '王德明', verify: 15, register: 10, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '李长江', type: 2, region: '370203', address: '青岛市市北区辽宁路236号', contact: '李长江', verify: 15, register: 10, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '赵国华', type: 2, region: '320102', address: '南京市玄武区中山路18号', contact: '赵国华', verify: 15, register: 10, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '孙宝林', type: 2, region: '330402', address: '嘉兴市南湖区中山东路1202号', contact: '孙宝林', verify: 15, register: 5, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '周海涛', type: 2, region: '310118', address: '上海市青浦区公园路100号', contact: '周海涛', verify: 15, register: 5, smsFails: true, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '吴振东', type: 2, region: '410102', address: '郑州市中原区建设西路56号', contact: '吴振东', verify: 15, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '郑建军', type: 2, region: '420102', address: '武汉市江岸区解放大道1600号', contact: '郑建军', verify: 10, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '冯立新', type: 2, region: '340202', address: '芜湖市镜湖区北京东路26号', contact: '冯立新', verify: 0, categories: [1], taxRate: 1, taxpayer: 3 },
  { name: '南通联运物流有限公司', shortName: '南通联运', type: 3, region: '320613', address: '南通市崇川区人民中路20号', contact: '季志华', verify: 15, categories: [1, 2], taxRate: 9, taxpayer: 1 },
  { name: '上海捷安汽车租赁有限公司', shortName: '捷安租赁', type: 3, region: '310112', address: '上海市闵行区莘庄镇沁春路88号', contact: '郑斌', verify: 20, categories: [1], taxRate: 13, taxpayer: 1 },
  { name: '上海浦江吊装工程有限公司', shortName: '浦江吊装', type: 4, region: '310115', address: '上海市浦东新区外高桥港区港城路188号', contact: '沈卫东', verify: 15, categories: [2], taxRate: 9, taxpayer: 1 },
  { name: '嘉兴护航交通服务有限公司', shortName: '嘉兴护航', type: 4, region: '330402', address: '嘉兴市南湖区东升东路988号', contact: '褚晓峰', verify: 15, categories: [5], taxRate: 6, taxpayer: 1 },
  { name: '江苏畅行超限许可代办有限公司', shortName: '畅行许可', type: 4, region: '320106', address: '南京市鼓楼区中央路258号', contact: '汤亚军', verify: 5, categories: [5], taxRate: 6, taxpayer: 2 },
  { name: '中国人民财产保险股份有限公司上海市分公司', shortName: '人保财险上海分公司', type: 5, region: '310101', address: '上海市黄浦区中山南路700号', contact: '许静怡', verify: 15, categories: [5], taxRate: 6, taxpayer: 1 },
];

const SZ_SUPPLIERS: SupplierSeed[] = [
  { name: '苏州港联短驳运输有限公司', shortName: '港联短驳', type: 1, region: '320585', address: '太仓市港城大道88号', contact: '殷建国', verify: 15, licence: 420, categories: [1], taxRate: 9, taxpayer: 1 },
  { name: '昆山顺捷吊装服务有限公司', shortName: '顺捷吊装', type: 4, region: '320583', address: '昆山市前进东路555号', contact: '钮卫华', verify: 15, categories: [2], taxRate: 9, taxpayer: 1 },
];

const BILL_PLATFORMS = [
  { name: '路歌', platformFeeRate: '1.50', invoiceTaxRate: '9.00', maxBillAmount: '100000.00', remark: '网络货运平台：代付个体司机运费并开具9%货物运输服务发票' },
  { name: '中储智运', platformFeeRate: '1.80', invoiceTaxRate: '9.00', maxBillAmount: '100000.00', remark: '网络货运平台：大宗与长途整车，平台结算并开票' },
  { name: '快货运', platformFeeRate: '1.20', invoiceTaxRate: '9.00', maxBillAmount: '50000.00', remark: '网络货运平台：城际零担与整车，平台结算并开票' },
];

/** Every third organisation-record's SMS gateway answer in the demo's history: some numbers fail. */
function demoGateway(failing: Set<string>): SmsProvider {
  return { name: 'demo', send: async (m) => (failing.has(m.mobile) ? { ok: false, errorCode: '号码状态异常(空号或停机)' } : { ok: true }) };
}

async function seedSuppliers(ctx: SeedContext, org: 'sh' | 'sz', list: SupplierSeed[], applicant: string, approver: string, serialBase: number, platformId: number) {
  const w = await ctx.as(org, applicant);
  const a = await ctx.as(org, approver);
  const managers = org === 'sh' ? await Promise.all(MANAGERS.map((m) => ctx.staffId('sh', m))) : [w.session!.staffId];
  const failing = new Set<string>();
  const ids: number[] = [];
  for (const [i, s] of list.entries()) {
    const phone = mobile(serialBase + i);
    const expiry = s.licence !== undefined ? ctx.daysAgo(-s.licence).toISOString().slice(0, 10) : null;
    const row = await ctx.create(w, 'supplier', {
      name: s.name, shortName: s.shortName ?? null, supplierType: s.type,
      creditCode: s.type === 2 ? null : makeUscc(s.region, serialBase + i),
      idCardNo: s.type === 2 ? makeIdCard(s.region, `19${70 + (i % 20)}0${1 + (i % 9)}1${i % 9}`, 100 + i) : null,
      legalPerson: s.type === 2 ? null : s.contact, contactName: s.contact, contactPhone: phone,
      regionCode: s.region, address: s.address,
      transportLicenseNo: s.type === 1 ? `${s.region}${String(200000 + serialBase + i)}` : null, transportLicenseExpiry: s.type === 1 ? expiry : null,
      taxpayerType: s.taxpayer, defaultTaxRate: s.taxRate,
      invoiceTitle: s.type === 2 ? null : s.name, taxNo: s.type === 2 ? null : makeUscc(s.region, serialBase + i),
      bankName: ['中国工商银行', '中国建设银行', '招商银行', '中国农业银行', '交通银行'][i % 5], bankAccount: `6222${String(100000000000 + (serialBase + i) * 7717).slice(0, 12)}`,
      serviceCategories: s.categories, vehicleCount: s.type === 1 ? 6 + ((i * 7) % 50) : s.type === 2 ? 1 : 0,
      managerStaffId: managers[i % managers.length], billPlatformId: s.type === 2 ? platformId : null,
      creditDays: s.type === 2 ? 0 : [30, 45, 60][i % 3], remark: null,
    });
    const id = Number(row.supplierId);
    ids.push(id);
    if (s.verify >= 5) {
      await ctx.transition(w, 'supplier', id, 'submit');
      if (s.verify === 10) await ctx.decide(a, 'supplier', id, false, '营业执照与身份证信息不一致，请核对后重新提交');
      if (s.verify === 15 || s.verify === 20) await ctx.decide(a, 'supplier', id, true, '资料齐全，同意合作');
      if (s.verify === 20) {
        await ctx.transition(w, 'supplier', id, 'applyCancel', { cancelReason: '车辆老旧且长期无业务往来，终止合作' });
        await ctx.decide(a, 'supplier', id, true, '同意注销');
      }
    }
    if (s.disabled) await ctx.transition(w, 'supplier', id, 'disable', {}, '连续两次货损，暂停合作');
    if (s.register) {
      await ctx.transition(w, 'supplier', id, 'inviteRegister');
      if (s.smsFails) failing.add(phone);
    }
    await ctx.backdate('supplier', id, ctx.daysAgo(360 - i * 13));
  }
  // The gateway reported on each invitation; registered suppliers completed registration.
  await drainSmsOutbox(ctx.db, demoGateway(failing), 1000);
  for (const [i, s] of list.entries()) if (s.register === 10) await ctx.transition(w, 'supplier', ids[i]!, 'registered');
  return ids;
}

const TRUCKS = [
  { plate: '沪DK7352', kind: 1, color: 2, heavy: true, brand: '解放J7 CA4250P77K25T1E6', axles: 3, traction: '100.000', status: 2 },
  { plate: '沪DK7353', kind: 1, color: 2, heavy: true, brand: '解放J7 CA4250P77K25T1E6', axles: 3, traction: '100.000', status: 2 },
  { plate: '苏EH2875', kind: 1, color: 2, heavy: true, brand: '奔驰Actros 4151', axles: 4, traction: '250.000', status: 1, inspection: 18 },
  { plate: '沪DK7355', kind: 1, color: 2, heavy: true, brand: '重汽汕德卡C7H', axles: 3, traction: '90.000', status: 3 },
  { plate: '沪D1235挂', kind: 5, color: 2, heavy: true, brand: '苏州大方 DFT9400TDP', axleLines: 10, load: '300.000', status: 2 },
  { plate: '沪D1236挂', kind: 5, color: 2, heavy: true, brand: '苏州大方 DFT9400TDP', axleLines: 12, load: '360.000', status: 1, inspection: -9 },
  { plate: '沪D2068挂', kind: 2, color: 2, heavy: true, brand: '华骏 ZCZ9400TDP', axles: 3, load: '60.000', status: 2 },
  { plate: '沪D2071挂', kind: 3, color: 2, heavy: true, brand: '通华 THT9401TDP', axles: 3, load: '50.000', status: 1 },
  { plate: '沪D2083挂', kind: 4, color: 2, heavy: true, brand: '中集 ZJV9400TDPGD', axles: 4, load: '80.000', status: 4 },
  { plate: '沪DQ9531', kind: 9, color: 2, heavy: false, brand: '徐工 XCT55L5', axles: 4, status: 1, inspection: 25 },
  { plate: '沪BQ2816', kind: 10, color: 1, heavy: false, brand: '长城炮 CC1031PA4A', axles: 2, status: 1 },
  { plate: '沪BF3372', kind: 7, color: 1, heavy: false, brand: '江铃 JX5044XXYTGA2', axles: 2, load: '1.495', status: 5 },
];

const PLATFORM_PLATES = [
  '皖A8K339', '鲁B7G215', '浙F3D928', '沪A02358D', '苏E6M721', '豫A3L905', '鄂A7J226', '冀B5C781', '皖C2H557', '鲁A9F332',
  '浙B1R846', '苏F8T419', '豫K5N604', '鄂F2Q973', '皖A5V118', '鲁C3W287', '浙A6X540', '苏A2Y763', '沪D5Z392', '赣A4B915',
  '皖B9E264', '鲁H6P731', '浙C7S158', '苏D4U827', '豫B8G496', '鄂E1K635', '冀A3M249', '湘A9N872', '浙AD12345', '苏B7R310',
  '皖K1T689', '鲁F4V527', '浙G2W964', '苏H8X153', '豫C6Y718', '鄂B5Z246', '沪B3C847', '闽A2D391', '皖E7F582', '鲁D9H467',
];

const DRIVER_NAMES = [
  '高志刚', '董海军', '韩德胜', '曹玉龙', '彭建新', '蒋国富', '田永平', '袁卫国', '潘志勇', '于长海',
  '杜宏伟', '叶振华', '程立国', '魏东升', '苏建平', '吕志明', '丁学军', '任春生', '沈金龙', '姚保国',
  '卢海洋', '姜立伟', '崔文斌', '钟国强', '谭永刚', '陆建华', '汪德林', '范志军', '金海峰', '石秀山',
];

async function seedTrucks(ctx: SeedContext, supplierIds: number[]) {
  const w = await ctx.as('sh', APPLICANT);
  const reviewer = await ctx.as('sh', APPROVER);
  const dep = (await ctx.db.selectFrom('department').select('depId').where('orgId', '=', ctx.orgIds.sh).where('name', '=', '干线调度组').executeTakeFirst()) as { depId: number } | undefined;
  const day = (d: number) => ctx.daysAgo(-d).toISOString().slice(0, 10);
  for (const [i, t] of TRUCKS.entries()) {
    const row = await ctx.create(w, 'companyTruck', {
      truckLicensePlate: t.plate, plateColor: t.color, vehicleKind: t.kind, isHeavy: t.heavy, brandModel: t.brand,
      vin: `LFWSRXRJ${String(1000000000 + i * 7919331).slice(0, 9)}`.slice(0, 17), axles: t.axles ?? null, axleLines: t.axleLines ?? null,
      tractionMass: t.traction ?? null, approvedLoad: t.load ?? null,
      registerDate: day(-400 - i * 90), inspectionExpiry: day(t.inspection ?? 120 + i * 23),
      roadTransportNo: `沪交运管货字310000${String(620000 + i)}号`, roadTransportExpiry: day(300 + i * 17),
      compulsoryInsuranceExpiry: day(90 + i * 19), commercialInsuranceExpiry: day(90 + i * 19),
      gpsTerminalNo: t.kind === 1 ? `BD${String(13800000 + i * 37)}` : null,
      // Default drivers are staff marked 驾驶员; they arrive later (组织架构 import), and the dispatch area assigns them.
      trailerPlate: t.kind === 1 && i < 2 ? `沪D${1235 + i}挂` : null, depId: dep?.depId ?? null,
      originalValue: t.kind === 1 ? '680000.00' : t.kind === 5 ? '1850000.00' : '320000.00',
    });
    const id = Number(row.truckId);
    if (t.status === 2) await ctx.transition(w, 'companyTruck', id, 'assign');
    if (t.status === 3) await ctx.transition(w, 'companyTruck', id, 'repair', {}, '变速箱异响，进厂检修');
    if (t.status === 4) await ctx.transition(w, 'companyTruck', id, 'disable', {}, '闲置封存');
    if (t.status === 5) await ctx.transition(w, 'companyTruck', id, 'scrap', {}, '达到强制报废年限');
    await ctx.backdate('companyTruck', id, ctx.daysAgo(350 - i * 20));
  }

  // Platform trucks of the carriers and owner-drivers in use (15, status 1).
  const active = (await ctx.db.selectFrom('supplier').select(['supplierId', 'supplierType', 'name']).where('supplierId', 'in', supplierIds)
    .where('verifyStatus', '=', 15).where('status', '=', 1).where('supplierType', 'in', [1, 2]).orderBy('supplierId').execute()) as { supplierId: number; supplierType: number; name: string }[];
  const hctx = hookContext(w as WriteContext, ctx.entities.platformTruck!);
  const truckIds: number[] = [];
  for (const [i, plate] of PLATFORM_PLATES.entries()) {
    const owner = active[i % active.length]!;
    const kind = plate.length === 8 ? 7 : [8, 8, 1, 7, 2, 8][i % 6]!;
    const color = plate.length === 8 ? (/^.[A-Z]\d{5}/.test(plate) ? 93 : 94) : kind === 7 && i % 4 === 0 ? 1 : 2;
    // 4 never checked; 4 fail the check (3 still pending review, 1 rejected); 4 fail then pass review; the rest pass.
    const fails = i >= 28 && i < 36;
    const row = await ctx.create(w, 'platformTruck', {
      truckLicensePlate: plate, plateColor: color, vehicleKind: kind, vehicleLength: kind === 7 ? '9.6' : kind === 8 ? '13.0' : '17.5',
      approvedLoad: kind === 7 ? '18.000' : kind === 1 ? null : '32.000', axles: kind === 7 ? 3 : 6, supplierId: owner.supplierId,
      ownerName: owner.supplierType === 2 ? owner.name : owner.name, roadTransportNo: fails && i % 2 === 0 ? null : `${String(340100 + i)}00${String(1000 + i * 37)}`,
      roadTransportExpiry: day(fails && i % 2 === 1 ? -30 - i : 200 + i * 9), inspectionExpiry: day(60 + i * 7),
    });
    const id = Number(row.platformTruckId);
    truckIds.push(id);
    if (i < 36) await verifySubject(hctx, 'platformTruck', id, ctx.now);
    await ctx.backdate('platformTruck', id, ctx.daysAgo(300 - i * 6));
  }
  // Reviews: 4 passed, 1 rejected; the others stay pending.
  const reviews = (await ctx.db.selectFrom('manualReview').select(['manualReviewId']).where('orgId', '=', ctx.orgIds.sh).where('auditState', '=', 5).orderBy('manualReviewId').execute()) as { manualReviewId: number }[];
  for (const [k, r] of reviews.entries()) {
    if (k < 4) await ctx.transition(reviewer, 'manualReview', r.manualReviewId, 'pass', {}, '证件原件已核对');
    else if (k === 4) await ctx.transition(reviewer, 'manualReview', r.manualReviewId, 'reject', { rejectReason: '道路运输证照片模糊，无法核对有效期' });
  }
  await ctx.transition(w, 'platformTruck', truckIds[7]!, 'blacklist', { blacklistReason: '装货后私自转包并延误两天' });

  // Drivers: each owner-driver drives their own truck; carriers' drivers drive the carriers' trucks.
  const trucks = (await ctx.db.selectFrom('platformTruck').select(['platformTruckId', 'supplierId', 'vehicleKind']).where('platformTruckId', 'in', truckIds).orderBy('platformTruckId').execute()) as { platformTruckId: number; supplierId: number; vehicleKind: number }[];
  const dctx = hookContext(w as WriteContext, ctx.entities.driver!);
  for (const [i, name] of DRIVER_NAMES.entries()) {
    const truck = trucks[i]!;
    const row = await ctx.create(w, 'driver', {
      name, mobile: mobile(500 + i), idCardNo: makeIdCard(['340104', '370102', '320102', '410105'][i % 4]!, `19${72 + (i % 18)}0${1 + (i % 9)}2${i % 8}`, 300 + i),
      licenseClass: truck.vehicleKind === 1 || i % 3 === 0 ? 2 : 4, licenseExpiry: day(i === 29 ? -12 : 365 + i * 30),
      qualificationCertNo: `${340100 + i}${String(19800000 + i * 131)}`, qualificationExpiry: day(500 + i * 11),
      supplierId: truck.supplierId, platformTruckId: truck.platformTruckId,
    });
    const id = Number(row.driverId);
    if (i < 28 || i === 29) await verifySubject(dctx, 'driver', id, ctx.now);
    await ctx.backdate('driver', id, ctx.daysAgo(290 - i * 7));
  }
  // Reviews read as filed when the checks ran, over the last weeks.
  const all = (await ctx.db.selectFrom('manualReview').select('manualReviewId').where('orgId', '=', ctx.orgIds.sh).orderBy('manualReviewId').execute()) as { manualReviewId: number }[];
  for (const [k, r] of all.entries()) {
    const at = ctx.daysAgo(40 - k * 4);
    await ctx.backdate('manualReview', r.manualReviewId, at);
    await ctx.db.updateTable('manualReview').set({ submittedAt: at.toISOString() }).where('manualReviewId', '=', r.manualReviewId).execute();
  }
}

export const resourcesSeeder: AreaSeeder = {
  name: 'resources',
  async seed(ctx) {
    const before = (await ctx.db.selectFrom('notice').select(ctx.db.fn.max('noticeId').as('id')).executeTakeFirst()) as { id: number | null };
    const beforeMessage = (await ctx.db.selectFrom('message').select(ctx.db.fn.max('messageId').as('id')).executeTakeFirst()) as { id: number | null };
    const w = await ctx.as('sh', APPLICANT);
    const platformIds: number[] = [];
    for (const p of BILL_PLATFORMS) platformIds.push(Number((await ctx.create(w, 'billPlatform', p)).billPlatformId));
    const ids = await seedSuppliers(ctx, 'sh', SUPPLIERS, APPLICANT, APPROVER, 3000, platformIds[0]!);
    await seedSuppliers(ctx, 'sz', SZ_SUPPLIERS, '陆建平', '系统管理员', 3500, platformIds[0]!);
    await seedTrucks(ctx, ids);
    // The notices of this demo history (approvals, reviews) were seen long ago; the 日常事项 stay.
    await ctx.db.updateTable('notice').set({ status: 1 }).where('corpId', '=', ctx.corpId).where('noticeId', '>', before.id ?? 0).where('status', '=', 0).execute();
    // Daily matters of decided approvals and reviews are done; those still waiting (pending
    // suppliers, pending manual reviews) stay on the approvers' 日常事项.
    const waitingSuppliers = (await ctx.db.selectFrom('supplier').select('supplierId').where('corpId', '=', ctx.corpId).where('verifyStatus', 'in', [5, 25]).execute()) as { supplierId: number }[];
    const waitingReviews = (await ctx.db.selectFrom('manualReview').select('subjectId').where('corpId', '=', ctx.corpId).where('auditState', '=', 5).execute()) as { subjectId: number }[];
    await ctx.db.updateTable('message').set({ handled: true }).where('corpId', '=', ctx.corpId).where('messageId', '>', beforeMessage.id ?? 0)
      .where((eb) => eb.not(eb.or([
        eb.and([eb('eventType', '=', 2), eb('eventSubjectId', 'in', [0, ...waitingSuppliers.map((r) => r.supplierId)])]),
        eb.and([eb('eventType', '=', 3), eb('eventSubjectId', 'in', [0, ...waitingReviews.map((r) => r.subjectId)])]),
      ]))).execute();
    await ctx.create(w, 'bulkConfig', {
      fuelPrice: '7.35', emptyFuelPer100: '32.0', loadedFuelPer100: '55.0',
      tollRates: [{ axles: 2, yuanPerKm: 0.6 }, { axles: 3, yuanPerKm: 1.2 }, { axles: 4, yuanPerKm: 1.6 }, { axles: 6, yuanPerKm: 2.0 }],
      depreciationPerDay: '520.00', tyrePerKm: '0.45', maintenancePerKm: '0.60', insurancePerDay: '95.00',
      driverDailyAllowance: '300.00', escortDailyAllowance: '260.00', operatorDailyAllowance: '280.00', overtimeHourRate: '45.00',
      mealAllowance: '60.00', lodgingCap: '260.00', managementFeeRate: '8.00', truckOverrides: [],
    });
  },
};
