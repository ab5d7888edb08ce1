import { describe, expect, it } from 'vitest';
import { addTag, closeAll, closeOthers, closeTag, nextAfterClose, type TagView } from '../../../runtime/shell/tags';
import { CONTEXT_MENU_WIDTH } from '../../../runtime/shell/TagsView';

const home: TagView = { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true };
const a: TagView = { path: '/a', fullPath: '/a', title: 'A' };
const b: TagView = { path: '/b', fullPath: '/b?x=1', title: 'B' };

describe('tags view (seed 000 §2.5)', () => {
  it('adding an existing path does nothing', () => {
    const tags = addTag([home, a], { ...a, fullPath: '/a?changed=1', title: 'other' });
    expect(tags).toEqual([home, a]);
    expect(addTag([home], a)).toEqual([home, a]);
  });
  it('affixed tabs cannot be closed', () => {
    expect(closeTag([home, a], '/dashboard')).toEqual([home, a]);
    expect(closeTag([home, a, b], '/a')).toEqual([home, b]);
  });
  it('close others keeps the affixed and the chosen tab; close all keeps only affixed ones', () => {
    expect(closeOthers([home, a, b], '/b')).toEqual([home, b]);
    expect(closeAll([home, a, b])).toEqual([home]);
  });
  it('after closing the active tab the last remaining one opens, else home', () => {
    expect(nextAfterClose([home, b])).toBe('/b?x=1');
    expect(nextAfterClose([])).toBe('/');
  });
  it('the context menu is 105 px wide (§9)', () => expect(CONTEXT_MENU_WIDTH).toBe(105));
});
