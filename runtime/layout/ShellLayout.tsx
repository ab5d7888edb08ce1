/** The plain shell: collapsible sidebar menu of permitted routes, header with the user's dropdown. */
import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Button, Dropdown, Grid, Layout, Space, Typography } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../session/store';
import { logout } from '../session/actions';
import { APP_TITLE } from '../router/routes';
import { SideMenu } from './SideMenu';
import { SwitchOrgDialog } from './SwitchOrgDialog';

const SIDEBAR_WIDTH = 235;
const COLLAPSED_KEY = 'sidebar-collapsed';

export default function ShellLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  const screens = Grid.useBreakpoint();
  // Seed 000 §9: below 992 px the device counts as mobile and the sidebar closes after navigation.
  const mobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  }, [collapsed]);

  const profile = session.profile;
  const orgName = profile?.orgName ?? session.orgs.find((org) => org.orgId === profile?.orgId)?.name ?? '';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={SIDEBAR_WIDTH} collapsible collapsed={collapsed} trigger={null} collapsedWidth={mobile ? 0 : 80}>
        <div style={{ height: 56, color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600, fontSize: collapsed ? 14 : 17, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? '物流' : APP_TITLE}
        </div>
        <SideMenu roles={session.roles ?? []} collapsed={collapsed} onNavigate={mobile ? () => setCollapsed(true) : undefined} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', justifyContent: 'space-between', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
          <Button
            type="text"
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
          />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'switch', icon: <SwapOutlined />, label: '切换单位' },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
              ],
              onClick: ({ key }) => {
                if (key === 'switch') setSwitching(true);
                if (key === 'logout') void logout();
              },
            }}
          >
            <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
              <Avatar size="small" src={profile?.avatar || undefined} icon={<UserOutlined />} />
              <Typography.Text>{profile?.name}</Typography.Text>
              {orgName && <Typography.Text type="secondary">{orgName}</Typography.Text>}
            </Space>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>{children}</Layout.Content>
      </Layout>
      <SwitchOrgDialog
        open={switching}
        onClose={() => setSwitching(false)}
        orgs={session.orgs}
        currentOrgId={profile?.orgId}
        currentName={orgName}
      />
    </Layout>
  );
}
