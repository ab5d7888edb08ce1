import { describe, expect, it } from 'vitest';
import { buildMenu, buildRoutes, decideAccess, pageTitle, redirectTarget, takeQueryToken, visibleMenu, type PageFiles } from '../../../runtime/router/routes';

const files: PageFiles = {
  '/pages/login.json': { kind: 'custom', path: '/login', public: true, layout: false, component: 'Login', meta: { title: '登录' } },
  '/pages/404.json': { kind: 'custom', path: '/404', public: true, layout: false, component: 'NotFound', meta: { title: '404' } },
  '/pages/401.json': { kind: 'custom', path: '/401', public: true, layout: false, component: 'Unauthorized', meta: { title: '401' } },
  '/pages/index.json': { path: '/', redirect: '/dashboard', meta: { title: '首页', hidden: true } },
  '/pages/dashboard.json': { kind: 'custom', path: '/dashboard', component: 'Dashboard', order: 0, meta: { title: '首页', affix: true } },
  '/pages/business/_group.json': { kind: 'group', path: '/business', order: 30, meta: { title: '商务拓展', roles: ['商务'] } },
  '/pages/business/clue/customer-list.json': { kind: 'list', path: '/business/clue/customer-list', order: 1, meta: { title: '客户列表', roles: ['商务:客户列表'] } },
  '/pages/business/clue/clue-list.json': { kind: 'pending', path: '/business/clue/clue-list', order: 2, meta: { title: '线索列表', roles: ['商务:线索列表'] } },
  '/pages/business/hidden.json': { kind: 'pending', path: '/business/project-detail/{projectId}', meta: { title: '详情', hidden: true } },
  '/pages/system/_group.json': { kind: 'group', path: '/user/system', order: 40, meta: { title: '系统管理', roles: ['系统管理'] } },
  '/pages/system/log.json': { kind: 'pending', path: '/user/system/operation-log', meta: { title: '操作日志' } },
};
const routes = buildRoutes(files);
const decide = (pathname: string, token: string | null, roles: string[] | null, search = '') => decideAccess({ pathname, search, token, roles, routes });

describe('route tree', () => {
  it('builds one route per page file, groups excluded, {param} as :param', () => {
    expect(routes.map((r) => r.def.path)).not.toContain('/business');
    expect(routes.find((r) => r.def.path.includes('project-detail'))!.pattern).toBe('/business/project-detail/:projectId');
    expect(routes.find((r) => r.def.path === '/business/clue/customer-list')!.groupRoles).toEqual([['商务']]);
  });

  it('keeps routes the user may not see, marked hidden; sidebar shows only visible ones', () => {
    const tree = buildMenu(files, ['商务:客户列表']);
    const business = tree.find((n) => n.key === '/business')!;
    expect(business.hidden).toBe(false);
    expect(business.children!.map((c) => [c.title, c.hidden])).toEqual([
      ['详情', true],
      ['客户列表', false],
      ['线索列表', true],
    ]);
    expect(tree.find((n) => n.key === '/user/system')!.hidden).toBe(true);
    const visible = visibleMenu(tree);
    expect(visible.map((n) => n.title)).toEqual(['首页', '商务拓展']);
    expect(visible[1].children!.map((c) => c.title)).toEqual(['客户列表']);
  });

  it('a holder of the whole area sees every child; no public or redirect route in the menu', () => {
    const visible = visibleMenu(buildMenu(files, ['商务', '系统管理']));
    expect(visible.map((n) => n.title)).toEqual(['首页', '商务拓展', '系统管理']);
    expect(visible[1].children!.map((c) => c.title)).toEqual(['客户列表', '线索列表']);
    expect(JSON.stringify(visible)).not.toContain('登录');
  });
});

describe('access rules (seed 000 §2.2)', () => {
  it('without a token only public routes render; others go to login with the full path', () => {
    expect(decide('/login', null, null)).toMatchObject({ kind: 'render' });
    expect(decide('/404', null, null)).toMatchObject({ kind: 'render' });
    expect(decide('/business/clue/customer-list', null, null, '?a=1')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=' + encodeURIComponent('/business/clue/customer-list?a=1'),
    });
  });

  it('with a token /login goes to / (or its redirect parameter), and / to /dashboard', () => {
    expect(decide('/login', 't', ['商务'])).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/login', 't', ['商务'], '?redirect=%2Fdashboard%3Fx%3D1')).toEqual({ kind: 'redirect', to: '/dashboard?x=1' });
    expect(decide('/', 't', ['商务'])).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('waits for the profile before deciding', () => {
    expect(decide('/dashboard', 't', null)).toEqual({ kind: 'loading' });
  });

  it('unknown paths go to /404, a role mismatch to /401 without going back', () => {
    expect(decide('/nowhere', 't', ['商务'])).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide('/user/system/operation-log', 't', ['商务'])).toEqual({ kind: 'redirect', to: '/401', state: { noGoBack: true } });
    expect(decide('/business/clue/clue-list', 't', ['商务:客户列表'])).toMatchObject({ to: '/401' });
    expect(decide('/business/clue/customer-list', 't', ['商务:客户列表'])).toMatchObject({ kind: 'render' });
    expect(decide('/business/project-detail/12', 't', ['商务'])).toMatchObject({ kind: 'render' });
    expect(decide('/dashboard', 't', ['仓库'])).toMatchObject({ kind: 'render' });
  });

  it('titles, login redirect targets and query tokens', () => {
    expect(pageTitle('客户列表')).toBe('客户列表 - 物流综合管理系统');
    expect(redirectTarget('?redirect=%2Fbusiness%2Fclue%2Fcustomer-list%3Fa%3D1')).toBe('/business/clue/customer-list?a=1');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('')).toBe('/');
    expect(takeQueryToken('/dashboard', '?token=abc&tab=2', '#x')).toEqual({ token: 'abc', cleanUrl: '/dashboard?tab=2#x' });
    expect(takeQueryToken('/dashboard', '?tab=2')).toBeUndefined();
  });
});
