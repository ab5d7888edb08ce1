// @vitest-environment jsdom
/**
 * A page's parameters come from matching its route pattern against the address (pages are not
 * <Route> elements, so useParams() has none), plus the address's query for ?projectId= links; a
 * page kept open (a tag) while another is shown keeps the parameters of its own address.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../../../runtime/screens/types';

vi.mock('../../../runtime/screens/registry', () => ({
  screens: { ShowParams: ({ params }: ScreenProps) => <pre data-testid="params">{JSON.stringify(params)}</pre> },
}));

const def = { kind: 'custom' as const, component: 'ShowParams', path: '/project/print-contract-template/:type/:id', meta: { title: '合同打印' } };
vi.mock('../../../runtime/router/pages', () => ({ loadPage: async () => def, routes: [] }));

const { PageView } = await import('../../../runtime/router/PageView');

let go: (to: string) => void = () => undefined;
function Navigator() {
  go = useNavigate();
  return null;
}

describe('page parameters', () => {
  it('reads the route pattern and the query (the route wins), and keeps its own when another page is shown', async () => {
    render(
      <MemoryRouter initialEntries={['/project/print-contract-template/1/42?tab=apply&id=7']}>
        <Navigator />
        <PageView route={{ file: 'x.json', def, pattern: def.path, groupRoles: [] }} />
      </MemoryRouter>,
    );
    const shown = async () => JSON.parse((await screen.findByTestId('params')).textContent!);
    expect(await shown()).toEqual({ tab: 'apply', id: '42', type: '1' });
    act(() => go('/project/project-list?keyword=x'));
    expect(await shown()).toEqual({ tab: 'apply', id: '42', type: '1' });
    act(() => go('/project/print-contract-template/1/42?tab=staff'));
    expect(await shown()).toEqual({ tab: 'staff', id: '42', type: '1' });
  });
});
