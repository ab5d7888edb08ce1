/**
 * Demo data of 商务拓展 and 收入 (DOMAIN §8 row 商务, the customer additions, driver incomes), made
 * by the people who would make it, through the screens' write pipeline: numbers, timelines,
 * approvals, notices and operation logs exist as if typed in. Runs after the resources area, so
 * it invites whichever suppliers are active then (three on a bare group, two dozen with 运力资源).
 */
import { makeUscc } from '../../../schemas/src/validators';
import { createRecord, type WriteContext } from '../../crud/write';
import { nextNumber } from '../../crud/numbering';
import type { SeedContext } from '../context';
import type { OrgKey } from '../demo-data';
import type { AreaSeeder } from './seeder';

type Row = Record<string, any>;

/** 业务流程设置 for the business approvals, unless the organisation already has one. */
async function processTemplates(ctx: SeedContext, org: OrgKey) {
  const admin = await ctx.as(org, '系统管理员');
  const role = async (code: string) => ((await ctx.db.selectFrom('role').select('roleId').where('corpId', '=', ctx.corpId).where('code', '=', code).executeTakeFirst()) as { roleId: number }).roleId;
  const templates = [
    { name: '客户审核', bizType: 11, nodes: [{ name: '商务经理审核', approverType: 2, approverIds: [await role('bizManager')] }] },
    { name: '对客报价审核', bizType: 18, nodes: [
      { name: '商务经理审核', approverType: 2, approverIds: [await role('bizManager')] },
      // A margin below the alert line (系统配置 quoteMarginAlertPct, 8 % by default) also needs the general manager.
      { name: '总经理审批(低毛利)', approverType: 2, approverIds: [await role('gm')], when: { field: 'marginRate', op: 'lt', setting: 'quoteMarginAlertPct', value: 8 } },
    ] },
  ];
  for (const t of templates) {
    const exists = await ctx.db.selectFrom('processTemplate').select('processTemplateId').where('orgId', '=', ctx.orgIds[org]).where('bizType', '=', t.bizType).where('enabled', '=', true).executeTakeFirst();
    if (!exists) await ctx.create(admin, 'processTemplate', { ...t, enabled: true, remark: '演示流程' });
  }
}

const iso = (d: Date) => d.toISOString();

/** A record created as on that day: its document number carries that day, like the one it would have got then. */
async function createOn(ctx: SeedContext, w: WriteContext, name: string, values: Row, at: Date): Promise<Row> {
  const e = ctx.entities[name]!;
  const number = e.number ? { [e.number.field]: await nextNumber(ctx.db, w.session!, e.number.prefix, at) } : {};
  return createRecord(w, e, { ...values, ...number }, { system: true });
}
const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const money = (n: number) => n.toFixed(2);

interface Actors {
  business: WriteContext; bizmgr: WriteContext; gm: WriteContext; planner: WriteContext; admin: WriteContext;
  chenjing: WriteContext; liuyang: WriteContext;
}

/** A customer made by a business person and approved by the manager (bizType 11). */
async function approvedCustomer(ctx: SeedContext, who: WriteContext, approver: WriteContext, values: Row): Promise<Row> {
  const c = await ctx.create(who, 'customer', values);
  await ctx.transition(who, 'customer', c.customerId, 'submit');
  await ctx.decide(approver, 'customer', c.customerId, true, '资料齐全，同意');
  return c;
}

