/** Renders one page definition by its kind, its body loaded with the screen. Every renderer is code-split. */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../session/store';
import { screens } from '../screens/registry';
import { PageLoading } from './PageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import { loadPage } from './pages';
import { matchRoute } from './routes';
import type { PageDef, RouteEntry } from './types';

const ListPage = lazy(() => import('../renderers/list/ListPage'));
const DetailPage = lazy(() => import('../renderers/detail/DetailPage'));
const ReportPage = lazy(() => import('../renderers/report/ReportPage'));
const DashboardPage = lazy(() => import('../renderers/report/DashboardPage'));
const FormPage = lazy(() => import('../renderers/form/FormPage'));
const SubmitFormPage = lazy(() => import('../renderers/form/SubmitFormPage'));
const StatusPage = lazy(() => import('../screens/StatusPage'));
const LoginRequired = lazy(() => import('./LoginRequired'));

export function PageView({ route }: { route: RouteEntry }) {
  const { pathname, search } = useLocation();
  // The route's parameters (/project/project-detail/:projectId) come from matching its pattern: pages
  // are not <Route> elements, so the router's useParams() has none. Placeholders read them, else the
  // address's query (hidden pages opened with ?projectId=). A page kept open in a tag while another
  // is shown keeps the parameters of its own address.
  const [ownPath] = useState(pathname);
  const last = useRef<Record<string, string>>();
  if (pathname === ownPath || !last.current) {
    const routeParams = Object.fromEntries(Object.entries(matchRoute([route], pathname)?.params ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
    last.current = { ...Object.fromEntries(new URLSearchParams(search)), ...routeParams };
  }
  const params = last.current;
  // Pending screens need nothing more than their route meta; every other kind loads its file.
  const [def, setDef] = useState<PageDef | undefined>(route.def.kind === 'pending' ? route.def : undefined);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (def) return;
    loadPage(route.file).then(setDef, (err: Error) => setError(err.message));
  }, [route.file]); // eslint-disable-line react-hooks/exhaustive-deps
  const { token } = useSession();
  let body;
  // A public definition page (a route open to all) still reads its data with a session: without
  // one it offers the login that comes back here.
  if (route.def.public && route.def.kind !== 'custom' && !token) {
    body = <LoginRequired title={route.def.meta.title} />;
  } else if (error) body = <StatusPage status="error" title="页面加载失败" subTitle={error} />;
  else if (!def) body = <PageLoading />;
  else if (def.kind === 'custom' && def.component) {
    const Screen = screens[def.component];
    body = Screen ? <Screen page={def} params={params} /> : <StatusPage status="warning" title={`未注册的页面组件 ${def.component}`} />;
  } else if (def.kind === 'list' && (def.list || def.tabs)) body = <ListPage page={def} params={params} />;
  else if (def.kind === 'detail' && def.detail) body = <DetailPage page={def} params={params} />;
  else if (def.kind === 'report' && def.report) body = <ReportPage page={def} params={params} />;
  else if (def.kind === 'dashboard' && def.dashboard) body = <DashboardPage page={def} params={params} />;
  else if (def.kind === 'form' && def.form?.api.submit) body = <SubmitFormPage page={def} />;
  else if (def.kind === 'form' && def.form) body = <FormPage page={def} />;
  else body = <StatusPage title={def.meta.title} subTitle="该功能正在建设中" />;
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>{body}</Suspense>
    </ErrorBoundary>
  );
}
