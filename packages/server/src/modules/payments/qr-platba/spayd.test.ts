import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QrPlatbaError } from './qr-platba-error.ts';
import { amountFromText, amountText, type PaymentDetails, parseSpayd, spaydText } from './spayd.ts';

const IBAN = 'CZ6508000000192000145399';
const base: PaymentDetails = { iban: IBAN, amount: 150_000 };

const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QrPlatbaError);
    return (error as Error).message;
  }
  throw new Error('expected a QrPlatbaError');
};

/** The attributes of a SPAYD text split at its separators, undecoded. */
const rawAttributes = (text: string) => text.split('*').slice(2);
const rawValue = (text: string, key: string) =>
  rawAttributes(text)
    .find((attribute) => attribute.startsWith(`${key}:`))
    ?.slice(key.length + 1);

describe('the QR Platba text', () => {
  it('carries every field given, in SPAYD 1.0', () => {
    const text = spaydText({
      iban: 'CZ65 0800 0000 1920 0014 5399',
      amount: 123_456,
      variableSymbol: '2026001',
      specificSymbol: '42',
      constantSymbol: '0308',
      dueDate: '2026-03-31',
      recipientName: 'TJ Sokol Horní Počernice',
      message: 'Členský příspěvek 2026',
    });
    expect(text).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:1234.56*CC:CZK*DT:20260331*X-VS:2026001*X-SS:42*X-KS:0308' +
        '*RN:TJ Sokol Horni Pocernice*MSG:Clensky prispevek 2026',
    );
  });

  it('leaves out the optional fields that are missing or blank', () => {
    expect(spaydText(base)).toBe(`SPD*1.0*ACC:${IBAN}*AM:1500.00*CC:CZK`);
    expect(
      spaydText({
        ...base,
        variableSymbol: ' ',
        message: '  ',
        recipientName: '',
        dueDate: '',
        specificSymbol: '',
      }),
    ).toBe(`SPD*1.0*ACC:${IBAN}*AM:1500.00*CC:CZK`);
  });

  it('takes another currency', () => {
    expect(spaydText({ ...base, currency: 'EUR' })).toBe(`SPD*1.0*ACC:${IBAN}*AM:1500.00*CC:EUR`);
    expect(messageOf(() => spaydText({ ...base, currency: 'czk' }))).toBe(
      'Kód měny „czk“ nemá platný tvar: tři velká písmena, např. CZK.',
    );
  });

  it('is printable ASCII whatever the message', () => {
    const text = spaydText({ ...base, message: 'Řádek\nse zalomením\t a “uvozovkami” – 🏑 €' });
    expect(text).toMatch(/^[\x20-\x7E]+$/);
    expect(rawValue(text, 'MSG')).toBe('Radek se zalomenim a "uvozovkami" - %F0%9F%8F%91 %E2%82%AC');
  });
});

describe('the amount', () => {
  it.each([
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [123_456, '1234.56'],
    [999_999_999, '9999999.99'],
  ])('%i haléřů is AM:%s', (amount, text) => {
    expect(amountText(amount)).toBe(text);
    expect(rawValue(spaydText({ ...base, amount }), 'AM')).toBe(text);
    expect(amountFromText(text)).toBe(amount);
  });

  it('of 99 999 999,99 Kč does not fit AM, which holds at most 10 characters', () => {
    expect(messageOf(() => spaydText({ ...base, amount: 9_999_999_999 }))).toBe(
      'QR Platba unese částku nejvýše 9 999 999,99 Kč.',
    );
    expect(messageOf(() => spaydText({ ...base, amount: 1_000_000_000, currency: 'EUR' }))).toBe(
      'QR Platba unese částku nejvýše 9 999 999,99 EUR.',
    );
  });

  it('is a positive whole number of haléře', () => {
    for (const amount of [0, -100]) {
      expect(messageOf(() => spaydText({ ...base, amount }))).toBe('Částka k zaplacení musí být kladná.');
    }
    for (const amount of [12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(messageOf(() => spaydText({ ...base, amount }))).toBe('Částka musí být celý počet haléřů.');
    }
  });

  it('is read back from AM with one, two or no decimals', () => {
    expect(amountFromText('5000')).toBe(500_000);
    expect(amountFromText('480.5')).toBe(48_050);
    expect(amountFromText('0.07')).toBe(7);
    for (const text of ['', '1,50', '1.505', '-1.00', '1e3', '.50'])
      expect(amountFromText(text)).toBeUndefined();
  });

  it('goes to AM and back unchanged for every amount that fits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (amount) => {
        const text = amountText(amount);
        expect(text).toMatch(/^\d{1,7}\.\d{2}$/);
        expect(text.length).toBeLessThanOrEqual(10);
        expect(parseSpayd(spaydText({ ...base, amount })).amount).toBe(amount);
      }),
    );
  });
});

