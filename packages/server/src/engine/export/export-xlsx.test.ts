import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp, teamFixture } from '../../test/test-entities.ts';
import { getBytes, readFirstSheet, rowValues } from '../../test/xlsx-reader.ts';
import { compileEntity } from '../declaration/compile-entity.ts';
import { exportColumns } from './export-columns.ts';
import { streamXlsx } from './export-xlsx.ts';

/** The `unzip` CLI's own integrity test, where the machine has it: a second, independent reader. */
function unzipTest(bytes: Buffer): void {
  if (spawnSync('unzip', ['-v']).status !== 0) return;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-')), 'export.xlsx');
  fs.writeFileSync(file, bytes);
  const result = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

/** A wall-clock date-time as the Date ExcelJS reads an Excel date cell as (its value in UTC). */
const wallClock = (local: string) => new Date(`${local}Z`);

describe('XLSX writer', () => {
  it('writes well-formed XML whatever text was stored', async () => {
    const columns = [
      {
        header: 'Poznámka\u000B',
        width: 20,
        cell: () => ({ type: 'text' as const, value: 'a\u0001b\u000Bc\uFFFEd\uFFFFe\uD800f 😀 & <g>' }),
      },
    ];
    async function* batches() {
      yield [{ id: 1, version: 1 }];
    }
    const sheet = await readFirstSheet(await buffer(streamXlsx('Řádky\uFFFF: a/b', columns, batches())));
    expect(sheet.name).toBe('Řádky  a b');
    expect(rowValues(sheet, 1)).toEqual(['Poznámka']);
    expect(rowValues(sheet, 2)).toEqual(['abcdef 😀 & <g>']);
  });

  it('stops reading rows when the reader goes away', async () => {
    const columns = exportColumns(compileEntity(teamFixture));
    let batchesRead = 0;
    let reading = true;
    async function* endless() {
      try {
        // Without the stop this would run for 1,000,000 rows.
        for (; batchesRead < 2_000; batchesRead += 1) {
          // The reader (a browser) goes away after the 20th batch.
          if (batchesRead === 20) stream.destroy();
          yield Array.from({ length: 500 }, (_, index) => ({
            id: index + 1,
            version: 1,
            name: 'x'.repeat(100),
          }));
        }
      } finally {
        reading = false;
      }
    }
    const stream = streamXlsx('Bez konce', columns, endless());
    stream.resume();
    await vi.waitFor(() => expect(reading).toBe(false), { timeout: 20_000 });
    expect(batchesRead).toBeLessThan(25);
  });

  it('streams 100,000 rows into a workbook ExcelJS reads back whole', async () => {
    const columns = exportColumns(compileEntity(teamFixture));
    async function* batches() {
      for (let start = 0; start < 100_000; start += 500)
        yield Array.from({ length: 500 }, (_, index) => ({
          id: start + index + 1,
          version: 1,
          name: `Tým ${start + index + 1} & <spol.>`,
          founded: '2026-11-22',
          size: start + index + 1,
        }));
    }
    const sheet = await readFirstSheet(await buffer(streamXlsx('Velký export', columns, batches())));
    expect(sheet.rowCount).toBe(100_001);
    expect(sheet.getCell('A100001').value).toBe('Tým 100000 & <spol.>');
    expect(sheet.getCell('H100001').value).toBe(100_000);
    expect(sheet.getCell('F100001').value).toEqual(wallClock('2026-11-22T00:00:00'));
  }, 60_000);
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
      fee: { amount: 125050, currency: 'CZK' },
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
    unzipTest(response.bytes);
    const sheet = await readFirstSheet(response.bytes);
    expect(sheet.name).toBe('Týmy');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rowValues(sheet, 1)).toEqual([
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
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(2);
    expect(rowValues(sheet, 2)).toEqual([
      'Áčko & spol.',
      'Dvořák Jan',
      null,
      'Čermáková Eva, Žák Zdeněk',
      null,
      wallClock('1999-12-31T00:00:00'),
      // 16:30 UTC is 18:30 in Prague in summer.
      wallClock('2026-07-01T18:30:00'),
      25,
      4.5,
      // Haléře are written as crowns: a real number, 1 250,50.
      1250.5,
      'CZK',
      'Béčko',
      'Ne',
    ]);
    // Dates and money are numbers shown through Czech formats, not text.
    expect(sheet.getCell('F2').numFmt).toBe('d. m. yyyy');
    expect(sheet.getCell('G2').numFmt).toBe('d. m. yyyy h:mm');
    expect(sheet.getCell('J2').numFmt).toBe('#,##0.00');

    const csv = await root.get(`/api/cms/datagrid/test-team/export?filter[coach]=${coach}`);
    const line = csv.text.split('\r\n')[1];
    expect(line).toBe(
      'Áčko & spol.;Dvořák Jan;;Čermáková Eva, Žák Zdeněk;;31. 12. 1999;1. 7. 2026 18:30;25;4,5;1250,50;CZK;Béčko;Ne',
    );
  });
});
