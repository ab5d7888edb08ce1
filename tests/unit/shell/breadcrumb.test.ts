import { describe, expect, it } from 'vitest';
import { breadcrumbOf } from '../../../runtime/shell/breadcrumb';
import { buildRoutes, groupsOf, matchRoute } from '../../../runtime/router/routes';
import type { PageDef, RouteEntry } from '../../../runtime/router/types';
import { loadPages } from './pages';

const files = loadPages();
const routes = buildRoutes(files);
const crumbs = (path: string) => {
  const route = matchRoute(routes, path)!.route;
  return breadcrumbOf(route, groupsOf(files, route.file));
};

describe('breadcrumb (seed 000 §2.5)', () => {
  it('prepends home, keeps group titles, last item is not a link', () => {
    expect(crumbs('/business/clue/customer-list')).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '商务拓展', to: undefined },
      { title: '客户列表', to: undefined },
    ]);
  });
  it('does not prepend home when the first route is the dashboard', () => {
    expect(crumbs('/dashboard')).toEqual([{ title: '首页', to: undefined }]);
  });
  it('links groups that redirect somewhere', () => {
    expect(crumbs('/profile/password-change')).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '个人中心', to: '/profile/index' },
      { title: '修改密码', to: undefined },
    ]);
  });
  it('omits routes with breadcrumb false or without title', () => {
    const route = { file: '/x.json', pattern: '/x', groupRoles: [], def: { path: '/x', meta: { title: 'X' } } } as RouteEntry;
    const groups = [{ path: '/g', meta: { title: 'G', breadcrumb: false } }, { path: '/h', meta: { title: '' } }] as PageDef[];
    expect(breadcrumbOf(route, groups)).toEqual([{ title: '首页', to: '/dashboard' }, { title: 'X', to: undefined }]);
  });
  it('is empty for an unknown route', () => expect(breadcrumbOf(undefined, [])).toEqual([]));
});