describe('the message', () => {
  it('loses its diacritics, keeping the letters', () => {
    const text = spaydText({ ...base, message: 'Příliš žluťoučký kůň úpěl ďábelské ódy ĚŠČŘŽÝÁÍÉÚŮ' });
    expect(rawValue(text, 'MSG')).toBe('Prilis zlutoucky kun upel dabelske ody ESCRZYAIEUU');
  });

  it('escapes a * (the separator) and a % (the escape mark) so the attributes stay as they were', () => {
    const text = spaydText({ ...base, variableSymbol: '7', message: 'Soustředění *léto* 100%' });
    expect(rawValue(text, 'MSG')).toBe('Soustredeni %2Aleto%2A 100%25');
    expect(text.split('*')).toHaveLength(7);
    expect(parseSpayd(text).message).toBe('Soustredeni *leto* 100%');
    expect(parseSpayd(text).variableSymbol).toBe('7');
  });

  it('is cut to 60 characters before escaping, so no escape is cut in half', () => {
    const long = `${'a'.repeat(59)}*${'b'.repeat(20)}`;
    const text = spaydText({ ...base, message: long });
    expect(rawValue(text, 'MSG')).toBe(`${'a'.repeat(59)}%2A`);
    expect(parseSpayd(text).message).toHaveLength(60);
    const czech = 'Č'.repeat(70);
    expect(parseSpayd(spaydText({ ...base, message: czech })).message).toBe('C'.repeat(60));
  });

  it('of any characters keeps the text’s structure and reads back as the plain text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (message) => {
        const text = spaydText({ ...base, variableSymbol: '1', message });
        expect(text).toMatch(/^[\x20-\x7E]+$/);
        const parsed = parseSpayd(text);
        expect(parsed.variableSymbol).toBe('1');
        expect(parsed.amount).toBe(base.amount);
        expect(Array.from(parsed.message ?? '').length).toBeLessThanOrEqual(60);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[!-~]( ?[!-~]){0,29}$/), (message) => {
        expect(parseSpayd(spaydText({ ...base, message })).message).toBe(message);
      }),
    );
  });
});

describe('the other fields', () => {
  it('recipient name is cut to 35 characters', () => {
    const text = spaydText({ ...base, recipientName: 'Tělovýchovná jednota Sokol Horní Počernice, z. s.' });
    expect(rawValue(text, 'RN')).toBe('Telovychovna jednota Sokol Horni Po');
  });

  it('symbols have one to ten digits, leading zeros kept', () => {
    expect(rawValue(spaydText({ ...base, variableSymbol: '0000012345' }), 'X-VS')).toBe('0000012345');
    expect(rawValue(spaydText({ ...base, variableSymbol: ' 42 ' }), 'X-VS')).toBe('42');
    expect(messageOf(() => spaydText({ ...base, variableSymbol: '12345678901' }))).toBe(
      'Variabilní symbol „12345678901“ musí mít jednu až deset číslic.',
    );
    expect(messageOf(() => spaydText({ ...base, specificSymbol: '12*3' }))).toBe(
      'Specifický symbol „12*3“ musí mít jednu až deset číslic.',
    );
    expect(messageOf(() => spaydText({ ...base, constantSymbol: '-308' }))).toBe(
      'Konstantní symbol „-308“ musí mít jednu až deset číslic.',
    );
  });

  it('due date is a real calendar day', () => {
    expect(rawValue(spaydText({ ...base, dueDate: '2028-02-29' }), 'DT')).toBe('20280229');
    for (const dueDate of ['2026-02-29', '2026-13-01', '31. 3. 2026', '2026-3-31']) {
      expect(messageOf(() => spaydText({ ...base, dueDate }))).toBe(
        `Datum splatnosti „${dueDate}“ není platné datum ve tvaru RRRR-MM-DD.`,
      );
    }
  });

  it('IBAN must be valid, and is written in electronic form', () => {
    expect(rawValue(spaydText({ ...base, iban: 'cz65 0800 0000 1920 0014 5399' }), 'ACC')).toBe(IBAN);
    expect(messageOf(() => spaydText({ ...base, iban: 'CZ6608000000192000145399' }))).toBe(
      'IBAN „CZ6608000000192000145399“ není platný.',
    );
    expect(messageOf(() => spaydText({ ...base, iban: '19-2000145399/0800' }))).toBe(
      'IBAN „19-2000145399/0800“ není platný.',
    );
  });
});