async function customers(ctx: SeedContext, a: Actors): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  // Base demo customers waiting for review get a real pending approval (the base seed wrote only the state).
  const waiting = await ctx.db.selectFrom('customer').select(['customerId', 'orgId']).where('corpId', '=', ctx.corpId).where('verifyStatus', '=', 5).execute() as Row[];
  for (const w of waiting) {
    const org = (Object.keys(ctx.orgIds) as OrgKey[]).find((k) => ctx.orgIds[k] === w.orgId)!;
    if (org === 'gz') continue;
    await ctx.db.updateTable('customer').set({ verifyStatus: 0 }).where('customerId', '=', w.customerId).execute();
    const submitter = org === 'sh' ? a.business : await ctx.as('sz', '周杰');
    await ctx.transition(submitter, 'customer', w.customerId, 'submit');
  }

  // 上海电气 as a group: the holding company above 电气物资 (base demo) and a new wind-power subsidiary.
  const group = await approvedCustomer(ctx, a.business, a.bizmgr, {
    name: '上海电气集团股份有限公司', shortName: '上海电气', customerType: 1, customerLevel: 1, industry: '电力设备', regionCode: '310101',
    address: '上海市黄浦区四川中路110号', contactName: '陆文杰', contactPhone: '13801763325', creditCode: makeUscc('310101', 3001),
    managerStaffId: await ctx.staffId('sh', '周慧敏'), source: 4, creditDays: 60, invoiceTitle: '上海电气集团股份有限公司', invoiceType: 1,
    contacts: [{ name: '陆文杰', post: '物流采购经理', mobile: '13801763325' }, { name: '韩晓梅', post: '项目计划', mobile: '13918826617' }],
  });
  ids.group = group.customerId;
  const materials = await ctx.db.selectFrom('customer').select(['customerId', 'version']).where('orgId', '=', ctx.orgIds.sh).where('shortName', '=', '电气物资').executeTakeFirst() as Row | undefined;
  if (materials) {
    await ctx.update(a.business, 'customer', materials.customerId, { parentCustomerId: group.customerId });
    ids.materials = materials.customerId;
  }
  const wind = await approvedCustomer(ctx, a.business, a.bizmgr, {
    name: '上海电气风电集团股份有限公司', shortName: '上海电气风电', customerType: 1, customerLevel: 1, industry: '风电设备', regionCode: '310115',
    address: '上海市浦东新区龙东大道3000号', contactName: '钱浩', contactPhone: '13671825594', creditCode: makeUscc('310115', 3002),
    managerStaffId: await ctx.staffId('sh', '周慧敏'), source: 5, creditDays: 90, parentCustomerId: group.customerId, invoiceType: 1,
  });
  ids.wind = wind.customerId;
  const mingyang = await approvedCustomer(ctx, a.chenjing, a.bizmgr, {
    name: '明阳智慧能源集团股份公司', shortName: '明阳智能', customerType: 1, customerLevel: 2, industry: '风电设备', regionCode: '320623',
    address: '江苏省南通市如东县洋口港经济开发区', contactName: '梁志远', contactPhone: '13760312281', creditCode: makeUscc('320623', 3003),
    managerStaffId: await ctx.staffId('sh', '陈静'), source: 2, creditDays: 60, invoiceType: 1,
  });
  ids.mingyang = mingyang.customerId;
  const zpmc = await approvedCustomer(ctx, a.business, a.bizmgr, {
    name: '上海振华重工(集团)股份有限公司', shortName: '振华重工', customerType: 1, customerLevel: 1, industry: '港口机械', regionCode: '310115',
    address: '上海市浦东新区东方路3261号', contactName: '郁晓东', contactPhone: '13916620038', creditCode: makeUscc('310115', 3004),
    managerStaffId: await ctx.staffId('sh', '周慧敏'), source: 4, creditDays: 60, invoiceType: 5,
  });
  ids.zpmc = zpmc.customerId;

  // Suzhou serves 振华重工's parts for 洋山 too (DOMAIN §5.2).
  const szBiz = await ctx.as('sz', '周杰');
  const szAdmin = await ctx.as('sz', '系统管理员');
  const szZpmc = await ctx.create(szBiz, 'customer', {
    name: '上海振华重工(集团)股份有限公司', shortName: '振华重工', customerType: 1, customerLevel: 1, industry: '港口机械', regionCode: '310115',
    address: '上海市浦东新区东方路3261号', contactName: '郁晓东', contactPhone: '13916620038', creditCode: makeUscc('310115', 3004),
    managerStaffId: await ctx.staffId('sz', '周杰'), source: 4, creditDays: 45,
  });
  await ctx.transition(szBiz, 'customer', szZpmc.customerId, 'submit');
  await ctx.decide(szAdmin, 'customer', szZpmc.customerId, true, '同意');

  // Temporary customers, entered quickly from enquiries and not yet verified.
  const temps = [
    ['南通中天海缆物流部', '中天海缆', '徐工', '13862871150'], ['江阴兴澄特钢储运中心', '兴澄特钢', '季明', '13951510082'],
    ['宁波舟山港梅山码头', '梅山码头', '叶军', '13805844417'], ['湖州长兴变电站建设项目部', '长兴变电站', '沈斌', '13757205536'],
    ['启东中远海运重工采购部', '中远重工', '曹宇', '13962706648'], ['盐城大丰海上风电项目部', '大丰风电', '陈涛', '13815591230'],
  ];
  for (const [i, [name, shortName, contactName, contactPhone]] of temps.entries()) {
    const who = i % 2 ? a.chenjing : a.business;
    const t = await ctx.create(who, 'customer', { name, shortName, contactName, contactPhone, isTemporary: true, source: 1, customerLevel: 4,
      managerStaffId: who.session!.staffId, remark: '询价时新建的临时客户，待补全资料后提交审核' });
    ids[`temp${i}`] = t.customerId;
    await ctx.backdate('customer', t.customerId, ctx.daysAgo(20 + i * 9));
  }

  // 华运冷链 (disabled) keeps its own customers: they must stay unreachable from the other organisations.
  const gz = await ctx.as('gz', '吴桂芳');
  const gzAdmin = await ctx.as('gz', '系统管理员');
  const gzList = [
    ['广州酒家集团利口福食品有限公司', '利口福', '440113'], ['广州风行乳业股份有限公司', '风行乳业', '440106'],
    ['广东温氏食品集团冷链物流部', '温氏冷链', '445302'], ['广州江楠农产品冷链有限公司', '江楠冷链', '440111'], ['珠海格力电器冷链配送中心', '格力冷链', '440402'],
  ];
  for (const [i, [name, shortName, region]] of gzList.entries()) {
    const c = await ctx.create(gz, 'customer', { name, shortName, regionCode: region, customerLevel: (i % 3) + 2, creditCode: makeUscc(region!, 3100 + i), contactPhone: `1392508${String(7100 + i)}` });
    await ctx.transition(gz, 'customer', c.customerId, 'submit');
    await ctx.decide(gzAdmin, 'customer', c.customerId, true);
  }
  return ids;
}

