/** Shell routes of seed 000 §2.1 and §2.3 with their flags and access. */
import { describe, expect, it } from 'vitest';
import { buildMenu, buildRoutes, decideAccess, matchRoute, routeAllowed, visibleMenu } from '../../../runtime/router/routes';
import { redirectTarget } from '../../../runtime/screens/shell/Redirect';
import { safeRouter } from '../../../runtime/screens/shell/SsoLogin';
import { tabOf, tabParamOf } from '../../../runtime/renderers/list/tabs';
import { createAjv, formatAjvErrors } from '../../../schemas/src/ajv';
import catalogue from '../../../schemas/generated/catalogue.json';
import { loadPages } from './pages';

const files = loadPages();
const routes = buildRoutes(files);
const at = (path: string) => matchRoute(routes, path)?.route;

describe('shell routes', () => {
  it('public ones are reachable without a session, numeric sso router ids too', () => {
    for (const path of ['/sso/12', '/sso/workbench', '/sso', '/auth-redirect', '/bank-statement', '/redirect/business/clue/customer-list']) {
      const d = decideAccess({ pathname: path, search: '?ticket=x', token: null, roles: null, routes });
      expect(d.kind, path).toBe('render');
    }
    expect(at('/sso/12')!.def.name).toBe('SsoLogin');
    expect(at('/sso')!.def.name).toBe('SsoSaas');
  });
  it('base routes carry the seed flags', () => {
    expect(at('/guide')!.def.meta.hidden).toBe(true);
    expect(at('/workbench')!.def.meta.noCache).toBe(true);
    expect(at('/daily-routine/daily-routine-page')!.def.meta.noCache).toBe(true);
    expect(at('/kanban')!.def.meta).toMatchObject({ hidden: true, roles: ['大屏看板'] });
    expect(at('/kanban-portal')!.def.meta.roles).toEqual(['大屏看板']);
    expect(at('/profile/profile-finance')!.def.meta.hidden).toBe(true);
    expect(decideAccess({ pathname: '/profile', search: '', token: 't', roles: ['首页'], routes })).toEqual({ kind: 'redirect', to: '/profile/index' });
  });
  it('kanban needs the big-screen role; the portal is listed under statistics', () => {
    expect(routeAllowed(at('/kanban')!, ['商务'])).toBe(false);
    expect(routeAllowed(at('/kanban-portal')!, ['大屏看板'])).toBe(true);
    const stat = visibleMenu(buildMenu(files, ['大屏看板'])).find((n) => n.key === '/stat');
    expect(stat?.children?.map((c) => c.key)).toEqual(['/kanban-portal']);
  });
  it('the menu shows workbench and daily matters to everyone, hides profile pages', () => {
    const keys = visibleMenu(buildMenu(files, ['商务'])).map((n) => n.key);
    expect(keys.slice(0, 3)).toEqual(['/dashboard', '/workbench', '/daily-routine/daily-routine-page']);
    expect(keys).not.toContain('/profile');
  });
});

describe('shell screen helpers', () => {
  it('redirect goes back to the path with its query', () => {
    expect(redirectTarget('/redirect/business/clue/customer-list', '?a=1')).toBe('/business/clue/customer-list?a=1');
    expect(redirectTarget('/redirect', '')).toBe('/');
  });
  it('sso follows only local routers', () => {
    expect(safeRouter('/workbench')).toBe('/workbench');
    expect(safeRouter('//evil.example.com')).toBe('/dashboard');
    expect(safeRouter('https://evil.example.com')).toBe('/dashboard');
    expect(safeRouter(undefined)).toBe('/dashboard');
  });
  it('daily matters open the tab named by tabPosition', () => {
    const daily = at('/daily-routine/daily-routine-page')!.def;
    expect(tabParamOf(daily)).toBe('tabPosition');
    expect(tabParamOf(at('/profile/profile-finance')!.def)).toBe('tab');
  });
  it('a tabbed list shows the tab its address names, else the first', () => {
    const tabs = [{ key: 'todo', title: '待办' }, { key: 'remind', title: '提醒' }, { key: 'handled', title: '已处理' }];
    expect(tabOf(tabs, 'remind')).toBe('remind');
    expect(tabOf(tabs, null)).toBe('todo');
    expect(tabOf(tabs, 'nonsense')).toBe('todo');
  });
  it('the guide walks the business flow', () => {
    const flow = at('/guide')!.def.dashboard!.cards[0]!.links!.items!;
    expect(flow.map((s) => s.title).join('→')).toBe('客户→线索→询价→报价→合同→项目→调度→结算');
    for (const step of flow) expect(at(step.path), step.path).toBeDefined();
  });
  it('new passwords have 8-64 characters with letters and digits, said in the words of the 修改密码 form', () => {
    // The call's body is the passwordChange form's schema: the server answers what the form shows.
    const body = catalogue.find((e) => e.id === 'auth.changePassword')!.body!;
    const check = createAjv().compile(body);
    const problem = (newPassword: string) => (check({ oldPassword: 'x', newPassword, confirmPassword: newPassword }) ? undefined : formatAjvErrors(check.errors, body));
    expect(problem('Abc12345')).toBeUndefined();
    for (const bad of ['Abc1234', 'abcdefgh', '12345678', 'a1'.repeat(33)]) expect(problem(bad), bad).toBe('新密码应为8至64位，且同时包含字母和数字');
  });
});
