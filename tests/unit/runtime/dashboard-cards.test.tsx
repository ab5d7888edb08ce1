// @vitest-environment jsdom
/**
 * Dashboard cards (kind: "dashboard"): a card is left out when the user lacks its permission or
 * may not make its call; a failing card says so in its own place while the others show their
 * figures; lists link their lines; calendar tokens follow the date.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { PageDef } from '../../../runtime/router/types';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const invoke = vi.fn();
vi.mock('../../../api/call', async (importOriginal) => ({ ...(await importOriginal<object>()), invoke: (...args: unknown[]) => invoke(...args) }));
const { default: DashboardPage, visibleCards } = await import('../../../runtime/renderers/report/DashboardPage');
const { calendarValue } = await import('../../../runtime/renderers/report/dashboard/cardData');
const { patchSession } = await import('../../../runtime/session/store');

afterEach(() => { cleanup(); invoke.mockReset(); });

const page = (cards: NonNullable<PageDef['dashboard']>['cards']): PageDef => ({ kind: 'dashboard', path: '/dashboard', meta: { title: '首页' }, dashboard: { cards } });

const HOME = page([
  { name: 'todo', title: '待处理事项', statistic: { api: 'workbench.summary', value: 'dailyMessageCount' } },
  { name: 'customers', title: '客户总数', statistic: { api: 'customer.stat', value: 'summary.count' } },
  { name: 'transit', title: '运输中车辆', permission: '调度:编辑', statistic: { api: 'statHome.schedules', value: 'summary.inTransit', suffix: '辆' } },
  { name: 'receivable', title: '应收账款', statistic: { api: 'projectReport.project', value: 'summary.receivable' } },
]);

function show(def: PageDef, roles: string[]) {
  patchSession({ roles });
  return render(<MemoryRouter><DashboardPage page={def} /></MemoryRouter>);
}

describe('dashboard cards', () => {
  it('leaves out a card whose permission the user lacks or whose call the server would refuse', () => {
    const names = (roles: string[]) => visibleCards(HOME.dashboard!.cards, roles).map((c) => c.name);
    expect(names(['财务'])).toEqual(['todo', 'receivable']);
    // 调度:查看 may read schedules, but the card asks for 调度:编辑 (the dispatcher's own card)
    expect(names(['调度:查看', '商务'])).toEqual(['todo', 'customers']);
    expect(names(['调度'])).toEqual(['todo', 'transit']);
  });

  it('shows each card\'s figure, formatted as its report measure, from one request per call', async () => {
    invoke.mockImplementation(async (api: string) => {
      if (api === 'workbench.summary') return { dailyMessageCount: 7 };
      if (api === 'projectReport.project') return { rows: [], summary: { receivable: 1234567.5 }, dimensions: [], measures: [{ name: 'receivable', title: '应收', format: 'money' }] };
      throw new Error(`unexpected ${api}`);
    });
    show(page([...HOME.dashboard!.cards, { name: 'todo2', title: '待办(同一调用)', statistic: { api: 'workbench.summary', value: 'dailyMessageCount' } }]), ['财务']);
    await waitFor(() => expect(within(screen.getByTestId('card-receivable')).getByText('1,234,567.50')).toBeTruthy());
    expect(within(screen.getByTestId('card-todo')).getByText('7')).toBeTruthy();
    expect(screen.queryByTestId('card-transit')).toBeNull();
    expect(invoke.mock.calls.filter(([api]) => api === 'workbench.summary')).toHaveLength(1);
  });

  it('a failing card shows its own Chinese error and the other cards stay', async () => {
    invoke.mockImplementation(async (api: string) => {
      if (api === 'workbench.summary') return { dailyMessageCount: 3 };
      throw new Error('服务器繁忙');
    });
    show(page([
      HOME.dashboard!.cards[0]!,
      { name: 'chart', title: '项目运行状态', chart: { api: 'statHome.projects', dims: ['runState'], chart: { type: 'pie' } } },
    ]), ['项目管理']);
    await waitFor(() => expect(within(screen.getByTestId('card-chart')).getByTestId('card-error').textContent).toBe('加载失败：服务器繁忙'));
    expect(within(screen.getByTestId('card-todo')).getByText('3')).toBeTruthy();
    expect(invoke).toHaveBeenCalledWith('statHome.projects', { query: { dims: ['runState'] } }, { silent: true });
  });

  it('a list shows the first rows, each a link to its record, with the count', async () => {
    invoke.mockResolvedValue({ recent: [
      { customerId: 11, name: '上海港务集团', visits: 4 },
      { customerId: 12, name: '苏州工业园', visits: 2 },
      { customerId: 13, name: '第三家', visits: 1 },
    ], total: 3 });
    show(page([{ name: 'recent', title: '我的最近客户', list: { api: 'workbench.summary', rows: 'recent', total: 'total', size: 2, title: 'name', note: '{visits} 次', link: '/business/clue/customer-list?customerId={customerId}' } }]), ['商务']);
    const card = await screen.findByTestId('card-recent');
    await waitFor(() => expect(within(card).getAllByTestId('recent-line')).toHaveLength(2));
    const link = within(card).getByRole('link', { name: '上海港务集团' });
    expect(link.getAttribute('href')).toBe('/business/clue/customer-list?customerId=11');
    expect(within(card).getByText('4 次')).toBeTruthy();
    expect(within(card).getByText('共 3 项')).toBeTruthy();
    // a user who may not open the customer list sees the lines as text, not links leading to 403
    cleanup();
    show(page([{ name: 'recent', title: '我的最近客户', list: { api: 'workbench.summary', rows: 'recent', title: 'name', link: '/business/clue/customer-list?customerId={customerId}' } }]), ['财务']);
    const plain = await screen.findByTestId('card-recent');
    await waitFor(() => expect(within(plain).getAllByTestId('recent-line')).toHaveLength(3));
    expect(within(plain).queryAllByRole('link')).toHaveLength(0);
  });

  it('calendar tokens in a card\'s arguments follow the date', () => {
    const now = new Date('2026-11-27T01:30:00Z'); // 09:30 in Shanghai
    expect(calendarValue('@today', now)).toBe('2026-11-27');
    expect(calendarValue('@monthStart', now)).toBe('2026-11-01');
    expect(calendarValue('@yearStart', now)).toBe('2026-01-01');
    expect(calendarValue('@daysAgo:29', now)).toBe('2026-10-29');
    expect(calendarValue('@monthsAgo:11', now)).toBe('2025-12-01');
    expect(calendarValue('10,15', now)).toBe('10,15');
    // 22:30 UTC on the 31st of December is already New Year's morning in China: the day, the
    // month and the year all turn over, whatever zone the browser runs in.
    const newYear = new Date('2026-12-31T22:30:00Z');
    expect(calendarValue('@today', newYear)).toBe('2027-01-01');
    expect(calendarValue('@monthStart', newYear)).toBe('2027-01-01');
    expect(calendarValue('@yearStart', newYear)).toBe('2027-01-01');
    expect(calendarValue('@daysAgo:1', newYear)).toBe('2026-12-31');
  });
});
