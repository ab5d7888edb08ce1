/**
 * 物流情报 demo data (DOMAIN §8): 50 imported tender notices (国网/南网/风电/港机; 30 未处理, 8 turned
 * into clues by 杨帆 through 转为线索, 12 忽略) and 30 industry news items. In an offline
 * installation these arrive by 导入 or a configured feed; the demo writes them as an import would.
 */
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';

const TENDERERS: [string, string, string][] = [
  ['国网江苏省电力有限公司', '320000', '国家电网电子商务平台'], ['国网浙江省电力有限公司', '330000', '国家电网电子商务平台'],
  ['国网安徽省电力有限公司', '340000', '国家电网电子商务平台'], ['国网上海市电力公司', '310000', '国家电网电子商务平台'],
  ['中国南方电网广东电网有限责任公司', '440000', '南方电网供应链统一服务平台'], ['中国南方电网广西电网有限责任公司', '450000', '南方电网供应链统一服务平台'],
  ['三峡新能源如东海上风电有限公司', '320623', '三峡集团电子采购平台'], ['华能国际电力江苏能源开发有限公司', '320000', '华能集团电子商务平台'],
  ['中广核新能源盐城风电有限公司', '320900', '中广核电子商务平台'], ['上海振华重工(集团)股份有限公司', '310115', '振华重工招标采购平台'],
  ['国家能源集团江苏电力有限公司', '320000', '国家能源e购'], ['明阳智慧能源集团股份公司', '320623', '明阳智能招采平台'],
];
const SUBJECTS = [
  ['500kV主变压器运输服务', '变压器'], ['220kV主变压器大件运输', '变压器'], ['风电机组叶片短驳运输', '风电'], ['风机塔筒海陆联运', '塔筒'],
  ['换流变压器公路运输及吊装', '变压器'], ['岸桥整机滚装运输', '港机'], ['GIS组合电器运输', '大件'], ['海上升压站设备运输', '风电'],
];
const NEWS: [number, string, string, string][] = [
  [1, '交通运输部修订《超限运输车辆行驶公路管理规定》配套实施细则征求意见', '交通运输部', '大件运输许可办理时限进一步压缩，跨省大件运输“一站式”并联审批全面推行。'],
  [1, '江苏省推行大件运输许可“跨省通办”', '江苏省交通运输厅', '省内大件运输许可平均办理时间压缩至3个工作日以内。'],
  [2, '长三角重型牵引车运价指数环比上涨1.8%', '中国物流与采购联合会', '受风电抢装影响，轴线车、低平板车型运价持续走高。'],
  [2, '柴油价格每吨上调120元', '国家发展改革委', '按机制本轮成品油价格上调，0号柴油每升上涨约0.1元。'],
  [3, '南方电网2026年第二批主网设备运输框架招标启动', '南方电网供应链统一服务平台', '涉及变压器、电抗器等大件设备运输服务共6个标包。'],
  [4, '海上风电进入单机16MW时代，叶片运输长度突破120米', '中国风能协会', '超长叶片对港口短驳和专用运输车提出更高要求。'],
  [4, '洋山港四期自动化码头吞吐量创新高', '上海国际港务集团', '岸桥等港机设备进港安装需求增长。'],
  [5, 'G15沈海高速嘉浩段改扩建施工，大件车辆需绕行', '浙江省交通运输厅', '施工期间限高4.5米，超限车辆请提前规划路线。'],
  [5, 'G50沪渝高速湖州段桥梁检测，夜间限行', '湖州市交通运输局', '每日22:00至次日5:00禁止总重超过55吨车辆通行。'],
  [5, 'S20外环隧道夜间封闭养护', '上海市道路运输管理局', '大件车辆请改走G1501。'],
];

export const logisticsSeeder: AreaSeeder = {
  name: 'logistics',
  async seed(ctx: SeedContext) {
    const biz = await ctx.as('sh', '杨帆');
    const customers = (await ctx.db.selectFrom('customer').select(['customerId', 'name']).where('orgId', '=', ctx.orgIds.sh).where('verifyStatus', '=', 15)
      .orderBy('customerId').limit(8).execute()) as { customerId: number; name: string }[];
    const year = ctx.now.getUTCFullYear();
    for (let i = 0; i < 50; i++) {
      const [tenderer, region, site] = TENDERERS[i % TENDERERS.length]!;
      const [subject, keyword] = SUBJECTS[(i * 3) % SUBJECTS.length]!;
      const published = ctx.daysAgo(2 + i * 6.5);
      const batch = 1 + (i % 5);
      const row = await ctx.create(biz, 'crawlerInfo', {
        title: `${tenderer}${year}年第${batch}批${subject}招标公告`.slice(0, 200),
        siteName: site,
        url: `https://ecp.example-tender.cn/notice/${year}${String(1000 + i)}`,
        tenderer,
        projectName: `${tenderer.replace(/有限(责任)?公司|股份(有限)?公司|\(集团\)/g, '')}${subject}项目`,
        regionCode: region,
        publishDate: new Date(published.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
        deadline: new Date(published.getTime() + (12 + (i % 10)) * 86400_000).toISOString(),
        budget: (200000 + ((i * 137) % 40) * 50000).toFixed(2),
        keywords: `大件,${keyword}`,
        content: `${tenderer}就${subject}进行公开招标，欢迎具备大件运输资质（三类大件许可）的承运单位参与投标。投标截止前请在${site}下载招标文件。`,
      });
      await ctx.backdate('crawlerInfo', row.crawlerInfoId, published);
      // the newest 30 wait; of the older ones 8 became clues and 12 were ignored
      if (i >= 30 && i < 38 && customers.length) {
        await ctx.transition(biz, 'crawlerInfo', row.crawlerInfoId, 'toClue', { customerId: customers[i % customers.length]!.customerId });
      } else if (i >= 38) {
        await ctx.transition(biz, 'crawlerInfo', row.crawlerInfoId, 'ignore');
      }
    }
    for (let i = 0; i < 30; i++) {
      const [category, title, source, summary] = NEWS[i % NEWS.length]!;
      const published = ctx.daysAgo(1 + i * 9);
      const row = await ctx.create(biz, 'logisticsInfo', {
        title: i < NEWS.length ? title : `${title}（续${Math.floor(i / NEWS.length)}）`, category, source, summary,
        regionCode: category === 5 ? ['330000', '330500', '310000'][i % 3] : null,
        publishDate: new Date(published.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
        url: `https://news.example-logistics.cn/a/${20260000 + i}`,
        tags: category === 5 ? '限行,绕行' : category === 2 ? '运价' : '行业',
      });
      await ctx.backdate('logisticsInfo', row.infoId, published);
    }
  },
};
