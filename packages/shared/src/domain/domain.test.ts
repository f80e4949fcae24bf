import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, isCurrencyCode } from './currency.ts';
import { enumOptions } from './enum-options.ts';
import { MEMBER_TYPE_LABELS, MEMBER_TYPES } from './member-type.ts';
import { VISIBILITIES } from './visibility.ts';

describe('domain enums', () => {
  it('label member types in Czech', () => {
    expect(enumOptions(MEMBER_TYPES, MEMBER_TYPE_LABELS)).toEqual([
      { value: 'HEAD_TRAINER', label: 'Vedoucí trenér' },
      { value: 'TRAINER', label: 'Trenér' },
      { value: 'ATHLETE', label: 'Závodník' },
    ]);
    expect(VISIBILITIES).toEqual(['PUBLIC', 'PUBLIC_WITHOUT_SITEMAP', 'PRIVATE']);
  });

  it('list every ISO 4217 currency from AED to ZWL, sorted and unique', () => {
    expect(CURRENCY_CODES[0]).toBe('AED');
    expect(CURRENCY_CODES.at(-1)).toBe('ZWL');
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES.length).toBeGreaterThan(170);
    const czk = CURRENCIES.find((currency) => currency.code === 'CZK');
    expect(czk).toEqual({ code: 'CZK', name: 'česká koruna', minorUnits: 2 });
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});
