import { describe, expect, it } from 'vitest';
import Fuse from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import { FUSE_OPTIONS, SEARCH_MAX_PATTERN, searchRoutes, toEntries } from '../../../runtime/shell/search';
import { searchItems } from '../../../runtime/shell/searchItems';
import { loadPages } from './pages';

const files = loadPages();
const fuseFor = (roles: string[]) => new Fuse(toEntries(searchItems(files, roles), pinyin as never), FUSE_OPTIONS);
const ADMIN = ['首页', '商务', '统计报表', '大屏看板', '财务', '系统管理'];

describe('header search (seed 000 §2.5, §9)', () => {
  it('uses the seed options', () => {
    expect(FUSE_OPTIONS.threshold).toBe(0.4);
    expect(SEARCH_MAX_PATTERN).toBe(32);
    expect(FUSE_OPTIONS.keys).toEqual(expect.arrayContaining([{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }]));
  });
  it('finds a page by Chinese title, with group titles joined by >', () => {
    const hits = searchRoutes(fuseFor(ADMIN), '客户列表');
    expect(hits[0]).toMatchObject({ path: '/business/clue/customer-list', title: '商务拓展>客户列表' });
  });
  it('finds 客户列表 by full pinyin and by initials', () => {
    expect(searchRoutes(fuseFor(ADMIN), 'kehu').map((h) => h.path)).toContain('/business/clue/customer-list');
    expect(searchRoutes(fuseFor(ADMIN), 'khlb')[0]!.path).toBe('/business/clue/customer-list');
  });
  it('finds by path', () => {
    expect(searchRoutes(fuseFor(ADMIN), 'customer-list')[0]!.path).toBe('/business/clue/customer-list');
  });
  it('only searches the routes the user may see, never hidden ones', () => {
    const limited = searchItems(files, ['首页', '商务']).map((i) => i.path);
    expect(limited).toContain('/business/clue/customer-list');
    expect(limited).not.toContain('/user/system/operation-log');
    expect(limited).not.toContain('/guide');
    expect(limited).not.toContain('/business/clue/enquiry-seq-quote-message');
  });
  it('clamps the pattern to 32 characters and ignores blanks', () => {
    const fuse = fuseFor(ADMIN);
    expect(searchRoutes(fuse, '   ')).toEqual([]);
    expect(() => searchRoutes(fuse, '客'.repeat(100))).not.toThrow();
  });
});
