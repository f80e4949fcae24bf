import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs-setup.ts';

describe('dayjs for the date inputs', () => {
  it('speaks Czech', () => {
    expect(dayjs.locale()).toBe('cs');
    expect(dayjs('2026-11-22').format('dddd')).toBe('neděle');
    expect(dayjs('2026-11-22').format('MMMM YYYY')).toBe('listopad 2026');
    expect(dayjs('22. 11. 2026', 'D. M. YYYY').format('YYYY-MM-DD')).toBe('2026-11-22');
  });
});
