// @vitest-environment jsdom
/**
 * A tabbed list page (日常事项 is one, `pages/daily-routine/daily-routine-page.json`): the tab the
 * address names (`tabParam`) is shown, a tab's badge may count a call's `total` and show the
 * number, a column may stand in a word for a blank value and show times as "3 小时前", and a
 * row's link action may lead to the page of the row's event, offered only when the user may open it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { App as AntApp } from 'antd';
import type { PageDef } from '../../../runtime/router/types';
import daily from '../../../pages/daily-routine/daily-routine-page.json';

// a desktop window: every min-width breakpoint holds (a phone would show cards)
Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: /min-width/.test(q), media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
window.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
const invoke = vi.fn();
vi.mock('../../../api/call', async (importOriginal) => ({ ...(await importOriginal<object>()), invoke: (...args: unknown[]) => invoke(...args) }));
const { default: ListPage } = await import('../../../runtime/renderers/list/ListPage');
const { patchSession } = await import('../../../runtime/session/store');

afterEach(() => { cleanup(); invoke.mockReset(); });

const PATH = '/daily-routine/daily-routine-page';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const ROWS = {
  todo: [{ messageId: 1, type: 1, message: '待您审批的线索', name: '', messageDate: hoursAgo(3), eventType: 4, eventSubjectId: 21, handled: false }],
  remind: [
    { messageId: 2, type: 2, message: '供应商资料已更新', name: '李四', messageDate: hoursAgo(2), eventType: 2, eventSubjectId: 31, handled: false },
    { messageId: 3, type: 2, message: '线索有新的跟进', name: null, messageDate: hoursAgo(5), eventType: 4, eventSubjectId: 22, handled: false },
  ],
};

function answer(api: string, args: { query?: Record<string, unknown>; body?: unknown } = {}) {
  if (api === 'message.list') {
    const q = args.query ?? {};
    const rows = String(q.handled) === 'true' ? [] : String(q.type) === '1' ? ROWS.todo : ROWS.remind;
    return Promise.resolve({ list: rows, total: String(q.type) === '1' ? 4 : 7, pageNo: 1, pageSize: 10 });
  }
  if (api === 'message.closeMessage') return Promise.resolve({ count: 1 });
  return Promise.reject(new Error(`unexpected ${api}`));
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}{useLocation().search}</div>;
}

function show(search: string, roles = ['商务']) {
  patchSession({ roles });
  invoke.mockImplementation(answer);
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[`${PATH}${search}`]}>
        <Routes>
          <Route path={PATH} element={<ListPage page={daily as unknown as PageDef} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
}

// the entity's metadata loads first: a loaded machine takes a while
const rowOf = async (text: string) => {
  const found = await screen.findAllByText(text, undefined, { timeout: 15000 });
  return found.map((el) => el.closest('tr.ant-table-row')).find(Boolean) as HTMLElement;
};

describe('a tabbed list page', () => {
  it('shows the tab its address names, and counts on the tabs', async () => {
    show('?tabPosition=remind');
    const page = screen.getByTestId('daily-routine');
    expect(page.querySelector('.ant-tabs-tab-active')!.textContent).toContain('提醒');
    await rowOf('供应商资料已更新');
    expect(invoke).toHaveBeenCalledWith('message.list', expect.objectContaining({ query: expect.objectContaining({ type: '2', handled: 'false' }) }));
    await waitFor(() => expect(within(screen.getByTestId('tab-badge-todo')).getByText('4')).toBeTruthy(), { timeout: 15000 });
    expect(within(screen.getByTestId('tab-badge-remind')).getByText('7')).toBeTruthy();
  });

  it('an unknown or missing tab shows the first', async () => {
    show('?tabPosition=nonsense');
    expect(screen.getByTestId('daily-routine').querySelector('.ant-tabs-tab-active')!.textContent).toContain('待办');
    await rowOf('待您审批的线索');
  });

  it('reads cells as declared: the enum label, 系统 for no sender, times as relative', async () => {
    show('?tabPosition=remind');
    const row = await rowOf('线索有新的跟进');
    expect(row.textContent).toContain('线索跟进');
    expect(row.textContent).toContain('系统');
    expect(row.textContent).toMatch(/\d+\s*小时前/);
    expect((await rowOf('供应商资料已更新')).textContent).toContain('李四');
  });

  it('offers 处理 only where the user may open the event\'s page, and it opens the record there', async () => {
    show('?tabPosition=remind');
    const supplier = await rowOf('供应商资料已更新');
    expect(within(supplier).queryByRole('button', { name: /处\s*理/ })).toBeNull(); // 商务 may not open 供应商
    expect(within(supplier).getByRole('button', { name: /关\s*闭/ })).toBeTruthy();
    fireEvent.click(within(await rowOf('线索有新的跟进')).getByRole('button', { name: /处\s*理/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/business/clue/clue-list?clueId=22'), { timeout: 15000 });
  });

  it('关闭 closes the matter after confirmation', async () => {
    show('?tabPosition=todo');
    fireEvent.click(within(await rowOf('待您审批的线索')).getByRole('button', { name: /关\s*闭/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 15000 }));
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('message.closeMessage', expect.objectContaining({ body: { messageId: 1 } }), expect.anything()), { timeout: 15000 });
  });
});
