/** User dropdown (seed 000 §2.5): opening it refreshes the count of incomes awaiting confirmation. */
import { Avatar, Badge, Dropdown, Space } from 'antd';
import { DollarOutlined, KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { logout } from '../session/actions';
import { refreshPendingIncome, usePendingIncome } from './income';

/** On mobile only the avatar shows; name and organisation head the opened menu instead. */
export function UserMenu({ name, orgName, avatar, onSwitchOrg, compact = false }: { name?: string; orgName: string; avatar?: string; onSwitchOrg: () => void; compact?: boolean }) {
  const navigate = useNavigate();
  const pending = usePendingIncome();
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && void refreshPendingIncome()}
      menu={{
        items: [
          ...(compact ? [{ key: 'who', disabled: true, label: <span data-testid="user-menu-who">{name}{orgName ? ` · ${orgName}` : ''}</span> }, { type: 'divider' as const }] : []),
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
      <Space style={{ cursor: 'pointer', marginLeft: compact ? 4 : 8, whiteSpace: 'nowrap' }} data-testid="user-menu" aria-label={compact ? `${name ?? ''} ${orgName}` : undefined}>
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
        {!compact && <span>{name}</span>}
        {!compact && orgName && <span style={{ color: 'rgba(0,0,0,.45)' }}>{orgName}</span>}
      </Space>
    </Dropdown>
  );
}
