/** Header search button; the box (antd Select, Fuse, pinyin) loads when it opens. */
import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

const HeaderSearchBox = lazy(() => import('./HeaderSearchBox'));

export function HeaderSearch({ roles }: { roles: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="shell-search" data-testid="header-search">
      <Tooltip title="搜索菜单">
        <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={() => setOpen(!open)} />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <HeaderSearchBox roles={roles} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
