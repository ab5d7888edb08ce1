/**
 * 个人中心: who I am, and the other pages of this group (修改密码, 个人财务管理 …) as buttons, each
 * with its declared badge's count — the pages themselves are definitions.
 */
import { useEffect } from 'react';
import { Avatar, Badge, Button, Card, Descriptions, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/store';
import { routes } from '../../router/pages';
import { routeAllowed } from '../../router/routes';
import type { RouteEntry } from '../../router/types';
import { refreshBadges, useBadge } from '../../shell/badges';
import type { ScreenProps } from '../types';

function PageButton({ route }: { route: RouteEntry }) {
  const navigate = useNavigate();
  const count = useBadge(route.def.meta.badge?.api);
  return (
    <Badge count={count} size="small" data-testid={`profile-link-${route.def.name ?? route.def.path}`}>
      <Button onClick={() => navigate(route.def.path)}>{route.def.meta.title}</Button>
    </Badge>
  );
}

export default function ProfileIndex({ page }: ScreenProps) {
  const { profile, roles } = useSession();
  useEffect(() => void refreshBadges(), []);
  const group = page.path.slice(0, page.path.lastIndexOf('/') + 1);
  const siblings = routes
    .filter((r) => r.def.path.startsWith(group) && r.def.path !== page.path && !/[{:]/.test(r.def.path) && routeAllowed(r, roles ?? []))
    .sort((a, b) => (a.def.order ?? 0) - (b.def.order ?? 0));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card>
        <Space align="start" size={24}>
          <Avatar size={64} src={profile?.avatar || undefined} icon={<UserOutlined />} />
          <Descriptions column={2} size="small" title={profile?.name}>
            <Descriptions.Item label="用户名">{profile?.username}</Descriptions.Item>
            <Descriptions.Item label="所属单位">{profile?.orgName}</Descriptions.Item>
            <Descriptions.Item label="简介">{profile?.introduction || '-'}</Descriptions.Item>
            <Descriptions.Item label="权限数">{roles?.length ?? 0}</Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <Card title="个人事务">
        <Space size={24} wrap>
          {siblings.map((r) => <PageButton key={r.def.path} route={r} />)}
        </Space>
      </Card>
    </Space>
  );
}
