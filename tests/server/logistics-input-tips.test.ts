/**
 * gaode/input-tips served offline: region names and the organisation's own addresses, ranked by
 * how they match — whole, start, anywhere — with pinyin initials; other organisations' addresses
 * never appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { matchScore, rankTips } from '../../server/logistics/gaode';

const T = '/api/v1/user-base/gaode/input-tips';

describe('地址输入提示', () => {
  it('ranks exact, prefix, contains, then pinyin initials and full pinyin', () => {
    expect(matchScore('上海市', '上海市')).toBeGreaterThan(matchScore('上海市浦东新区', '上海市'));
    expect(matchScore('上海市浦东新区', '上海')).toBeGreaterThan(matchScore('洋山港上海段', '上海'));
    expect(matchScore('洋山港上海段', '上海')).toBeGreaterThan(matchScore('上海市', 'shs'));
    expect(matchScore('上海市', 'shs')).toBeGreaterThan(matchScore('上海市', 'shanghai'));
    expect(matchScore('湖州市', 'shs')).toBe(0);
    const tips = rankTips([
      { name: '浦东新区', adcode: '310115', address: '', kind: 'region', uses: 0 },
      { name: '上海市浦东新区东方路3261号', adcode: '310115', address: '上海市浦东新区东方路3261号', kind: 'address', uses: 1 },
      { name: '平度市', adcode: '370283', address: '', kind: 'region', uses: 0 },
    ], 'pdxq');
    // 浦东新区 by its initials' start, the address that holds them after it, 平度市 not at all
    expect(tips.map((t) => t.name)).toEqual(['浦东新区', '上海市浦东新区东方路3261号']);
    expect(tips[0]).toMatchObject({ adcode: '310115', typecode: '190000' });
    expect(tips[0]!.district).toContain('浦东新区');
  });

  let h: Harness;
  let business: string;
  let suzhou: string;
  beforeAll(async () => {
    h = await startHarness('pglite');
    [business, suzhou] = [await h.login('business'), await h.login('suzhou')];
  });
  afterAll(async () => h?.close());

  it('answers 高德\'s shape from regions and the addresses the organisation uses', async () => {
    const r = await h.call('GET', `${T}?keywords=${encodeURIComponent('浦东')}`, { token: business });
    expect(r.status).toBe(200);
    const { count, tips } = r.body.data as { count: number; tips: Record<string, string>[] };
    expect(count).toBe(tips.length);
    expect(tips[0]).toMatchObject({ name: '浦东新区', adcode: '310115' });
    expect(tips.some((t) => t.address.includes('浦东新区') && t.address !== '')).toBe(true);
    for (const t of tips) expect(Object.keys(t).sort()).toEqual(['adcode', 'address', 'district', 'id', 'location', 'name', 'typecode']);
    // initials: shs is 上海市 before 绥化市 — the organisation's addresses lie there
    const initials = await h.call('GET', `${T}?keywords=shs`, { token: business });
    expect(initials.body.data.tips[0].name).toBe('上海市');
    // a city limit keeps its area's
    const limited = await h.call('GET', `${T}?keywords=${encodeURIComponent('路')}&city=310000&citylimit=true`, { token: business });
    expect(limited.body.data.tips.length).toBeGreaterThan(0);
    for (const t of limited.body.data.tips) expect(t.adcode.startsWith('31')).toBe(true);
  });

  it('never offers another organisation\'s addresses, and asks for a keyword', async () => {
    // 上海电气's address is the 上海 organisation's; 苏州 never sees it
    const kw = encodeURIComponent('四川中路110号');
    const mine = await h.call('GET', `${T}?keywords=${kw}`, { token: business });
    expect(mine.body.data.tips.map((t: { address: string }) => t.address)).toContain('上海市黄浦区四川中路110号');
    const other = await h.call('GET', `${T}?keywords=${kw}`, { token: suzhou });
    expect(other.body.data.tips.map((t: { address: string }) => t.address)).not.toContain('上海市黄浦区四川中路110号');
    const empty = await h.call('GET', `${T}?keywords=`, { token: business });
    expect(empty.status).toBe(400);
  });
});
