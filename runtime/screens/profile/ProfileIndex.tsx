/** 个人中心 / 个人财务: who I am and my finance figures, with links to the other profile pages. */
import { useEffect } from 'react';
import { Avatar, Button, Card, Descriptions, Space, Statistic } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/store';
import { refreshPendingIncome, usePendingIncome } from '../../shell/income';

export default function ProfileIndex() {
  const { profile, roles } = useSession();
  const pending = usePendingIncome();
  const navigate = useNavigate();
  useEffect(() => void refreshPendingIncome(), []);
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
      <Card title="个人财务">
        <Space size={48}>
          <Statistic title="待确认收入(笔)" value={pending} />
          <Button onClick={() => navigate('/profile/confirm-income')}>去确认</Button>
          <Button onClick={() => navigate('/profile/profile-finance')}>个人财务管理</Button>
          <Button onClick={() => navigate('/profile/password-change')}>修改密码</Button>
          <Button onClick={() => navigate('/profile/handover')}>离职交接</Button>
        </Space>
      </Card>
    </Space>
  );
}