/** The 40 clues of DOMAIN §8 (60 % 大件): name, cargo, dims (t, m), route, amount. */
const CLUES: [string, string, number, number, number, number, string, string, number][] = [
  ['上海电气临港—湖州长兴220kV主变运输', '220kV主变压器', 220, 11.2, 3.6, 4.3, '310115', '330522', 1860000],
  ['明阳如东风电叶片短驳', '风电叶片(90m)', 28, 90, 4.5, 4.2, '320623', '320623', 960000],
  ['振华QC-2309岸桥部件运输', '岸桥前大梁', 85, 42, 4.8, 5.2, '310115', '310115', 1280000],
  ['上海电气风电塔筒运输(大丰)', '风电塔筒', 62, 28, 4.6, 4.6, '310115', '320904', 720000],
  ['宝钢热轧卷板干线运输', '热轧卷板', 28, 2.1, 2.1, 1.6, '310113', '320505', 160000],
  ['中天海缆电缆盘运输', '海缆电缆盘', 96, 8.5, 8.5, 5.1, '320623', '330902', 540000],
  ['兴澄特钢大型锻件运输', '大型锻件', 140, 12.5, 3.2, 3.1, '320281', '310115', 620000],
  ['梅山码头岸桥小车架短驳', '岸桥小车架', 48, 18, 5.2, 3.8, '330206', '330206', 210000],
  ['电气物资GIS设备运输', 'GIS组合电器', 36, 9.6, 2.9, 3.4, '310112', '340104', 280000],
  ['上汽零部件厂际循环取货', '汽车零部件', 8, 9.6, 2.4, 2.6, '310114', '310114', 96000],
  ['长兴变电站主变附件运输', '主变附件', 18, 6.2, 2.4, 2.8, '310115', '330522', 88000],
  ['中远重工船用发动机运输', '船用低速柴油机', 210, 14.8, 6.2, 8.1, '320681', '310115', 2350000],
  ['华虹材料洁净设备运输', '洁净室设备', 12, 7.2, 2.8, 3.1, '310115', '320576', 62000],
  ['大丰海上风电单桩运输', '风电单桩基础', 320, 60, 7, 7, '320904', '320904', 2680000],
  ['三菱电梯曳引机运输', '电梯曳引机', 9, 3.2, 2.1, 2.2, '310112', '310117', 38000],
  ['巴斯夫反应釜运输', '化工反应釜', 75, 16, 4.9, 5.0, '310115', '310116', 430000],
  ['东方纺织设备搬迁运输', '纺织设备', 22, 11, 2.5, 3.0, '310106', '320505', 120000],
  ['电气物资换流变压器运输', '±800kV换流变', 290, 12.6, 3.9, 4.9, '310112', '420114', 3120000],
  ['振华QC-2311起升卷筒运输', '起升卷筒', 32, 8.1, 3.3, 3.3, '310115', '310115', 150000],
  ['汉钟精机压缩机运输', '螺杆压缩机', 14, 5.2, 2.3, 2.6, '310118', '440113', 72000],
  ['隧道材料盾构机刀盘运输', '盾构机刀盘', 110, 12.6, 12.6, 2.2, '310104', '320583', 580000],
  ['安吉汽运商品车滚装接驳', '商品车', 12, 4.8, 1.9, 1.6, '310114', '310115', 45000],
  ['上海电气临港燃机转子运输', '燃气轮机转子', 120, 11.5, 3.4, 3.6, '310115', '441900', 980000],
  ['外高桥保税区冷箱短驳', '冷藏集装箱', 28, 12.2, 2.4, 2.9, '310115', '310115', 36000],
  ['明阳叶片二期短驳', '风电叶片(100m)', 32, 100, 4.8, 4.4, '320623', '320623', 1120000],
  ['中远集服集装箱干线', '集装箱', 26, 12.2, 2.4, 2.6, '310115', '330206', 58000],
  ['光明冷链城市配送', '乳制品', 6, 9.6, 2.4, 2.6, '310112', '310101', 28000],
  ['海立电器压缩机批量运输', '空调压缩机', 24, 12, 2.4, 2.7, '310115', '340104', 66000],
  ['联华超市节日加班运输', '日用百货', 10, 9.6, 2.4, 2.6, '310107', '310107', 32000],
  ['城投环境垃圾焚烧炉排运输', '炉排模块', 58, 12, 4.2, 3.9, '310101', '310117', 260000],
  ['华谊新材储罐运输', '化工储罐', 46, 18, 4.6, 4.6, '310116', '310116', 190000],
  ['紫江包装设备运输', '吹瓶机', 16, 8.6, 2.5, 2.9, '310112', '320505', 54000],
  ['振华港机轮胎吊运输', '轮胎吊整机', 160, 26, 9, 8, '310115', '320581', 890000],
  ['电气物资电抗器运输', '高压电抗器', 85, 7.8, 3.1, 4.0, '310112', '330106', 360000],
  ['宝钢冷轧设备改造运输', '轧机牌坊', 180, 11.8, 4.2, 3.6, '310113', '310113', 760000],
  ['上药分销医药冷链', '医药冷链', 4, 7.2, 2.3, 2.5, '310106', '320505', 22000],
  ['德邦分拨中心设备搬迁', '分拣设备', 30, 12, 2.5, 3.2, '310118', '310118', 84000],
  ['盒马前置仓冷链配送', '生鲜', 5, 7.2, 2.3, 2.4, '310115', '310115', 18000],
  ['新华物流图书干线', '图书', 18, 9.6, 2.4, 2.6, '310110', '340104', 42000],
  ['梅林食品节日配送', '食品', 8, 9.6, 2.4, 2.6, '310110', '310110', 26000],
];

