/** Global size (seed 000 §2.5): the change refreshes the current view through /redirect. */
import { useState } from 'react';
import { Button, Dropdown, Tooltip, message } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { SIZES, changeSetting, useSettings, type SizeName } from './settings';
import { refreshPath } from './pageCache';

export const SIZE_SUCCESS = 'Switch Size Success';

/** Changes the global size and refreshes the current view through /redirect (seed 000 §2.5). */
export function useChangeSize(): (size: SizeName) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (size) => {
    changeSetting('size', size);
    refreshPath(navigate, location.pathname + location.search);
    void message.success(SIZE_SUCCESS);
  };
}

export function SizeSelect() {
  const { size } = useSettings();
  const changeSize = useChangeSize();
  // The tooltip would sit on the menu's first item (Default) while the menu is open.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={setMenuOpen}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s.value, label: s.label, disabled: s.value === size })),
        onClick: ({ key }) => changeSize(key as SizeName),
      }}
    >
      <Tooltip title="布局大小" open={menuOpen ? false : undefined}>
        <Button type="text" aria-label="布局大小" data-testid="size-select" icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
