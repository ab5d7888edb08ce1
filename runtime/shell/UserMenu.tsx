/** User dropdown (seed 000 §2.5): opening it refreshes the count of incomes awaiting confirmation. */
import { Avatar, Badge, Dropdown, Space } from 'antd';
import { DollarOutlined, KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { logout } from '../session/actions';
import { refreshPendingIncome, usePendingIncome } from './income';

export function UserMenu({ name, orgName, avatar, onSwitchOrg }: { name?: string; orgName: string; avatar?: string; onSwitchOrg: () => void }) {
  const navigate = useNavigate();
  const pending = usePendingIncome();
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && void refreshPendingIncome()}
      menu={{
        items: [
          { key: 'switch', icon: <SwapOutlined />, label: '切换单位' },
          { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
          { key: 'handover', icon: <UserSwitchOutlined />, label: '离职交接' },
          {
            key: 'finance',
            icon: <DollarOutlined />,
            label: <Badge dot={pending > 0} offset={[6, 0]} data-testid="finance-dot">个人财务管理</Badge>,
          },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
        ],
        onClick: ({ key }) => {
          if (key === 'switch') onSwitchOrg();
          if (key === 'password') navigate('/profile/password-change');
          if (key === 'handover') navigate('/profile/handover');
          if (key === 'finance') navigate('/profile/profile-finance');
          if (key === 'logout') void logout();
        },
      }}
    >
      <Space style={{ cursor: 'pointer', marginLeft: 8 }} data-testid="user-menu">
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
        <span>{name}</span>
        {orgName && <span style={{ color: 'rgba(0,0,0,.45)' }}>{orgName}</span>}
      </Space>
    </Dropdown>
  );
}
