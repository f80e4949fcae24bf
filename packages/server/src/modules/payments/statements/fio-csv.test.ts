import { describe, expect, it } from 'vitest';
import { readFioCsv } from './fio-csv.ts';
import { FIO_PREAMBLE, type FioRow, fioCsvText, windows1250 } from './test-files.ts';

const utf8 = (text: string) => Buffer.from(text, 'utf-8');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A member's fee paid from another bank, as Fio writes it. */
const FEE: FioRow = {
  'ID pohybu': '26100000001',
  Datum: '15.04.2025',
  Objem: '1500,00',
  Měna: 'CZK',
  Protiúčet: '19-2000145399',
  'Název protiúčtu': 'Král Jiří',
  'Kód banky': '0800',
  'Název banky': 'Česká spořitelna, a.s.',
  KS: '0308',
  VS: '202501',
  SS: '',
  'Zpráva pro příjemce': 'Členský příspěvek jaro 2025',
  Typ: 'Bezhotovostní příjem',
};

/** A payment out of the account, without a variable symbol. */
const RENT: FioRow = {
  'ID pohybu': '26100000002',
  Datum: '16.04.2025',
  Objem: '-349,50',
  Měna: 'CZK',
  Protiúčet: '2212-2000000699',
  'Název protiúčtu': 'Béda, "Trávníček"',
  'Kód banky': '2010',
  VS: '',
  'Uživatelská identifikace': 'Pronájem tělocvičny',
  Typ: 'Platba převodem uvnitř banky',
};

