import { describe, expect, it, vi } from 'vitest';

// The made-up calls below are not in the catalogue: each is taken as the user's to make.
vi.mock('../../../api/call', async (original) => ({ ...(await original<typeof import('../../../api/call')>()), mayCall: () => true }));
import { ordered, parsePrefs, prefsKey } from '../../../runtime/renderers/list/listPrefs';
import { actionShownOn } from '../../../runtime/renderers/common/actions';

describe('a list\'s column settings', () => {
  it('are kept per page (the person is the server\'s session), and a damaged entry falls back to the definition', () => {
    expect(prefsKey('/business/clue/customer-list')).toBe('list:/business/clue/customer-list');
    expect(prefsKey('/a')).not.toBe(prefsKey('/b'));
    expect(parsePrefs(undefined, ['memo'])).toEqual({ hidden: ['memo'], order: [] });
    expect(parsePrefs({ hidden: 'phone', order: ['a'], density: 'huge' }, ['memo'])).toEqual({ hidden: ['memo'], order: ['a'], density: undefined });
    expect(parsePrefs({ hidden: [], order: [], density: 'small' }, ['memo'])).toEqual({ hidden: [], order: [], density: 'small' });
  });
  it('put the columns the user ordered first, the rest (new ones too) after them as defined', () => {
    const cols = ['a', 'b', 'c', 'd'].map((field) => ({ field }));
    expect(ordered(cols, ['c', 'a']).map((c) => c.field)).toEqual(['c', 'a', 'b', 'd']);
    expect(ordered(cols, ['gone', 'd']).map((c) => c.field)).toEqual(['d', 'a', 'b', 'c']);
    expect(ordered(cols, []).map((c) => c.field)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('which actions a record shows (the rule the list and the detail share)', () => {
  const transitions = new Map([['order.publish', { name: 'publish', title: '提交', field: 'status', from: [0], to: '10' } as never]]);
  const rule = { held: ['商务'], transitions, canApprove: () => false };
  it('a transition only from its from states; when narrows any action', () => {
    expect(actionShownOn({ type: 'transition', api: 'order.publish' }, { status: 0 }, rule)).toBe(true);
    expect(actionShownOn({ type: 'transition', api: 'order.publish' }, { status: 10 }, rule)).toBe(false);
    expect(actionShownOn({ type: 'edit', when: { status: [0, 5] } }, { status: 5 }, rule)).toBe(true);
    expect(actionShownOn({ type: 'edit', when: { status: [0, 5] } }, { status: 10 }, rule)).toBe(false);
  });
  it('when can ask for an empty field (创建项目 only on a contract without a project)', () => {
    const create = { type: 'create', api: 'project.save', when: { projectIds: { empty: true } } } as never;
    for (const none of [[], null, undefined, '']) expect(actionShownOn(create, { projectIds: none }, rule)).toBe(true);
    expect(actionShownOn(create, { projectIds: [7] }, rule)).toBe(false);
    expect(actionShownOn({ type: 'edit', when: { memo: { empty: false } } } as never, { memo: '有' }, rule)).toBe(true);
    expect(actionShownOn({ type: 'edit', when: { memo: { empty: false } } } as never, { memo: '' }, rule)).toBe(false);
  });
  it('a detail offers neither 查看 nor list-wide actions, and a create only with its own api', () => {
    const detail = { ...rule, place: 'detail' as const };
    expect(actionShownOn({ type: 'view' }, {}, detail)).toBe(false);
    expect(actionShownOn({ type: 'export' }, {}, detail)).toBe(false);
    expect(actionShownOn({ type: 'create' }, {}, detail)).toBe(false);
    expect(actionShownOn({ type: 'view' }, {}, rule)).toBe(true);
  });
  it('an action needing a permission the user lacks is not shown', () => {
    expect(actionShownOn({ type: 'edit', permission: '商务:线索列表:编辑' }, {}, { ...rule, held: ['财务'] })).toBe(false);
  });
});