const FOLLOWS = [
  [1, '电话沟通运输需求与时间窗口，客户预计下月发运'], [2, '上门拜访物流经理，了解装卸条件和现场道路'], [3, '微信发送公司大件运输业绩与资质材料'],
  [5, '会同方案工程师踏勘起运点及沿线限高、桥梁'], [4, '邮件发送初步运输方案与报价口径'], [1, '电话确认招标时间表，要求提供护送及许可代办方案'],
  [2, '拜访采购部，客户关注时效与保险责任'], [3, '客户反馈预算偏紧，需优化车组配置'],
] as const;

async function clues(ctx: SeedContext, a: Actors, customerIds: Record<string, number>): Promise<Row[]> {
  const pool = await ctx.db.selectFrom('customer').select(['customerId', 'shortName']).where('orgId', '=', ctx.orgIds.sh).where('verifyStatus', '=', 15).orderBy('customerId').execute() as Row[];
  const byShort = (s: string) => pool.find((c) => c.shortName === s)?.customerId;
  const preferred: Record<number, number | undefined> = {
    0: customerIds.group, 1: customerIds.mingyang, 2: customerIds.zpmc, 3: customerIds.wind, 4: byShort('宝钢物流'), 5: customerIds.temp0, 6: customerIds.temp1,
    7: customerIds.temp2, 8: customerIds.group, 9: byShort('上汽零部件'), 10: customerIds.temp3, 12: byShort('华虹材料'),
    // Clues take approved customers (or temporary ones, c5–c10, not quoted); 电气物资 of the base demo is not approved.
    14: byShort('三菱电梯配件'), 15: byShort('巴斯夫物流'), 17: customerIds.group, 18: customerIds.zpmc, 22: customerIds.group,
    24: customerIds.mingyang, 32: customerIds.zpmc, 33: customerIds.group,
  };
  const out: Row[] = [];
  for (const [i, [name, cargoName, weight, length, width, height, from, to, amount]] of CLUES.entries()) {
    const who = i % 5 === 3 ? a.chenjing : i % 7 === 4 ? a.liuyang : a.business;
    const customerId = preferred[i] ?? pool[(i * 7) % pool.length]!.customerId;
    const created = ctx.daysAgo(360 - i * 8.5);
    const clue = await createOn(ctx, who, 'clue', {
      name, customerId, cargoName, maxPieceWeight: String(weight), length: String(length), width: String(width), height: String(height),
      pieces: weight > 100 ? 1 : 1 + (i % 6), fromRegionCode: from, toRegionCode: to, expectedAmount: money(amount),
      source: [1, 2, 3, 4, 5, 6][i % 6], serviceCategory: i % 9 === 8 ? 4 : 1, businessTypeId: null,
      expectedStartDate: day(new Date(created.getTime() + 40 * 86400_000)), competitor: i % 3 === 0 ? '中外运大件、上海远通' : null,
      fromAddress: '客户工厂/码头', toAddress: '项目现场',
    }, created);
    out.push({ ...clue, createdDate: created, who });
  }
  return out;
}

async function followUps(ctx: SeedContext, clue: Row, count: number, dueToday: boolean) {
  const start = clue.createdDate as Date;
  let last: Row | null = null;
  for (let k = 0; k < count; k += 1) {
    const [followType, content] = FOLLOWS[(Number(clue.clueId) + k) % FOLLOWS.length]!;
    const at = new Date(start.getTime() + (k + 1) * 3.5 * 86400_000);
    const next = dueToday && k === count - 1 ? day(ctx.now) : day(new Date(at.getTime() + 7 * 86400_000));
    last = await ctx.create(clue.who, 'clueFollow', { clueId: clue.clueId, followType, content, followAt: iso(at), nextFollowDate: next });
    await ctx.backdate('clueFollow', last.followId, at);
  }
}

interface Supplier { supplierId: number; name: string }

async function activeSuppliers(ctx: SeedContext): Promise<Supplier[]> {
  const e = ctx.entities.supplier!;
  let q = ctx.db.selectFrom('supplier').select(['supplierId', 'name']).where('orgId', '=', ctx.orgIds.sh).where('status', '=', 1);
  if (e.fields.verifyStatus) q = q.where('verifyStatus', '=', 15);
  // Enquiries go to carriers and service providers, not owner-drivers or insurers.
  if (e.fields.supplierType) q = q.where('supplierType', 'in', [1, 3, 4]);
  return (await q.orderBy('supplierId').execute()) as Supplier[];
}

