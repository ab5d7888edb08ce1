import { describe, expect, it } from 'vitest';
import { chinaTime, chinaWallValue } from '../../../runtime/renderers/form/china-time';

describe('China time on every screen', () => {
  it('shows an instant at +08:00 and a wall time without zone as written', () => {
    expect(chinaTime('2026-11-27T02:00:00.000Z')).toBe('2026-11-27 10:00:00');
    expect(chinaTime('2026-11-26T16:30:00Z', 'YYYY-MM-DD')).toBe('2026-11-27');
    expect(chinaTime('2026-11-27T10:00:00+08:00')).toBe('2026-11-27 10:00:00');
    expect(chinaTime('2026-11-27 10:00:00')).toBe('2026-11-27 10:00:00');
    expect(chinaTime('2026-11-27', 'YYYY-MM-DD')).toBe('2026-11-27');
    expect(chinaWallValue('2026-11-27T02:00:00.000Z')).toBe('2026-11-27 10:00:00');
    expect(chinaWallValue('2026-11-27 10:00:00')).toBe('2026-11-27 10:00:00');
  });
});
