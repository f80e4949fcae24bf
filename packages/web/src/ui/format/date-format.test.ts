import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatTime } from './date-format.ts';
import { dayjs, formatDayjsDate } from './dayjs-setup.ts';

describe('Czech dates in Prague time', () => {
  it('formats as 22. 11. 2026', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22. 11. 2026');
    expect(formatDayjsDate('2026-11-22T10:00:00Z')).toBe('22. 11. 2026');
  });

  it('tells the time in Prague, summer and winter', () => {
    expect(formatTime('2026-11-26T15:00:00Z')).toBe('16:00');
    expect(formatTime('2026-07-01T05:30:00Z')).toBe('7:30');
  });

  it('uses the Prague day, not UTC', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23. 11. 2026');
    expect(formatDayjsDate('2026-11-22T23:30:00Z')).toBe('23. 11. 2026');
    expect(formatDayjsDate('2026-07-01T22:30:00Z')).toBe('2. 7. 2026');
  });

  it('speaks Czech', () => {
    expect(formatLongDate('2026-11-22T10:00:00Z')).toBe('neděle 22. 11. 2026');
    expect(dayjs.locale()).toBe('cs');
    expect(dayjs('2026-11-22').format('dddd')).toBe('neděle');
    expect(dayjs('2026-11-22').format('MMMM YYYY')).toBe('listopad 2026');
  });
});
