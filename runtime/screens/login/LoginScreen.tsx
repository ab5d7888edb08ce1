/**
 * Login (seed 000 §2.1, §5): username trimmed, optional organisation, the server's message on
 * failure. Plain React and login.css, no antd: this page's JS is the whole first load (issue 2).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { fetchAnonymousOrgs, fetchCaptcha, type OrgOption } from '../../../api/auth';
import type { ApiError } from '../../../api/http';
import { login } from '../../session/actions';
import { APP_TITLE } from '../../router/routes';
import './login.css';

const UserIcon = () => (
  <svg className="lg-icon" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true"><circle cx="8" cy="5" r="3.2" /><path d="M1.8 15c.4-3.4 3-5.6 6.2-5.6s5.8 2.2 6.2 5.6z" /></svg>
);
const LockIcon = () => (
  <svg className="lg-icon" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true"><path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h1v8h-9V7zm1.5 0h4V5a2 2 0 0 0-4 0z" /></svg>
);
const OrgIcon = () => (
  <svg className="lg-icon" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true"><path d="M2 15V3l6-2v4l6 2v8zm2-2h2v-2H4zm0-4h2V7H4zm6 4h2v-2h-2z" /></svg>
);

export default function LoginScreen() {
  const [orgs, setOrgs] = useState<OrgOption[]>([]);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [orgId, setOrgId] = useState<number>();
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // Past the account's failure limit the server asks for its captcha instead of refusing the login.
  const [captcha, setCaptcha] = useState<{ captchaId: string; svg: string }>();
  const [captchaCode, setCaptchaCode] = useState('');

  const newCaptcha = () => {
    setCaptchaCode('');
    fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  };

  useEffect(() => {
    fetchAnonymousOrgs().then(setOrgs, (err) => {
      console.error(err);
      setOrgs([]);
    });
  }, []);

  const missingUser = touched && username.trim() === '';
  const missingPassword = touched && password === '';
  const missingCaptcha = touched && !!captcha && captchaCode.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '' || (captcha && captchaCode.trim() === '')) return;
    setError(undefined);
    setSubmitting(true);
    try {
      // The router leaves /login by itself (to the redirect parameter) once the session has its roles.
      await login(username, password, orgId, captcha ? { captchaId: captcha.captchaId, captchaCode: captchaCode.trim() } : undefined);
    } catch (err) {
      setError((err as Error)?.message || 'Has Error');
      setSubmitting(false);
      // A captcha is good for one try: whatever happened, the next try needs a fresh one.
      if ((err as ApiError)?.data && ((err as ApiError).data as { captchaRequired?: boolean }).captchaRequired) newCaptcha();
      else if (captcha) setCaptcha(undefined);
    }
  };

  return (
    <div className="lg-page">
      <form className="lg-form" onSubmit={submit} noValidate>
        <h1 className="lg-title">{APP_TITLE}</h1>
        {error && <div className="lg-alert" role="alert" data-testid="login-error">{error}</div>}
        <div className="lg-field">
          <label className={`lg-input${missingUser ? ' error' : ''}`}>
            <UserIcon />
            <input placeholder="用户名" autoFocus autoComplete="username" value={username} aria-invalid={missingUser} onChange={(e) => setUsername(e.target.value)} />
          </label>
          {missingUser && <div className="lg-hint">请输入用户名</div>}
        </div>
        <div className="lg-field">
          <label className={`lg-input${missingPassword ? ' error' : ''}`}>
            <LockIcon />
            <input type={showPassword ? 'text' : 'password'} placeholder="密码" autoComplete="current-password" value={password} aria-invalid={missingPassword} onChange={(e) => setPassword(e.target.value)} />
            <button type="button" className="lg-eye" aria-label={showPassword ? '隐藏密码' : '显示密码'} onClick={() => setShowPassword(!showPassword)}>
              {showPassword ? '隐藏' : '显示'}
            </button>
          </label>
          {missingPassword && <div className="lg-hint">请输入密码</div>}
        </div>
        {captcha && (
          <div className="lg-field">
            <div className="lg-captcha">
              <label className={`lg-input${missingCaptcha ? ' error' : ''}`}>
                <input placeholder="验证码" autoComplete="off" value={captchaCode} aria-invalid={missingCaptcha} onChange={(e) => setCaptchaCode(e.target.value)} />
              </label>
              <button type="button" className="lg-captcha-image" title="看不清，换一张" aria-label="验证码图片，点击更换" onClick={newCaptcha}>
                <img alt="验证码" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} />
              </button>
            </div>
            {missingCaptcha && <div className="lg-hint">请输入验证码</div>}
          </div>
        )}
        <div className="lg-field">
          <label className="lg-input">
            <OrgIcon />
            <select aria-label="单位" value={orgId ?? ''} required={orgId === undefined} onChange={(e) => setOrgId(e.target.value ? Number(e.target.value) : undefined)}>
              <option value="">请选择单位(可选)</option>
              {orgs.map((org) => (
                <option key={org.orgId} value={org.orgId}>{org.name}</option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="lg-button" disabled={submitting}>
          {submitting ? '登录中…' : '登录'}
        </button>
      </form>
    </div>
  );
}
