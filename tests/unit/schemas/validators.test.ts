import { describe, expect, it } from 'vitest';
import { isValidPlate, isValidUscc, makeUscc, usccCheckChar, PHONE_RE, MOBILE_RE, IDCARD_RE } from '../../../schemas/src/validators';

describe('unified social credit code', () => {
  it('accepts real codes with a correct check character', () => {
    // Published codes of listed companies.
    expect(isValidUscc('91110000100017643K')).toBe(true);
    expect(isValidUscc('914403001922038216')).toBe(true);
  });
  it('rejects a wrong check character, bad letters and wrong lengths', () => {
    expect(isValidUscc('91110000100017643J')).toBe(false);
    expect(isValidUscc('91110000100017643')).toBe(false);
    expect(isValidUscc('9111000010001764IK')).toBe(false);
    expect(isValidUscc('')).toBe(false);
  });
  it('demo codes are valid and distinct', () => {
    const codes = Array.from({ length: 50 }, (_, i) => makeUscc('310115', i));
    for (const c of codes) expect(isValidUscc(c)).toBe(true);
    expect(new Set(codes).size).toBe(50);
    expect(usccCheckChar('9111000010001764!')).toBeNull();
  });
});

describe('vehicle plate (seed 000 §5)', () => {
  it('seven characters: province, letter, four of letters/digits, last letter/digit or special', () => {
    expect(isValidPlate('沪A12345')).toBe(true);
    expect(isValidPlate('京BD1234')).toBe(true);
    expect(isValidPlate('粤B1234挂')).toBe(true);
    expect(isValidPlate('粤Z1234港')).toBe(true);
    expect(isValidPlate('WJ12345')).toBe(true);
  });
  it('letters I and O are not allowed in the serial', () => {
    expect(isValidPlate('沪AI2345')).toBe(false);
    expect(isValidPlate('沪A1234O')).toBe(false);
  });
  it('eight characters: five digits + D/A-K letter, or letter + letter/digit + four digits', () => {
    expect(isValidPlate('沪A12345D')).toBe(true);
    expect(isValidPlate('沪AD12345')).toBe(true);
    expect(isValidPlate('沪AF1234')).toBe(true); // 7 chars, still valid as ordinary
    expect(isValidPlate('沪AD1A345')).toBe(false);
    expect(isValidPlate('沪A12345I')).toBe(false);
    expect(isValidPlate('沪A1234DD')).toBe(false);
  });
  it('lengths other than 7 and 8 fail', () => {
    expect(isValidPlate('沪A1234')).toBe(false);
    expect(isValidPlate('沪A1234567')).toBe(false);
  });
});

describe('contact formats', () => {
  it('mobile and landline numbers', () => {
    expect(MOBILE_RE.test('13812345678')).toBe(true);
    expect(MOBILE_RE.test('12812345678')).toBe(false);
    expect(PHONE_RE.test('021-68881234')).toBe(true);
    expect(PHONE_RE.test('0512-6888123')).toBe(true);
    expect(PHONE_RE.test('12345')).toBe(false);
  });
  it('ID card numbers of 15 or 18 characters', () => {
    expect(IDCARD_RE.test('11010519491231002X')).toBe(true);
    expect(IDCARD_RE.test('110105491231002')).toBe(true);
    expect(IDCARD_RE.test('1101051949123100')).toBe(false);
  });
});

describe('datetime as people write it', () => {
  it('accepts YYYY-MM-DD HH:mm[:ss] (China time) and RFC 3339, refuses impossible moments', async () => {
    const { isDateTimeText, dateTimeWithZone } = await import('../../../schemas/src/validators');
    expect(isDateTimeText('2026-11-20 10:00:00')).toBe(true);
    expect(isDateTimeText('2026-11-20 10:00')).toBe(true);
    expect(isDateTimeText('2026-11-20T02:00:00.000Z')).toBe(true);
    expect(isDateTimeText('2026-02-30 10:00:00')).toBe(false);
    expect(isDateTimeText('2026-11-20 24:00:00')).toBe(false);
    expect(isDateTimeText('20/11/2026')).toBe(false);
    expect(new Date(dateTimeWithZone('2026-11-20 10:00:00')).toISOString()).toBe('2026-11-20T02:00:00.000Z');
    expect(dateTimeWithZone('2026-11-20T02:00:00Z')).toBe('2026-11-20T02:00:00Z');
  });
});
