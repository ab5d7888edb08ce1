import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  abbreviate, bankNameRule, commitNumeric, dateNotPast, dateRangePresets, expiryWarning, firstErrorMessage,
  isEmptyValue, isVideo, monthRangePresets, percent, relativeTime, round, sanitizeNumericInput, thousands,
  truncateName, VIDEO_OPTIONS,
} from '../../../schemas/src/format';

const now = dayjs('2026-11-22T10:00:00');

describe('empty value', () => {
  it('blank string, NaN, empty array, null, undefined are empty; zero and false are not', () => {
    for (const v of ['', '   ', NaN, [], null, undefined]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, 'a', [0], {}]) expect(isEmptyValue(v)).toBe(false);
  });
});

describe('numbers', () => {
  it('thousands separators in the integer part keep decimals', () => {
    expect(thousands(1234567.891)).toBe('1,234,567.891');
    expect(thousands('-1000')).toBe('-1,000');
    expect(thousands(999)).toBe('999');
    expect(thousands(null)).toBe('');
  });
  it('rounding defaults to 2 decimals', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(-2.345)).toBe(-2.35);
    expect(round(3.14159, 3)).toBe(3.142);
  });
  it('ratios show as percentages with 2 decimals', () => {
    expect(percent(0.12345)).toBe('12.35%');
    expect(percent(1)).toBe('100.00%');
    expect(percent(null)).toBe('');
  });
  it('abbreviation uses k, M, G, T, P, E', () => {
    expect(abbreviate(999)).toBe('999');
    expect(abbreviate(1500)).toBe('1.5k');
    expect(abbreviate(2_500_000)).toBe('2.5M');
    expect(abbreviate(3e9)).toBe('3G');
    expect(abbreviate(4e12)).toBe('4T');
    expect(abbreviate(5e15)).toBe('5P');
    expect(abbreviate(6e18)).toBe('6E');
  });
});

describe('numeric-only input', () => {
  it('keeps digits, one point and a leading minus', () => {
    expect(sanitizeNumericInput('a1b2.3.4-5')).toBe('12.345');
    expect(sanitizeNumericInput('-12')).toBe('-12');
    expect(sanitizeNumericInput('1-2')).toBe('12');
    expect(sanitizeNumericInput('-5', false)).toBe('5');
  });
  it('clamps to min and max and rounds to the precision on blur', () => {
    expect(commitNumeric('150', { min: 0, max: 100 })).toBe(100);
    expect(commitNumeric('-3', { min: 0 })).toBe(0);
    expect(commitNumeric('3.14159', { precision: 2 })).toBe(3.14);
    expect(commitNumeric('')).toBeNull();
    expect(commitNumeric('-')).toBeNull();
  });
});

describe('relative time (seed 000 §9)', () => {
  it('under 30 seconds is 刚刚', () => expect(relativeTime(now.subtract(29, 's'), now)).toBe('刚刚'));
  it('under an hour is minutes ago', () => expect(relativeTime(now.subtract(5, 'minute'), now)).toBe('5分钟前'));
  it('under a day is hours ago', () => expect(relativeTime(now.subtract(3, 'hour'), now)).toBe('3小时前'));
  it('under two days is 1天前', () => expect(relativeTime(now.subtract(30, 'hour'), now)).toBe('1天前'));
  it('older shows the date in year-month-day hour:minute:second', () =>
    expect(relativeTime(dayjs('2026-11-01T08:09:10'), now)).toBe('2026-11-01 08:09:10'));
});

describe('rules', () => {
  it('expiry warning for a past date only', () => {
    expect(expiryWarning('行驶证', '2026-11-21', now)).toBe('行驶证已过期, 请及时更新');
    expect(expiryWarning('行驶证', '2026-12-01', now)).toBeNull();
    expect(expiryWarning('行驶证', null, now)).toBeNull();
  });
  it('date rule fails for a date earlier than now and passes when empty', () => {
    const rule = dateNotPast('日期不能早于当前时间');
    expect(rule('2026-11-01', now)).toBe('日期不能早于当前时间');
    expect(rule('2026-12-01', now)).toBeNull();
    expect(rule('', now)).toBeNull();
  });
  it('bank name must be in the list, optionally as a warning', () => {
    const rule = bankNameRule(['中国工商银行', '招商银行'], '请输入正确的开户银行', true);
    expect(rule('招商银行')).toBeNull();
    expect(rule('不存在银行')).toEqual({ message: '请输入正确的开户银行', warning: true });
    expect(rule('')).toBeNull();
  });
  it('first message of an error object', () => {
    expect(firstErrorMessage({ name: [{ message: '客户名称不能为空' }], phone: [{ message: 'x' }] })).toBe('客户名称不能为空');
    expect(firstErrorMessage({ a: '错误' })).toBe('错误');
    expect(firstErrorMessage({})).toBeNull();
  });
});

describe('attachments and video', () => {
  it('names longer than 8 characters are truncated with an ellipsis', () => {
    expect(truncateName('运输合同扫描件第一页.pdf')).toBe('运输合同扫描件第...');
    expect(truncateName('短名.pdf')).toBe('短名.pdf');
  });
  it('.mp4 files are videos', () => {
    expect(isVideo('现场.MP4')).toBe(true);
    expect(isVideo('现场.mov')).toBe(false);
    expect(isVideo(undefined)).toBe(false);
  });
  it('video options: 16:9, rates 0.5/1/1.5/2, Chinese, fallback text', () => {
    expect(VIDEO_OPTIONS).toEqual({ aspectRatio: '16:9', playbackRates: [0.5, 1, 1.5, 2], language: 'zh-CN', notSupportedMessage: '此视频暂无法播放，请稍后再试' });
  });
});

describe('date shortcuts', () => {
  it('today, yesterday, last 7, 30 and 90 days', () => {
    const p = dateRangePresets(now);
    expect(p.map((x) => x.label)).toEqual(['今天', '昨天', '最近一周', '最近一个月', '最近三个月']);
    expect(p[1]!.value[0].format('YYYY-MM-DD')).toBe('2026-11-21');
    expect(p[2]!.value[0].format('YYYY-MM-DD')).toBe('2026-11-15');
    expect(p[3]!.value[0].format('YYYY-MM-DD')).toBe('2026-10-23');
    expect(p[4]!.value[0].format('YYYY-MM-DD')).toBe('2026-08-24');
  });
  it('current month, last month, current year, last year', () => {
    const p = monthRangePresets(now);
    expect(p.map((x) => [x.label, x.value[0].format('YYYY-MM-DD'), x.value[1].format('YYYY-MM-DD')])).toEqual([
      ['本月', '2026-11-01', '2026-11-30'],
      ['上月', '2026-10-01', '2026-10-31'],
      ['今年', '2026-01-01', '2026-12-31'],
      ['去年', '2025-01-01', '2025-12-31'],
    ]);
  });
});