/** An enquiry taken as far as `stage`: 0 draft, 5 quoting (rounds), 10 comparing, 15 awarded. Returns it. */
async function enquiry(ctx: SeedContext, who: WriteContext, clue: Row, plan: Row | null, suppliers: Supplier[], stage: 0 | 5 | 10 | 15, rounds: number, at: Date, opts: { closingToday?: boolean } = {}): Promise<Row> {
  const invited = suppliers.slice(0, Math.min(suppliers.length, 3 + (Number(clue.clueId) % 3)));
  const base = Number(clue.expectedAmount) * 0.78;
  const e = await createOn(ctx, who, 'enquiry', {
    title: `${clue.name}运输询价`, clueId: clue.clueId, planId: plan?.planId ?? null, serviceCategory: 1, quoteMode: 4, quantity: '1',
    supplierIds: invited.map((s) => s.supplierId), deadline: iso(new Date(ctx.now.getTime() + 3 * 86400_000)), loadDate: day(new Date(at.getTime() + 30 * 86400_000)),
  }, at);
  if (stage === 0) {
    await ctx.backdate('enquiry', e.enquiryId, at);
    return e;
  }
  await ctx.transition(who, 'enquiry', e.enquiryId, 'publish');
  for (let round = 1; round <= rounds; round += 1) {
    const quotes = await ctx.db.selectFrom('enquiryQuote').selectAll().where('enquiryId', '=', e.enquiryId).where('seq', '=', round).orderBy('quoteId').execute() as Row[];
    for (const [k, q] of quotes.entries()) {
      // The last invited supplier stays silent in round 1 now and then (it waives).
      if (round === 1 && k === quotes.length - 1 && quotes.length > 2 && Number(clue.clueId) % 2 === 0) continue;
      if (stage === 5 && round === rounds && k === quotes.length - 1) continue;
      const price = base * (0.92 + ((k * 37 + Number(clue.clueId)) % 17) / 100) * (round > 1 ? 0.95 - (k % 3) / 100 : 1);
      await ctx.transition(who, 'enquiryQuote', q.quoteId, 'quote', {
        unitPrice: money(Math.round(price)), quantity: '1', taxRate: 9, transitDays: String(2 + (k % 3)), quotedByName: ['钱国强', '孙海峰', '周立', '王建明', '刘强'][k % 5],
      });
    }
    if (round < rounds) await ctx.transition(who, 'enquiry', e.enquiryId, 'nextRound', { deadline: iso(new Date(ctx.now.getTime() + 2 * 86400_000)) });
  }
  if (stage >= 10) await ctx.transition(who, 'enquiry', e.enquiryId, 'close');
  if (stage === 15) {
    const cur = await ctx.db.selectFrom('enquiry').select('currentSeq').where('enquiryId', '=', e.enquiryId).executeTakeFirstOrThrow() as Row;
    const quoted = await ctx.db.selectFrom('enquiryQuote').select(['quoteId', 'amount']).where('enquiryId', '=', e.enquiryId).where('seq', '=', cur!.currentSeq).where('quoteStatus', '=', 5).orderBy('amount').execute() as Row[];
    await ctx.transition(who, 'enquiry', e.enquiryId, 'award', { quoteIds: [quoted[0]!.quoteId] });
  }
  const deadline = opts.closingToday ? new Date(Math.max(Date.parse(`${day(ctx.now)}T18:00:00+08:00`), ctx.now.getTime() + 2 * 3600_000)) : stage === 5 ? new Date(ctx.now.getTime() + (2 + (Number(clue.clueId) % 4)) * 86400_000) : new Date(at.getTime() + 5 * 86400_000);
  await ctx.db.updateTable('enquiry').set({ deadline: iso(deadline) }).where('enquiryId', '=', e.enquiryId).execute();
  await ctx.backdate('enquiry', e.enquiryId, at);
  const quoteIds = (await ctx.db.selectFrom('enquiryQuote').select('quoteId').where('enquiryId', '=', e.enquiryId).execute() as Row[]).map((q) => q.quoteId);
  for (const id of quoteIds) await ctx.backdate('enquiryQuote', id, at);
  return (await ctx.db.selectFrom('enquiry').selectAll().where('enquiryId', '=', e.enquiryId).executeTakeFirstOrThrow()) as Row;
}

