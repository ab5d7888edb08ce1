import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

export default function Unauthorized() {
  const navigate = useNavigate();
  const location = useLocation();
  // Reached with noGoBack: going back would only bounce here again, so offer home instead.
  const noGoBack = Boolean((location.state as { noGoBack?: boolean } | null)?.noGoBack);
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您没有权限访问该页面"
      extra={[
        !noGoBack && <Button key="back" onClick={() => navigate(-1)}>返回</Button>,
        <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>返回首页</Button>,
      ]}
    />
  );
}
