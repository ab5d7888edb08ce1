/**
 * The top bar (seed 000 §2.5): toggle, breadcrumb, then on the right the external admin link,
 * the real-time icons (passed in by the layout), guide, search, error log, fullscreen, size,
 * and the user dropdown. The test-environment label of the original is never shown in this build.
 */
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { ExportOutlined, MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ShellBreadcrumb } from './Breadcrumb';
import { HeaderSearch } from './HeaderSearch';
import { ErrorLogButton } from './ErrorLogButton';
import { ScreenfullButton } from './ScreenfullButton';
import { SizeSelect } from './SizeSelect';
import { ADMIN_URL, adminLink } from './external';

export function Navbar({ collapsed, onToggle, fixed, roles, token, realtime, user }: {
  collapsed: boolean;
  onToggle: () => void;
  fixed: boolean;
  roles: readonly string[];
  token: string | null;
  realtime: ReactNode;
  user: ReactNode;
}) {
  const navigate = useNavigate();
  const admin = adminLink(ADMIN_URL, token);
  return (
    <div className={`shell-header${fixed ? ' fixed' : ''}`} data-testid="navbar">
      <Button
        type="text"
        aria-label={collapsed ? '展开菜单' : '收起菜单'}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <ShellBreadcrumb />
      <div className="shell-right">
        {admin && (
          <Tooltip title="管理系统">
            <Button type="text" aria-label="管理系统" href={admin} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} />
          </Tooltip>
        )}
        {realtime}
        <Tooltip title="操作指引">
          <Button type="text" aria-label="操作指引" icon={<QuestionCircleOutlined />} onClick={() => navigate('/guide')} />
        </Tooltip>
        <HeaderSearch roles={roles} />
        <ErrorLogButton />
        <ScreenfullButton />
        <SizeSelect />
        {user}
      </div>
    </div>
  );
}
