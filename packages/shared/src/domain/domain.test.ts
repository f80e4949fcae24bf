import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  CURRENCY_NAMES,
  DEFAULT_CURRENCY,
  findCurrency,
  isCurrencyCode,
} from './currency.ts';
import { enumOptions } from './enum-options.ts';
import { MEMBER_TYPE_LABELS, MEMBER_TYPES } from './member-type.ts';
import { SORT_DIRECTION_LABELS, SORT_DIRECTIONS } from './sort-direction.ts';
import { VISIBILITIES, VISIBILITY_LABELS } from './visibility.ts';

describe('domain enums', () => {
  it('label member types in Czech', () => {
    expect(enumOptions(MEMBER_TYPES, MEMBER_TYPE_LABELS)).toEqual([
      { value: 'HEAD_TRAINER', label: 'Vedoucí trenér' },
      { value: 'TRAINER', label: 'Trenér' },
      { value: 'ATHLETE', label: 'Závodník' },
    ]);
  });

  it('label visibilities and sort directions in Czech', () => {
    expect(enumOptions(VISIBILITIES, VISIBILITY_LABELS)).toEqual([
      { value: 'PUBLIC', label: 'Veřejné' },
      { value: 'PUBLIC_WITHOUT_SITEMAP', label: 'Veřejné mimo sitemapu' },
      { value: 'PRIVATE', label: 'Soukromé' },
    ]);
    expect(enumOptions(SORT_DIRECTIONS, SORT_DIRECTION_LABELS)).toEqual([
      { value: 'asc', label: 'Vzestupně' },
      { value: 'desc', label: 'Sestupně' },
    ]);
  });
});

describe('currencies', () => {
  it('list every ISO 4217 currency from AED to ZWL, sorted and unique', () => {
    expect(CURRENCY_CODES[0]).toBe('AED');
    expect(CURRENCY_CODES.at(-1)).toBe('ZWL');
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES.length).toBeGreaterThan(170);
    for (const code of ['XCG', 'ZWG', 'VED', 'SLE']) expect(CURRENCY_CODES).toContain(code);
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.name.charAt(0), currency.code).toBe(currency.name.charAt(0).toLocaleUpperCase('cs'));
    }
  });

  it('name CZK, EUR and USD in Czech, each with two minor units', () => {
    expect(findCurrency('CZK')).toEqual({ code: 'CZK', name: 'Česká koruna', minorUnits: 2 });
    expect(findCurrency('EUR')).toEqual({ code: 'EUR', name: 'Euro', minorUnits: 2 });
    expect(findCurrency('USD')).toEqual({ code: 'USD', name: 'Americký dolar', minorUnits: 2 });
    expect(CURRENCY_NAMES.CZK).toBe('Česká koruna');
    expect(DEFAULT_CURRENCY).toBe('CZK');
  });

  it('keep the minor units of ISO 4217', () => {
    expect(findCurrency('JPY')?.minorUnits).toBe(0);
    expect(findCurrency('HUF')?.minorUnits).toBe(2);
    expect(findCurrency('KWD')?.minorUnits).toBe(3);
    expect(findCurrency('CLF')?.minorUnits).toBe(4);
    expect(findCurrency('XAU')?.minorUnits).toBeNull();
  });

  it('recognise currency codes', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode(978)).toBe(false);
    expect(findCurrency('XYZ')).toBeUndefined();
  });
});
