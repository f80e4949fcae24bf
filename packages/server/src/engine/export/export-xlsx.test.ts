import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { EntityRecord } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';
import { assertWellFormedXml, cellValue, getBytes, readZip, sheetCells } from '../../test/test-zip.ts';
import type { ExportColumn } from './export-columns.ts';
import { escapeXml, excelSerial, streamXlsx } from './export-xlsx.ts';

/** The `unzip` CLI's own integrity test, where the machine has it: a second, independent reader. */
function unzipTest(bytes: Buffer): void {
  if (spawnSync('unzip', ['-v']).status !== 0) return;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-')), 'export.xlsx');
  fs.writeFileSync(file, bytes);
  const result = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

describe('XLSX writer', () => {
  it('escapes XML and drops characters XML cannot carry', () => {
    expect(escapeXml('A & B <c> "d" Žluťoučký')).toBe('A &amp; B &lt;c&gt; &quot;d&quot; Žluťoučký');
    expect(escapeXml('a\u0000b\u001fc\ud800d😀')).toBe('abcd😀');
  });

  it('counts Excel days from 30. 12. 1899', () => {
    expect(excelSerial('1900-03-01')).toBe(61);
    expect(excelSerial('2026-11-22')).toBe(46348);
    expect(excelSerial('2026-11-22T18:00:00')).toBe(46348.75);
  });

  it('streams 100,000 rows within seconds into a valid workbook', async () => {
    const columns: ExportColumn[] = [
      { header: 'Jméno', width: 20, cell: (record) => ({ type: 'text', value: String(record.name) }) },
      { header: 'Číslo', width: 10, cell: (record) => ({ type: 'number', value: record.id }) },
      { header: 'Datum', width: 12, cell: () => ({ type: 'date', value: '2026-11-22' }) },
      {
        header: 'Poznámka',
        width: 30,
        cell: () => ({ type: 'text', value: 'Příliš žluťoučký kůň & <spol.>' }),
      },
    ];
    async function* batches() {
      for (let start = 0; start < 100_000; start += 500) {
        yield Array.from(
          { length: 500 },
          (_, index): EntityRecord => ({
            id: start + index + 1,
            version: 1,
            name: `Člen ${start + index + 1}`,
          }),
        );
      }
    }
    const started = performance.now();
    const bytes = await buffer(streamXlsx('Velký export', columns, batches()));
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);
    const sheet = readZip(bytes).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet.match(/<row /g)).toHaveLength(100_001);
    expect(sheet).toContain('<c r="B100001"><v>100000</v></c>');
    assertWellFormedXml(sheet);
    unzipTest(bytes);
  });
});

describe.each(testEngines())('XLSX export of typed and related fields on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('writes numbers, money, Prague date-times, Ano/Ne, enum labels and relation labels', async () => {
    const member = async (firstName: string, lastName: string) =>
      (await root.post('/api/cms/form/test-member', { firstName, lastName })).body.data.id;
    const coach = await member('Jan', 'Dvořák');
    const players = [await member('Eva', 'Čermáková'), await member('Zdeněk', 'Žák')];
    const created = await root.post('/api/cms/form/test-team', {
      name: 'Áčko & spol.',
      coach,
      players,
      founded: '1999-12-31',
      lastMatch: '2026-07-01T16:30:00Z',
      size: 25,
      rating: 4.5,
      fee: { amount: 1250.5, currency: 'CZK' },
      level: 'B',
      active: false,
    });
    expect(created.status, created.text).toBe(201);
    await root.post('/api/cms/form/test-team', { name: 'Béčko' });

    const response = await getBytes(
      root,
      `/api/cms/datagrid/test-team/export?format=xlsx&filter[coach]=${coach}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''T%C3%BDmy-`);
    const files = readZip(response.bytes);
    unzipTest(response.bytes);
    const sheet = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    assertWellFormedXml(sheet);
    const cells = sheetCells(sheet);
    const headers = [...cells.entries()]
      .filter(([ref]) => /^[A-Z]+1$/.test(ref))
      .map(([, cell]) => cellValue(cell));
    expect(headers).toEqual([
      'Název',
      'Trenér',
      'Kapitán',
      'Hráči',
      'Fanoušci',
      'Založen',
      'Poslední zápas',
      'Počet míst',
      'Hodnocení',
      'Příspěvek',
      'Příspěvek – měna',
      'Úroveň',
      'Aktivní',
    ]);
    expect(sheet.match(/<row /g)).toHaveLength(2);
    const row = (column: string) => cells.get(`${column}2`);
    expect(cellValue(row('A'))).toBe('Áčko & spol.');
    expect(cellValue(row('B'))).toBe('Dvořák Jan');
    expect(row('C')).toBeUndefined();
    expect(cellValue(row('D'))).toBe('Čermáková Eva, Žák Zdeněk');
    expect(row('F')).toBe('<c r="F2" s="2"><v>36525</v></c>');
    // 16:30 UTC is 18:30 in Prague in summer.
    expect(row('G')).toBe(`<c r="G2" s="3"><v>${excelSerial('2026-07-01T18:30:00')}</v></c>`);
    expect(row('H')).toBe('<c r="H2"><v>25</v></c>');
    expect(row('I')).toBe('<c r="I2"><v>4.5</v></c>');
    expect(row('J')).toBe('<c r="J2" s="4"><v>1250.5</v></c>');
    expect(cellValue(row('K'))).toBe('CZK');
    expect(cellValue(row('L'))).toBe('Béčko');
    expect(cellValue(row('M'))).toBe('Ne');

    const csv = await root.get(`/api/cms/datagrid/test-team/export?filter[coach]=${coach}`);
    const line = csv.text.split('\r\n')[1];
    expect(line).toBe(
      'Áčko & spol.;Dvořák Jan;;Čermáková Eva, Žák Zdeněk;;31. 12. 1999;1. 7. 2026 18:30;25;4,5;1250,5;CZK;Béčko;Ne',
    );
  });
});
