import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatement } from './statement.ts';
import { fioCsvText, gpcFile, gpcHeader, gpcItem, zeros } from './test-files.ts';

const UNRECOGNISED = [{ line: 0, message: 'Soubor není výpis ve formátu ABO/GPC ani CSV z Fio banky.' }];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const FIO_ROW = { 'ID pohybu': '1', Datum: '15.04.2025', Objem: '100,00', Měna: 'CZK' };

describe('readStatement', () => {
  it('reads a file starting with a 074 header as ABO/GPC, whatever its name', () => {
    const statement = readStatement(gpcFile([gpcHeader(), gpcItem({ amount: 100 })]), 'vypis.txt');
    expect(statement).toMatchObject({ format: 'gpc', account: '2001234567', problems: [] });
    expect(statement.lines.map((line) => line.amount)).toEqual([100]);
  });

  it('reads a GPC file with a byte order mark as UTF-8', () => {
    const text = `${gpcHeader({ name: 'Oddíl Žďár' })}\r\n${gpcItem({ counterName: 'Král Jiří' })}\r\n`;
    const statement = readStatement(Buffer.concat([BOM, Buffer.from(text, 'utf-8')]));
    expect(statement.problems).toEqual([]);
    expect(statement.lines[0]?.counterName).toBe('Král Jiří');
  });

  it('reads anything else as Fio’s CSV', () => {
    const statement = readStatement(Buffer.from(fioCsvText([FIO_ROW])), 'pohyby.csv');
    expect(statement).toMatchObject({ format: 'fio-csv', account: '2001234567/2010', problems: [] });
    expect(statement.lines.map((line) => line.amount)).toEqual([10_000]);
  });

  it('reads a .gpc file that lacks its header as GPC, so that the missing header is reported', () => {
    const headless = gpcFile([gpcItem({ amount: 100 })]);
    const statement = readStatement(headless, 'VYPIS.GPC');
    expect(statement.format).toBe('gpc');
    expect(statement.lines).toHaveLength(1);
    expect(statement.problems).toEqual([
      { line: 1, message: 'Řádek 1: výpis nezačíná hlavičkou (záznamem 074).' },
    ]);
    expect(readStatement(headless, 'vypis.txt').problems).toEqual(UNRECOGNISED);
  });

  it('says in Czech that a file is neither format', () => {
    for (const file of [
      Buffer.alloc(0),
      Buffer.from('Dobrý den,\nposílám výpis.\n'),
      Buffer.from('%PDF-1.7\n%âãÏÓ\n'),
      Buffer.from('Datum;Částka\n01.04.2025;100\n'),
    ]) {
      expect(readStatement(file, 'vypis.pdf')).toEqual({
        format: null,
        account: '',
        lines: [],
        problems: UNRECOGNISED,
      });
    }
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        readStatement(Buffer.from(bytes), 'soubor.gpc');
      }),
    );
  });

  it('never throws on GPC records of any content and length', () => {
    const record = fc.oneof(
      fc.string({ maxLength: 140 }),
      fc.string({ maxLength: 130 }).map((rest) => `075${rest}`),
      fc.string({ maxLength: 130 }).map((rest) => `07${rest}`),
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), (records) => {
        const statement = readStatement(gpcFile([gpcHeader(), ...records], '\n'));
        expect(statement.format).toBe('gpc');
      }),
    );
  });

  it('never throws on Fio CSV rows of any content', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', '-1 290,00', '15.04.2025', '"', ';'),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 20 }), { maxLength: 6 }), (rows) => {
        const table = rows.map((row) => row.join(';')).join('\n');
        const statement = readStatement(Buffer.from(`${fioCsvText([])}${table}`));
        expect(statement.format).toBe('fio-csv');
      }),
    );
  });

  it('reads back any amount and variable symbol written to a GPC item', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.constantFrom('1', '2', '4', '5'),
        fc.integer({ min: 0, max: 9_999_999_999 }),
        (amount, postingCode, symbol) => {
          const file = gpcFile([
            gpcHeader(),
            gpcItem({ amount, postingCode, variableSymbol: zeros(symbol, 10) }),
          ]);
          const [line] = readStatement(file).lines;
          const outgoing = postingCode === '1' || postingCode === '5';
          expect(line?.amount).toBe(outgoing && amount !== 0 ? -amount : amount);
          expect(line?.variableSymbol).toBe(symbol === 0 ? null : String(symbol));
        },
      ),
    );
  });
});