describe('reading a QR Platba back', () => {
  it('gives every field as it was given', () => {
    const details = {
      iban: IBAN,
      amount: 99_999_999,
      currency: 'CZK',
      variableSymbol: '2026001',
      specificSymbol: '7',
      constantSymbol: '308',
      dueDate: '2026-12-31',
      recipientName: 'TJ Sokol Praha',
      message: 'Clensky prispevek: podzim *2026*',
    };
    const parsed = parseSpayd(spaydText(details));
    expect(parsed).toEqual({
      version: '1.0',
      ...details,
      attributes: {
        ACC: IBAN,
        AM: '999999.99',
        CC: 'CZK',
        DT: '20261231',
        'X-VS': '2026001',
        'X-SS': '7',
        'X-KS': '308',
        RN: 'TJ Sokol Praha',
        MSG: 'Clensky prispevek: podzim *2026*',
      },
    });
  });

  it('leaves the missing fields undefined', () => {
    const parsed = parseSpayd(spaydText({ ...base, amount: 1 }));
    expect(parsed).toEqual({
      version: '1.0',
      iban: IBAN,
      amount: 1,
      currency: 'CZK',
      attributes: parsed.attributes,
    });
    expect(parsed.variableSymbol).toBeUndefined();
    expect(parsed.message).toBeUndefined();
  });

  it('reads texts made elsewhere: a BIC after the IBAN, keys in any order, a final *, other keys', () => {
    const parsed = parseSpayd(
      'SPD*1.0*CC:CZK*ACC:CZ9701000000007098760287+KOMBCZPP*AM:5000*X-VS:0987654321*MSG:MIMO%C5%98%C3%81DN%C3%9D VKLAD*X-ID:abc*',
    );
    expect(parsed).toMatchObject({
      iban: 'CZ9701000000007098760287',
      amount: 500_000,
      variableSymbol: '0987654321',
      message: 'MIMOŘÁDNÝ VKLAD',
    });
    expect(parsed.attributes['X-ID']).toBe('abc');
    expect(parseSpayd('SPD*1.0*ACC:CZ7801000000000000000123*MSG:100% a %ZZ').message).toBe('100% a %ZZ');
  });

  it('refuses text that is not a QR Platba', () => {
    expect(messageOf(() => parseSpayd('SCD*1.0*ACC:CZ7801000000000000000123'))).toBe(
      'Text není QR Platba: nezačíná „SPD*“.',
    );
    expect(messageOf(() => parseSpayd('SPD*x*ACC:CZ7801000000000000000123'))).toBe(
      'QR Platba má neplatnou verzi „x“.',
    );
    expect(messageOf(() => parseSpayd('SPD*1.0*AM:100.00'))).toBe('QR Platba neobsahuje číslo účtu (ACC).');
    expect(messageOf(() => parseSpayd('SPD*1.0*ACC:CZ7801000000000000000123**AM:1.00'))).toBe(
      'Část QR Platby „“ nemá tvar klíč:hodnota.',
    );
    expect(messageOf(() => parseSpayd('SPD*1.0*ACC:CZ7801000000000000000123*AM:1,50'))).toBe(
      'Částka „1,50“ v QR Platbě nemá platný tvar.',
    );
    expect(messageOf(() => parseSpayd('SPD*1.0*ACC:CZ7801000000000000000123*DT:20260230'))).toBe(
      'Datum splatnosti „20260230“ v QR Platbě není platné.',
    );
  });
});
