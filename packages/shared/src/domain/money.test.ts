import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  MONEY_DECIMALS_MESSAGE,
  moneyAmountInput,
  moneyAmountOfNumber,
  moneyAmountText,
  moneyToNumber,
  parseMoneyAmount,
  sumMoneyAmounts,
} from './money.ts';

const amountOf = (text: string) => {
  const parsed = parseMoneyAmount(text);
  return 'amount' in parsed ? parsed.amount : parsed.error;
};

describe('parseMoneyAmount', () => {
  it('reads Czech and plain amounts into hundredths, digit by digit', () => {
    expect(amountOf('1 200,50')).toBe(120050);
    expect(amountOf('1\u00a0200,50')).toBe(120050);
    expect(amountOf('1\u202f200,5')).toBe(120050);
    expect(amountOf('1200.5')).toBe(120050);
    expect(amountOf('1200')).toBe(120000);
    expect(amountOf('1.200,50')).toBe(120050);
    expect(amountOf('1,200.50')).toBe(120050);
    expect(amountOf('1.200.000')).toBe(120000000);
    expect(amountOf('0,29')).toBe(29);
    expect(amountOf('0.1')).toBe(10);
    expect(amountOf(',5')).toBe(50);
    expect(amountOf('350,-')).toBe(35000);
    expect(amountOf('1 200 Kč')).toBe(120000);
    expect(amountOf('-15,05')).toBe(-1505);
    expect(amountOf('+7')).toBe(700);
    expect(amountOf('-0')).toBe(0);
    expect(amountOf('00012,00')).toBe(1200);
    expect(amountOf('12,500')).toBe(1250);
  });

  it('refuses more than two decimals and what is no amount, in Czech', () => {
    expect(amountOf('1,234')).toBe(MONEY_DECIMALS_MESSAGE);
    expect(amountOf('0.001')).toBe(MONEY_DECIMALS_MESSAGE);
    expect(amountOf('dvě stě')).toBe('„dvě stě“ není částka (např. 1 200,50).');
    expect(amountOf('')).toContain('není částka');
    expect(amountOf('1,2,3')).toContain('není částka');
    expect(amountOf('12.34.5')).toContain('není částka');
    expect(amountOf('1e5')).toContain('není částka');
    expect(amountOf('99999999999999999')).toBe('Částka je příliš velká.');
  });

  it('reads back every amount it writes, to the haléř', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (amount) => {
        expect(amountOf(moneyAmountText(amount))).toBe(amount);
        expect(amountOf(moneyAmountInput(amount))).toBe(amount);
        expect(amountOf(formatMoney(amount, 'CZK'))).toBe(amount);
      }),
    );
  });
});

describe('moneyAmountOfNumber', () => {
  it('reads crowns a spreadsheet holds into exact hundredths', () => {
    expect(moneyAmountOfNumber(1200.5)).toBe(120050);
    expect(moneyAmountOfNumber(0.29)).toBe(29);
    expect(moneyAmountOfNumber(0.1 + 0.2)).toBe(30);
    expect(moneyAmountOfNumber(-3)).toBe(-300);
    expect(moneyAmountOfNumber(1.005)).toBeNull();
    expect(moneyAmountOfNumber(Number.NaN)).toBeNull();
    expect(moneyAmountOfNumber(1e25)).toBeNull();
  });

  it('gives back the hundredths written as crowns', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (amount) => {
        expect(moneyAmountOfNumber(moneyToNumber(amount))).toBe(amount);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('writes Czech amounts with no-break spaces and the currency’s sign', () => {
    expect(formatMoney(120050, 'CZK')).toBe('1\u00a0200,50\u00a0Kč');
    expect(formatMoney(5, 'CZK')).toBe('0,05\u00a0Kč');
    expect(formatMoney(-123456789, 'EUR')).toBe('-1\u00a0234\u00a0567,89\u00a0€');
    expect(formatMoney(2000, 'USD')).toBe('20,00\u00a0USD');
    expect(moneyAmountText(120050)).toBe('1200,50');
  });

  it('sums hundredths exactly: 0,10 + 0,20 is 0,30', () => {
    expect(sumMoneyAmounts([10, 20])).toBe(30);
    expect(() => sumMoneyAmounts([Number.MAX_SAFE_INTEGER, 1])).toThrow('příliš velká');
  });
});
