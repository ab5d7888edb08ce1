/** Statistics reporting, error log and layout preload, with the HTTP layer replaced. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn(async (..._args: unknown[]) => null as unknown);
vi.mock('../../../api/call', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));

const reference = vi.hoisted(() => ({
  orgs: vi.fn(async () => [{ orgId: 1, name: 'A' }]),
  ok: vi.fn(async () => [{ id: 1 }]),
}));
vi.mock('../../../api/auth', () => ({ fetchOrgs: reference.orgs }));
vi.mock('../../../api/reference', () => ({
  fetchStaff: reference.ok, fetchDepartments: reference.ok, fetchRegionTree: reference.ok, fetchBanks: reference.ok,
  fetchBusinessTypes: reference.ok, fetchBillPlatforms: reference.ok, fetchCorpStaff: reference.ok, fetchCorpCustomers: reference.ok,
  fetchActiveSuppliers: reference.ok, fetchUnhandledMessages: reference.ok,
}));

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
  it('loads every reference list once; a failed organisation list is emptied and logged', async () => {
    const lists = await import('../../../runtime/reference/lists');
    const { preloadReferences, PRELOADED } = await import('../../../runtime/shell/preload');
    expect(Object.keys(PRELOADED)).toEqual(['businessTypes', 'billPlatforms', 'banks', 'regionTree', 'staff', 'corpStaff', 'corpCustomers', 'activeSuppliers', 'messages']);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reference.orgs.mockRejectedValueOnce(new Error('连接服务器失败'));
    await preloadReferences();
    expect(lists.organisationList.peek()).toBeUndefined();
    expect(error).toHaveBeenCalledWith('preload organisations failed', expect.any(Error));
    expect(lists.businessTypeList.peek()).toEqual([{ id: 1 }]);
    const calls = reference.ok.mock.calls.length;
    await preloadReferences();
    expect(reference.ok.mock.calls.length).toBe(calls);
    expect(lists.organisationList.peek()).toEqual([{ orgId: 1, name: 'A' }]);
    error.mockRestore();
  });
});
