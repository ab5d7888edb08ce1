import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MOBILE_BREAKPOINT, SIDEBAR_WIDTH, SIZES, THEME_PRESETS, antdSize, normalizeSettings } from '../../../runtime/shell/settings';
import { PANEL_BUTTON_TOP } from '../../../runtime/shell/RightPanel';
import { adminLink } from '../../../runtime/shell/external';
import { FULLSCREEN_UNSUPPORTED } from '../../../runtime/shell/ScreenfullButton';
import { SIZE_SUCCESS } from '../../../runtime/shell/SizeSelect';

describe('settings (seed 000 §3.5, §9)', () => {
  it('has the seed defaults and presets', () => {
    expect(DEFAULT_SETTINGS).toEqual({ theme: '#1890ff', tagsView: true, fixedHeader: false, sidebarLogo: true, size: 'medium' });
    expect(THEME_PRESETS).toEqual(['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d']);
    expect(SIZES.map((s) => s.label)).toEqual(['Default', 'Medium', 'Small', 'Mini']);
    expect(PANEL_BUTTON_TOP).toBe(250);
    expect(SIDEBAR_WIDTH).toBe(235);
    expect(MOBILE_BREAKPOINT).toBe(992);
  });
  it('reads saved settings, repairing bad values', () => {
    expect(normalizeSettings({ theme: '#f5222d', tagsView: false, size: 'mini' })).toMatchObject({ theme: '#f5222d', tagsView: false, size: 'mini', sidebarLogo: true });
    expect(normalizeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings({ theme: 'red', size: 'huge' as never, fixedHeader: 'yes' as never })).toEqual(DEFAULT_SETTINGS);
  });
  it('maps the four sizes onto antd sizes', () => {
    expect(['default', 'medium', 'small', 'mini'].map((s) => antdSize(s as never))).toEqual(['large', 'middle', 'small', 'small']);
  });
  it('keeps the seed texts', () => {
    expect(FULLSCREEN_UNSUPPORTED).toBe('you browser can not work');
    expect(SIZE_SUCCESS).toBe('Switch Size Success');
  });
});

describe('external administration link', () => {
  it('carries the token and is hidden when unset', () => {
    expect(adminLink(undefined, 'tok')).toBeUndefined();
    expect(adminLink('https://admin.example.com/entry?a=1', null)).toBeUndefined();
    expect(adminLink('https://admin.example.com/entry?a=1', 'abc')).toBe('https://admin.example.com/entry?a=1&token=abc');
    expect(adminLink('/admin/', 'abc')).toBe('/admin/?token=abc');
  });
});