/** A customer quotation at a margin, taken to an audit state (and a result once approved). */
async function quotation(ctx: SeedContext, a: Actors, clue: Row, plan: Row | null, enq: Row | null, margin: number, audit: 0 | 5 | 10 | 15, result: 0 | 1 | 2 | 3, at: Date): Promise<Row> {
  const cost = enq?.awardedAmount ? Number(enq.awardedAmount) / 1.09 : Number(clue.expectedAmount) * 0.8;
  const excl = cost / (1 - margin / 100);
  const q = await createOn(ctx, clue.who, 'quotation', {
    clueId: clue.clueId, customerId: clue.customerId, planId: plan?.planId ?? null, enquiryId: enq?.status === 15 ? enq.enquiryId : null,
    serviceCategory: 1, quoteMode: 4, quantity: '1', unitPrice: money(Math.round(excl * 1.09)), costAmount: money(Math.round(cost)), taxRate: 9,
    amountInclTax: money(Math.round(excl * 1.09)), validUntil: day(new Date(at.getTime() + 30 * 86400_000)),
  }, at);
  if (audit >= 5) {
    await ctx.transition(clue.who, 'quotation', q.quotationId, 'submit');
    if (audit === 10) await ctx.decide(a.bizmgr, 'quotation', q.quotationId, false, '毛利偏低，请与客户重新议价');
    if (audit === 15) {
      await ctx.decide(a.bizmgr, 'quotation', q.quotationId, true, '同意报价');
      const pending = await ctx.db.selectFrom('approval').select('approvalId').where('entity', '=', 'quotation').where('subjectId', '=', q.quotationId).where('status', '=', 0).executeTakeFirst();
      if (pending) await ctx.decide(a.gm, 'quotation', q.quotationId, true, '战略客户，同意低毛利报价');
    }
  }
  if (audit === 15 && result === 1) await ctx.transition(clue.who, 'quotation', q.quotationId, 'win');
  if (audit === 15 && result === 2) await ctx.transition(clue.who, 'quotation', q.quotationId, 'lose', { lostReason: '客户选择了报价更低的竞争对手' });
  if (audit === 15 && result === 3) await ctx.transition(clue.who, 'quotation', q.quotationId, 'abandon', { lostReason: '客户项目延期，暂停外包运输' });
  await ctx.backdate('quotation', q.quotationId, at);
  return q;
}

async function plan(ctx: SeedContext, a: Actors, clue: Row, at: Date): Promise<Row> {
  const heavy = Number(clue.maxPieceWeight) > 100;
  const p = await createOn(ctx, a.planner, 'technicalPlan', {
    name: `${clue.name}技术方案`, clueId: clue.clueId, mileage: String(80 + (Number(clue.clueId) % 9) * 45),
    vehicleConfig: heavy ? '牵引车+12轴线液压平板' : Number(clue.maxPieceWeight) > 40 ? '牵引车+低平板半挂(3线6轴)' : '牵引车+高低板半挂',
    axleLines: heavy ? 12 : 6, surveyDate: day(new Date(at.getTime() + 5 * 86400_000)), surveyStaffIds: [a.planner.session!.staffId],
    permitRequired: true, routeDesc: '起运点—S20外环—G60沪昆高速—G50沪渝高速—目的地，夜间22:00—次日5:00通行',
    obstacles: [{ location: 'G60嘉兴段跨线桥', kind: '桥梁', measure: '临时加固' }, { location: '目的地入口收费站', kind: '收费站', measure: '拆除' }],
    estimatedCost: money(Number(clue.expectedAmount) * 0.78), quoteAmount: money(Number(clue.expectedAmount)),
  }, at);
  await ctx.backdate('technicalPlan', p.planId, at);
  return p;
}

