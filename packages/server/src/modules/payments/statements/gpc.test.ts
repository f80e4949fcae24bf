import { describe, expect, it } from 'vitest';
import { readGpc } from './gpc.ts';
import { gpcDetail, gpcFile, gpcHeader, gpcItem, gpcMessage, windows1250, zeros } from './test-files.ts';

describe('readGpc', () => {
  it('reads the header: account, name, balances with their signs, turnovers, sequence number and dates', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader({
          account: '0000192000145399',
          name: 'TJ Sokol Řevnice',
          oldBalanceDate: '310325',
          oldBalance: -1_050,
          newBalance: 248_950,
          debitTotal: 1_000,
          creditTotal: 251_000,
          sequenceNumber: 4,
          date: '300425',
        }),
      ]),
    );
    expect(statement.problems).toEqual([]);
    expect(statement.format).toBe('gpc');
    expect(statement.account).toBe('19-2000145399');
    expect(statement.headers).toEqual([
      {
        account: '19-2000145399',
        accountName: 'TJ Sokol Řevnice',
        oldBalanceDate: '2025-03-31',
        oldBalance: -1_050,
        newBalance: 248_950,
        debitTotal: 1_000,
        creditTotal: 251_000,
        sequenceNumber: 4,
        date: '2025-04-30',
      },
    ]);
  });

  it('reads a credit with its variable symbol, the counter-account in Czech form and a name with diacritics', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({
          counterPrefix: '000019',
          counterNumber: '2000145399',
          counterBank: '0800',
          documentNumber: '0026100000001',
          amount: 150_000,
          postingCode: '2',
          variableSymbol: '0000202501',
          constantSymbol: '0308',
          specificSymbol: '0000000777',
          valueDate: '140425',
          counterName: 'Král Jiří',
          dueDate: '150425',
        }),
      ]),
    );
    expect(statement.problems).toEqual([]);
    expect(statement.lines).toEqual([
      {
        transactionId: '26100000001',
        date: '2025-04-15',
        amount: 150_000,
        currency: 'CZK',
        variableSymbol: '202501',
        specificSymbol: '777',
        constantSymbol: '308',
        counterAccount: '19-2000145399/0800',
        counterName: 'Král Jiří',
        message: null,
      },
    ]);
  });

  it('signs amounts by the posting code: debits and reversed credits go out, credits and reversed debits come in', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({ postingCode: '1', amount: 12_345 }),
        gpcItem({ postingCode: '2', amount: 12_345 }),
        gpcItem({ postingCode: '4', amount: 12_345 }),
        gpcItem({ postingCode: '5', amount: 12_345 }),
      ]),
    );
    expect(statement.problems).toEqual([]);
    expect(statement.lines.map((line) => line.amount)).toEqual([-12_345, 12_345, 12_345, -12_345]);
  });

  it('reads amounts exactly, from one haléř to 99 999 999,99 Kč, and a zero amount without a sign', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({ amount: 1 }),
        gpcItem({ amount: 9_999_999_999 }),
        gpcItem({ amount: 9_999_999_999, postingCode: '1' }),
        gpcItem({ amount: 0, postingCode: '1' }),
      ]),
    );
    expect(statement.lines.map((line) => line.amount)).toEqual([1, 9_999_999_999, -9_999_999_999, 0]);
    expect(Object.is(statement.lines[3]?.amount, 0)).toBe(true);
  });

  it('leaves out empty symbols and counter-accounts, and a zero prefix or bank code', () => {
    const [line] = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({
          counterPrefix: '000000',
          counterNumber: '0000000000',
          counterBank: '0000',
          counterName: 'Připsaný úrok',
        }),
      ]),
    ).lines;
    expect(line).toMatchObject({
      variableSymbol: null,
      specificSymbol: null,
      constantSymbol: null,
      counterAccount: null,
      counterName: 'Připsaný úrok',
    });
    const [noPrefix] = readGpc(gpcFile([gpcHeader(), gpcItem({ counterNumber: '0000123457' })])).lines;
    expect(noPrefix?.counterAccount).toBe('123457/0800');
  });

  it('takes the value date when the due date is zeros, and the currency from its numeric code', () => {
    const [line] = readGpc(
      gpcFile([gpcHeader(), gpcItem({ dueDate: '000000', valueDate: '290224', currency: '0978' })]),
    ).lines;
    expect(line).toMatchObject({ date: '2024-02-29', currency: 'EUR' });
  });

  it('reads the same statement from CRLF and LF line ends, with or without the last line end', () => {
    const records = [gpcHeader(), gpcItem({ amount: 100 }), gpcItem({ amount: 200, postingCode: '1' })];
    const crlf = readGpc(gpcFile(records, '\r\n'));
    expect(crlf.lines).toHaveLength(2);
    expect(readGpc(gpcFile(records, '\n'))).toEqual(crlf);
    expect(readGpc(windows1250(records.join('\r\n')))).toEqual(crlf);
  });

  it('reports a truncated line with its number and reads the lines around it', () => {
    const statement = readGpc(
      gpcFile([gpcHeader(), gpcItem({ amount: 100 }), gpcItem().slice(0, 90), gpcItem({ amount: 300 })]),
    );
    expect(statement.problems).toEqual([
      { line: 3, message: 'Řádek 3: záznam položky je zkrácený (90 znaků místo 128).' },
    ]);
    expect(statement.lines.map((line) => line.amount)).toEqual([100, 300]);
  });

  it('reports in Czech an amount, a date, a posting code, a currency or a symbol that cannot be read', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({ amount: '00000000012a' }),
        gpcItem({ dueDate: '310425' }),
        gpcItem({ postingCode: '3' }),
        gpcItem({ currency: '0999' }),
        gpcItem({ variableSymbol: '00000012AB' }),
        gpcItem({ counterBank: '08X0' }),
      ]),
    );
    expect(statement.lines).toEqual([]);
    expect(statement.problems.map((problem) => problem.message)).toEqual([
      'Řádek 2: částka „00000000012a“ není číslo.',
      'Řádek 3: datum „310425“ není platné.',
      'Řádek 4: neznámý kód účtování „3“ (platí 1, 2, 4 a 5).',
      'Řádek 5: neznámý kód měny „0999“.',
      'Řádek 6: variabilní symbol „00000012AB“ není číslo.',
      'Řádek 7: kód banky protiúčtu „08X0“ není platný.',
    ]);
  });

  it('adds the text of 076, 078 and 079 records to the item before them', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({ amount: 100 }),
        gpcDetail('TX-1', '150425', 'Příspěvek na soustředění'),
        gpcMessage('078', 'Členský příspěvek', 'jaro 2025'),
        gpcMessage('079', 'Anna Králová'),
        gpcItem({ amount: 200 }),
      ]),
    );
    expect(statement.problems).toEqual([]);
    expect(statement.lines.map((line) => line.message)).toEqual([
      'Příspěvek na soustředění Členský příspěvek jaro 2025 Anna Králová',
      null,
    ]);
  });

  it('takes the transaction id of a 076 record when the item has no document number', () => {
    const [line] = readGpc(
      gpcFile([gpcHeader(), gpcItem({ documentNumber: '0000000000000' }), gpcDetail('ABC123', '150425', '')]),
    ).lines;
    expect(line?.transactionId).toBe('ABC123');
  });

  it('notes an unknown record type and a detail record with no item, and reads on', () => {
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcMessage('078', 'osiřelá zpráva'),
        `077${' '.repeat(125)}`,
        gpcItem({ amount: 100 }),
        gpcItem({ amount: 'x' }),
        gpcMessage('078', 'zpráva k vynechané položce'),
      ]),
    );
    expect(statement.lines.map((line) => [line.amount, line.message])).toEqual([[100, null]]);
    expect(statement.problems.map((problem) => problem.message)).toEqual([
      'Řádek 2: doplňující záznam 078 nepatří k žádné položce, je vynechán.',
      'Řádek 3: neznámý typ záznamu „077“, řádek je vynechán.',
      'Řádek 5: částka „x“ není číslo.',
    ]);
  });

  it('reads items without a header, saying the header is missing', () => {
    const statement = readGpc(gpcFile([gpcItem({ amount: 100 })]));
    expect(statement.account).toBe('');
    expect(statement.lines).toHaveLength(1);
    expect(statement.problems).toEqual([
      { line: 1, message: 'Řádek 1: výpis nezačíná hlavičkou (záznamem 074).' },
    ]);
  });

  it('reads consecutive statements of one account, and leaves out those of another account', () => {
    const other = '0000000009876543';
    const statement = readGpc(
      gpcFile([
        gpcHeader(),
        gpcItem({ amount: 100 }),
        gpcHeader({ sequenceNumber: 5 }),
        gpcItem({ amount: 200 }),
        gpcHeader({ account: other }),
        gpcItem({ account: other, amount: 999 }),
        gpcMessage('078', 'cizí'),
      ]),
    );
    expect(statement.account).toBe('2001234567');
    expect(statement.lines.map((line) => line.amount)).toEqual([100, 200]);
    expect(statement.headers.map((header) => header.sequenceNumber)).toEqual([4, 5, 4]);
    expect(statement.problems).toEqual([
      { line: 5, message: 'Řádek 5: výpis jiného účtu (9876543), jeho položky jsou vynechány.' },
    ]);
  });

  it('reports a header that cannot be read and still reads the items', () => {
    const statement = readGpc(gpcFile([gpcHeader({ date: '991399' }), gpcItem()]));
    expect(statement.problems.map((problem) => problem.message)).toEqual([
      'Řádek 1: datum výpisu „991399“ není platné.',
    ]);
    expect(statement.lines).toHaveLength(1);
  });

  it('reads a header whose trailing filler was trimmed away', () => {
    const statement = readGpc(gpcFile([gpcHeader().trimEnd(), gpcItem()]));
    expect(statement.problems).toEqual([]);
    expect(statement.headers).toHaveLength(1);
  });

  it('reads 5,000 items, every one of them right', () => {
    const count = 5_000;
    const items = Array.from({ length: count }, (_, index) =>
      gpcItem({
        documentNumber: zeros(index + 1, 13),
        amount: index + 1,
        postingCode: index % 2 === 0 ? '2' : '1',
        variableSymbol: zeros(index + 1, 10),
        counterName: `Člen ${index + 1}`,
      }),
    );
    const statement = readGpc(gpcFile([gpcHeader(), ...items]));
    expect(statement.problems).toEqual([]);
    expect(statement.lines).toHaveLength(count);
    statement.lines.forEach((line, index) => {
      const n = index + 1;
      expect(line.transactionId).toBe(String(n));
      expect(line.amount).toBe(index % 2 === 0 ? n : -n);
      expect(line.variableSymbol).toBe(String(n));
      expect(line.counterName).toBe(`Člen ${n}`);
    });
  });
});
