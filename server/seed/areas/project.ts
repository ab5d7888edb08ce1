/**
 * Demo data of contracts and projects (DOMAIN §8 "contracts, projects" and the ledger, 大件结算 and
 * insurance parts of "cost, finance"), made through the screens' pipeline by the people who do it:
 * 杨帆 (商务经理) writes income contracts, 沈国良 (项目经理) cost contracts and projects, 沈伟民
 * (总经理) approves. Runs after the 运力资源 and 商务 seeders: their suppliers, customers and clues.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../context';
import type { WriteContext } from '../../crud/write';
import type { AreaSeeder } from './seeder';
import { uploadsDir } from '../../files/files';
import { refreshProjectTotals } from '../../project/common';
import { scopedQueries } from '../../crud/scope';

const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

interface IncomeSeed {
  contract: string; customer: string; project?: string; kind: 1 | 2 | 3; amount: string; serviceCategory: number; quoteMode: number;
  /** days from today: start, end */ start: number; end: number;
  /** final contract state / audit */ state: 0 | 10 | 20 | 25 | 30; audit?: 5 | 10;
  run?: 0 | 5 | 10 | 15 | 20 | 25 | 30; runAudit?: 5 | 10; oversize?: boolean; from?: string; to?: string; room?: string;
  rates: { route: string; vehicleKind: string; unit: string; unitPrice: number; freeDays?: number }[];
}