async function businessDevelopment(ctx: SeedContext, a: Actors, customerIds: Record<string, number>) {
  const suppliers = await activeSuppliers(ctx);
  const list = await clues(ctx, a, customerIds);
  const c = (i: number) => list[i]!;
  const at = (i: number, days: number) => new Date((c(i).createdDate as Date).getTime() + days * 86400_000);

  // 待跟进 ×8 (c0–c7): nothing yet. Everything else has been followed up.
  for (let i = 8; i < 40; i += 1) await followUps(ctx, c(i), 2 + (i % 4), [9, 12, 19].includes(i));

  // 方案阶段 ×3, with two draft enquiries.
  const p8 = await plan(ctx, a, c(8), at(8, 6));
  await plan(ctx, a, c(9), at(9, 6));
  await plan(ctx, a, c(10), at(10, 6));
  await enquiry(ctx, a.planner, c(8), p8, suppliers, 0, 1, at(8, 9));
  await enquiry(ctx, a.business, c(9), null, suppliers, 0, 1, at(9, 9));

  // Quotations awaiting the manager and a draft; one rejected.
  await quotation(ctx, a, c(11), null, null, 14, 0, 0, at(11, 12));
  const e12 = await enquiry(ctx, a.business, c(12), null, suppliers, 5, 1, at(12, 8), { closingToday: true });
  void e12;
  const e13 = await enquiry(ctx, a.business, c(13), null, suppliers, 10, 1, at(13, 8));
  await quotation(ctx, a, c(13), null, e13, 16, 5, 0, at(13, 14));

  // Won, contract not yet approved: plans at 25.
  for (const i of [14, 15]) {
    const p = await plan(ctx, a, c(i), at(i, 5));
    const e = await enquiry(ctx, a.planner, c(i), p, suppliers, 15, 2, at(i, 9));
    await quotation(ctx, a, c(i), p, e, 15 + (i % 3), 15, 1, at(i, 16));
  }
  // Tender submitted (plans at 15) on approved quotations.
  {
    const p = await plan(ctx, a, c(16), at(16, 5));
    const e = await enquiry(ctx, a.planner, c(16), p, suppliers, 15, 2, at(16, 9));
    await quotation(ctx, a, c(16), p, e, 12, 15, 0, at(16, 15));
    await ctx.transition(a.planner, 'technicalPlan', p.planId, 'bid', { tenderDeadline: day(new Date(ctx.now.getTime() + 12 * 86400_000)) });
  }
  {
    const p = await plan(ctx, a, c(17), at(17, 5));
    await enquiry(ctx, a.planner, c(17), p, suppliers, 10, 2, at(17, 9));
    await quotation(ctx, a, c(17), p, null, 11, 15, 0, at(17, 15));
    await ctx.transition(a.planner, 'technicalPlan', p.planId, 'bid', { tenderDeadline: day(new Date(ctx.now.getTime() + 20 * 86400_000)) });
  }
  // Enquiries out (plans at 10): comparing, quoting; a low-margin quotation waits for the general manager; one rejected.
  {
    const p = await plan(ctx, a, c(18), at(18, 5));
    const e = await enquiry(ctx, a.planner, c(18), p, suppliers, 10, 1, at(18, 9));
    await quotation(ctx, a, c(18), p, e, 6, 5, 0, at(18, 12));
    await ctx.decide(a.bizmgr, 'quotation', (await lastQuotation(ctx, c(18).clueId)).quotationId, true, '同意，低毛利需总经理审批');
  }
  {
    const p = await plan(ctx, a, c(19), at(19, 5));
    const e = await enquiry(ctx, a.planner, c(19), p, suppliers, 5, 2, at(19, 9));
    await quotation(ctx, a, c(19), p, e, 13, 5, 0, at(19, 13));
  }
  {
    const p = await plan(ctx, a, c(20), at(20, 5));
    const e = await enquiry(ctx, a.planner, c(20), p, suppliers, 5, 1, at(20, 9));
    await quotation(ctx, a, c(20), p, e, 9, 10, 0, at(20, 12));
  }
  await enquiry(ctx, a.business, c(21), null, suppliers, 5, 1, at(21, 8));

  // 已转合同 ×10: won (four with a plan now at 合同), the contract approved.
  for (let i = 22; i < 32; i += 1) {
    const p = i < 26 ? await plan(ctx, a, c(i), at(i, 5)) : null;
    if (i < 30) {
      const e = await enquiry(ctx, p ? a.planner : a.business, c(i), p, suppliers, 15, 1 + (i % 2), at(i, 9));
      await quotation(ctx, a, c(i), p, e, 12 + (i % 7), 15, 1, at(i, 15));
    }
    // The income contract's approval (合同 area) moves plan and clue on; here as that effect.
    if (p) await ctx.transition(a.business, 'technicalPlan', p.planId, 'toContract');
    await ctx.transition(a.business, 'clue', c(i).clueId, 'toContract');
  }

  // 已关闭 ×8: two lost tenders (their plans lost close the clue), one given up, two with enquiries cancelled by the closing, the rest closed by hand.
  for (const i of [32, 33]) {
    const p = await plan(ctx, a, c(i), at(i, 5));
    const e = await enquiry(ctx, a.planner, c(i), p, suppliers, 15, 2, at(i, 9));
    await quotation(ctx, a, c(i), p, e, 10, 15, 2, at(i, 15));
  }
  await quotation(ctx, a, c(34), null, null, 14, 15, 3, at(34, 12));
  await ctx.transition(c(34).who, 'clue', c(34).clueId, 'close', { closeReason: '客户项目延期，暂停外包运输' });
  for (const i of [36, 37]) await enquiry(ctx, a.business, c(i), null, suppliers, 5, 1, at(i, 8));
  const reasons = ['预算不足，客户自行安排车辆', '客户已与原承运商续签框架合同', '项目取消', '运输时间与我司运力冲突', '客户选择了报价更低的竞争对手'];
  for (const [k, i] of [35, 36, 37, 38, 39].entries()) await ctx.transition(c(i).who, 'clue', c(i).clueId, 'close', { closeReason: reasons[k] });

  for (const clue of list) await ctx.backdate('clue', clue.clueId, clue.createdDate);
  // The clue's last follow-up is what its list shows, not the backdated creation.
  await ctx.db.updateTable('clue').set({ updatedAt: iso(ctx.now) }).where('orgId', '=', ctx.orgIds.sh).where('clueStatus', '=', 5).execute();
}

async function lastQuotation(ctx: SeedContext, clueId: number): Promise<Row> {
  return (await ctx.db.selectFrom('quotation').selectAll().where('clueId', '=', clueId).orderBy('quotationId', 'desc').executeTakeFirstOrThrow()) as Row;
}

