/** Statistics reporting, error log and layout preload, with the HTTP layer replaced. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn(async (..._args: unknown[]) => null as unknown);
vi.mock('../../../api/call', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));

describe('usage statistics', () => {
  beforeEach(() => invoke.mockClear());
  it('reports a view of a route with a statisticsName once per navigation', async () => {
    const { reportPageView } = await import('../../../runtime/shell/statistics');
    expect(reportPageView('客户列表', '/business/clue/customer-list', 'k1')).toBe(true);
    expect(reportPageView('客户列表', '/business/clue/customer-list', 'k1')).toBe(false);
    expect(reportPageView(undefined, '/guide', 'k2')).toBe(false);
    expect(reportPageView('客户列表', '/business/clue/customer-list', 'k3')).toBe(true);
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(invoke).toHaveBeenCalledWith('pageVisitStatistics.save', { body: { statisticsName: '客户列表', path: '/business/clue/customer-list' } }, { silent: true });
  });
});

describe('error log', () => {
  it('keeps message, component info, url and stack; Clear All empties it', async () => {
    const { clearErrors, getErrors, logError } = await import('../../../runtime/shell/errorLog');
    logError(new Error('boom'), 'at <Dashboard>', 'http://x/dashboard');
    expect(getErrors()[0]).toMatchObject({ message: 'boom', info: 'at <Dashboard>', url: 'http://x/dashboard' });
    expect(getErrors()[0]!.stack).toContain('boom');
    clearErrors();
    expect(getErrors()).toEqual([]);
  });
});

describe('layout preload', () => {
  it('loads every declared preload list once; a failed organisation list is emptied and logged', async () => {
    const lists = await import('../../../runtime/reference/lists');
    const { preloadReferences, PRELOADED } = await import('../../../runtime/shell/preload');
    // seed 002 §7.11: business types, bill platforms, banks, region tree, staff, corporate staff and customers, active suppliers, messages, organisations
    expect(PRELOADED).toEqual(['businessTypes', 'billPlatforms', 'banks', 'regionTree', 'staff', 'corpStaff', 'corpCustomers', 'activeSuppliers', 'messages', 'organisations']);
    invoke.mockReset();
    let orgsFail = true;
    invoke.mockImplementation(async (id: unknown) => {
      if (id === 'auth.orgs') {
        if (orgsFail) {
          orgsFail = false;
          throw new Error('连接服务器失败');
        }
        return [{ orgId: 1, name: 'A' }];
      }
      return [{ id: 1 }];
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await preloadReferences();
    expect(lists.referenceList('organisations').peek()).toBeUndefined();
    expect(error).toHaveBeenCalledWith('preload organisations failed', expect.any(Error));
    expect(lists.referenceList('businessTypes').peek()).toEqual([{ id: 1 }]);
    // Each list is one declared call, made silently (a failed list is the caller's to report).
    expect(invoke).toHaveBeenCalledWith('businessType.list', {}, { silent: true });
    const calls = invoke.mock.calls.length;
    await preloadReferences();
    // Only the emptied organisation list is fetched again.
    expect(invoke.mock.calls.length).toBe(calls + 1);
    expect(lists.referenceList('organisations').peek()).toEqual([{ orgId: 1, name: 'A' }]);
    // Logging out or switching organisation clears them all.
    lists.clearReferenceCaches();
    expect(lists.referenceList('businessTypes').peek()).toBeUndefined();
    expect(() => lists.referenceList('nonsense')).toThrow('未声明的参考列表 nonsense');
    error.mockRestore();
  });
});

describe('warehouse reference lists (seed 002 §3.2, §7.7)', () => {
  it('reads the warehouses from data.list of a 100-row page and each post\'s staff with its post', async () => {
    const lists = await import('../../../runtime/reference/lists');
    lists.clearReferenceCaches();
    invoke.mockReset();
    invoke.mockImplementation(async (id: unknown, args: unknown) => {
      if (id === 'warehouse.list') return { list: [{ warehouseId: 7, name: '苏州零件库' }], total: 1, pageNo: 1, pageSize: 100, args };
      return [{ id, args }];
    });
    expect(await lists.referenceList('warehouses').get()).toEqual([{ warehouseId: 7, name: '苏州零件库' }]);
    expect(invoke).toHaveBeenCalledWith('warehouse.list', { query: { pageSize: 100 } }, { silent: true });
    const posts = { scheduleStaff: 1, storageStaff: 2, leaderStaff: 3, craneStaff: 4, operatorStaff: 5 };
    for (const [name, post] of Object.entries(posts)) {
      expect(await lists.referenceList(name).get()).toEqual([{ id: 'staffPost.dataAll', args: { query: { post } } }]);
    }
    expect(await lists.referenceList('workshops').get()).toEqual([{ id: 'workshop.listAll', args: {} }]);
    lists.clearReferenceCaches();
  });
});
