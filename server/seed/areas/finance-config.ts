/**
 * Demo 财务配置 of both operating organisations (DOMAIN §3.6): the 损益科目 of 企业会计准则
 * (6001 主营业务收入 … 6711 营业外支出) with the fee subjects under them, the 收支类型 tree every
 * ledger row is typed by (codes are what server/finance/ledger-types.ts maps documents to), the
 * invoice tax configs 开票 picks from, and the company's bank accounts (基本户 default). Seeded
 * before the areas that book income and cost, so their rows get their types on creation.
 */
import type { SeedContext } from '../context';
import type { WriteContext } from '../../crud/write';
import type { AreaSeeder } from './seeder';

type Row = Record<string, any>;

/** code, name, type (1 成本 2 收入), fee subjects under it: [code, name, costTypes] */
const SUBJECTS: [string, string, 1 | 2, [string, string, number[]?][]][] = [
  ['6001', '主营业务收入', 2, [['600101', '运输收入'], ['600102', '装卸吊装收入'], ['600103', '仓储收入'], ['600104', '转运收入']]],
  ['6051', '其他业务收入', 2, [['605101', '其他收入']]],
  ['6301', '营业外收入', 2, []],
  ['6401', '主营业务成本', 1, [
    ['640101', '外协运费', [6, 7]], ['640102', '自有车辆成本', [6, 7]], ['640103', '装卸吊装费', [6, 7]],
    ['640104', '大件专项费', [6]], ['640105', '仓储成本', [6]], ['640106', '运输保险费', [6]]]],
  ['6402', '其他业务成本', 1, []],
  ['6403', '税金及附加', 1, []],
  ['6601', '销售费用', 1, [['660101', '业务招待费', [1, 2, 3]], ['660102', '差旅费', [1, 2, 3, 4, 5]], ['660103', '投标费用', [2, 3]]]],
  ['6602', '管理费用', 1, [['660201', '踏勘方案费', [4, 5]]]],
  ['6603', '财务费用', 1, []],
  ['6711', '营业外支出', 1, []],
];

/** a 收支类型 node: code, name, fee subject code (items of this type book there), scope, children */
type Node = [string, string, string, string[], Node[]?];
const ALL = ['customer', 'clue', 'project', 'dispatch'];
const COST_TREE: Node[] = [
  ['C_TRANS', '运输成本', '640101', ['project', 'dispatch'], [
    ['C_TRANS_OUT', '外协运费', '640101', ['project', 'dispatch']],
    ['C_TRANS_DRIVER', '个体司机运费', '640101', ['project', 'dispatch']],
    ['C_TRANS_OWN', '自有车辆成本', '640102', ['project', 'dispatch'], [
      ['C_OWN_FUEL', '燃油', '640102', ['project', 'dispatch']], ['C_OWN_TOLL', '路桥', '640102', ['project', 'dispatch']],
      ['C_OWN_DEPR', '折旧', '640102', ['project']], ['C_OWN_ALLOW', '司机补贴', '640102', ['project', 'dispatch']]]]]],
  ['C_LIFT', '装卸吊装', '640103', ['project', 'dispatch'], [
    ['C_LIFT_CRANE', '吊车租赁', '640103', ['project', 'dispatch']], ['C_LIFT_HANDLE', '装卸费', '640103', ['project', 'dispatch']]]],
  ['C_BULK', '大件专项', '640104', ['project'], [
    ['C_BULK_PERMIT', '超限许可', '640104', ['project']], ['C_BULK_ESCORT', '护送', '640104', ['project', 'dispatch']],
    ['C_BULK_OBST', '路障拆除', '640104', ['project']], ['C_BULK_BRIDGE', '桥梁加固', '640104', ['project']]]],
  ['C_WH', '仓储成本', '640105', ['project'], [['C_WH_MAT', '物料', '640105', ['project']], ['C_WH_LABOR', '人工', '640105', ['project']]]],
  ['C_INS', '保险费', '640106', ['project', 'dispatch']],
  ['C_BIZ', '商务费用', '660101', ['customer', 'clue'], [
    ['C_BIZ_ENT', '招待', '660101', ['customer', 'clue']], ['C_BIZ_TRAVEL', '差旅', '660102', ALL], ['C_BIZ_BID', '投标', '660103', ['clue']]]],
  ['C_SURVEY', '踏勘方案', '660201', ['clue'], [['C_SURVEY_TRAVEL', '踏勘差旅', '660201', ['clue']], ['C_SURVEY_REVIEW', '方案评审', '660201', ['clue']]]],
];
const INCOME_TREE: Node[] = [
  ['I_TRANS', '运输收入', '600101', ['project', 'dispatch'], [['I_TRANS_FREIGHT', '运费', '600101', ['project', 'dispatch']], ['I_TRANS_URGENT', '加急费', '600101', ['project', 'dispatch']]]],
  ['I_LIFT', '装卸吊装收入', '600102', ['project']],
  ['I_WH', '仓储收入', '600103', ['project'], [['I_WH_STORE', '仓储费', '600103', ['project']], ['I_WH_OP', '出入库操作费', '600103', ['project']]]],
  ['I_TSHIP', '转运收入', '600104', ['project'], [
    ['I_TSHIP_PORT', '港杂', '600104', ['project']], ['I_TSHIP_SHORT', '短驳', '600104', ['project']], ['I_TSHIP_STORE', '堆存', '600104', ['project']]]],
  ['I_OTHER', '其他收入', '605101', ['project']],
];

