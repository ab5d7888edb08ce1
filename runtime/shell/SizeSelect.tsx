/** Global size (seed 000 §2.5): the change refreshes the current view through /redirect. */
import { Button, Dropdown, Tooltip, message } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { SIZES, changeSetting, useSettings, type SizeName } from './settings';
import { refreshPath } from './pageCache';

export const SIZE_SUCCESS = 'Switch Size Success';

export function SizeSelect() {
  const { size } = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s.value, label: s.label, disabled: s.value === size })),
        onClick: ({ key }) => {
          changeSetting('size', key as SizeName);
          refreshPath(navigate, location.pathname + location.search);
          void message.success(SIZE_SUCCESS);
        },
      }}
    >
      <Tooltip title="布局大小">
        <Button type="text" aria-label="布局大小" data-testid="size-select" icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
