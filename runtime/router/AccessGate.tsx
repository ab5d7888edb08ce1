/**
 * Applies the access rules to every navigation, reads the profile for a fresh token, and renders
 * the matched page (inside the shell layout unless the page says layout: false).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { showError } from '../../api/toast';
import { useSession, storeToken, resetSession } from '../session/store';
import { loadProfile } from '../session/actions';
import { decideAccess, pageTitle, takeQueryToken } from './routes';
import { routes } from './pages';
import { PageView } from './PageView';
import { PageLoading } from './PageLoading';

const ShellLayout = lazy(() => import('../layout/ShellLayout'));
// antd (with its ConfigProvider) loads with the first page that needs it, never with /login.
const ThemeRoot = lazy(() => import('../shell/ThemeRoot'));
// Components named as their screen files are (runtime/screens/registry.ts); a test holds each to a page.
export const LIGHT_PAGES = new Set(['LoginScreen', 'DriverPage']);

export function AccessGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const queryToken = takeQueryToken(location.pathname, location.search, location.hash);
  const [profileError, setProfileError] = useState(false);

  // main.tsx takes a token present at start-up; this covers in-app navigations carrying one.
  // (A plain effect: the router's history listener is attached in a layout effect of its own.)
  useEffect(() => {
    if (!queryToken) return;
    storeToken(queryToken.token);
    navigate(queryToken.cleanUrl, { replace: true });
  }, [queryToken?.token, queryToken?.cleanUrl]);

  useEffect(() => {
    if (!session.token || session.roles !== null || queryToken) return;
    let cancelled = false;
    setProfileError(false);
    loadProfile().catch((err: Error) => {
        if (cancelled) return;
        // Seed 000 §4: on failure reset the token, show the error and go to login with a redirect.
        showError(err?.message || 'Has Error');
        resetSession();
        setProfileError(true);
      });
    return () => {
      cancelled = true;
    };
  }, [session.token, session.roles === null, Boolean(queryToken)]);

  const decision = decideAccess({
    pathname: location.pathname,
    search: location.search,
    token: session.token,
    roles: session.roles,
    routes,
  });

  const title = decision.kind === 'render' ? decision.route.def.meta.title : undefined;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  // A public page that asks for the layout (the /redirect refresher) uses it once the session is ready.
  const wantsShell = decision.kind === 'render' && decision.route.def.public && decision.route.def.layout === true && Boolean(session.token);
  if (queryToken || decision.kind === 'loading' || (profileError && session.token) || (wantsShell && session.roles === null)) return <PageLoading />;
  if (decision.kind === 'redirect') // Keyed by location: the same target reached again (e.g. / twice) must navigate again.
    return <Navigate key={location.key} to={decision.to} replace state={decision.state} />;

  const { route } = decision;
  const page = <PageView key={route.def.path} route={route} />;
  if (route.def.layout === false || (route.def.public && !wantsShell)) {
    return (
      <Suspense fallback={<PageLoading />}>
        {LIGHT_PAGES.has(route.def.component ?? '') ? page : <ThemeRoot>{page}</ThemeRoot>}
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <ShellLayout>{page}</ShellLayout>
    </Suspense>
  );
}