/** 供应商问答: colleagues asking about enquiries; ten unread for 周慧敏. */
async function questions(ctx: SeedContext) {
  const me = await ctx.staffId('sh', '周慧敏');
  const peers = [await ctx.staffId('sh', '郭振宇'), await ctx.staffId('sh', '杨帆'), await ctx.staffId('sh', '陈静')];
  const enquiries = (await ctx.db.selectFrom('enquiry').select('enquiryId').where('orgId', '=', ctx.orgIds.sh).where('status', 'in', [5, 10, 15]).orderBy('enquiryId').execute() as Row[]).map((r) => r.enquiryId);
  const lines = [
    '顺达货运问夜间通行证由谁办理？', '按惯例由我方代办，费用已含在报价里', '通程物流第二轮报价能否再降3%？', '他们说轴线车是外租的，最多降2%',
    '护送车需要几台？', '前后各一台，桥梁段加一台警车', '恒运回复装货时间可以提前一天', '好的，我同步给客户', '报价有效期是多久？', '30天，超过需重新确认油价',
  ];
  for (let k = 0; k < 60; k += 1) {
    const peer = peers[k % peers.length]!;
    const mine = k % 2 === 1;
    const sentAt = ctx.daysAgo(60 - k * 0.9);
    const unread = !mine && k >= 40 && k % 2 === 0;
    await ctx.db.insertInto('enquiryQuoteMessage').values({
      corpId: ctx.corpId, orgId: ctx.orgIds.sh, sendStaffId: mine ? me : peer, receiveStaffId: mine ? peer : me,
      enquiryId: enquiries.length ? enquiries[k % enquiries.length] : null, content: lines[k % lines.length],
      readAt: unread ? null : iso(sentAt), createdAt: iso(sentAt), updatedAt: iso(sentAt), createdBy: mine ? me : peer,
    }).execute();
  }
}

const DRIVERS = [
  ['高志刚', '皖A8K339', '340104198203154317'], ['董海军', '鲁B7G215', '370203197908226515'], ['王立新', '浙F3D928', '330402198511020034'],
  ['马国华', '苏E6P713', '320506198006184411'], ['赵永强', '沪A02358D', '31011519770930561X'], ['李春生', '皖K52981', '342201198304273352'],
  ['刘长青', '豫A9Q268', '410105198112067718'], ['孙德明', '冀B3M771', '130203197603151239'],
];

/** 个体司机/分包收入 of the last three months: 0×8, 5×14, 10×2 (DOMAIN §8). */
async function driverIncomes(ctx: SeedContext, a: Actors) {
  const e = ctx.entities.supplier!;
  const suppliersOf = async (type: number) => {
    let q = ctx.db.selectFrom('supplier').select('supplierId').where('orgId', '=', ctx.orgIds.sh);
    if (e.fields.supplierType) q = q.where('supplierType', '=', type);
    return (await q.orderBy('supplierId').execute() as Row[]).map((r) => r.supplierId as number);
  };
  const owners = await suppliersOf(2);
  const subs = await suppliersOf(3);
  if (!owners.length && !subs.length) return;
  const platform = (await ctx.db.selectFrom('billPlatform').select('billPlatformId').where('corpId', '=', ctx.corpId).orderBy('billPlatformId').executeTakeFirst()) as Row | undefined;
  const periods = [3, 2, 1].map((m) => { const d = new Date(ctx.now); d.setUTCDate(1); d.setUTCMonth(d.getUTCMonth() - m); return d.toISOString().slice(0, 7); });
  let n = 0;
  for (const period of periods) {
    for (let k = 0; k < 8; k += 1, n += 1) {
      const sub = k >= 6 && subs.length > 0;
      const [payeeName, plate, idCardNo] = DRIVERS[k % DRIVERS.length]!;
      const gross = 18000 + ((n * 3779) % 26000);
      const at = new Date(`${period}-28T10:00:00+08:00`);
      const row = await createOn(ctx, a.bizmgr, 'driverIncome', {
        incomeKind: sub ? 2 : 1, supplierId: sub ? subs[k % subs.length] : (owners.length ? owners : subs)[k % (owners.length || subs.length)],
        payeeName: sub ? '上海浦江吊装工程有限公司' : payeeName, idCardNo: sub ? null : idCardNo, truckLicensePlate: sub ? null : plate, period,
        scheduleCount: 3 + (n % 7), grossAmount: money(gross), deductAmount: money(Math.round(gross * 0.08)), taxAmount: money(Math.round(gross * 0.0306)),
        billPlatformId: sub ? null : platform?.billPlatformId ?? null,
      }, at);
      // The oldest months are settled; the last has open and disputed ones.
      if (period !== periods[2] && !(period === periods[1] && k >= 6)) await ctx.transition(a.bizmgr, 'driverIncome', row.incomeId, 'confirm');
      else if (k === 2 || k === 5) await ctx.transition(a.bizmgr, 'driverIncome', row.incomeId, 'dispute', { disputeReason: k === 2 ? '油卡扣款金额与司机确认单不一致' : 'ETC通行费重复扣减' });
      await ctx.backdate('driverIncome', row.incomeId, at);
    }
  }
}

export const businessSeeder: AreaSeeder = {
  name: 'business',
  async seed(ctx) {
    await processTemplates(ctx, 'sh');
    const a: Actors = {
      business: await ctx.as('sh', '周慧敏'), bizmgr: await ctx.as('sh', '杨帆'), gm: await ctx.as('sh', '沈伟民'), planner: await ctx.as('sh', '郭振宇'),
      admin: await ctx.as('sh', '系统管理员'), chenjing: await ctx.as('sh', '陈静'), liuyang: await ctx.as('sh', '刘洋'),
    };
    const customerIds = await customers(ctx, a);
    await businessDevelopment(ctx, a, customerIds);
    await questions(ctx);
    await driverIncomes(ctx, a);
  },
};
