/** Header search: opens a select whose options come from search.ts; Fuse and pinyin load on first open. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Select, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type FuseType from 'fuse.js';
import { pageFiles } from '../router/pages';
import { FUSE_OPTIONS, SEARCH_MAX_PATTERN, searchRoutes, toEntries, type SearchEntry } from './search';
import { searchItems } from './searchItems';

export function HeaderSearch({ roles }: { roles: readonly string[] }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [fuse, setFuse] = useState<FuseType<SearchEntry>>();
  const [query, setQuery] = useState('');
  const items = useMemo(() => searchItems(pageFiles, roles), [roles]);
  const selectRef = useRef<{ focus(): void }>(null);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    void Promise.all([import('fuse.js'), import('pinyin-pro')]).then(([{ default: Fuse }, { pinyin }]) => {
      if (alive) setFuse(new Fuse(toEntries(items, pinyin as never), FUSE_OPTIONS));
    });
    selectRef.current?.focus();
    return () => {
      alive = false;
    };
  }, [open, items]);

  const results = fuse ? searchRoutes(fuse, query) : [];
  return (
    <span className="shell-search" data-testid="header-search">
      <Tooltip title="搜索菜单">
        <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={() => setOpen(!open)} />
      </Tooltip>
      {open && (
        <Select
          ref={selectRef as never}
          showSearch
          autoFocus
          open={query.trim() !== ''}
          placeholder="搜索菜单(支持拼音)"
          style={{ width: 220 }}
          filterOption={false}
          searchValue={query}
          onSearch={(value) => setQuery(value.slice(0, SEARCH_MAX_PATTERN))}
          onBlur={() => {
            setOpen(false);
            setQuery('');
          }}
          notFoundContent={fuse ? '无匹配菜单' : '加载中...'}
          options={results.map((r) => ({ value: r.path, label: r.title }))}
          value={null}
          onChange={(path: string) => {
            navigate(path);
            setOpen(false);
            setQuery('');
          }}
        />
      )}
    </span>
  );
}