/** 14 income contracts (10×7, 0×2 pending and rejected, 20×2, 25×1, 30×2; 2 ending within 30 days) and their projects. */
const INCOME: IncomeSeed[] = [
  { contract: '上海电气临港—长兴220kV主变运输合同', customer: '上海电气输配电物资有限公司', project: '上海电气临港—长兴220kV主变运输', kind: 3, amount: '1860000.00', serviceCategory: 1, quoteMode: 4, start: -150, end: 120, state: 10, run: 10, oversize: true, from: '310115', to: '330522', room: '临港主变运输项目群',
    rates: [{ route: '上海临港—湖州长兴变电站', vehicleKind: '牵引车+12轴线液压平板', unit: '车', unitPrice: 1480000 }, { route: '附件短驳', vehicleKind: '13米高栏', unit: '车', unitPrice: 18500 }] },
  { contract: '明阳如东风电叶片短驳合同', customer: '上海中远海运集装箱服务有限公司', project: '明阳如东风电叶片短驳', kind: 2, amount: '0.00', serviceCategory: 1, quoteMode: 4, start: -200, end: 165, state: 10, run: 10, oversize: true, from: '320623', to: '320623', room: '如东叶片短驳群',
    rates: [{ route: '如东港—风场机位', vehicleKind: '叶片举升车', unit: '车', unitPrice: 32000 }] },
  { contract: '振华QC-2309岸桥部件仓储配送合同', customer: '上海振华重工物流有限公司', project: '振华QC-2309岸桥部件仓储配送', kind: 2, amount: '0.00', serviceCategory: 4, quoteMode: 2, start: -240, end: 125, state: 10, run: 10, from: '320585', to: '310115', room: '振华QC-2309配送群',
    rates: [{ route: '太仓港—洋山港四期', vehicleKind: '低平板半挂', unit: '吨', unitPrice: 185 }, { route: '太仓港中转堆场', vehicleKind: '堆存', unit: '吨·天', unitPrice: 3.5, freeDays: 7 }] },
  { contract: '宝钢冷轧卷大件运输年度框架合同', customer: '上海宝钢物流有限公司', project: '宝钢冷轧卷大件运输(2026年度)', kind: 2, amount: '0.00', serviceCategory: 1, quoteMode: 3, start: -320, end: 45, state: 10, run: 20, from: '310113', to: '320500', room: '宝钢冷轧卷运输群',
    rates: [{ route: '宝山—苏州', vehicleKind: '凹梁半挂', unit: '吨公里', unitPrice: 0.62 }] },
  { contract: '上海隧道盾构机转场运输合同', customer: '上海隧道工程材料有限公司', project: '上海隧道盾构机转场运输', kind: 3, amount: '960000.00', serviceCategory: 1, quoteMode: 4, start: -90, end: 90, state: 10, run: 5, oversize: true, from: '310104', to: '310112', room: '盾构机转场群',
    rates: [{ route: '徐汇—闵行', vehicleKind: '液压轴线车', unit: '车', unitPrice: 240000 }] },
  { contract: '中远海运岸桥配件运输合同', customer: '上海中远海运集装箱服务有限公司', project: '中远海运岸桥配件运输', kind: 1, amount: '420000.00', serviceCategory: 1, quoteMode: 4, start: -60, end: 20, state: 10, run: 10, from: '310115', to: '330206', room: '岸桥配件运输群',
    rates: [{ route: '洋山港—宁波北仑', vehicleKind: '高低板半挂', unit: '车', unitPrice: 35000 }] },
  { contract: '三菱电梯曳引机批量运输合同', customer: '上海三菱电梯配件有限公司', project: '三菱电梯曳引机批量运输', kind: 1, amount: '268000.00', serviceCategory: 1, quoteMode: 2, start: -15, end: 12, state: 10, run: 0, runAudit: 5, from: '310112', to: '320200',
    rates: [{ route: '闵行—无锡', vehicleKind: '厢式货车', unit: '吨', unitPrice: 260 }] },
  { contract: '华谊新材反应釜运输合同', customer: '上海华谊新材料有限公司', project: '华谊新材反应釜运输', kind: 3, amount: '780000.00', serviceCategory: 1, quoteMode: 4, start: -330, end: -120, state: 20, run: 30, oversize: true, from: '310116', to: '330681',
    rates: [{ route: '金山—诸暨', vehicleKind: '低平板半挂', unit: '车', unitPrice: 260000 }] },
  { contract: '汉钟精机压缩机组运输合同', customer: '上海汉钟精机物流有限公司', project: '汉钟精机压缩机组运输', kind: 1, amount: '356000.00', serviceCategory: 1, quoteMode: 4, start: -270, end: -40, state: 20, run: 25, from: '310118', to: '370200',
    rates: [{ route: '青浦—青岛', vehicleKind: '高栏/平板货车', unit: '车', unitPrice: 44500 }] },
  { contract: '城投环境垃圾焚烧炉设备运输合同', customer: '上海城投环境物资有限公司', project: '城投环境焚烧炉设备运输', kind: 3, amount: '1180000.00', serviceCategory: 1, quoteMode: 4, start: -180, end: 60, state: 25, run: 15, oversize: true, from: '310101', to: '340100',
    rates: [{ route: '上海—合肥', vehicleKind: '液压轴线车', unit: '车', unitPrice: 295000 }] },
  { contract: '外高桥保税大件转运合同', customer: '上海外高桥保税物流有限公司', project: '外高桥保税大件转运', kind: 1, amount: '520000.00', serviceCategory: 4, quoteMode: 4, start: -360, end: -200, state: 30, run: 30, from: '310115', to: '310115',
    rates: [{ route: '外高桥港区内转运', vehicleKind: '低平板半挂', unit: '车', unitPrice: 13000 }] },
  { contract: '海立电器生产线搬迁运输合同', customer: '上海海立电器物流有限公司', project: '海立电器生产线搬迁运输', kind: 3, amount: '640000.00', serviceCategory: 4, quoteMode: 5, start: -300, end: -30, state: 30, run: 20, from: '310115', to: '320583',
    rates: [{ route: '浦东—昆山', vehicleKind: '低平板半挂', unit: '车', unitPrice: 16000 }] },
  { contract: '上汽零部件冲压机运输合同', customer: '上汽通用汽车零部件物流有限公司', kind: 3, amount: '450000.00', serviceCategory: 1, quoteMode: 4, start: 20, end: 200, state: 0, audit: 5,
    rates: [{ route: '嘉定安亭—烟台', vehicleKind: '凹梁半挂', unit: '车', unitPrice: 150000 }] },
  { contract: '申美饮料灌装线运输合同', customer: '上海申美饮料食品有限公司', kind: 1, amount: '186000.00', serviceCategory: 1, quoteMode: 4, start: 10, end: 100, state: 0, audit: 10,
    rates: [{ route: '闵行—杭州', vehicleKind: '厢式货车', unit: '车', unitPrice: 6200 }] },
];

/** Projects without an income contract yet (set up against a framework arrangement). */
const EXTRA_PROJECTS = [
  { name: '上海电气风电塔筒短驳', customer: '上海电气输配电物资有限公司', run: 10 as const, start: -45, oversize: true, room: '塔筒短驳群' },
  { name: '良友粮油仓储配送', customer: '上海良友粮油配送有限公司', run: 0 as const, runAudit: 10 as const, start: 5 },
];