describe('readFioCsv', () => {
  it('reads Fio’s export: the account from the lines above the table, then every movement', () => {
    const statement = readFioCsv(utf8(fioCsvText([FEE, RENT])));
    expect(statement?.problems).toEqual([]);
    expect(statement?.format).toBe('fio-csv');
    expect(statement?.account).toBe('2001234567/2010');
    expect(statement?.lines).toEqual([
      {
        transactionId: '26100000001',
        date: '2025-04-15',
        amount: 150_000,
        currency: 'CZK',
        variableSymbol: '202501',
        specificSymbol: null,
        constantSymbol: '308',
        counterAccount: '19-2000145399/0800',
        counterName: 'Král Jiří',
        message: 'Členský příspěvek jaro 2025',
      },
      {
        transactionId: '26100000002',
        date: '2025-04-16',
        amount: -34_950,
        currency: 'CZK',
        variableSymbol: null,
        specificSymbol: null,
        constantSymbol: null,
        counterAccount: '2212-2000000699/2010',
        counterName: 'Béda, "Trávníček"',
        message: 'Pronájem tělocvičny',
      },
    ]);
  });

  it('reads UTF-8 with a byte order mark and Windows-1250 alike', () => {
    const text = fioCsvText([FEE, RENT], FIO_PREAMBLE, '\r\n');
    const plain = readFioCsv(utf8(text));
    expect(readFioCsv(Buffer.concat([BOM, utf8(text)]))).toEqual(plain);
    expect(readFioCsv(windows1250(text))).toEqual(plain);
    expect(plain?.lines[0]?.counterName).toBe('Král Jiří');
  });

  it('reads amounts with a decimal comma exactly, with or without haléře and spaces between thousands', () => {
    const amounts = [
      '0,01',
      '-0,01',
      '0,5',
      '1',
      '-1 290,00',
      '99 999 999,99',
      '-99999999,99',
      '+12,30',
      '0,00',
    ];
    const statement = readFioCsv(
      utf8(fioCsvText(amounts.map((Objem, index) => ({ ...FEE, 'ID pohybu': String(index + 1), Objem })))),
    );
    expect(statement?.problems).toEqual([]);
    expect(statement?.lines.map((line) => line.amount)).toEqual([
      1, -1, 50, 100, -129_000, 9_999_999_999, -9_999_999_999, 1_230, 0,
    ]);
  });

  it('reports a row it cannot read with the row’s line in the file, and reads the others', () => {
    const rows: FioRow[] = [
      FEE,
      { ...FEE, Objem: '12a' },
      { ...FEE, Datum: '31.04.2025' },
      { ...FEE, 'ID pohybu': '' },
      { ...FEE, Měna: 'Kč' },
      { ...FEE, SS: '12-3' },
      RENT,
    ];
    const statement = readFioCsv(utf8(fioCsvText(rows)));
    const firstRowLine = FIO_PREAMBLE.length + 2;
    expect(statement?.lines.map((line) => line.transactionId)).toEqual(['26100000001', '26100000002']);
    expect(statement?.problems).toEqual([
      { line: firstRowLine + 1, message: `Řádek ${firstRowLine + 1}: částka „12a“ není číslo.` },
      { line: firstRowLine + 2, message: `Řádek ${firstRowLine + 2}: datum „31.04.2025“ není platné.` },
      { line: firstRowLine + 3, message: `Řádek ${firstRowLine + 3}: chybí ID pohybu.` },
      { line: firstRowLine + 4, message: `Řádek ${firstRowLine + 4}: neznámá měna „Kč“.` },
      { line: firstRowLine + 5, message: `Řádek ${firstRowLine + 5}: specifický symbol „12-3“ není číslo.` },
    ]);
  });

  it('counts the lines of a value that spans several lines, and reports a quote left open', () => {
    const text = fioCsvText([
      { ...FEE, 'Zpráva pro příjemce': 'první řádek\ndruhý řádek' },
      { ...FEE, Objem: 'x' },
    ]);
    const statement = readFioCsv(utf8(`${text}"26100000009;15.04.2025;1,00\n`));
    const firstRowLine = FIO_PREAMBLE.length + 2;
    expect(statement?.lines[0]?.message).toBe('první řádek\ndruhý řádek');
    expect(statement?.problems.map((problem) => problem.message)).toEqual([
      `Řádek ${firstRowLine + 2}: částka „x“ není číslo.`,
      `Řádek ${firstRowLine + 3}: řádek se nedá přečíst jako CSV; zkontrolujte v něm uvozovky.`,
    ]);
  });

  it('reads internet banking’s statement: quoted values, ID operace, Poznámka and the account in a sentence', () => {
    const text = [
      '"Výpis č. 4/2025 z účtu ""2001234567/2010"""',
      '"Období: 01.04.2025 - 30.04.2025"',
      '"Počáteční stav účtu k 01.04.2025: 1 200,00 CZK"',
      '"Koncový stav účtu k 30.04.2025: 2 350,50 CZK"',
      '',
      '"ID operace";"Datum";"Objem";"Měna";"Protiúčet";"Název protiúčtu";"Kód banky";"Název banky";"KS";"VS";"SS";"Poznámka";"Zpráva pro příjemce";"Typ"',
      '"26100000003";"17.04.2025";"-1 290,00";"CZK";"";"";"";"";"";"";"";"Nákup: SPORT s.r.o., Praha";"";"Platba kartou"',
      '"26100000004";"18.04.2025";"2 000,00";"CZK";"123457";"Nováková Eva";"0100";"Komerční banka, a.s.";"";"0000202502";"";"";"Tábor";"Bezhotovostní příjem"',
    ].join('\r\n');
    const statement = readFioCsv(windows1250(text));
    expect(statement?.problems).toEqual([]);
    expect(statement?.account).toBe('2001234567/2010');
    expect(statement?.lines).toMatchObject([
      {
        transactionId: '26100000003',
        amount: -129_000,
        counterAccount: null,
        message: 'Nákup: SPORT s.r.o., Praha',
      },
      {
        transactionId: '26100000004',
        amount: 200_000,
        variableSymbol: '202502',
        counterAccount: '123457/0100',
        counterName: 'Nováková Eva',
        message: 'Tábor',
      },
    ]);
  });

  it('finds the columns by name in any order, takes the statement’s currency for an empty one, keeps an IBAN', () => {
    const text = [
      'accountId;2001234567',
      'currency;EUR',
      'Objem;Datum;ID pohybu;Protiúčet;Měna',
      '"10,00";01.04.2025;1;SK3112000000198742637541;',
    ].join('\n');
    const statement = readFioCsv(utf8(text));
    expect(statement?.problems).toEqual([]);
    expect(statement?.account).toBe('2001234567');
    expect(statement?.lines[0]).toMatchObject({
      amount: 1_000,
      currency: 'EUR',
      counterAccount: 'SK3112000000198742637541',
    });
  });

  it('finds no statement in a CSV without Fio’s columns, or in a file that is not CSV', () => {
    expect(readFioCsv(utf8('Datum;Částka;Popis\n01.04.2025;100;Nákup\n'))).toBeNull();
    expect(readFioCsv(utf8(''))).toBeNull();
    expect(
      readFioCsv(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xe2, 0xe3])),
    ).toBeNull();
  });

  it('reads 5,000 rows, every one of them right', () => {
    const count = 5_000;
    const rows = Array.from({ length: count }, (_, index) => ({
      ...FEE,
      'ID pohybu': String(index + 1),
      Objem: `${index % 2 === 0 ? '' : '-'}${index + 1},0${index % 10}`,
      VS: String(index + 1),
    }));
    const statement = readFioCsv(utf8(fioCsvText(rows)));
    expect(statement?.problems).toEqual([]);
    expect(statement?.lines).toHaveLength(count);
    statement?.lines.forEach((line, index) => {
      const haler = (index + 1) * 100 + (index % 10);
      expect(line.transactionId).toBe(String(index + 1));
      expect(line.amount).toBe(index % 2 === 0 ? haler : -haler);
      expect(line.variableSymbol).toBe(String(index + 1));
    });
  });
});
