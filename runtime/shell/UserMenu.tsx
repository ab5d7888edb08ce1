/**
 * User dropdown (seed 000 §2.5): 切换单位, the pages that declare `meta.userMenu` in their order
 * (each with its badge's dot), 退出登录. Opening it refreshes the badges.
 */
import { Avatar, Badge, Dropdown, Space } from 'antd';
import { LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { logout } from '../session/actions';
import { useSession } from '../session/store';
import { routes } from '../router/pages';
import { routeAllowed } from '../router/routes';
import type { RouteEntry } from '../router/types';
import { menuIcon } from '../layout/icons';
import { refreshBadges, useBadge } from './badges';

const MENU_PAGES: RouteEntry[] = routes.filter((r) => r.def.meta.userMenu !== undefined).sort((a, b) => a.def.meta.userMenu! - b.def.meta.userMenu!);

function PageLabel({ route }: { route: RouteEntry }) {
  const count = useBadge(route.def.meta.badge?.api);
  if (!route.def.meta.badge) return <>{route.def.meta.title}</>;
  return <Badge dot={count > 0} offset={[6, 0]} data-testid={`badge-${route.def.name ?? route.def.path}`}>{route.def.meta.title}</Badge>;
}

/** On mobile only the avatar shows; name and organisation head the opened menu instead. */
export function UserMenu({ name, orgName, avatar, onSwitchOrg, compact = false }: { name?: string; orgName: string; avatar?: string; onSwitchOrg: () => void; compact?: boolean }) {
  const navigate = useNavigate();
  const { roles } = useSession();
  const pages = MENU_PAGES.filter((r) => routeAllowed(r, roles ?? []));
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && void refreshBadges()}
      menu={{
        items: [
          ...(compact ? [{ key: 'who', disabled: true, label: <span data-testid="user-menu-who">{name}{orgName ? ` · ${orgName}` : ''}</span> }, { type: 'divider' as const }] : []),
          { key: 'switch', icon: <SwapOutlined />, label: '切换单位' },
          ...pages.map((r) => ({ key: r.def.path, icon: menuIcon(r.def.meta.icon), label: <PageLabel route={r} /> })),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
        ],
        onClick: ({ key }) => {
          if (key === 'switch') onSwitchOrg();
          else if (key === 'logout') void logout();
          else if (key.startsWith('/')) navigate(key);
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
