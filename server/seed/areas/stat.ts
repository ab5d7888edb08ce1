/**
 * Demo page visits for 活跃度统计 (DOMAIN §8 "pageVisit 3,000"): the 上海 staff with a login opened
 * the screens of their work on working days over the last 90 days, more in the morning, each
 * person mostly their own few pages. Written straight into the table: a visit is a plain row
 * the shell records on every route change (no hooks, no log).
 */
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';

const PAGES_BY_PERSON: Record<string, string[]> = {
  沈伟民: ['工作台', '数据统计', '运输统计', '数据看板', '收入合同', '项目列表', '收入成本报表', '看板门户'],
  杨帆: ['线索列表', '询价单', '对客报价', '客户列表', '统计询价统计', '爬虫信息', '物流信息'],
  周慧敏: ['线索列表', '询价单', '客户列表', '爬虫信息', '工作台'],
  郭振宇: ['技术方案', '询价单', '保险询价'],
  沈国良: ['项目列表', '运输需求', '调度单列表', '大件成本结算', '工作台'],
  何俊: ['调度单列表', '运输需求', '派车轨迹', '回单', '平台车辆', '供应商列表'],
  潘文娟: ['合并管理', '收入成本报表', '客户对账', '供应商对账', '日常事项'],
  徐静: ['合并管理', '日常事项', '个人财务管理'],
  林晓燕: ['我的管理', '我的待办', '我的借阅'],
};

export const statSeeder: AreaSeeder = {
  name: 'stat',
  async seed(ctx: SeedContext) {
    const orgId = ctx.orgIds.sh;
    const corp = (await ctx.db.selectFrom('organization').select('corpId').where('orgId', '=', orgId).executeTakeFirstOrThrow()) as { corpId: number };
    const people: { staffId: number; pages: string[]; weight: number }[] = [];
    for (const [name, pages] of Object.entries(PAGES_BY_PERSON)) {
      const row = (await ctx.db.selectFrom('staff').select('staffId').where('orgId', '=', orgId).where('name', '=', name).executeTakeFirst()) as { staffId: number } | undefined;
      if (row) people.push({ staffId: row.staffId, pages, weight: pages.length });
    }
    if (!people.length) return;
    const totalWeight = people.reduce((s, p) => s + p.weight, 0);
    const rows: Record<string, unknown>[] = [];
    while (rows.length < 3000) {
      // a person by how many screens their work uses, a page of theirs, a working-day morning-heavy time
      let r = ctx.rand() * totalWeight;
      const person = people.find((p) => (r -= p.weight) < 0) ?? people[0]!;
      const page = ctx.pick(person.pages);
      const day = Math.floor(ctx.rand() * 90);
      const at = ctx.daysAgo(day);
      const weekday = new Date(at.getTime() + 8 * 3600_000).getUTCDay();
      if ((weekday === 0 || weekday === 6) && ctx.rand() < 0.85) continue;
      const hour = ctx.rand() < 0.6 ? 8 + Math.floor(ctx.rand() * 4) : 13 + Math.floor(ctx.rand() * 5);
      const china = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), hour - 8, Math.floor(ctx.rand() * 60), Math.floor(ctx.rand() * 60)));
      if (china.getTime() > ctx.now.getTime()) continue;
      rows.push({ corpId: corp.corpId, orgId, staffId: person.staffId, statisticsName: page, routePath: null, createdAt: china.toISOString() });
    }
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('pageVisit').values(rows.slice(i, i + 500) as any).execute();
  },
};
