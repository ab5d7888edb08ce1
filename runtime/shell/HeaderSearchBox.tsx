/** The search box of the header (lazy with antd's Select): options from search.ts; Fuse and pinyin load with it. */
import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import type FuseType from 'fuse.js';
import { pageFiles } from '../router/pages';
import { FUSE_OPTIONS, SEARCH_MAX_PATTERN, searchRoutes, toEntries, type SearchEntry } from './search';
import { searchItems } from './searchItems';

export default function HeaderSearchBox({ roles, onClose }: { roles: readonly string[]; onClose: () => void }) {
  const navigate = useNavigate();
  const [fuse, setFuse] = useState<FuseType<SearchEntry>>();
  const [query, setQuery] = useState('');
  const items = useMemo(() => searchItems(pageFiles, roles), [roles]);

  useEffect(() => {
    let alive = true;
    void Promise.all([import('fuse.js'), import('pinyin-pro')]).then(([{ default: Fuse }, { pinyin }]) => {
      if (alive) setFuse(new Fuse(toEntries(items, pinyin as never), FUSE_OPTIONS));
    });
    return () => {
      alive = false;
    };
  }, [items]);

  const results = fuse ? searchRoutes(fuse, query) : [];
  return (
    <Select
      showSearch
      autoFocus
      open={query.trim() !== ''}
      placeholder="搜索菜单(支持拼音)"
      style={{ width: 220 }}
      filterOption={false}
      searchValue={query}
      onSearch={(value) => setQuery(value.slice(0, SEARCH_MAX_PATTERN))}
      onBlur={onClose}
      notFoundContent={fuse ? '无匹配菜单' : '加载中...'}
      options={results.map((r) => ({ value: r.path, label: r.title }))}
      value={null}
      onChange={(path: string) => {
        navigate(path);
        onClose();
      }}
    />
  );
}
