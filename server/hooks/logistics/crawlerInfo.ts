/**
 * 爬虫信息 (DOMAIN §4.4): 转为线索 creates a clue of source 3 (爬虫信息) for the chosen customer,
 * carrying the tender's title, region, budget and link; 忽略 only records who handled it. The
 * state machine (0 → 5 / 10) makes either happen once: a second 转为线索 is refused with 409.
 */
import { defineHooks } from '../types';

const handled = (staffId: number | undefined) => ({ handledByStaffId: staffId ?? null, handledAt: new Date().toISOString() });

export const crawlerInfoHooks = defineHooks('crawlerInfo', {
  afterTransition: {
    async toClue(ctx, row) {
      const budget = row.budget === null || row.budget === undefined ? null : String(row.budget);
      const remark = [row.tenderer && `招标人：${row.tenderer}`, row.projectName && `项目：${row.projectName}`, row.deadline && `截止：${new Date(row.deadline).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}`, row.url && `原文：${row.url}`]
        .filter(Boolean).join('\n');
      const clue = await ctx.create('clue', {
        name: String(row.title).slice(0, 100),
        customerId: row.customerId,
        source: 3,
        crawlerInfoId: row.crawlerInfoId,
        toRegionCode: row.regionCode ?? null,
        expectedAmount: budget,
        remark: remark.slice(0, 500) || null,
      });
      await ctx.q.update('crawlerInfo').set({ clueId: clue.clueId, ...handled(ctx.session?.staffId) }).where('crawlerInfoId', '=', row.crawlerInfoId).execute();
      ctx.say(`已生成线索 ${clue.clueNo}，请到线索列表跟进`);
    },
    async ignore(ctx, row) {
      await ctx.q.update('crawlerInfo').set(handled(ctx.session?.staffId)).where('crawlerInfoId', '=', row.crawlerInfoId).execute();
    },
  },
});
