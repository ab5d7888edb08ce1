/**
 * The person's screen settings in the browser: kept on the server by account, a copy in the
 * browser for the first paint, the server's copy winning once it answers, a change being typed
 * winning over an answer still on its way, and one call per pause rather than per click.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { id: string; args: any }[] = [];
let answer: () => Promise<unknown> = async () => ({});
vi.mock('../../../api/call', () => ({
  invoke: (id: string, args: unknown) => {
    calls.push({ id, args });
    return id === 'userPreference.all' ? answer() : Promise.resolve(null);
  },
}));

const mem = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => mem.get(k) ?? null,
  setItem: (k: string, v: string) => void mem.set(k, v),
  removeItem: (k: string) => void mem.delete(k),
});

const load = async () => import('../../../runtime/shell/preferences');

describe('screen settings kept per person', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    calls.length = 0;
    mem.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('paint from the browser copy, then take the server\'s', async () => {
    mem.set('preferences:admin', JSON.stringify({ 'list:/a': { hidden: ['x'] } }));
    answer = async () => ({ 'list:/a': { hidden: ['y'] } });
    const p = await load();
    const loading = p.loadPreferencesFor('admin');
    expect(p.getPreference('list:/a')).toEqual({ hidden: ['x'] });
    await loading;
    expect(p.getPreference('list:/a')).toEqual({ hidden: ['y'] });
    expect(JSON.parse(mem.get('preferences:admin')!)).toEqual({ 'list:/a': { hidden: ['y'] } });
  });

  it('another person signing in on the same browser starts from their own, not the last one\'s', async () => {
    answer = async () => ({ 'list:/a': { hidden: ['x'] } });
    const p = await load();
    await p.loadPreferencesFor('admin');
    answer = async () => ({});
    await p.loadPreferencesFor('business');
    expect(p.getPreference('list:/a')).toBeUndefined();
  });

  it('a change still waiting when another person signs in is never sent as theirs', async () => {
    answer = async () => ({});
    const p = await load();
    await p.loadPreferencesFor('admin');
    p.setPreference('list:/a', { hidden: ['x'] });
    await p.loadPreferencesFor('business');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.filter((c) => c.id !== 'userPreference.all')).toEqual([]);
  });

  it('send one save per pause with the last value, and a removal for a reset', async () => {
    answer = async () => ({});
    const p = await load();
    await p.loadPreferencesFor('admin');
    p.setPreference('list:/a', { hidden: ['1'] });
    p.setPreference('list:/a', { hidden: ['1', '2'] });
    expect(p.getPreference('list:/a')).toEqual({ hidden: ['1', '2'] }); // applies at once
    expect(calls.filter((c) => c.id === 'userPreference.save')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.filter((c) => c.id === 'userPreference.save').map((c) => c.args.body)).toEqual([{ prefKey: 'list:/a', value: { hidden: ['1', '2'] } }]);
    p.setPreference('list:/a', undefined);
    await p.flushPreferences(); // signing out sends what is still waiting
    expect(calls.at(-1)).toEqual({ id: 'userPreference.remove', args: { query: { prefKey: 'list:/a' } } });
  });

  it('a change made while the server\'s answer is on its way is kept', async () => {
    let release!: (v: unknown) => void;
    answer = () => new Promise((r) => (release = r));
    const p = await load();
    const loading = p.loadPreferencesFor('admin');
    p.setPreference('list:/a', { hidden: ['mine'] });
    release({ 'list:/a': { hidden: ['old'] }, 'list:/b': { order: ['z'] } });
    await loading;
    expect(p.getPreference('list:/a')).toEqual({ hidden: ['mine'] });
    expect(p.getPreference('list:/b')).toEqual({ order: ['z'] });
  });

  it('a change cut short by a reload is sent at the next sign-in and wins over the server\'s older copy', async () => {
    answer = async () => ({ 'shell-settings': { sidebarLogo: true } });
    const before = await load();
    await before.loadPreferencesFor('admin');
    before.setPreference('shell-settings', { sidebarLogo: false });
    // the page reloads before the pause is over: nothing was sent
    expect(calls.filter((c) => c.id === 'userPreference.save')).toEqual([]);
    vi.resetModules();
    const after = await load();
    await after.loadPreferencesFor('admin');
    expect(after.getPreference('shell-settings')).toEqual({ sidebarLogo: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.id === 'userPreference.save').map((c) => c.args.body)).toEqual([{ prefKey: 'shell-settings', value: { sidebarLogo: false } }]);
    // once confirmed, the server's copy is the one a later sign-in takes
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(mem.get('preferences-unsent:admin')!)).toEqual([]);
  });

  it('nothing is sent without a signed-in person', async () => {
    const p = await load();
    p.setPreference('list:/a', { hidden: ['x'] });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual([]);
    expect(p.getPreference('list:/a')).toEqual({ hidden: ['x'] });
  });

  it('keys hold only what the server accepts', async () => {
    const p = await load();
    expect(p.preferenceKey('list', '/business/clue/customer-list')).toBe('list:/business/clue/customer-list');
    expect(p.preferenceKey('list', '/x/{id}?a=1')).toMatch(/^[A-Za-z0-9:/_.-]+$/);
  });
});
