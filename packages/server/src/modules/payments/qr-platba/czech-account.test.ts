import fc from 'fast-check';
import { isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import {
  type CzechAccount,
  czechIban,
  formatCzechAccount,
  ibanOfCzechAccount,
  parseCzechAccount,
} from './czech-account.ts';
import { QrPlatbaError } from './qr-platba-error.ts';

/** ISO 13616 check digits computed here, independently of ibantools: the rearranged IBAN mod 97 is 1. */
function ibanCheckDigitsHold(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

/** The Czech mod-11 rule spelled out for the test: weights from the right are 1, 2, 4, 8, 5, 10, 9, 7, 3, 6. */
function mod11Holds(digits: string): boolean {
  const weightsFromRight = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * weightsFromRight[index]!, 0);
  return sum % 11 === 0;
}

const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QrPlatbaError);
    return (error as Error).message;
  }
  throw new Error('expected a QrPlatbaError');
};

describe('a Czech account number', () => {
  it.each([
    ['19-2000145399/0800', 'CZ6508000000192000145399'],
    ['1265098001/5500', 'CZ5855000000001265098001'],
    ['810883001/5500', 'CZ9555000000000810883001'],
    ['123/0100', 'CZ7801000000000000000123'],
    ['7098760287/0100', 'CZ9701000000007098760287'],
    ['27-16060243/0300', 'CZ3103000000270016060243'],
  ])('%s has the published IBAN %s', (account, iban) => {
    expect(ibanOfCzechAccount(account)).toBe(iban);
    expect(ibanCheckDigitsHold(iban)).toBe(true);
  });

  it('is read with and without a prefix, with spaces anywhere and leading zeros dropped', () => {
    expect(parseCzechAccount('19-2000145399/0800')).toEqual({
      prefix: '19',
      number: '2000145399',
      bankCode: '0800',
    });
    expect(parseCzechAccount('2000145399/0800')).toEqual({
      prefix: '',
      number: '2000145399',
      bankCode: '0800',
    });
    expect(parseCzechAccount(' 19 - 2000 145 399 / 0800 ')).toEqual(parseCzechAccount('19-2000145399/0800'));
    expect(parseCzechAccount('19-2000145399\u00a0/\u00a00800')).toEqual(
      parseCzechAccount('19-2000145399/0800'),
    );
    expect(parseCzechAccount('000019-0000000123/0100')).toEqual({
      prefix: '19',
      number: '123',
      bankCode: '0100',
    });
  });

  it('without a prefix gets zeros in the IBAN’s prefix place (CZkk bbbb 000000 nnnnnnnnnn)', () => {
    const iban = ibanOfCzechAccount('2000145399/0800');
    expect(iban).toMatch(/^CZ\d{2}08000000002000145399$/);
    expect(ibanCheckDigitsHold(iban)).toBe(true);
    expect(isValidIBAN(iban)).toBe(true);
  });

  it('is also read from its IBAN, electronic or printed', () => {
    expect(parseCzechAccount('CZ65 0800 0000 1920 0014 5399')).toEqual({
      prefix: '19',
      number: '2000145399',
      bankCode: '0800',
    });
    expect(parseCzechAccount('cz7801000000000000000123')).toEqual({
      prefix: '',
      number: '123',
      bankCode: '0100',
    });
  });

  it('is written back as people write it', () => {
    expect(formatCzechAccount(parseCzechAccount('000019 - 2000145399/0800'))).toBe('19-2000145399/0800');
    expect(formatCzechAccount(parseCzechAccount('CZ7801000000000000000123'))).toBe('123/0100');
  });

  it('with a typo fails the mod-11 check of the number or of the prefix', () => {
    expect(messageOf(() => parseCzechAccount('19-2000145398/0800'))).toBe(
      'Kontrolní součet čísla účtu nesouhlasí.',
    );
    expect(messageOf(() => parseCzechAccount('2000154399/0800'))).toBe(
      'Kontrolní součet čísla účtu nesouhlasí.',
    );
    expect(messageOf(() => parseCzechAccount('18-2000145399/0800'))).toBe(
      'Kontrolní součet předčíslí účtu nesouhlasí.',
    );
  });

  it('whose weighted sum leaves 2 is refused, though ibantools’ own BBAN check lets it through', () => {
    const lax = 'CZ6308000000000000000061';
    expect(isValidIBAN(lax)).toBe(true);
    expect(messageOf(() => parseCzechAccount('61/0800'))).toBe('Kontrolní součet čísla účtu nesouhlasí.');
    expect(messageOf(() => parseCzechAccount(lax))).toBe('Kontrolní součet čísla účtu nesouhlasí.');
  });

  it.each([
    '2000145399',
    '2000145399-0800',
    'abc/0800',
    '19-20001453a9/0800',
    '7/0800',
    '0/0800',
    '12345678901/0800',
    '-2000145399/0800',
  ])('%s has no valid shape', (text) => {
    expect(messageOf(() => parseCzechAccount(text))).toBe(
      `Číslo účtu „${text}“ nemá platný tvar. Zadejte ho jako [předčíslí-]číslo/kód banky, např. 19-2000145399/0800.`,
    );
  });

  it('needs a four-digit bank code and a prefix of at most six digits', () => {
    expect(messageOf(() => parseCzechAccount('2000145399/800'))).toBe(
      'Kód banky „800“ nemá platný tvar: má čtyři číslice, např. 0800.',
    );
    expect(messageOf(() => parseCzechAccount('2000145399/08000'))).toContain('Kód banky „08000“');
    expect(messageOf(() => parseCzechAccount('2000145399/'))).toContain('Kód banky „“');
    expect(messageOf(() => parseCzechAccount('2000145399/KOMB'))).toContain('Kód banky „KOMB“');
    expect(messageOf(() => parseCzechAccount('1234567-2000145399/0800'))).toBe(
      'Předčíslí účtu „1234567“ může mít nejvýše šest číslic.',
    );
  });

  it('is asked for when the text is blank', () => {
    expect(messageOf(() => parseCzechAccount('  '))).toBe('Zadejte číslo účtu.');
  });

  it('given as an IBAN must be a valid Czech one', () => {
    expect(messageOf(() => parseCzechAccount('CZ66 0800 0000 1920 0014 5399'))).toBe(
      'IBAN „CZ6608000000192000145399“ není platný.',
    );
    expect(messageOf(() => parseCzechAccount('DE89370400440532013000'))).toBe(
      'Účet „DE89370400440532013000“ není veden u české banky: IBAN musí začínat CZ.',
    );
  });

  it('of any valid digits goes to an IBAN with valid check digits and back to the same account', () => {
    const digits = (length: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    /** The body with the one last digit that makes the mod-11 rule hold, if there is one. */
    const checked = (body: string) => [...'0123456789'].map((last) => `${body}${last}`).find(mod11Holds);
    const validAccount = fc
      .record({ prefix: digits(5), number: digits(9), bankCode: digits(4) })
      .map(({ prefix, number, bankCode }) => ({
        prefix: (checked(prefix) ?? 'x').replace(/^0+/, ''),
        number: (checked(number) ?? 'x').replace(/^0+/, ''),
        bankCode,
      }))
      .filter((account: CzechAccount) => /^\d*$/.test(account.prefix) && /^\d{2,}$/.test(account.number));
    fc.assert(
      fc.property(validAccount, (account) => {
        const iban = czechIban(account);
        expect(iban).toBe(
          `CZ${iban.slice(2, 4)}${account.bankCode}${account.prefix.padStart(6, '0')}${account.number.padStart(10, '0')}`,
        );
        expect(ibanCheckDigitsHold(iban)).toBe(true);
        expect(parseCzechAccount(iban)).toEqual(account);
        expect(parseCzechAccount(formatCzechAccount(account))).toEqual(account);
      }),
    );
  });
});