/** name, invoiceType, taxRate, serviceCategory, goodsName, taxCategoryCode, isDefault */
const TAX_CONFIGS: [string, number, number, number | null, string, string, boolean][] = [
  ['运输服务-专票9%', 1, 9, 1, '*运输服务*国内道路货物运输服务', '3010102020100000000', true],
  ['运输服务-普票9%', 2, 9, 1, '*运输服务*国内道路货物运输服务', '3010102020100000000', false],
  ['物流辅助服务-专票6%', 1, 6, null, '*物流辅助服务*仓储服务', '3040408000000000000', false],
  ['物流辅助服务-装卸搬运6%', 1, 6, null, '*物流辅助服务*装卸搬运服务', '3040409000000000000', false],
];

/** org, accountName suffix, bankName, accountNo, accountType, isDefault */
const BANKS: Record<'sh' | 'sz', [string, string, string, number, boolean][]> = {
  sh: [['中国工商银行', '1001 2345 0910 0012 345', '1001234509100012345', 1, true], ['招商银行', '1219 0876 5410 001', '121908765410001', 2, false], ['中国建设银行', '3105 0161 3600 0000 1288', '31050161360000001288', 3, false]],
  sz: [['中国银行', '5367 5823 1985', '536758231985', 1, true], ['中国农业银行', '1053 0101 0400 1234 5', '105301010400123456', 2, false]],
};

async function seedOrg(ctx: SeedContext, w: WriteContext, org: 'sh' | 'sz'): Promise<void> {
  const subjectIds = new Map<string, number>();
  for (const [i, [code, name, type, children]] of SUBJECTS.entries()) {
    const pl = await ctx.create(w, 'financeFeeSubjectConfig', { code, name, type, isProfitLoss: true, sort: i * 10 });
    subjectIds.set(code, pl.configId);
    for (const [j, [childCode, childName, costTypes]] of children.entries()) {
      const row = await ctx.create(w, 'financeFeeSubjectConfig', {
        code: childCode, name: childName, type, parentConfigId: pl.configId, costTypes: type === 1 ? costTypes ?? null : null,
        defaultTaxRate: type === 2 ? (childCode === '600101' ? 9 : 6) : null, sort: j * 10,
      });
      subjectIds.set(childCode, row.configId);
    }
  }
  const topTypeOfSubject = new Map<number, number>();
  const plant = async (nodes: Node[], type: 1 | 2, parentId: number | null) => {
    for (const [i, [code, name, subject, scope, children]] of nodes.entries()) {
      const feeSubject = subjectIds.get(subject) ?? null;
      const row = await ctx.create(w, 'financeIncomeCostType', {
        code, name, type, parentId, applyScope: scope, defaultFeeSubjectConfigId: feeSubject, sort: i * 10,
      });
      if (!parentId && feeSubject && !topTypeOfSubject.has(feeSubject)) topTypeOfSubject.set(feeSubject, row.typeId);
      if (children) await plant(children, type, row.typeId);
    }
  };
  await plant(COST_TREE, 1, null);
  await plant(INCOME_TREE, 2, null);
  // Each fee subject names the 收支类型 it mainly serves (the tree's first node booking there).
  for (const [configId, typeId] of topTypeOfSubject) await ctx.update(w, 'financeFeeSubjectConfig', configId, { typeId });
  for (const [i, [name, invoiceType, taxRate, serviceCategory, goodsName, taxCategoryCode, isDefault]] of TAX_CONFIGS.entries()) {
    await ctx.create(w, 'financeInvoiceTaxConfig', { name, invoiceType, taxRate, serviceCategory, goodsName, taxCategoryCode, isDefault, sort: i * 10 });
  }
  const orgName = ((await ctx.db.selectFrom('organization').select('name').where('orgId', '=', ctx.orgIds[org]).executeTakeFirst()) as Row | undefined)?.name ?? '';
  for (const [bankName, label, accountNo, accountType, isDefault] of BANKS[org]) {
    await ctx.create(w, 'bankAccount', { accountName: orgName, bankName, accountNo, accountType, isDefault, remark: `${bankName} ${label}` });
  }
}

async function seed(ctx: SeedContext): Promise<void> {
  for (const [org, who] of [['sh', '潘文娟'], ['sz', '系统管理员']] as const) {
    let w: WriteContext;
    try {
      w = await ctx.as(org, who);
    } catch {
      try { w = await ctx.as(org, '系统管理员'); } catch { continue; } // a base seed without these people configures nothing
    }
    await seedOrg(ctx, w, org);
  }
}

export const financeConfigSeeder: AreaSeeder = { name: 'finance-config', seed };
