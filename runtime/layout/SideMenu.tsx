import { useMemo } from 'react';
import { Badge, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { buildMenu, matchRoute, visibleMenu } from '../router/routes';
import { pageFiles, routes } from '../router/pages';
import type { MenuNode } from '../router/types';
import { useDailyCount } from '../realtime';
import { DAILY_MATTERS_PATH } from '../realtime/types';
import { menuIcon } from './icons';

type MenuItem = Required<MenuProps>['items'][number];

/** The daily-matters entry carries the unread count (seed 000 §2.3); the count comes from the real-time client. */
function DailyLabel({ title }: { title: string }) {
  const count = useDailyCount();
  return (
    <span data-testid="daily-menu-label">
      {title} <Badge count={count} size="small" style={{ marginLeft: 4 }} />
    </span>
  );
}

function toItems(nodes: MenuNode[]): MenuItem[] {
  return nodes.map((node) => {
    const label = node.key === DAILY_MATTERS_PATH ? <DailyLabel title={node.title} /> : node.title;
    return node.children
      ? { key: node.key, label, icon: menuIcon(node.icon), children: toItems(node.children) }
      : { key: node.key, label, icon: menuIcon(node.icon) };
  });
}

function groupKeysOf(nodes: MenuNode[], key: string, trail: string[] = []): string[] | undefined {
  for (const node of nodes) {
    if (node.key === key) return trail;
    if (node.children) {
      const found = groupKeysOf(node.children, key, [...trail, node.key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function SideMenu({ roles, collapsed, onNavigate }: { roles: string[]; collapsed: boolean; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tree = useMemo(() => visibleMenu(buildMenu(pageFiles, roles)), [roles]);
  const items = useMemo(() => toItems(tree), [tree]);
  const selected = matchRoute(routes, pathname)?.route.def.meta.activeMenu ?? pathname;
  const openKeys = useMemo(() => groupKeysOf(tree, selected) ?? [], [tree, selected]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={collapsed ? undefined : openKeys}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