/** Cost contracts: carrier frameworks, 吊装/护送/许可 services, insurers (DOMAIN §8: 10 + 6 + 2). */
const COST = [
  ...['上海顺达货运有限公司', '江苏通程物流有限公司', '安徽皖通大件运输有限公司', '山东鲁通大件运输有限公司', '上海沪申重型运输有限公司', '江苏苏运大件物流有限公司',
    '河南中原大件运输有限公司', '南通联运物流有限公司', '苏州港联短驳运输有限公司', '湖北楚天物流有限公司'].map((supplier, i) => ({
    supplier, name: `${supplier.replace(/有限公司$/, '')}2026年度运输框架合同`, kind: 2, category: 1, amount: '0.00', tax: 9, start: -300 + i * 12, end: i === 3 ? 18 : 65 + i * 9,
    rates: [{ route: '长三角干线', vehicleKind: '13米高栏', unit: '车', unitPrice: 5200 + i * 150 }, { route: '大件专线', vehicleKind: '低平板半挂', unit: '吨公里', unitPrice: 0.48 + i / 100 }],
  })),
  { supplier: '上海浦江吊装工程有限公司', name: '500吨汽车吊租赁框架合同', kind: 2, category: 2, amount: '0.00', tax: 9, start: -280, end: 85, rates: [{ route: '上海及周边', vehicleKind: '500吨汽车吊', unit: '车', unitPrice: 22600 }] },
  { supplier: '上海浦江吊装工程有限公司', name: '临港主变卸车吊装合同', kind: 3, category: 2, amount: '168000.00', tax: 9, start: -120, end: 60, rates: [{ route: '长兴变电站', vehicleKind: '800吨履带吊', unit: '车', unitPrice: 168000 }] },
  { supplier: '嘉兴护航交通服务有限公司', name: '大件运输护送服务框架合同', kind: 2, category: 5, amount: '0.00', tax: 6, start: -260, end: 105, rates: [{ route: '沪浙苏皖', vehicleKind: '护送车', unit: '车', unitPrice: 3800 }] },
  { supplier: '嘉兴护航交通服务有限公司', name: '盾构机转场夜间护送合同', kind: 1, category: 5, amount: '46000.00', tax: 6, start: -85, end: 25, rates: [{ route: '徐汇—闵行', vehicleKind: '护送车', unit: '车', unitPrice: 4600 }] },
  { supplier: '江苏畅行超限许可代办有限公司', name: '超限运输许可代办服务合同', kind: 2, category: 5, amount: '0.00', tax: 6, start: -210, end: 155, rates: [{ route: '跨省超限许可', vehicleKind: '许可代办', unit: '件', unitPrice: 2800 }] },
  { supplier: '昆山顺捷吊装服务有限公司', name: '昆山生产线吊装合同', kind: 3, category: 2, amount: '98000.00', tax: 9, start: -300, end: -35, rates: [{ route: '昆山', vehicleKind: '200吨汽车吊', unit: '车', unitPrice: 98000 }] },
  { supplier: '中国人民财产保险股份有限公司上海市分公司', name: '2026年度货物运输预约保险协议', kind: 2, category: 5, amount: '0.00', tax: 6, start: -330, end: 35, rates: [{ route: '国内公路', vehicleKind: '预约保险', unit: '件', unitPrice: 0 }] },
  { supplier: '中国人民财产保险股份有限公司上海市分公司', name: '大件设备吊装附加险协议', kind: 2, category: 5, amount: '0.00', tax: 6, start: -150, end: 215, rates: [{ route: '国内公路', vehicleKind: '吊装附加险', unit: '件', unitPrice: 0 }] },
];

