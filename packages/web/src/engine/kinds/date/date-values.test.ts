import { describe, expect, it } from 'vitest';
import { fromPickerDateTime, parseCzechDate, toPickerDateTime } from './date-values.ts';

describe('date values', () => {
  it('read dates typed the Czech way, or ISO', () => {
    expect(parseCzechDate('22. 11. 2026')).toBe('2026-11-22');
    expect(parseCzechDate('1.2.2020')).toBe('2020-02-01');
    expect(parseCzechDate('2026-11-22')).toBe('2026-11-22');
    expect(parseCzechDate('31. 2. 2026')).toBeNull();
    expect(parseCzechDate('zítra')).toBeNull();
  });

  it('show date-times in Prague time and store the instant, winter and summer', () => {
    expect(toPickerDateTime('2026-11-22T17:30:00Z')).toBe('2026-11-22 18:30:00');
    expect(fromPickerDateTime('2026-11-22 18:30:00')).toBe('2026-11-22T17:30:00.000Z');
    expect(fromPickerDateTime('2026-07-01 09:00:00')).toBe('2026-07-01T07:00:00.000Z');
    expect(toPickerDateTime('2026-07-01T07:00:00+00:00')).toBe('2026-07-01 09:00:00');
    expect(toPickerDateTime(null)).toBeNull();
  });
});
