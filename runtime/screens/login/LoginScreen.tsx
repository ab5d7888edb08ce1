/**
 * Login (seed 000 §2.1, §5): username trimmed, optional organisation, the server's message on
 * failure. Kept free of antd's Form and (initially) Select so the first page loads little.
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { fetchAnonymousOrgs, type OrgOption } from '../../../api/auth';
import { login } from '../../session/actions';
import { APP_TITLE } from '../../router/routes';

const OrgSelect = lazy(() => import('./OrgSelect'));

const fieldStyle = { marginBottom: 20 } as const;
const hintStyle = { color: '#ff4d4f', fontSize: 13, marginTop: 4 } as const;

export default function LoginScreen() {
  const [orgs, setOrgs] = useState<OrgOption[]>([]);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [orgId, setOrgId] = useState<number>();
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    fetchAnonymousOrgs().then(setOrgs, (err) => {
      console.error(err);
      setOrgs([]);
    });
  }, []);

  const missingUser = touched && username.trim() === '';
  const missingPassword = touched && password === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '') return;
    setError(undefined);
    setSubmitting(true);
    try {
      // The router leaves /login by itself (to the redirect parameter) once the session has its roles.
      await login(username, password, orgId);
    } catch (err) {
      setError((err as Error)?.message || 'Has Error');
      setSubmitting(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#2d3a4b' }}>
      <form onSubmit={submit} noValidate style={{ width: 400, padding: '32px 32px 24px', background: '#fff', borderRadius: 8, boxShadow: '0 4px 24px rgba(0,0,0,.2)' }}>
        <h1 style={{ textAlign: 'center', margin: '0 0 24px', fontSize: 24, fontWeight: 600 }}>{APP_TITLE}</h1>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <div style={fieldStyle}>
          <Input size="large" prefix={<UserOutlined />} placeholder="用户名" autoFocus autoComplete="username" value={username} status={missingUser ? 'error' : undefined} onChange={(e) => setUsername(e.target.value)} />
          {missingUser && <div style={hintStyle}>请输入用户名</div>}
        </div>
        <div style={fieldStyle}>
          <Input.Password size="large" prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" value={password} status={missingPassword ? 'error' : undefined} onChange={(e) => setPassword(e.target.value)} />
          {missingPassword && <div style={hintStyle}>请输入密码</div>}
        </div>
        <div style={{ ...fieldStyle, minHeight: 40 }}>
          <Suspense fallback={<Input size="large" disabled placeholder="请选择单位(可选)" />}>
            <OrgSelect orgs={orgs} value={orgId} onChange={setOrgId} />
          </Suspense>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          登录
        </Button>
      </form>
    </div>
  );
}