/** A one-page PDF standing for the scanned paper contract (归档 needs one). */
function scanPdf(no: string): Buffer {
  const text = `Contract ${no} - scanned copy (signed and sealed)`;
  const stream = `BT /F1 14 Tf 60 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function storeScan(ctx: SeedContext, w: WriteContext, contractNo: string): Promise<{ name: string; url: string; fileName: string; size: number }> {
  const s = w.session!;
  const data = scanPdf(contractNo);
  const fileName = `contract_${randomBytes(16).toString('hex')}.pdf`;
  const dir = path.join(uploadsDir(), String(s.orgId));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, fileName), data);
  await ctx.db.insertInto('fileObject').values({
    corpId: s.corpId, orgId: s.orgId, fileName, originalName: `${contractNo}扫描件.pdf`, ext: 'pdf', mime: 'application/pdf', size: data.length,
    prefixName: 'contract', fileType: 'contract', createdBy: s.staffId, updatedBy: s.staffId,
  }).execute();
  return { name: `${contractNo}扫描件.pdf`, url: `/api/v1/file-base/file/${fileName}`, fileName, size: data.length };
}

async function staffOr(ctx: SeedContext, names: string[], fallback: string): Promise<number> {
  for (const n of names) {
    const r = (await ctx.db.selectFrom('staff').select('staffId').where('orgId', '=', ctx.orgIds.sh).where('name', '=', n).executeTakeFirst()) as { staffId: number } | undefined;
    if (r) return r.staffId;
  }
  return ctx.staffId('sh', fallback);
}

async function seed(ctx: SeedContext): Promise<void> {
  const biz = await ctx.as('sh', '杨帆');
  const pm = await ctx.as('sh', '沈国良');
  const gm = await ctx.as('sh', '沈伟民');
  const q = scopedQueries(ctx.db, ctx.entities, pm.session);
  const sh = ctx.orgIds.sh;
  const one = async <T>(qb: { executeTakeFirst(): Promise<unknown> }) => (await qb.executeTakeFirst()) as T | undefined;

  // Parties: the customers by name (a verified one otherwise), the suppliers of 运力资源 (made here only when that area hasn't).
  const verified = (await ctx.db.selectFrom('customer').select(['customerId', 'name']).where('orgId', '=', sh).where('verifyStatus', '=', 15).orderBy('customerId').execute()) as { customerId: number; name: string }[];
  let spare = 0;
  // An income contract takes an approved customer only: a named one still in review is approved
  // first (submitted by 商务 周慧敏 where needed, passed by 商务经理 杨帆), as its contract's history implies.
  const customerOf = async (name: string) => {
    const c = await one<{ customerId: number; verifyStatus: number }>(ctx.db.selectFrom('customer').select(['customerId', 'verifyStatus']).where('orgId', '=', sh).where('name', '=', name));
    if (!c || c.verifyStatus === 20) return verified[spare++ % verified.length]!.customerId;
    if (c.verifyStatus !== 15) {
      if (c.verifyStatus !== 5) await ctx.transition(await ctx.as('sh', '周慧敏'), 'customer', c.customerId, 'submit');
      await ctx.decide(await ctx.as('sh', '杨帆'), 'customer', c.customerId, true, '资料齐全，同意');
    }
    return c.customerId;
  };
  // Suppliers are the 运力资源 area's: a contract with one that area hasn't made is left out.
  const supplierOf = async (name: string) =>
    (await one<{ supplierId: number }>(ctx.db.selectFrom('supplier').select('supplierId').where('orgId', '=', sh).where('name', '=', name)))?.supplierId;
  const businessType = async (name: string) => (await one<{ businessTypeId: number }>(ctx.db.selectFrom('businessType').select('businessTypeId').where('corpId', '=', ctx.corpId).where('name', '=', name)))?.businessTypeId
    ?? ((await ctx.db.selectFrom('businessType').select('businessTypeId').where('corpId', '=', ctx.corpId).orderBy('businessTypeId').executeTakeFirstOrThrow()) as { businessTypeId: number }).businessTypeId;
  const dep = ((await ctx.db.selectFrom('department').select('depId').where('orgId', '=', sh).where('name', '=', '运营调度部').executeTakeFirstOrThrow()) as { depId: number }).depId;
  const managers = [pm.session!.staffId, await staffOr(ctx, ['蒋丽华'], '沈国良')];
  const owner = biz.session!.staffId;

  /** Approves through the real flow: the author submits, the 总经理 decides. */
  const approve = async (w: WriteContext, entity: string, id: number, pass = true, comment = '同意') => {
    await ctx.transition(w, entity, id, 'submit');
    await ctx.decide(gm, entity, id, pass, comment);
  };

  // ---- cost contracts ----
  const costContracts: { id: number; supplierId: number; name: string; tax: number }[] = [];
  for (const [i, c] of COST.entries()) {
    const supplierId = await supplierOf(c.supplier);
    if (!supplierId) continue;
    const row = await ctx.create(pm, 'contract', {
      name: c.name, contractType: 2, supplierId, contractKind: c.kind, serviceCategory: c.category, quoteMode: c.category === 1 ? 4 : 5, amount: c.amount,
      taxRate: c.tax, invoiceType: 1, settleMode: c.category === 1 ? 2 : 1, creditDays: [30, 45, 60][i % 3],
      signDate: day(ctx.daysAgo(-c.start + 5)), startDate: day(ctx.daysAgo(-c.start)), endDate: day(ctx.daysAgo(-c.end)), ownerStaffId: pm.session!.staffId,
      rates: c.rates.map((r) => ({ ...r, taxRate: c.tax })),
    });
    const id = Number(row.contractId);
    await approve(pm, 'contract', id);
    await ctx.backdate('contract', id, ctx.daysAgo(-c.start + 6));
    costContracts.push({ id, supplierId, name: c.name, tax: c.tax });
  }

  // ---- income contracts and their projects ----
  const projects: { id: number; seed: { run?: number; start: number; oversize?: boolean; room?: string; name: string }; contractAmount: number }[] = [];
  for (const [i, c] of INCOME.entries()) {
    const customerId = await customerOf(c.customer);
    const row = await ctx.create(biz, 'contract', {
      name: c.contract, contractType: 1, customerId, contractKind: c.kind, serviceCategory: c.serviceCategory, quoteMode: c.quoteMode, amount: c.amount,
      taxRate: c.serviceCategory === 4 ? 6 : 9, invoiceType: 1, settleMode: c.kind === 2 ? 2 : 4, creditDays: [30, 60, 90][i % 3],
      // An expired contract was in force when its project was set up: it gets its real end day afterwards.
      signDate: day(ctx.daysAgo(-c.start + 7)), startDate: day(ctx.daysAgo(-c.start)), endDate: day(ctx.daysAgo(c.end < 0 ? -30 : -c.end)), ownerStaffId: owner,
      rates: c.rates.map((r) => ({ ...r, taxRate: c.serviceCategory === 4 ? 6 : 9, freeDays: r.freeDays ?? null })),
      remark: c.kind === 2 ? '框架合同，按实际运量按月结算' : null,
    });
    const id = Number(row.contractId);
    if (c.audit === 5) await ctx.transition(biz, 'contract', id, 'submit');
    else if (c.audit === 10) await approve(biz, 'contract', id, false, '运价低于成本测算，请与客户重新商谈');
    else await approve(biz, 'contract', id);
    await ctx.backdate('contract', id, ctx.daysAgo(-c.start + 8));
    if (!c.project) continue;
    const project = await ctx.create(pm, 'project', {
      name: c.project, customerId, incomeContractId: id, businessTypeId: await businessType(c.oversize ? '大件运输' : c.serviceCategory === 4 ? '仓储服务' : '整车运输'),
      serviceCategory: c.serviceCategory, projectManagerStaffId: managers[i % managers.length], depId: dep,
      startDate: day(ctx.daysAgo(-c.start)), endDate: day(ctx.daysAgo(-c.end)), isOversize: Boolean(c.oversize),
      budgetIncome: c.amount === '0.00' ? null : c.amount, fromRegionCode: c.from ?? null, toRegionCode: c.to ?? null, wechatRoomName: c.room ?? null,
    });
    projects.push({ id: Number(project.projectId), seed: { run: c.run, start: c.start, oversize: c.oversize, room: c.room, name: c.project }, contractAmount: Number(c.amount) });
    await ctx.backdate('project', Number(project.projectId), ctx.daysAgo(-c.start + 3));
    if (c.runAudit === 5) await ctx.transition(pm, 'project', Number(project.projectId), 'submit');
    else await approve(pm, 'project', Number(project.projectId), c.runAudit !== 10, c.runAudit === 10 ? '预算成本缺少吊装费用，请补充' : '同意立项');
    if (c.end < 0) {
      await ctx.update(biz, 'contract', id, { endDate: day(ctx.daysAgo(-c.end)) });
      await ctx.transition(gm, 'contract', id, 'expire');
    }
  }
  for (const e of EXTRA_PROJECTS) {
    const project = await ctx.create(pm, 'project', {
      name: e.name, customerId: await customerOf(e.customer), businessTypeId: await businessType(e.oversize ? '大件运输' : '仓储服务'), serviceCategory: e.oversize ? 1 : 4,
      projectManagerStaffId: managers[1], depId: dep, startDate: day(ctx.daysAgo(-e.start)), isOversize: Boolean(e.oversize), wechatRoomName: e.room ?? null,
    });
    const id = Number(project.projectId);
    projects.push({ id, seed: { run: e.run, start: e.start, oversize: e.oversize, room: e.room, name: e.name }, contractAmount: 0 });
    await approve(pm, 'project', id, e.runAudit !== 10, e.runAudit === 10 ? '请先签订仓储配送合同' : '同意立项');
  }

  // ---- the ledger: monthly freight income and the costs around it (manual rows; dispatch adds its own) ----
  const SUMMARY_COST: [string, number, number][] = [['吊车租赁', 13, 1], ['装卸费', 6, 2], ['路障拆除', 9, 1], ['桥梁加固', 9, 1], ['超限许可代办', 6, 1], ['护送费', 6, 1], ['港杂费', 6, 1]];
  const carriers = costContracts.filter((c) => COST.findIndex((x) => x.name === c.name) < 10);
  const services = costContracts.filter((c) => !carriers.includes(c));
  const started = projects.filter((p) => (p.seed.run ?? 0) >= 5 || p.seed.run === 10);
  for (const [pi, p] of started.entries()) {
    const months = Math.max(1, Math.min(8, Math.floor(p.seed.start / -30)));
    for (let m = 0; m < months; m++) {
      const at = day(ctx.daysAgo(-p.seed.start - m * 30 - 10));
      if (at > day(ctx.now)) continue;
      const base = p.contractAmount ? p.contractAmount / months : 80000 + ((pi * 37 + m * 11) % 9) * 15000;
      await ctx.create(pm, 'incomeItem', { projectId: p.id, summary: `${at.slice(0, 7)}运费`, amount: (Math.round(base * 100) / 100).toFixed(2), taxRate: 9, occurredDate: at });
      const carrier = carriers.length ? carriers[(pi + m) % carriers.length] : undefined;
      await ctx.create(pm, 'costItem', { projectId: p.id, costType: 6, payeeKind: 1, supplierId: carrier?.supplierId ?? null, summary: `${at.slice(0, 7)}外协运费`, amount: (Math.round(base * 0.58 * 100) / 100).toFixed(2), taxRate: 9, invoiceType: 1, occurredDate: at });
      if (m % 2 === 1) continue;
      const [summary, tax, invoice] = SUMMARY_COST[(pi + m) % SUMMARY_COST.length]!;
      await ctx.create(pm, 'costItem', { projectId: p.id, costType: 6, payeeKind: 1, supplierId: services.length ? services[(pi + m) % services.length]!.supplierId : null, summary, amount: (Math.round(base * 0.07 * 100) / 100).toFixed(2), taxRate: tax, invoiceType: invoice, occurredDate: at });
    }
  }
  // A mis-keyed row voided by hand (void rows never count).
  const first = started[0]!;
  const wrong = await ctx.create(pm, 'costItem', { projectId: first.id, costType: 6, payeeKind: 1, supplierId: carriers[0]?.supplierId ?? null, summary: '外协运费(重复录入)', amount: '18500.00', taxRate: 9, invoiceType: 1, occurredDate: day(ctx.daysAgo(20)) });
  await ctx.transition(pm, 'costItem', Number(wrong.costItemId), 'void', { voidReason: '与调度运费重复录入' });

  // ---- 大件成本结算 on three projects (applies 15×3, 5×1) and a draft (0) ----
  const crane = costContracts.find((c) => c.name === '500吨汽车吊租赁框架合同');
  const escort = costContracts.find((c) => c.name === '大件运输护送服务框架合同');
  const drivers = [await staffOr(ctx, ['高志刚'], '王建国'), await staffOr(ctx, ['董海军'], '张伟')];
  const escorts = [await staffOr(ctx, ['韩卫兵', '王建国'], '王建国')];
  const bulk = projects.filter((p) => p.seed.oversize && [5, 10].includes(p.seed.run ?? -1)).slice(0, 4);
  for (const [bi, p] of bulk.entries()) {
    const end = ctx.daysAgo(40 - bi * 8);
    const start = new Date(end.getTime() - 3 * 86400_000);
    for (const [k, staffId] of [...drivers, ...escorts].entries()) {
      await ctx.create(pm, 'staffCostSettle', { projectId: p.id, staffId, post: k < drivers.length ? 1 : 2, startDate: day(start), endDate: day(end), days: 3 + (k % 2), dailyAllowance: k < drivers.length ? '300.00' : '220.00', mealAmount: '180.00', lodgingAmount: k < drivers.length ? '480.00' : '360.00', overtimeHours: 6, overtimeAmount: '300.00' });
    }
    for (const [k, plate] of ['沪DK7352', '沪DK7353'].entries()) {
      await ctx.create(pm, 'truckCostSettle', { projectId: p.id, truckLicensePlate: plate, emptyKm: 180 + k * 20, loadedKm: 260 + bi * 40, fuelAmount: (2400 + bi * 260 + k * 120).toFixed(2), tollAmount: (1800 + bi * 200).toFixed(2), depreciationDays: 4, depreciationAmount: '1600.00', tyreAmount: '420.00', maintenanceAmount: '380.00', insuranceAmount: '260.00' });
    }
    if (crane) await ctx.create(pm, 'contractCostSettle', { projectId: p.id, costContractId: crane.id, content: '500吨汽车吊租赁(卸车)', quantity: 1, unit: '台班', unitPrice: '22600.00', amount: '22600.00' });
    if (escort) await ctx.create(pm, 'contractCostSettle', { projectId: p.id, costContractId: escort.id, content: '夜间护送(2车)', quantity: 2, unit: '车次', unitPrice: '3800.00', amount: '7600.00' });
    const apply = await ctx.create(pm, 'bulkCostSettleApply', { projectId: p.id, periodStart: day(start), periodEnd: day(end), remark: '自有重卡及吊装护送费用结算' });
    const applyId = Number(apply.applyId);
    if (bi < 3) await approve(pm, 'bulkCostSettleApply', applyId, true, '费用核对无误');
    else await ctx.transition(pm, 'bulkCostSettleApply', applyId, 'submit');
  }
  // A clue-level trial run (before there is a project) when the 商务 area has clues.
  if (ctx.entities.clue) {
    const clue = (await ctx.db.selectFrom('clue').select('clueId').where('orgId', '=', sh).orderBy('clueId').executeTakeFirst()) as { clueId: number } | undefined;
    if (clue) {
      await ctx.create(pm, 'truckCostSettle', { clueId: clue.clueId, truckLicensePlate: '沪DK7352', emptyKm: 90, loadedKm: 120, fuelAmount: '980.00', tollAmount: '420.00', depreciationDays: 2, depreciationAmount: '800.00' });
      await ctx.create(pm, 'staffCostSettle', { clueId: clue.clueId, staffId: drivers[0], post: 1, startDate: day(ctx.daysAgo(12)), endDate: day(ctx.daysAgo(11)), days: 2, dailyAllowance: '300.00' });
      await ctx.create(pm, 'bulkCostSettleApply', { clueId: clue.clueId, periodStart: day(ctx.daysAgo(12)), periodEnd: day(ctx.daysAgo(11)), remark: '试运费用' });
    }
  }

  // ---- insurance: a rate tree of 4 modes × 3 cargo classes × 3 coverages, and 10 enquiries ----
  const planner = await ctx.as('sh', '郭振宇');
  const MODES: [number, string, string | null, number][] = [[1, '公路运输', null, 1], [2, '铁路运输', '铁路', 0.7], [3, '水路运输', null, 1.2], [4, '多式联运', null, 1.3]];
  const CARGO: [string, number][] = [['普通货物', 0.3], ['机械设备', 0.5], ['大件设备', 0.8]];
  const COVER: [number, string, number][] = [[1, '基本险', 1], [2, '综合险', 1.4], [3, '综合险+吊装附加险', 1.8]];
  const leaves: { id: number; mode: number; cover: number; cargo: string }[] = [];
  for (const [mi, [mode, name, keyword, factor]] of MODES.entries()) {
    const root = await ctx.create(planner, 'insuranceRate', { name, transportMode: mode, keyword, sort: mi });
    for (const [ci, [cargo, base]] of CARGO.entries()) {
      const mid = await ctx.create(planner, 'insuranceRate', { parentId: root.rateId, name: `${name.slice(0, 2)}·${cargo}`, transportMode: mode, cargoCategory: cargo, keyword, sort: ci });
      for (const [ki, [cover, cname, cf]] of COVER.entries()) {
        const rate = Math.min(1.5, Math.round(base * factor * cf * 1000) / 1000);
        const leaf = await ctx.create(planner, 'insuranceRate', { parentId: mid.rateId, name: `${name.slice(0, 2)}·${cargo}·${cname}`, transportMode: mode, cargoCategory: cargo, coverage: cover, rate: rate.toFixed(3), minPremium: cargo === '大件设备' ? '500.00' : '200.00', keyword, sort: ki });
        leaves.push({ id: Number(leaf.rateId), mode, cover, cargo });
      }
    }
  }
  // cargo, insured value, cargo class (0 普通 1 机械设备 2 大件设备), the project it moves with, route
  const CARGOES: [string, string, number, string, string, string][] = [
    ['220kV主变压器', '27800000.00', 2, '临港—长兴', '上海临港', '湖州长兴变电站'], ['风电叶片(91米)', '4600000.00', 2, '明阳', '如东港', '如东H6风场'],
    ['岸桥前大梁', '12500000.00', 2, '振华', '太仓港', '洋山港四期'], ['盾构机刀盘', '9800000.00', 2, '盾构', '徐汇龙华', '闵行颛桥'],
    ['冷轧卷(批)', '3200000.00', 0, '宝钢', '宝山', '苏州'], ['岸桥配件', '1850000.00', 1, '中远', '洋山港', '宁波北仑'],
    ['主变附件及套管', '2400000.00', 1, '临港—长兴', '上海临港', '湖州长兴变电站'], ['叶片工装', '680000.00', 1, '明阳', '如东港', '如东H6风场'],
    ['塔筒节段', '5200000.00', 2, '塔筒', '南通港', '如东H6风场'], ['岸桥小车架', '3600000.00', 2, '振华', '太仓港', '洋山港四期'],
  ];
  const FINAL = [15, 15, 15, 15, 15, 15, 0, 5, 10, 20];
  for (const [i, [cargoName, value, cargoIdx, hint, from, to]] of CARGOES.entries()) {
    const p = projects.find((x) => x.seed.name.includes(hint)) ?? projects[0]!;
    const leaf = leaves.find((l) => l.mode === 1 && l.cargo === CARGO[cargoIdx]![0] && l.cover === (cargoIdx === 2 ? 3 : 2))!;
    const e = await ctx.create(planner, 'insuranceEnquiry', {
      projectId: p.id, cargoName, packing: cargoIdx === 2 ? '裸装加固' : '木箱', cargoValue: value, transportMode: 1, coverage: cargoIdx === 2 ? 3 : 2, rateId: leaf.id,
      fromAddress: from, toAddress: to, startDate: day(ctx.daysAgo(60 - i * 5)),
    });
    const id = Number(e.insuranceEnquiryId);
    const final = FINAL[i]!;
    if (final >= 5 && final !== 20) await ctx.transition(planner, 'insuranceEnquiry', id, 'send');
    if (final >= 10 && final !== 20) {
      const base = Number((await q.get('insuranceRate', leaf.id))?.rate ?? 1);
      await ctx.transition(planner, 'insuranceEnquiry', id, 'quote', {
        quotes: [{ insurer: '人保财险上海分公司', rate: Math.round(base * 0.92 * 1000) / 1000, deductible: '每次事故5000元或损失金额的10%，以高者为准' }, { insurer: '太平洋产险上海分公司', rate: base, deductible: '每次事故8000元' }],
        chosenInsurer: '人保财险上海分公司', rate: Math.round(base * 0.92 * 1000) / 1000,
      });
    }
    if (final === 15) await ctx.transition(planner, 'insuranceEnquiry', id, 'confirm', { policyNo: `PYDL2026310100000${String(1200 + i)}` });
    if (final === 20) await ctx.transition(planner, 'insuranceEnquiry', id, 'cancel', {}, '客户已自行投保');
  }

  // ---- worker dailies (150) and group messages (300) on the running projects ----
  const crew = ['高志刚', '董海军', '韩卫兵', '陶建新', '罗永福', '贾春雷'];
  const WORK = ['轴线车拼装与调平', '主变卸车就位', '绑扎加固与检查', '路障拆除配合', '夜间运输护送', '到场卸车与复位', '液压顶升作业', '工装回收'];
  const running = projects.filter((p) => p.seed.run === 10);
  // Dailies arrive in bulk from the site (import): one insert, stamped with their reporter.
  const dailies: Record<string, unknown>[] = [];
  for (let i = 0; i < 150; i++) {
    const p = running[i % running.length]!;
    dailies.push({
      projectId: p.id, workDate: day(ctx.daysAgo(2 + Math.floor(i / running.length))), workerName: crew[i % crew.length], post: [3, 4, 5, 5, 1][i % 5],
      workContent: WORK[(i * 3) % WORK.length], workHours: [8, 9, 10, 8.5, 11][i % 5], overtimeHours: i % 4 === 0 ? 2 : 0,
      weather: ['晴', '多云', '阴', '小雨'][i % 4], location: ['临港码头', '长兴变电站', '如东港', '太仓港中转堆场', '洋山港四期'][i % 5], reporterStaffId: pm.session!.staffId,
    });
  }
  await q.insert('workerDaily', dailies);
  const LINES: [string, string][] = [
    ['调度何俊', '今晚22:00沪DK7352、沪DK7353发车，请护送车21:30到位'], ['司机高志刚', '已到达装货点，等待吊车就位'], ['项目经理', '收到，吊装方案按评审稿执行'],
    ['护送韩卫兵', '嘉兴段施工改道，预计延误40分钟'], ['司机董海军', '已过乍嘉苏收费站，车况正常'], ['客户现场', '卸货区已清场，可以进场'],
    ['调度何俊', '回单照片已上传，请项目组确认'], ['吊装沈卫东', '800吨履带吊已完成组装验收'], ['项目经理', '明早8点召开运输前安全交底会'],
  ];
  const messages: Record<string, unknown>[] = [];
  const withRoom = projects.filter((p) => p.seed.room);
  for (let i = 0; i < 300; i++) {
    const p = withRoom[i % withRoom.length]!;
    const [sender, content] = LINES[(i * 5) % LINES.length]!;
    messages.push({ projectId: p.id, roomName: p.seed.room, senderName: sender, direction: 1, msgType: i % 23 === 0 ? 2 : 1, content, sentAt: new Date(ctx.daysAgo(60 - i * 0.2).getTime()).toISOString() });
  }
  await q.insert('wechatRoomMessage', messages);

  // ---- run states: paused, terminated, work done, completed and closed projects ----
  for (const p of projects) {
    const run = p.seed.run ?? 0;
    const row = await q.get('project', p.id);
    if (!row || Number(row.auditState) !== 15 || run === 0) continue;
    await ctx.transition(pm, 'project', p.id, 'start');
    if (run === 5) await ctx.transition(pm, 'project', p.id, 'pause', {}, '盾构机检修，暂停转场');
    if (run === 15) await ctx.transition(gm, 'project', p.id, 'terminate', { terminateReason: '业主调整建设计划，合同终止' });
    if (run >= 20) await ctx.transition(pm, 'project', p.id, 'workDone');
    if (run >= 25) {
      // Reconciled with the customer and the suppliers (the 对账 of the finance area).
      for (const e of ['incomeItem', 'costItem']) await q.update(e).set({ itemSettleStatus: 15 }).where('projectId', '=', p.id).execute();
      await ctx.transition(pm, 'project', p.id, 'complete');
    }
    if (run === 30) await ctx.transition(gm, 'project', p.id, 'close');
    await refreshProjectTotals(q, p.id);
  }

  // ---- contract states past approval: terminated and archived ones ----
  for (const c of INCOME) {
    if (c.state !== 25 && c.state !== 30) continue;
    const row = (await q.select('contract').selectAll().where('name', '=', c.contract).executeTakeFirstOrThrow()) as Record<string, any>;
    const id = Number(row.contractId);
    if (c.state === 25) await ctx.transition(gm, 'contract', id, 'terminate', { terminateReason: '业主调整建设计划，双方协商终止' });
    if (c.state === 30) {
      await ctx.update(biz, 'contract', id, { attachments: [await storeScan(ctx, biz, String(row.contractNo))] });
      await ctx.transition(biz, 'contract', id, 'archive');
    }
  }
}

export const projectSeeder: AreaSeeder = { name: 'project', seed };
