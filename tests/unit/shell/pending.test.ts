/**
 * Business screens still to be built show the pending Result (PageView). Their number may only
 * go down: lower PENDING_MAX whenever a screen is built.
 */
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../../runtime/router/routes';
import { loadPages } from './pages';

const PENDING_MAX = 0;
const DASHBOARDS = ['/dashboard', '/workbench', '/kanban', '/kanban-portal'];

describe('pending business screens', () => {
  const routes = buildRoutes(loadPages());
  const pending = routes.filter((r) => r.def.kind === 'pending');
  it(`are at most ${PENDING_MAX}`, () => {
    expect(pending.length).toBeLessThanOrEqual(PENDING_MAX);
  });
  it('are never shell pages', () => {
    const shell = ['/dashboard', '/guide', '/workbench', '/daily-routine/daily-routine-page', '/profile/index', '/profile/password-change',
      '/profile/profile-finance', '/profile/confirm-income', '/profile/handover', '/kanban', '/kanban-portal', '/sso/{router}', '/sso',
      '/auth-redirect', '/bank-statement', '/redirect/*', '/404', '/401', '/login'];
    for (const path of shell) {
      const route = routes.find((r) => r.def.path === path);
      expect(route, path).toBeDefined();
      // 首页, 工作台 and the boards are dashboard definitions; none of the shell's pages is pending
      if (DASHBOARDS.includes(path)) expect(route!.def.kind, path).toBe('dashboard');
      expect(route!.def.kind, path).not.toBe('pending');
    }
  });
});
