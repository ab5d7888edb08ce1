/**
 * Demo data of 组织架构 and 系统管理 (DOMAIN §8), through the same pipeline as the screens:
 * - people first (other areas' seeders may refer to them): the group tree (上海 集团总部 over 苏州
 *   and 广州), their administrators, new departments with heads, 28 more staff in 上海 (project
 *   managers, A2 drivers from an import job, escorts, dispatchers, finance) and 12 in 苏州 (team
 *   leaders, crane operators, operators), roles for existing colleagues, two more roles;
 * - system last (after the areas that may declare their own approval chains): process templates
 *   for every business type without one, settings, WeChat-Work, two years of holiday calendar,
 *   import jobs (one failed), group-bot message records.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';
import type { OrgKey } from '../demo-data';
import type { WriteContext } from '../../crud/write';
import { generateYear } from '../../admin/holidays';
import { runImportJob, targetOf } from '../../admin/admin-import';
import { loadCatalogue } from '../../schema/load';
import { OUTBOX, renderInsuranceMessage } from '../../messaging/wechat-bot';

const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

async function roleId(ctx: SeedContext, org: OrgKey, code: string): Promise<number> {
  const r = (await ctx.db.selectFrom('role').select('roleId').where('orgId', '=', ctx.orgIds[org]).where('code', '=', code).executeTakeFirstOrThrow()) as { roleId: number };
  return r.roleId;
}

async function depId(ctx: SeedContext, org: OrgKey, name: string): Promise<number> {
  const r = (await ctx.db.selectFrom('department').select('depId').where('orgId', '=', ctx.orgIds[org]).where('name', '=', name).executeTakeFirstOrThrow()) as { depId: number };
  return r.depId;
}

/** 11-digit mobiles that pass the format rule, deterministic per person. */
function mobile(ctx: SeedContext): string {
  const prefixes = ['139', '138', '137', '136', '135', '186', '188', '158', '159', '150', '152', '177'];
  return ctx.pick(prefixes) + String(Math.floor(ctx.rand() * 1e8)).padStart(8, '0');
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importJob(ctx: SeedContext, w: WriteContext, importType: number, fileName: string, rows: unknown[][] | Buffer, daysAgo: number) {
  const t = targetOf({ entities: ctx.entities, catalogue: loadCatalogue() }, importType);
  if (!t.entity || !t.entry) return;
  const data = Buffer.isBuffer(rows) ? rows : await workbook(rows);
  const e = t.entity;
  const before = ((await ctx.db.selectFrom(e.table).select(sql<number>`coalesce(max(${sql.ref(e.idField)}), 0)`.as('max')).executeTakeFirstOrThrow()) as { max: number }).max;
  const job = await runImportJob({ db: ctx.db, session: w.session!, entities: ctx.entities }, t as Required<typeof t>, fileName, data, { commit: true });
  const at = ctx.daysAgo(daysAgo);
  await ctx.db.updateTable('dataImportJob').set({ createdAt: at.toISOString(), updatedAt: at.toISOString(), committedAt: job.status === 10 ? at.toISOString() : null }).where('jobId', '=', job.jobId).execute();
  // The rows it made (and their log lines) date from the job.
  const made = (await ctx.db.selectFrom(e.table).select(`${e.idField} as id`).where(e.idField, '>', before).execute()) as { id: number }[];
  for (const r of made) await ctx.backdate(e.name, r.id, at);
}

// ---- people -------------------------------------------------------------------------------------

interface Person { name: string; dep: string; post: string; username?: string; role?: string; driver?: string; hiredDaysAgo: number }

const SH_PEOPLE: Person[] = [
  { name: '蒋丽华', dep: '项目管理部', post: '项目经理', username: 'jianglihua', role: 'pm', hiredDaysAgo: 1900 },
  { name: '韩晓明', dep: '项目管理部', post: '项目经理', username: 'hanxiaoming', role: 'pm', hiredDaysAgo: 820 },
  { name: '邱晓峰', dep: '项目管理部', post: '项目专员', hiredDaysAgo: 400 },
  { name: '袁志强', dep: '大件运输部', post: '大件运输部经理', username: 'yuanzhiqiang', role: 'dispatcher', hiredDaysAgo: 2600 },
  { name: '黎明辉', dep: '自有车队', post: '车队长', hiredDaysAgo: 2100 },
  { name: '钟亮', dep: '自有车队', post: '车辆管理员', hiredDaysAgo: 700 },
  { name: '邓宏伟', dep: '护送组', post: '护送员', driver: 'C1', hiredDaysAgo: 900 },
  { name: '许国栋', dep: '护送组', post: '护送员', driver: 'C1', hiredDaysAgo: 650 },
  { name: '彭建新', dep: '护送组', post: '护送员', driver: 'B2', hiredDaysAgo: 300 },
  { name: '田文杰', dep: '干线调度组', post: '调度员', username: 'tianwenjie', role: 'dispatchClerk', hiredDaysAgo: 1200 },
  { name: '罗小雨', dep: '城配调度组', post: '调度员', username: 'luoxiaoyu', role: 'dispatchClerk', hiredDaysAgo: 500 },
  { name: '曾繁荣', dep: '干线调度组', post: '调度员', hiredDaysAgo: 220 },
  { name: '孙雅琴', dep: '华东大客户组', post: '商务专员', username: 'sunyaqin', role: 'business', hiredDaysAgo: 1000 },
  { name: '梁晨', dep: '电商物流组', post: '商务专员', username: 'liangchen', role: 'business', hiredDaysAgo: 600 },
  { name: '傅雪', dep: '商务部', post: '客服专员', hiredDaysAgo: 350 },
  { name: '卢振东', dep: '商务部', post: '方案工程师', username: 'luzhendong', role: 'planner', hiredDaysAgo: 1500 },
  { name: '谢丽娜', dep: '财务部', post: '会计', username: 'xielina', role: 'accountant', hiredDaysAgo: 1700 },
  { name: '宋佳', dep: '财务部', post: '会计', hiredDaysAgo: 450 },
  { name: '唐敏', dep: '总经理办公室', post: '行政专员', hiredDaysAgo: 1300 },
  { name: '韦刚', dep: '总经理办公室', post: '法务专员', hiredDaysAgo: 980 },
  { name: '范立军', dep: '大件运输部', post: '安全员', username: 'fanlijun', role: 'safety', hiredDaysAgo: 1100 },
];

/** The eight A2 drivers arrive through an import job (one row of the sheet is refused). */
const SH_DRIVERS = ['高志刚', '董海军', '马建军', '胡卫国', '朱宝林', '郑大勇', '冯立新', '曹振华'];

const SZ_PEOPLE: Person[] = [
  { name: '严国强', dep: '入库组', post: '班组长', username: 'yanguoqiang', role: 'whKeeper', hiredDaysAgo: 1400 },
  { name: '金伟', dep: '出库组', post: '班组长', username: 'jinwei', role: 'whKeeper', hiredDaysAgo: 1250 },
  { name: '陶明', dep: '装卸作业组', post: '行车工', hiredDaysAgo: 900 },
  { name: '姜立', dep: '装卸作业组', post: '行车工', hiredDaysAgo: 760 },
  { name: '魏婷', dep: '入库组', post: '仓管员', username: 'weiting', role: 'whKeeper', hiredDaysAgo: 800 },
  { name: '潘红', dep: '出库组', post: '仓管员', hiredDaysAgo: 540 },
  { name: '陆斌', dep: '综合管理部', post: '调度员', hiredDaysAgo: 610 },
  { name: '夏雪', dep: '综合管理部', post: '会计', hiredDaysAgo: 330 },
];

/** The four operators of 苏州 also come from an import job. */
const SZ_OPERATORS = ['石磊', '龚勇', '钱兵', '秦海'];

async function addPeople(ctx: SeedContext, w: WriteContext, org: OrgKey, people: Person[]) {
  for (const p of people) {
    const row = await ctx.create(w, 'staff', {
      name: p.name, mobile: mobile(ctx), depId: await depId(ctx, org, p.dep), post: p.post, hireDate: day(ctx.daysAgo(p.hiredDaysAgo)),
      ...(p.driver ? { isDriver: true, licenseClass: p.driver } : {}),
      ...(p.username ? { username: p.username, initialPassword: `${p.username.charAt(0).toUpperCase()}${p.username.slice(1)}@123` } : {}),
      ...(p.role ? { roleIds: [await roleId(ctx, org, p.role)] } : {}),
    });
    await ctx.backdate('staff', row.staffId, ctx.daysAgo(Math.min(p.hiredDaysAgo, 360)));
  }
}

async function seedPeople(ctx: SeedContext) {
  const sh = await ctx.as('sh', '系统管理员');
  const sz = await ctx.as('sz', '系统管理员');

  // The group: 上海 is its headquarters, 苏州 and 广州 its subsidiaries. An organisation's
  // administrator is one of its own staff, so each is set from inside that organisation.
  await ctx.update(sh, 'organization', ctx.orgIds.sh, { orgType: 1, managerStaffId: await ctx.staffId('sh', '系统管理员') });
  await ctx.update(sz, 'organization', ctx.orgIds.sz, { orgType: 2, parentOrgId: ctx.orgIds.sh, managerStaffId: await ctx.staffId('sz', '陆建平') });
  await ctx.update(await ctx.as('gz', '系统管理员'), 'organization', ctx.orgIds.gz, { orgType: 2, parentOrgId: ctx.orgIds.sh, managerStaffId: await ctx.staffId('gz', '系统管理员') });

  // Departments the heavy-cargo business needs, each with its head.
  const bulk = await ctx.create(sh, 'department', { name: '大件运输部', sort: 10 });
  await ctx.create(sh, 'department', { name: '自有车队', parentId: bulk.depId, sort: 11 });
  await ctx.create(sh, 'department', { name: '护送组', parentId: bulk.depId, sort: 12 });
  await ctx.create(sh, 'department', { name: '项目管理部', sort: 13 });
  await ctx.create(sz, 'department', { name: '装卸作业组', parentId: await depId(ctx, 'sz', '仓储运营部'), sort: 10 });

  // Two more roles of 上海 beside the bundles.
  await ctx.create(sh, 'role', { name: '调度员', code: 'dispatchClerk', permissions: ['首页', '调度', '在途车辆', '项目管理:运输需求'], remark: '派车、跟踪在途车辆' });
  await ctx.create(sh, 'role', { name: '安全员', code: 'safety', permissions: ['首页', '在途车辆', '调度:查看'], remark: '查看在途车辆与调度，不可派车' });

  await addPeople(ctx, sh, 'sh', SH_PEOPLE);
  await addPeople(ctx, sz, 'sz', SZ_PEOPLE);

  // Existing colleagues get the roles of their posts.
  await ctx.update(sh, 'staff', await ctx.staffId('sh', '王建国'), { roleIds: [await roleId(ctx, 'sh', 'dispatcher')] });
  await ctx.update(sh, 'staff', await ctx.staffId('sh', '李秀英'), { roleIds: [await roleId(ctx, 'sh', 'accountant')] });

  // Drivers and operators from import jobs (the dispatch and warehouse areas refer to them by name).
  const header = ['*姓名', '手机号', '部门', '岗位', '入职日期', '驾驶员', '准驾车型'];
  await importJob(ctx, sh, 7, '自有车队驾驶员.xlsx', [
    header,
    ...SH_DRIVERS.map((n, i) => [n, mobile(ctx), '自有车队', '重卡驾驶员', day(ctx.daysAgo(300 + i * 170)), '是', 'A2']),
    ['王小二', '1380013', '自有车队', '重卡驾驶员', '', '是', 'A2'],
  ], 330);
  await importJob(ctx, sz, 7, '装卸操作工.xlsx', [
    header,
    ...SZ_OPERATORS.map((n, i) => [n, mobile(ctx), '装卸作业组', '操作工', day(ctx.daysAgo(200 + i * 90)), '否', '']),
  ], 120);

  // Department heads (approvers of 部门负责人 nodes).
  const heads: [OrgKey, string, string][] = [
    ['sh', '总经理办公室', '沈伟民'], ['sh', '商务部', '杨帆'], ['sh', '华东大客户组', '陈静'], ['sh', '运营调度部', '王建国'], ['sh', '干线调度组', '何俊'],
    ['sh', '财务部', '潘文娟'], ['sh', '大件运输部', '袁志强'], ['sh', '自有车队', '黎明辉'], ['sh', '项目管理部', '蒋丽华'],
    ['sz', '综合管理部', '陆建平'], ['sz', '仓储运营部', '顾卫东'], ['sz', '入库组', '严国强'], ['sz', '出库组', '金伟'],
  ];
  for (const [i, [org, dep, head]] of heads.entries()) {
    const id = await depId(ctx, org, dep);
    await ctx.update(org === 'sh' ? sh : sz, 'department', id, { leaderStaffId: await ctx.staffId(org, head) });
    await ctx.backdate('department', id, ctx.daysAgo(350 - i));
  }
}

// ---- system -------------------------------------------------------------------------------------

type Node = { name: string; approverType: number; roleIds?: number[]; staffIds?: number[]; permission?: string; minAmount?: number; mode?: 'any' | 'all' };

async function seedTemplates(ctx: SeedContext) {
  const sh = await ctx.as('sh', '系统管理员');
  const r = (code: string) => roleId(ctx, 'sh', code);
  const role = async (name: string, code: string, extra: Partial<Node> = {}): Promise<Node> => ({ name, approverType: 2, roleIds: [await r(code)], ...extra });
  const head: Node = { name: '部门负责人', approverType: 3 };
  const templates: { bizType: number; name: string; nodes: Node[]; remark?: string }[] = [
    { bizType: 1, name: '批量付款审批', nodes: [await role('财务经理', 'finMgr'), await role('总经理', 'gm', { minAmount: 200000 })], remark: '20万元及以上须总经理审批' },
    { bizType: 2, name: '批量收款审批', nodes: [await role('财务经理', 'finMgr')] },
    { bizType: 3, name: '批量收票审批', nodes: [await role('财务经理', 'finMgr')] },
    { bizType: 4, name: '申请开票审批', nodes: [await role('财务经理', 'finMgr')] },
    // 报销 and 借支 are decided by finance (the 审核 call needs 财务:资金事项:审核, which department heads don't hold); big ones by the 总经理 too.
    { bizType: 5, name: '项目费用报销', nodes: [await role('财务经理', 'finMgr'), await role('总经理', 'gm', { minAmount: 20000 })], remark: '2万元及以上须总经理审批' },
    { bizType: 6, name: '备用金借支', nodes: [await role('财务经理', 'finMgr'), await role('总经理', 'gm', { minAmount: 10000 })], remark: '1万元及以上须总经理审批' },
    { bizType: 7, name: '付款确认收入', nodes: [await role('财务经理', 'finMgr')] },
    { bizType: 11, name: '客户审核', nodes: [await role('商务经理', 'bizManager')] },
    { bizType: 12, name: '供应商审核', nodes: [await role('调度主管', 'dispatcher')] },
    // DOMAIN §1.1: the general manager approves contracts, projects and the heavy-cargo settles.
    { bizType: 13, name: '合同审核', nodes: [await role('总经理', 'gm')] },
    { bizType: 14, name: '项目立项', nodes: [await role('总经理', 'gm')] },
    { bizType: 15, name: '大件成本结算', nodes: [await role('总经理', 'gm')] },
    { bizType: 16, name: '资产借阅', nodes: [{ name: '资料管理员', approverType: 5, permission: '数字资产' }] },
    { bizType: 17, name: '调度审批', nodes: [await role('调度主管', 'dispatcher')] },
    { bizType: 18, name: '对客报价审核', nodes: [await role('商务经理', 'bizManager')] },
    { bizType: 19, name: '运力人工审核', nodes: [{ name: '人工审核员', approverType: 5, permission: '运力资源:人工审核' }] },
  ];
  for (const t of templates) {
    // An area that declared its own chain for the type keeps it.
    const exists = await ctx.db.selectFrom('processTemplate').select('processTemplateId').where('orgId', '=', ctx.orgIds.sh).where('bizType', '=', t.bizType).executeTakeFirst();
    if (exists) continue;
    const row = await ctx.create(sh, 'processTemplate', { ...t, remark: t.remark ?? null });
    await ctx.backdate('processTemplate', row.processTemplateId, ctx.daysAgo(300 + t.bizType));
  }
  // The chain 付款 had before: kept, disabled, for comparison.
  const old = await ctx.create(sh, 'processTemplate', { bizType: 1, name: '批量付款审批(2025版)', nodes: [await role('财务经理', 'finMgr'), await role('总经理', 'gm', { minAmount: 100000 })], remark: '已由2026版替代' });
  await ctx.backdate('processTemplate', old.processTemplateId, ctx.daysAgo(360));

  const sz = await ctx.as('sz', '系统管理员');
  const szAdmin = await roleId(ctx, 'sz', 'companyAdmin');
  for (const t of [
    { bizType: 1, name: '批量付款审批', nodes: [{ name: '单位管理员', approverType: 2, roleIds: [szAdmin] }] },
    { bizType: 11, name: '客户审核', nodes: [{ name: '单位管理员', approverType: 2, roleIds: [szAdmin] }] },
  ]) {
    const exists = await ctx.db.selectFrom('processTemplate').select('processTemplateId').where('orgId', '=', ctx.orgIds.sz).where('bizType', '=', t.bizType).executeTakeFirst();
    if (!exists) await ctx.create(sz, 'processTemplate', t);
  }
}

async function seedSettings(ctx: SeedContext) {
  for (const org of ['sh', 'sz'] as const) {
    const w = await ctx.as(org, '系统管理员');
    const s = w.session!;
    await ctx.db.insertInto('systemConfig').values({ corpId: s.corpId, orgId: s.orgId, createdBy: s.staffId, updatedBy: s.staffId }).execute();
    const row = (await ctx.db.selectFrom('systemConfig').select('systemConfigId').where('orgId', '=', s.orgId).executeTakeFirstOrThrow()) as { systemConfigId: number };
    await ctx.update(w, 'systemConfig', row.systemConfigId, org === 'sh'
      ? { receiptOriginalRequired: true, quoteMarginAlertPct: '8.00', trackRefreshSeconds: 60 }
      : { expiryWarnDays: 45, receiptOverdueDays: 10 });
    // Two years of calendar: the demo's twelve months span both.
    for (const year of [ctx.now.getFullYear() - 1, ctx.now.getFullYear()]) await generateYear(ctx.db, s, year, false);
  }
  const sh = await ctx.as('sh', '系统管理员');
  const s = sh.session!;
  await ctx.db.insertInto('wechatConfig').values({ corpId: s.corpId, orgId: s.orgId, createdBy: s.staffId, updatedBy: s.staffId }).execute();
  const cfg = (await ctx.db.selectFrom('wechatConfig').select('wechatConfigId').where('orgId', '=', s.orgId).executeTakeFirstOrThrow()) as { wechatConfigId: number };
  await ctx.update(sh, 'wechatConfig', cfg.wechatConfigId, {
    wxCorpId: 'ww8a1d3c5e7f902b4c', agentId: '1000008', secret: 'demo-secret-not-real-7Hq2', enabled: true,
    defaultWebhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  });
}

async function seedImports(ctx: SeedContext) {
  const sh = await ctx.as('sh', '系统管理员');
  const sz = await ctx.as('sz', '系统管理员');
  const header = ['*姓名', '手机号', '部门', '岗位', '入职日期', '登录账号', '初始密码', '角色'];
  await importJob(ctx, sh, 7, '调度员补充.xlsx', [
    header,
    ['孔德明', mobile(ctx), '干线调度组', '调度员', day(ctx.daysAgo(150)), 'kongdeming', 'Kongdeming@123', '调度员'],
    ['白玉洁', mobile(ctx), '城配调度组', '调度员', day(ctx.daysAgo(140)), 'baiyujie', 'Baiyujie@123', '调度员'],
  ], 140);
  await importJob(ctx, sz, 7, '苏州仓库文员.xlsx', [
    header,
    ['丁雨', mobile(ctx), '综合管理部', '文员', day(ctx.daysAgo(70)), '', '', ''],
    ['叶静', mobile(ctx), '不存在的部门', '文员', day(ctx.daysAgo(70)), '', '', ''],
  ], 70);
  // A sheet saved in another format is refused as a whole: the failed job says why.
  await importJob(ctx, sh, 7, '员工花名册(旧版).xlsx', Buffer.from('该文件是由旧版人事系统导出的 CSV 文本，并非 xlsx'), 40);
  await importJob(ctx, sh, 7, '护送员.xlsx', [
    ['*姓名', '手机号', '部门', '岗位', '驾驶员', '准驾车型'],
    ['聂永刚', mobile(ctx), '护送组', '护送员', '是', 'C1'],
  ], 25);
}

/**
 * WeChat group-bot messages of 上海 as the outbox recorded them (two failed, some only recorded).
 * The rules that post them belong to the projects' group settings (项目管理:微信群消息).
 */
async function seedBotMessages(ctx: SeedContext) {
  const sh = await ctx.as('sh', '系统管理员');
  const s = sh.session!;
  const hook = (k: string) => `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${k}`;
  const projects = ['上海电气临港—长兴220kV主变运输', '明阳如东风电叶片短驳', '振华QC-2309岸桥部件仓储配送', '宝钢湛江热轧机架运输', '中广核阳江换热器运输'];
  const goods = ['220kV主变压器(220吨)', '风电叶片(91米)', '岸桥前大梁', '热轧机架(180吨)', '蒸汽发生器换热器'];
  const exceptions = ['G15沈海高速限行，车组在嘉兴服务区待行', '液压轴线车一轴漏油，现场处理中', '桥梁限重复核，等待路政放行', '护送车辆故障，已调配备用车'];
  for (let i = 0; i < 80; i++) {
    const p = i % projects.length;
    const triggerType = [1, 2, 3][i % 3]!;
    const templateId = triggerType === 3 ? 2 : 1;
    const webhookUrl = i % 10 === 9 ? null : hook(`6f1c2d3e-${String(p).padStart(4, '0')}-${templateId}`);
    const content = templateId === 1
      ? renderInsuranceMessage({ projectName: projects[p], insuranceType: '综合险+吊装附加险', goodsName: goods[p], goodsValue: 8000000 + p * 1500000, startAddress: '上海临港', endAddress: '浙江湖州长兴', transportDate: day(ctx.daysAgo(80 - i)) })
      : `【运输异常】\n项目：${projects[p]}\n货物：${goods[p]}\n情况：${exceptions[i % exceptions.length]}`;
    const failed = i === 17 || i === 52;
    const at = ctx.daysAgo(90 - i).toISOString();
    await ctx.db.insertInto('wechatBotMessage').values({
      corpId: s.corpId, orgId: s.orgId, ruleId: null, templateId, triggerType, content, webhookUrl,
      status: !webhookUrl ? OUTBOX.recordOnly : failed ? OUTBOX.failed : OUTBOX.sent, attempts: webhookUrl ? (failed ? 5 : 1) : 0,
      lastError: failed ? 'HTTP 200 errcode 93000: invalid webhook url' : null, sentAt: webhookUrl && !failed ? at : null,
      createdAt: at, updatedAt: at, createdBy: s.staffId, updatedBy: s.staffId,
    }).execute();
  }
}

export const adminPeopleSeeder: AreaSeeder = {
  name: 'admin-people',
  seed: seedPeople,
};

export const adminSystemSeeder: AreaSeeder = {
  name: 'admin-system',
  async seed(ctx) {
    await seedTemplates(ctx);
    await seedSettings(ctx);
    await seedImports(ctx);
    await seedBotMessages(ctx);
  },
};
