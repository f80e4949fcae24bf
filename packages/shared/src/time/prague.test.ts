import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  czechDate,
  czechDateTime,
  czechLongDate,
  czechTime,
  pragueHour,
  pragueParts,
  pragueToday,
  pragueToUtc,
  pragueWallClock,
} from './prague.ts';

describe('Prague time', () => {
  it('reads an instant as Prague wall-clock time, winter and summer', () => {
    expect(pragueWallClock('2026-11-24T16:30:05Z')).toBe('2026-11-24T17:30:05');
    expect(pragueWallClock(Date.UTC(2026, 6, 1, 5, 30))).toBe('2026-07-01T07:30:00');
    expect(pragueParts(new Date('2026-11-22T23:30:00Z'))).toEqual({ date: '2026-11-23', time: '00:30' });
    expect(pragueToday(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(pragueHour(new Date('2026-12-31T23:59:00Z'))).toBe(0);
    expect(() => pragueWallClock('nikdy')).toThrow(RangeError);
  });

  it('turns Prague wall-clock time into the instant, winter and summer, with seconds', () => {
    expect(pragueToUtc('2026-11-24', '17:30')).toBe('2026-11-24T16:30:00.000Z');
    expect(pragueToUtc('2026-07-01', '18:30:15')).toBe('2026-07-01T16:30:15.000Z');
  });

  it('keeps the day the clocks go forward, 29. 3. 2026: 2:00 becomes 3:00', () => {
    expect(pragueToUtc('2026-03-29', '00:00')).toBe('2026-03-28T23:00:00.000Z');
    expect(pragueToUtc('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(pragueToUtc('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(pragueToUtc('2026-03-29', '17:30')).toBe('2026-03-29T15:30:00.000Z');
    // 2:30 is never shown that night: it is read in winter time, an hour later in summer time.
    expect(pragueToUtc('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(pragueWallClock(pragueToUtc('2026-03-29', '02:30'))).toBe('2026-03-29T03:30:00');
    expect(pragueWallClock('2026-03-29T00:59:59Z')).toBe('2026-03-29T01:59:59');
    expect(pragueWallClock('2026-03-29T01:00:00Z')).toBe('2026-03-29T03:00:00');
    // The day is 23 hours long; its midnights still open and close it.
    expect(
      Date.parse(pragueToUtc('2026-03-30', '00:00')) - Date.parse(pragueToUtc('2026-03-29', '00:00')),
    ).toBe(23 * 3_600_000);
  });

  it('keeps the day the clocks go back, 25. 10. 2026: 3:00 becomes 2:00', () => {
    expect(pragueToUtc('2026-10-25', '00:00')).toBe('2026-10-24T22:00:00.000Z');
    expect(pragueToUtc('2026-10-25', '01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(pragueToUtc('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(pragueToUtc('2026-10-25', '17:30')).toBe('2026-10-25T16:30:00.000Z');
    // 2:30 is shown twice that night: the first, still in summer time.
    expect(pragueToUtc('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(pragueToUtc('2026-10-25', '02:30:59')).toBe('2026-10-25T00:30:59.000Z');
    expect(pragueWallClock('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30:00');
    expect(pragueWallClock('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30:00');
    // The day is 25 hours long.
    expect(
      Date.parse(pragueToUtc('2026-10-26', '00:00')) - Date.parse(pragueToUtc('2026-10-25', '00:00')),
    ).toBe(25 * 3_600_000);
    expect(pragueToday(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(pragueToday(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('reads the years from 1 to 9999, with the local mean time Prague kept before 1891', () => {
    expect(pragueWallClock('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:57:44');
    expect(pragueToUtc('1890-06-01', '00:00')).toBe('1890-05-31T23:02:16.000Z');
    expect(pragueToUtc('0001-01-02', '00:00')).toBe('0001-01-01T23:02:16.000Z');
    expect(pragueToUtc('9999-12-31', '23:59:59')).toBe('9999-12-31T22:59:59.000Z');
  });

  it('moves calendar days by whole days, across the switches and the years', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('writes dates and times the Czech way', () => {
    expect(czechDate('2026-09-01')).toBe('1. 9. 2026');
    expect(czechDate('2026-11-22T23:30:00Z')).toBe('23. 11. 2026');
    expect(czechDate(new Date('2026-07-01T22:30:00Z'))).toBe('2. 7. 2026');
    expect(czechLongDate('2026-11-22')).toBe('neděle 22. 11. 2026');
    expect(czechLongDate('2026-03-29T22:30:00Z')).toBe('pondělí 30. 3. 2026');
    expect(czechTime('2026-11-26T15:00:00Z')).toBe('16:00');
    expect(czechTime('2026-07-01T05:30:00Z')).toBe('7:30');
    expect(czechTime('2026-07-01T22:05:00Z')).toBe('0:05');
    expect(czechDateTime('2026-07-01T07:00:00Z')).toBe('1. 7. 2026 09:00');
    expect(czechDateTime('2026-11-26T16:30:00Z')).toBe('26. 11. 2026 17:30');
  });

  describe('addMonths', () => {
    it('adds months clamped to the month’s end, across years and leap years', () => {
      expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
      expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
      expect(addMonths('2026-10-31', 2)).toBe('2026-12-31');
      expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
      expect(addMonths('2026-09-15', 12)).toBe('2027-09-15');
      expect(addMonths('2026-09-15', 0)).toBe('2026-09-15');
      expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
      expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    });
  });
});
