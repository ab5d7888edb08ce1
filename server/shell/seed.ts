/**
 * Demo rows for the shell's reference lists and personal finance (business types, bill
 * platforms, active suppliers, incomes awaiting the administrator's confirmation, bank
 * statements). Runs inside the main seed's transaction on an empty database.
 */
import type { Db } from '../db/connect';

const BUSINESS_TYPES = ['整车运输', '零担运输', '仓储服务', '城市配送', '冷链运输', '大件运输'];
const BILL_PLATFORMS = [
  { name: '国家税务总局全国增值税发票查验平台', website: 'https://inv-veri.chinatax.gov.cn' },
  { name: '百望云', website: 'https://www.baiwang.com' },
  { name: '航信开票', website: 'https://www.aisino.com' },
];
const SUPPLIERS = [
  { name: '上海顺达货运有限公司', shortName: '顺达货运', contactName: '钱国强', contactPhone: '13816620417', status: 1 },
  { name: '江苏通程物流有限公司', shortName: '通程物流', contactName: '孙海峰', contactPhone: '13951872206', status: 1 },
  { name: '浙江恒运冷链运输有限公司', shortName: '恒运冷链', contactName: '周立', contactPhone: '13706521139', status: 1 },
  { name: '上海捷安汽车租赁有限公司', shortName: '捷安租赁', contactName: '郑斌', contactPhone: '13621950384', status: 2 },
];
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

export async function seedShellDemo(db: Db, corpId: number, orgIds: Record<string, number>): Promise<void> {
  for (const [i, name] of BUSINESS_TYPES.entries()) {
    await db.insertInto('businessType').values({ corpId, name, code: `BT${String(i + 1).padStart(2, '0')}`, sort: i }).execute();
  }
  for (const p of BILL_PLATFORMS) await db.insertInto('billPlatform').values({ corpId, ...p }).execute();
  const sh = orgIds.sh!;
  for (const s of SUPPLIERS) await db.insertInto('supplier').values({ corpId, orgId: sh, ...s }).execute();

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
  for (const st of STATEMENTS) {
    await db.insertInto('bankStatement').values({ corpId, orgId: sh, bankName: '招商银行', accountNo: '121909876510201', ...st }).execute();
  }
}
