/**
 * A public definition page opened without a session: it still reads its data with one, so it
 * offers the login that comes back here. Loaded lazily: antd stays out of the login route's entry.
 */
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

export default function LoginRequired({ title }: { title: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Result status="403" title={title} subTitle={`查看${title}需要先登录`}
      extra={<Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`)}>登录</Button>} />
  );
}
