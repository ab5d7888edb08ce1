// @vitest-environment jsdom
/**
 * Dashboard cards of links and of one record (操作指引, 个人中心 are such dashboards): a declared
 * link to a page the user may not open is disabled, the sibling pages of a group are offered as
 * buttons with their badge counts, and a record card shows a call's answer under its labels.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { PageDef } from '../../../runtime/router/types';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const invoke = vi.fn();
vi.mock('../../../api/call', async (importOriginal) => ({ ...(await importOriginal<object>()), invoke: (...args: unknown[]) => invoke(...args) }));
const { default: DashboardPage, visibleCards } = await import('../../../runtime/renderers/report/DashboardPage');
const { siblingPages } = await import('../../../runtime/renderers/report/dashboard/LinksCard');
const { patchSession } = await import('../../../runtime/session/store');
const { routes } = await import('../../../runtime/router/pages');

afterEach(() => { cleanup(); invoke.mockReset(); });

const dashboard = (path: string, cards: NonNullable<PageDef['dashboard']>['cards']): PageDef => ({ kind: 'dashboard', path, meta: { title: '测试' }, dashboard: { cards } });

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function show(def: PageDef, roles: string[]) {
  patchSession({ roles });
  return render(
    <MemoryRouter initialEntries={[def.path]}>
      <Routes>
        <Route path={def.path} element={<DashboardPage page={def} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const FLOW = dashboard('/guide', [{ name: 'flow', title: '业务操作流程', links: { display: 'steps', note: '点击步骤进入对应功能', items: [
  { title: '客户', path: '/business/clue/customer-list', text: '建立客户档案' },
  { title: '项目', path: '/project/project-list', text: '立项并管理项目' },
] } }]);

describe('links card', () => {
  it('needs no call, so every user sees it', () => {
    expect(visibleCards(FLOW.dashboard!.cards, [])).toHaveLength(1);
  });

  it('enables a step only when the user may open its page, and a click opens it', async () => {
    show(FLOW, ['商务']);
    const card = screen.getByTestId('card-flow');
    // the card's code loads with a screen that has one (not with the home page)
    expect(await within(card).findByText('点击步骤进入对应功能')).toBeTruthy();
    expect(within(card).getByText('建立客户档案')).toBeTruthy();
    expect(within(card).getByTestId('flow-link-/project/project-list').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(card).getByText('项目'));
    expect(screen.queryByTestId('where')).toBeNull(); // a disabled step leads nowhere
    expect(within(card).getByTestId('flow-link-/business/clue/customer-list').getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(within(card).getByText('客户'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/business/clue/customer-list'));
  });

  it('as buttons, a link the user may not open is a disabled button', async () => {
    show(dashboard('/x', [{ name: 'go', title: '常用功能', links: { items: FLOW.dashboard!.cards[0]!.links!.items! } }]), ['商务']);
    expect((await screen.findByRole('button', { name: /^客\s*户$/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: /^项\s*目$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the other pages of the group with their badge counts', async () => {
    invoke.mockImplementation(async (api: string) => {
      if (api === 'financeMattersMerge.countConfirmIncomeReview') return 3;
      throw new Error(`unexpected ${api}`);
    });
    expect(siblingPages('/profile/index', ['商务'], routes).map((r) => r.def.meta.title)).toEqual(['修改密码', '个人财务管理', '收入确认', '离职交接']);
    show(dashboard('/profile/index', [{ name: 'profile', title: '个人事务', links: { display: 'buttons', source: 'siblings' } }]), ['商务']);
    const finance = await screen.findByTestId('profile-link-ProfileFinance');
    await waitFor(() => expect(within(finance).getByText('3')).toBeTruthy());
    expect(screen.queryByRole('button', { name: '个人财务' })).toBeNull(); // not the page itself
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile/password-change'));
  });
});

describe('record card', () => {
  it('shows the answer of its call: heading, avatar and labelled fields, - for a blank one', async () => {
    invoke.mockImplementation(async (api: string) => {
      if (api === 'auth.me') return { name: '张三', username: 'zhangsan', orgName: '华运物流', introduction: '', avatar: null };
      throw new Error(`unexpected ${api}`);
    });
    show(dashboard('/profile/index', [{ name: 'me', title: '个人信息', record: { api: 'auth.me', title: 'name', avatar: 'avatar', fields: [
      { field: 'username', title: '用户名' }, { field: 'orgName', title: '所属单位' }, { field: 'introduction', title: '简介' }] } }]), ['商务']);
    const card = screen.getByTestId('card-me');
    // the record card is a lazily loaded module: its first import may take seconds on a busy machine
    await waitFor(() => expect(within(card).getByText('张三')).toBeTruthy(), { timeout: 15_000 });
    expect(within(card).getByText('用户名').closest('tr')!.textContent).toContain('zhangsan');
    expect(within(card).getByText('华运物流')).toBeTruthy();
    expect(within(card).getByText('简介').closest('tr')!.textContent).toContain('-');
    expect(card.querySelector('.ant-avatar')).toBeTruthy();
  });
});
