/**
 * /sso/{router} and /sso (seed 000 §2.1, §7.1): exchange the one-time ?ticket for a session,
 * then go to the router the server returns. A failed exchange shows the server's message.
 */
import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { matchRoute } from '../../router/routes';
import { routes } from '../../router/pages';
import { invoke } from '../../../api/call';
import { loadProfile } from '../../session/actions';
import { patchSession, resetSession } from '../../session/store';
import { setToken } from '../../../api/token';
import { PageLoading } from '../../router/PageLoading';

type Exchange = Promise<{ token: string; router: string }>;
/** A ticket works once: a re-run effect (StrictMode, re-render) must share the first exchange. */
const exchanges = new Map<string, Exchange>();

function exchange(router: string | undefined, ticket: string): Exchange {
  let pending = exchanges.get(ticket);
  if (!pending) {
    pending = router !== undefined
      ? invoke('sso.login', { params: { routerId: router }, query: { ticket } }, { silent: true })
      : invoke('sso.loginSaas', { query: { ticket } }, { silent: true });
    exchanges.set(ticket, pending);
  }
  return pending;
}

/** Only local paths are followed, whatever the server says. */
export function safeRouter(router: string | undefined): string {
  return router && router.startsWith('/') && !router.startsWith('//') ? router : '/dashboard';
}

export default function SsoLogin() {
  const { pathname, search } = useLocation();
  // Pages render outside <Routes>, so the router id comes from matching the path here.
  const router = matchRoute(routes, pathname)?.params.router;
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const ticket = new URLSearchParams(search).get('ticket');
    if (!ticket) {
      setError('缺少单点登录票据');
      return;
    }
    let cancelled = false;
    exchange(router, ticket)
      .then(async (result) => {
        setToken(result.token);
        await loadProfile();
        if (cancelled) return;
        patchSession({ token: result.token });
        navigate(safeRouter(result.router), { replace: true });
      })
      .catch((err: Error) => {
        resetSession();
        if (!cancelled) setError(err?.message || '单点登录失败');
      });
    return () => {
      cancelled = true;
    };
  }, [router, search]);

  if (!error) return <PageLoading />;
  return (
    <div data-testid="sso-error">
      <Result
        status="warning"
        title="单点登录失败"
        subTitle={error}
        extra={<Button type="primary" onClick={() => navigate('/login', { replace: true })}>返回登录</Button>}
      />
    </div>
  );
}
