import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { buildMenu, matchRoute, visibleMenu } from '../router/routes';
import { pageFiles, routes } from '../router/pages';
import type { MenuNode } from '../router/types';
import { menuIcon } from './icons';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): MenuItem[] {
  return nodes.map((node) =>
    node.children
      ? { key: node.key, label: node.title, icon: menuIcon(node.icon), children: toItems(node.children) }
      : { key: node.key, label: node.title, icon: menuIcon(node.icon) },
  );
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
