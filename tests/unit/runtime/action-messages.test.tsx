// @vitest-environment jsdom
/**
 * What an action's call answers as `message` (what it also did: 标记中标 drafts a contract) is what
 * the user is told, however the action runs — a plain confirmation, a transition's dialog or a
 * call — and 「<标题>成功」 when the call says nothing (runtime/renderers/common/actions.tsx).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';
import type { ResolvedEntity, ResolvedTransition } from '../../../schemas/src/entity-schema';
import type { PageAction } from '../../../runtime/router/types';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;

const DRAFTED = '已生成收入合同草稿 HTS2601010001，请到收入合同完善后提交审核';
let answer: unknown = null;
const invoke = vi.fn(async () => answer);
vi.mock('../../../api/call', async (original) => ({ ...(await original<object>()), invoke: (...args: unknown[]) => invoke(...(args as [])) }));

const { useActionRunner } = await import('../../../runtime/renderers/common/actions');
const { doneText } = await import('../../../runtime/renderers/common/ActionDialogs');
const { loadEntityWithChildren } = await import('../../../runtime/meta');

afterEach(() => { cleanup(); invoke.mockClear(); answer = null; });

const row = { quotationId: 7, quotationNo: 'BJ2601010001', auditState: 15, quoteResult: 0 };

function Host({ entity, transitions, action }: { entity: ResolvedEntity; transitions: Map<string, ResolvedTransition>; action: PageAction }) {
  const runner = useActionRunner({ entity, rowKey: 'quotationId', api: {}, transitions, context: {}, onChanged: () => undefined });
  return <><button type="button" onClick={() => void runner.run(action, [row])}>act</button>{runner.dialogs}</>;
}

async function mount(action: PageAction, adjust: (t: ResolvedTransition) => ResolvedTransition = (t) => t) {
  const entity = await loadEntityWithChildren('quotation');
  const transitions = new Map(entity.transitions.map((t) => [`quotation.${t.name}`, adjust(t)]));
  render(<MemoryRouter><App><Host entity={entity} transitions={transitions} action={action} /></App></MemoryRouter>);
  fireEvent.click(screen.getByText('act'));
}

const confirmButton = async () => (await screen.findAllByRole('button', { name: /确\s*定/ })).at(-1)!;

describe('an action tells what its call answered', () => {
  it('doneText: the answer\'s message, else 「<标题>成功」', () => {
    expect(doneText({ count: 1, list: [], message: DRAFTED }, '标记中标')).toBe(DRAFTED);
    expect(doneText({ count: 1, list: [] }, '标记中标')).toBe('标记中标成功');
    expect(doneText(null, '停用')).toBe('停用成功');
    expect(doneText({ message: '' }, '停用')).toBe('停用成功');
  });

  it('标记中标 on a plain confirmation shows the contract the server drafted', async () => {
    answer = { count: 1, list: [], message: DRAFTED };
    await mount({ type: 'transition', api: 'quotation.win' });
    fireEvent.click(await confirmButton());
    expect(await screen.findByText(DRAFTED)).toBeTruthy();
    expect(invoke).toHaveBeenCalledWith('quotation.win', { params: {}, body: { quotationId: 7 } }, expect.anything());
  });

  it('a transition asking for an opinion in its dialog shows the server\'s message the same way', async () => {
    answer = { count: 1, list: [], message: DRAFTED };
    await mount({ type: 'transition', api: 'quotation.win' }, (t) => (t.name === 'win' ? { ...t, comment: 'optional' } : t));
    fireEvent.click(await screen.findByTestId('transition-ok'));
    expect(await screen.findByText(DRAFTED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('transition-ok')).toBeNull());
  });

  it('a transition dialog whose call says nothing says 「<标题>成功」', async () => {
    answer = { count: 1, list: [] };
    await mount({ type: 'transition', api: 'quotation.win' }, (t) => (t.name === 'win' ? { ...t, comment: 'optional' } : t));
    fireEvent.click(await screen.findByTestId('transition-ok'));
    expect(await screen.findByText('标记中标成功')).toBeTruthy();
  });
});
