/**
 * 对账单 demo (DOMAIN §8: settleBill 30 — types 10/14/3/3; states 0×4, 5×5, 10×2, 15×19) for
 * 华运上海, by 潘文娟 (财务经理) through the same path as the screen: each bill takes the open
 * items of one counterparty in one month; the oldest months are confirmed (their schedules reach
 * 已结算), the latest still in draft or waiting for the other side, two disputed, and one
 * supplier bill went through a dispute and an adjustment before it was confirmed.
 */
import { sql } from 'kysely';
import type { AreaSeeder } from './seeder';
import type { SeedContext } from '../context';
import { createBill } from '../../finance/settle/create';

type Row = Record<string, any>;

const PLAN: { type: number; entity: string; party: string; where: string; states: number[] }[] = [
  { type: 1, entity: 'income_item', party: 'customer_id', where: 'true', states: [15, 15, 15, 15, 15, 15, 5, 5, 0, 10] },
  { type: 2, entity: 'cost_item', party: 'supplier_id', where: 'payee_kind <> 2', states: [15, 15, 15, 15, 15, 15, 15, 15, 15, 5, 5, 0, 0, 10] },
  { type: 3, entity: 'cost_item', party: 'project_id', where: 'supplier_id is null and payee_kind <> 2', states: [15, 15, 5] },
  { type: 4, entity: 'cost_item', party: 'staff_id', where: 'payee_kind = 2', states: [15, 15, 0] },
];
const PARTY_FIELD: Record<number, string> = { 1: 'customerId', 2: 'supplierId', 3: 'projectId', 4: 'staffId' };
const CONFIRMERS = ['王海涛', '李静', '赵建国', '陈晓梅', '刘伟', '周敏'];

const monthEnd = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
};

async function seed(ctx: SeedContext) {
  const fin = await ctx.as('sh', '潘文娟');
  const orgId = ctx.orgIds.sh;
  const today = new Date(ctx.now.getTime() + 8 * 3600_000).toISOString().slice(0, 7);
  let adjusted = false;
  for (const plan of PLAN) {
    // counterparty × month groups with open items, oldest first (the current month is still running)
    const groups = (await sql<Row>`
      select ${sql.ref(plan.party)} as party, to_char(occurred_date, 'YYYY-MM') as month, count(*) as n
      from ${sql.table(plan.entity)}
      where org_id = ${orgId} and item_status = 10 and item_settle_status = 0 and settle_bill_id is null
        and ${sql.ref(plan.party)} is not null and ${sql.raw(plan.where)} 
      group by 1, 2 order by (to_char(occurred_date, 'YYYY-MM') >= ${today}), 2, 3 desc`.execute(ctx.db)).rows;
    // spread over counterparties: one month each in turn
    const chosen: Row[] = [];
    const used = new Set<string>();
    for (const g of groups) {
      if (chosen.length >= plan.states.length) break;
      const key = `${g.party}`;
      if (used.has(key) && groups.some((o) => !used.has(String(o.party)))) continue;
      used.add(key);
      chosen.push(g);
    }
    for (const g of groups) if (chosen.length < plan.states.length && !chosen.includes(g)) chosen.push(g);
    chosen.sort((a, b) => String(a.month).localeCompare(String(b.month)));
    for (const [i, g] of chosen.entries()) {
      const state = plan.states[i]!;
      const periodStart = `${g.month}-01`;
      const periodEnd = monthEnd(String(g.month));
      const bill = await createBill(fin, { billType: plan.type, [PARTY_FIELD[plan.type]!]: Number(g.party), periodStart, periodEnd, taxRate: plan.type === 4 ? 0 : 9,
        remark: `${g.month.replace('-', '年')}月对账` });
      const id = Number(bill.settleBillId);
      const at = new Date(`${periodEnd}T10:00:00+08:00`);
      await ctx.backdate('settleBill', id, new Date(Math.min(at.getTime() + 3 * 86400_000, ctx.now.getTime())));
      if (state === 0) continue;
      await ctx.transition(fin, 'settleBill', id, 'send');
      if (state === 5) continue;
      if (state === 10 || (!adjusted && plan.type === 2)) {
        await ctx.transition(fin, 'settleBill', id, 'dispute', { disputeReason: '对方称其中一车次回单未签收，运费金额有出入' });
        if (state === 10) continue;
        adjusted = true;
        await ctx.transition(fin, 'settleBill', id, 'adjust', { adjustAmount: '-500.00', adjustReason: '双方协商：货损扣款500元' });
        await ctx.transition(fin, 'settleBill', id, 'send');
      }
      await ctx.transition(fin, 'settleBill', id, 'confirm', { confirmedBy: ctx.pick(CONFIRMERS) });
    }
  }
}

export const financeSettleSeeder: AreaSeeder = { name: 'finance-settle', seed };
