/**
 * 情报订阅源: an administrator configures a feed address (RSS 2.0 / Atom, or JSON — an array of
 * items, or one under `items`/`data`/`list`); 立即抓取 reads it on demand (the product runs
 * offline: nothing is fetched on a schedule) and imports the new items into 爬虫信息 or 物流信息
 * through the write pipeline. An item whose 原文链接 is already there is skipped, so fetching
 * twice imports nothing twice.
 */
import { requireSession, type Handler } from '../crud/context';
import { scopedQueries } from '../crud/scope';
import { createRecord } from '../crud/write';
import { inTransaction } from '../db/connect';
import { HttpError, badRequest, notFound } from '../http/errors';

export interface FeedItem { title: string; url: string | null; publishDate: string | null; summary: string | null; extra: Record<string, unknown> }

const FETCH_TIMEOUT_MS = 10_000;
const MAX_ITEMS = 200;

function decode(s: string): string {
  return s.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&')
    .replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
}

const tag = (xml: string, name: string): string | null => {
  const m = xml.match(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i'));
  return m ? decode(m[1]!) : null;
};

/** yyyy-MM-dd (China) of a feed's date text, or null. */
export function feedDate(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const s = String(v).trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Items of an RSS 2.0 or Atom document. */
export function parseRss(xml: string): FeedItem[] {
  const blocks = [...xml.matchAll(/<(item|entry)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/gi)].map((m) => m[2]!);
  return blocks.map((b) => {
    const href = b.match(/<link[^>]*href="([^"]+)"/i)?.[1];
    return {
      title: tag(b, 'title') ?? '',
      url: (tag(b, 'link') || href || tag(b, 'guid')) ?? null,
      publishDate: feedDate(tag(b, 'pubDate') ?? tag(b, 'published') ?? tag(b, 'updated') ?? tag(b, 'dc:date')),
      summary: tag(b, 'description') ?? tag(b, 'summary') ?? tag(b, 'content'),
      extra: { source: tag(b, 'source') ?? tag(b, 'author') },
    };
  });
}

/** Items of a JSON feed: an array, or the array under items/data/list (JSON Feed 1.1 included). */
export function parseJsonFeed(text: string): FeedItem[] {
  const doc = JSON.parse(text) as unknown;
  const o = doc as Record<string, unknown>;
  const list = Array.isArray(doc) ? doc : [o?.items, o?.data, o?.list, (o?.data as Record<string, unknown> | undefined)?.list].find(Array.isArray);
  if (!Array.isArray(list)) throw new Error('no list');
  return (list as Record<string, unknown>[]).filter((x) => x && typeof x === 'object').map((x) => ({
    title: String(x.title ?? x.name ?? '').trim(),
    url: (x.url ?? x.link ?? x.external_url ?? null) as string | null,
    publishDate: feedDate(x.publishDate ?? x.pubDate ?? x.date_published ?? x.date ?? null),
    summary: (x.summary ?? x.description ?? x.content_text ?? x.content ?? null) as string | null,
    extra: x,
  }));
}

async function download(url: string): Promise<string> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), FETCH_TIMEOUT_MS);
  try {
    const res = await fetch(url, { signal: ctrl.signal, headers: { accept: 'application/rss+xml, application/atom+xml, application/json, text/xml, */*' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.text();
  } catch (err) {
    throw new HttpError(502, `订阅地址无法访问（${(err as Error).name === 'AbortError' ? '超时' : (err as Error).message}），请检查地址或网络`);
  } finally {
    clearTimeout(timer);
  }
}

const str = (v: unknown, max: number) => (v === null || v === undefined || v === '' ? null : String(v).slice(0, max));

const fetchFeed: Handler = async (ctx) => {
  const session = requireSession(ctx);
  const q = scopedQueries(ctx.db, ctx.entities, session);
  const feed = await q.get('intelFeed', Number(ctx.params.feedId));
  if (!feed) throw notFound('订阅源不存在');
  if (!feed.enabled) throw badRequest('该订阅源已停用');
  const text = await download(String(feed.url));
  let items: FeedItem[];
  try {
    items = Number(feed.format) === 2 ? parseJsonFeed(text) : parseRss(text);
  } catch {
    throw badRequest(`订阅内容不是有效的${Number(feed.format) === 2 ? 'JSON' : 'RSS'}格式`);
  }
  const target = Number(feed.target) === 2 ? 'logisticsInfo' : 'crawlerInfo';
  const entity = ctx.entities[target]!;
  const urls = items.map((i) => i.url).filter((u): u is string => Boolean(u));
  const known = new Set(urls.length ? ((await q.select(target).select('url').where('url', 'in', urls).execute()) as { url: string }[]).map((r) => r.url) : []);
  let imported = 0;
  let skipped = 0;
  let failed = 0;
  {
    const w = { db: ctx.db, session, entities: ctx.entities };
    for (const item of items.slice(0, MAX_ITEMS)) {
      if (!item.title || !item.url || !/^https?:\/\//.test(item.url) || known.has(item.url)) { skipped++; continue; }
      known.add(item.url);
      const x = item.extra;
      const values = target === 'crawlerInfo'
        ? { title: item.title.slice(0, 200), url: item.url.slice(0, 500), siteName: str(x.siteName ?? x.source ?? feed.name, 100), tenderer: str(x.tenderer, 100), projectName: str(x.projectName, 200),
            regionCode: str(x.regionCode, 6), publishDate: item.publishDate, deadline: x.deadline ? new Date(String(x.deadline)).toISOString() : null,
            budget: x.budget === undefined || x.budget === null || x.budget === '' ? null : String(x.budget), keywords: str(Array.isArray(x.keywords) ? x.keywords.join(',') : x.keywords, 200), content: str(item.summary, 20000) }
        : { title: item.title.slice(0, 200), url: item.url.slice(0, 500), category: Number(x.category) || Number(feed.category) || 4, source: str(x.source ?? feed.name, 100),
            regionCode: str(x.regionCode, 6), publishDate: item.publishDate, summary: str(item.summary, 4000), tags: str(Array.isArray(x.tags) ? x.tags.join(',') : x.tags, 200) };
      try {
        // each item wholly or not: a bad one (a date the field refuses) is counted, the rest still come in
        await inTransaction(ctx.db, (trx) => createRecord({ ...w, db: trx }, entity, values));
        imported++;
      } catch {
        failed++;
      }
    }
    const result = `新增${imported}条，跳过${skipped}条已有或无链接${failed ? `，${failed}条内容不完整未导入` : ''}`;
    await q.update('intelFeed').set({ lastFetchedAt: new Date().toISOString(), lastResult: result }).where('feedId', '=', feed.feedId).execute();
  }
  const message = `「${feed.name}」抓取完成：新增${imported}条，跳过${skipped}条${failed ? `，${failed}条未导入` : ''}`;
  return { imported, skipped, failed, message };
};

export const intelFeedHandlers: Record<string, Handler> = { 'intelFeed.fetch': fetchFeed };
