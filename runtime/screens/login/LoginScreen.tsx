/** Login (seed 000 §2.1, §5): username trimmed, optional organisation, the server's message on failure. */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { fetchAnonymousOrgs, type OrgOption } from '../../../api/auth';
import { login } from '../../session/actions';
import { APP_TITLE } from '../../router/routes';

interface LoginValues {
  username: string;
  password: string;
  orgId?: number;
}

export default function LoginScreen() {
  const [orgs, setOrgs] = useState<OrgOption[]>([]);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    fetchAnonymousOrgs().then(setOrgs, (err) => {
      console.error(err);
      setOrgs([]);
    });
  }, []);

  const onFinish = async (values: LoginValues) => {
    setError(undefined);
    setSubmitting(true);
    try {
      // The router leaves /login by itself (to the redirect parameter) once the session has its roles.
      await login(values.username, values.password, values.orgId);
    } catch (err) {
      setError((err as Error)?.message || 'Has Error');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#2d3a4b' }}>
      <div style={{ width: 400, padding: '32px 32px 24px', background: '#fff', borderRadius: 8, boxShadow: '0 4px 24px rgba(0,0,0,.2)' }}>
        <h1 style={{ textAlign: 'center', margin: '0 0 24px', fontSize: 24, fontWeight: 600 }}>{APP_TITLE}</h1>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginValues> onFinish={onFinish} size="large" autoComplete="off">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" />
          </Form.Item>
          <Form.Item name="orgId">
            <Select
              allowClear
              placeholder="请选择单位(可选)"
              options={orgs.map((org) => ({ label: org.name, value: org.orgId }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </div>
    </div>
  );
}
