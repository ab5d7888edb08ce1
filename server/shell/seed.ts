/**
 * Demo rows for the shell's reference lists and personal finance (business types, incomes
 * awaiting the administrator's confirmation, bank statements); bill platforms and suppliers
 * come from the transport-resource seeder (server/seed/areas/resources.ts). Runs inside the main seed's transaction on an empty database.
 */
import type { Db } from '../db/connect';

const BUSINESS_TYPES = ['整车运输', '零担运输', '仓储服务', '城市配送', '冷链运输', '大件运输'];
const INCOMES = [
  { subject: '上海联华超市干线运输运费', amount: '18600.00', incomeDate: '2026-10-28' },
  { subject: '苏州工业园区仓储服务费', amount: '9350.50', incomeDate: '2026-11-03' },
  { subject: '电商大促城配加急费', amount: '4200.00', incomeDate: '2026-11-12' },
];
const STATEMENTS = [
  { tradeDate: '2026-11-02', direction: 1, amount: '18600.00', counterparty: '上海联华超市发展有限公司', summary: '10月干线运费' },
  { tradeDate: '2026-11-05', direction: 2, amount: '7200.00', counterparty: '上海顺达货运有限公司', summary: '外协车辆运费' },
  { tradeDate: '2026-11-10', direction: 1, amount: '9350.50', counterparty: '苏州工业园区物流中心', summary: '仓储服务费' },
  { tradeDate: '2026-11-15', direction: 2, amount: '1280.00', counterparty: '中国石化销售股份有限公司上海石油分公司', summary: '车队燃油费' },
];

/** Unread notices, so the notification box shows on the first login (issue 11). */
const NOTICES: { to: string; from?: string; type: 1 | 2; message: string; hoursAgo: number }[] = [
  { to: 'admin', type: 1, message: '系统将于本周六 22:00–24:00 升级维护，请提前保存工作', hoursAgo: 26 },
  { to: 'admin', from: 'business', type: 2, message: '客户「上海联华超市发展有限公司」已提交审核，请及时处理', hoursAgo: 3 },
  { to: 'admin', type: 2, message: '供应商「上海捷安汽车租赁有限公司」的道路运输许可证已过期, 请及时更新', hoursAgo: 1 },
  { to: 'business', from: 'admin', type: 1, message: '请在月底前完成本月客户回访记录', hoursAgo: 5 },
];

async function staffOf(db: Db, username: string, orgId: number): Promise<{ staffId: number; name: string } | undefined> {
  return (await db
    .selectFrom('staff as s')
    .innerJoin('account as a', 'a.accountId', 's.accountId')
    .select(['s.staffId', 's.name'])
    .where('a.username', '=', username)
    .where('s.orgId', '=', orgId)
    .executeTakeFirst()) as { staffId: number; name: string } | undefined;
}

export async function seedShellDemo(db: Db, corpId: number, orgIds: Record<string, number>): Promise<void> {
  for (const [i, name] of BUSINESS_TYPES.entries()) {
    await db.insertInto('businessType').values({ corpId, name, code: `BT${String(i + 1).padStart(2, '0')}`, sort: i }).execute();
  }
  const sh = orgIds.sh!;

  // The administrator's staff record in the default organisation confirms the incomes.
  const admin = (await db
    .selectFrom('staff as s')
    .innerJoin('account as a', 'a.accountId', 's.accountId')
    .select('s.staffId')
    .where('a.username', '=', 'admin')
    .where('s.orgId', '=', sh)
    .executeTakeFirst()) as { staffId: number } | undefined;
  if (admin) {
    for (const income of INCOMES) await db.insertInto('incomeReview').values({ corpId, orgId: sh, staffId: admin.staffId, status: 0, ...income }).execute();
  }
  for (const n of NOTICES) {
    const to = await staffOf(db, n.to, sh);
    const from = n.from ? await staffOf(db, n.from, sh) : undefined;
    if (!to) continue;
    await db.insertInto('notice').values({
      corpId, orgId: sh, type: n.type, recipientStaffId: to.staffId, senderStaffId: from?.staffId ?? null, name: from?.name ?? '',
      message: n.message, messageDate: new Date(Date.now() - n.hoursAgo * 3600_000).toISOString(), status: 0,
    }).execute();
  }
  for (const st of STATEMENTS) {
    await db.insertInto('bankStatement').values({ corpId, orgId: sh, bankName: '招商银行', accountNo: '121909876510201', ...st }).execute();
  }
}
