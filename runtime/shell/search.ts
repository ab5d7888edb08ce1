/**
 * Header search (seed 000 §2.5, §9): fuzzy over the routes the user may see, on title (0.7)
 * and path (0.3), threshold 0.4, pattern up to 32 characters, results titled "group>page".
 * Beyond the seed, each title is also indexed as full pinyin and as pinyin initials, so
 * `kehu` and `khlb` find 客户列表. Fuse and pinyin-pro are passed in: the header loads them
 * only when the search opens, keeping them out of the shell's first load.
 */
import type FuseType from 'fuse.js';
import type { IFuseOptions } from 'fuse.js';

export interface SearchEntry {
  path: string;
  /** titles of the enclosing groups and the page, joined with '>' */
  title: string;
  pinyin: string;
  initials: string;
}

export const SEARCH_MAX_PATTERN = 32;

export const FUSE_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
    // Pinyin forms count as the title: same weight class, split between the two spellings.
    { name: 'pinyin', weight: 0.7 },
    { name: 'initials', weight: 0.7 },
  ],
};

export type PinyinFn = (text: string, options: { toneType: 'none'; type: 'array'; pattern?: 'first' }) => string[];

export interface SearchItem {
  path: string;
  titles: string[];
}

export function toEntries(items: readonly SearchItem[], pinyin: PinyinFn): SearchEntry[] {
  return items.map(({ path, titles }) => {
    const last = titles[titles.length - 1] ?? '';
    return {
      path,
      title: titles.join('>'),
      pinyin: pinyin(last, { toneType: 'none', type: 'array' }).join(''),
      initials: pinyin(last, { toneType: 'none', type: 'array', pattern: 'first' }).join(''),
    };
  });
}

export function searchRoutes(fuse: FuseType<SearchEntry>, query: string): SearchEntry[] {
  const pattern = query.trim().slice(0, SEARCH_MAX_PATTERN);
  if (!pattern) return [];
  return fuse.search(pattern).map((hit) => hit.item);
}
