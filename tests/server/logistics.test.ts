/**
 * 物流情报: 转为线索 makes a clue of source 3 once; 忽略; items come in by an uploaded CSV/xlsx or
 * by a configured feed address fetched on demand (RSS and JSON), never twice for one link.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

const B = '/api/v1/project-base';

function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = `----t${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\nContent-Type: text/csv\r\n\r\n`);
  return { body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const RSS = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>招标</title>
<item><title><![CDATA[国网湖北省电力有限公司500kV主变运输招标公告]]></title><link>https://feed.test/notice/1</link><pubDate>Mon, 02 Nov 2026 08:00:00 +0800</pubDate><description>&lt;p&gt;主变压器运输&lt;/p&gt;</description></item>
<item><title>三峡能源风电叶片短驳运输项目</title><link>https://feed.test/notice/2</link><pubDate>Tue, 03 Nov 2026 09:30:00 +0800</pubDate></item>
<item><title>没有链接的条目</title></item>
</channel></rss>`;
const JSON_FEED = { items: [
  { title: 'G60沪昆高速嘉兴段夜间限行', url: 'https://feed.test/news/1', date: '2026-11-05', summary: '22:00至次日5:00', category: 5 },
  { title: '重型牵引车运价环比上涨', link: 'https://feed.test/news/2', pubDate: '2026-11-06T10:00:00+08:00' },
] };

describe('物流情报', () => {
  let h: Harness;
  let business: string;
  let admin: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    h = await startHarness('pglite');
    [business, admin] = [await h.login('business'), await h.login('admin')];
    server = createServer((req, res) => {
      if (req.url === '/rss') { res.setHeader('content-type', 'application/rss+xml'); res.end(RSS); }
      else if (req.url === '/json') { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(JSON_FEED)); }
      else { res.statusCode = 404; res.end(); }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await h?.close();
  });

  const firstOpen = async () => {
    const r = await h.call('GET', `${B}/crawler-info/page?status=0&pageSize=5`, { token: business });
    expect(r.status).toBe(200);
    return r.body.data.list as { crawlerInfoId: number; title: string; regionCode: string | null; budget: string | null }[];
  };

  it('转为线索 creates a clue of source 爬虫信息 for the chosen customer, once', async () => {
    const [info] = await firstOpen();
    const customer = (await h.database.db.selectFrom('customer').select('customerId').where('verifyStatus', '=', 15).orderBy('customerId').executeTakeFirstOrThrow()) as { customerId: number };
    const missing = await h.call('POST', `${B}/crawler-info/to-clue`, { token: business, data: { crawlerInfoId: info!.crawlerInfoId } });
    expect(missing.status).toBe(400);
    const r = await h.call('POST', `${B}/crawler-info/to-clue`, { token: business, data: { crawlerInfoId: info!.crawlerInfoId, customerId: customer.customerId } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.message).toMatch(/^已生成线索 XS\d{10}/);
    const after = (await h.call('GET', `${B}/crawler-info/${info!.crawlerInfoId}`, { token: business })).body.data;
    expect(after.status).toBe(5);
    expect(after.handledByStaffId).toBeTruthy();
    const clue = (await h.database.db.selectFrom('clue').selectAll().where('clueId', '=', after.clueId).executeTakeFirstOrThrow()) as Record<string, any>;
    expect(clue).toMatchObject({ source: 3, crawlerInfoId: info!.crawlerInfoId, customerId: customer.customerId, name: info!.title.slice(0, 100), clueStatus: 0 });
    expect(clue.expectedAmount === null ? null : Number(clue.expectedAmount)).toBe(info!.budget === null ? null : Number(info!.budget));
    // twice: refused by the state, and still one clue
    const again = await h.call('POST', `${B}/crawler-info/to-clue`, { token: business, data: { crawlerInfoId: info!.crawlerInfoId, customerId: customer.customerId } });
    expect(again.status).toBe(409);
    expect(again.body.msg ?? again.body.message).toContain('当前状态不允许该操作');
    const clues = await h.database.db.selectFrom('clue').select('clueId').where('crawlerInfoId', '=', info!.crawlerInfoId).execute();
    expect(clues).toHaveLength(1);
    // nor can an item converted be ignored
    expect((await h.call('POST', `${B}/crawler-info/ignore`, { token: business, data: { crawlerInfoId: info!.crawlerInfoId } })).status).toBe(409);
  });

  it('忽略 marks an item handled; a user without 爬虫信息 may not', async () => {
    const [info] = await firstOpen();
    const pm = await h.login('pm');
    expect((await h.call('POST', `${B}/crawler-info/ignore`, { token: pm, data: { crawlerInfoId: info!.crawlerInfoId } })).status).toBe(403);
    const r = await h.call('POST', `${B}/crawler-info/ignore`, { token: business, data: { crawlerInfoId: info!.crawlerInfoId } });
    expect(r.status).toBe(200);
    const after = (await h.call('GET', `${B}/crawler-info/${info!.crawlerInfoId}`, { token: business })).body.data;
    expect(after).toMatchObject({ status: 10, clueId: null });
  });

  it('imports tender items from a CSV file; a link already there is refused on its row', async () => {
    const csv = '\uFEFF标题,来源网站,原文链接,招标人,发布日期,预算(元)\r\n'
      + '"国网福建省电力有限公司换流变运输招标公告, 第一批",国网电商平台,https://csv.test/a,国网福建省电力有限公司,2026-11-01,880000\r\n'
      + '南网储能设备运输,南网平台,https://ecp.example-tender.cn/notice/' + new Date().getUTCFullYear() + '1000,南方电网,2026-11-02,\r\n';
    const m = multipart('招标.csv', Buffer.from(csv));
    const check = await h.app.inject({ method: 'POST', url: `${B}/crawler-info/import?mode=check`, headers: { 'access-token': business, 'content-type': m.type }, payload: m.body });
    expect(check.statusCode, check.body).toBe(200);
    const report = JSON.parse(check.body).data;
    expect(report).toMatchObject({ total: 2, valid: 1, failed: 1 });
    expect(report.errors[0].message).toContain('该原文链接已导入过');
    const commit = await h.app.inject({ method: 'POST', url: `${B}/crawler-info/import?mode=commit${report.jobId ? `&jobId=${report.jobId}` : ''}`, headers: { 'access-token': business, 'content-type': m.type }, payload: m.body });
    expect(JSON.parse(commit.body).data.imported).toBe(1);
    const row = (await h.database.db.selectFrom('crawlerInfo').selectAll().where('url', '=', 'https://csv.test/a').executeTakeFirstOrThrow()) as Record<string, any>;
    expect(row).toMatchObject({ title: '国网福建省电力有限公司换流变运输招标公告, 第一批', tenderer: '国网福建省电力有限公司', status: 0 });
    expect(Number(row.budget)).toBe(880000);
  });

  it('fetches a configured RSS feed into 爬虫信息 and a JSON feed into 物流信息, each link once', async () => {
    expect((await h.call('POST', `${B}/intel-feed/save`, { token: business, data: { name: 'x', url: `${base}/rss`, format: 1, target: 1 } })).status).toBe(403);
    const rss = await h.call('POST', `${B}/intel-feed/save`, { token: admin, data: { name: '招标订阅', url: `${base}/rss`, format: 1, target: 1 } });
    expect(rss.status, JSON.stringify(rss.body)).toBe(200);
    const first = await h.call('POST', `${B}/intel-feed/${rss.body.data.feedId}/fetch`, { token: business, data: {} });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ imported: 2, skipped: 1 });
    const row = (await h.database.db.selectFrom('crawlerInfo').selectAll().where('url', '=', 'https://feed.test/notice/1').executeTakeFirstOrThrow()) as Record<string, any>;
    expect(row).toMatchObject({ title: '国网湖北省电力有限公司500kV主变运输招标公告', siteName: '招标订阅', content: '主变压器运输', status: 0 });
    const second = await h.call('POST', `${B}/intel-feed/${rss.body.data.feedId}/fetch`, { token: business, data: {} });
    expect(second.body.data).toMatchObject({ imported: 0, skipped: 3 });

    const json = await h.call('POST', `${B}/intel-feed/save`, { token: admin, data: { name: '行业资讯', url: `${base}/json`, format: 2, target: 2, category: 4 } });
    const r = await h.call('POST', `${B}/intel-feed/${json.body.data.feedId}/fetch`, { token: admin, data: {} });
    expect(r.body.data).toMatchObject({ imported: 2, skipped: 0 });
    const news = (await h.database.db.selectFrom('logisticsInfo').selectAll().where('url', 'in', ['https://feed.test/news/1', 'https://feed.test/news/2']).orderBy('url').execute()) as Record<string, any>[];
    expect(news.map((n) => [n.category, String(n.publishDate instanceof Date ? n.publishDate.toISOString().slice(0, 10) : n.publishDate).slice(0, 10)])).toEqual([[5, '2026-11-05'], [4, '2026-11-06']]);

    const broken = await h.call('POST', `${B}/intel-feed/save`, { token: admin, data: { name: '失效地址', url: `${base}/gone`, format: 1, target: 1 } });
    const fail = await h.call('POST', `${B}/intel-feed/${broken.body.data.feedId}/fetch`, { token: admin, data: {} });
    expect(fail.status).toBe(502);
    expect(fail.body.msg ?? fail.body.message).toContain('订阅地址无法访问');
  });
});
