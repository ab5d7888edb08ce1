/** Renders one page definition by its kind. Every renderer is code-split. */
import { lazy, Suspense } from 'react';
import { screens } from '../screens/registry';
import { PageLoading } from '../screens/PageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import type { RouteEntry } from './types';

const ListPage = lazy(() => import('../renderers/list/ListPage'));
const StatusPage = lazy(() => import('../screens/StatusPage'));

export function PageView({ route }: { route: RouteEntry }) {
  const { def } = route;
  let body;
  if (def.kind === 'custom' && def.component) {
    const Screen = screens[def.component];
    body = Screen ? <Screen page={def} /> : <StatusPage status="warning" title={`未注册的页面组件 ${def.component}`} />;
  } else if (def.kind === 'list' && def.list) {
    body = <ListPage page={def} />;
  } else {
    body = <StatusPage title={def.meta.title} subTitle="该功能正在建设中" />;
  }
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>{body}</Suspense>
    </ErrorBoundary>
  );
}
