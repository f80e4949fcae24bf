import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession } from './support/api-session.ts';
import { expectAccessible, failuresInBothSchemes, settled } from './support/axe.ts';
import { ADMIN, type Klubovna, startKlubovna } from './support/klubovna.ts';
import { flash, openSignedIn } from './support/members.ts';

// ExcelJS is the server's spreadsheet library: the test's file is written by it as by a spreadsheet program.
const require = createRequire(path.resolve(import.meta.dirname, '../packages/server/package.json'));
const ExcelJS = require('exceljs') as typeof import('exceljs');

let app: Klubovna;
let api: ApiSession;

beforeAll(async () => {
  app = await startKlubovna();
  api = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await app?.close();
});

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Členové');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = ['Příjmení', 'Jméno', 'Datum narození', 'Typ člena'];
const GOOD: [unknown[], unknown[], unknown[]] = [
  ['Importová', 'Anna', new Date(Date.UTC(2010, 0, 15)), 'Závodník'],
  ['Importový', 'Bedřich', '3. 4. 2011', 'trenér'],
  ['Importová', 'Cecílie', null, 'Závodník'],
];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('import', () => {
  it('imports a spreadsheet of members after its two bad rows are fixed', async () => {
    const { page } = await openSignedIn(app, '/admin/clenove');
    await page.getByRole('link', { name: 'Importovat' }).click();
    await page.waitForURL(/\/admin\/import\?entity=member/);
    const fileButton = page.getByRole('button', { name: 'Soubor CSV nebo XLSX' });
    await fileButton.waitFor();
    expect(await failuresInBothSchemes(page, fileButton)).toEqual({ light: '', dark: '' });

    const fileInput = page.locator('input[type="file"]');
    const bad = await workbook([
      HEADER,
      GOOD[0],
      ['', 'Bezejmenná', '1. 1. 2012', 'Závodník'],
      GOOD[1],
      ['Importový', 'Datum', '31. 2. 2012', 'Závodník'],
      GOOD[2],
    ]);
    await fileInput.setInputFiles({ name: 'clenove.xlsx', mimeType: XLSX_TYPE, buffer: bad });
    await page.getByText('XLSX, 5 řádků s daty.', { exact: false }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Pole pro sloupec Datum narození' }).inputValue()).toBe(
      'Datum narození',
    );
    await page.getByRole('button', { name: 'Vyzkoušet import' }).click();
    const errors = page.getByRole('table', { name: 'Chyby importu' });
    await errors.waitFor();
    expect(await errors.locator('tbody tr').allInnerTexts()).toEqual([
      '3\tPříjmení\tVyplňte pole „Příjmení“.',
      '5\tDatum narození\t„31. 2. 2012“ není datum (např. 22. 11. 2026).',
    ]);
    await page.getByText('Vytvoří se 3, změní se 0, 2 řádky s chybou (2 chyby).').waitFor();
    expect(
      await page.getByRole('table', { name: 'Řádky importu' }).locator('tbody tr').allInnerTexts(),
    ).toEqual([
      '2\tImportová Anna\tVytvoří se',
      '3\tBezejmenná\tChyba',
      '4\tImportový Bedřich\tVytvoří se',
      '5\tImportový Datum\tChyba',
      '6\tImportová Cecílie\tVytvoří se',
    ]);
    expect(await page.getByRole('button', { name: 'Importovat' }).isDisabled()).toBe(true);
    await settled(page);
    await expectAccessible(page, '/admin/import (errors)');

    const fixed = await workbook([
      HEADER,
      GOOD[0],
      ['Opravená', 'Bezejmenná', '1. 1. 2012', 'Závodník'],
      GOOD[1],
      ['Importový', 'Datum', '29. 2. 2012', 'Závodník'],
      GOOD[2],
    ]);
    await fileInput.setInputFiles({ name: 'clenove-opraveno.xlsx', mimeType: XLSX_TYPE, buffer: fixed });
    await page.getByText('XLSX, 5 řádků s daty.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Vyzkoušet import' }).click();
    await page.getByText('Vytvoří se 5, změní se 0. Žádné chyby.').waitFor();
    await page.getByRole('button', { name: 'Importovat' }).click();
    await flash(page, 'Importováno: vytvořeno 5, změněno 0.').waitFor();
    await page.getByText('Import dokončen').waitFor();
    await settled(page);
    await expectAccessible(page, '/admin/import (done)');

    // The column choices are remembered for this user: one left out stays left out next time.
    await fileInput.setInputFiles({ name: 'clenove-znovu.xlsx', mimeType: XLSX_TYPE, buffer: fixed });
    const typeColumn = page.getByRole('combobox', { name: 'Pole pro sloupec Typ člena' });
    await typeColumn.click();
    await page.getByRole('option', { name: '— nepřiřazovat —' }).click();
    await page.getByRole('button', { name: 'Vyzkoušet import' }).click();
    await page.getByText('Výsledek zkoušky').waitFor();
    await page.reload();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'a.xlsx', mimeType: XLSX_TYPE, buffer: fixed });
    await expect.poll(() => typeColumn.inputValue()).toBe('— nepřiřazovat —');
    expect(await page.getByRole('combobox', { name: 'Pole pro sloupec Jméno' }).inputValue()).toBe(
      'Jméno (povinné)',
    );

    const imported = await api.data<{ items: { lastName: string; birthDate: string | null }[] }>(
      'GET',
      '/api/cms/datagrid/member?s=Import&limit=50',
    );
    expect(imported.items.map((member) => member.lastName).sort()).toEqual([
      'Importová',
      'Importová',
      'Importový',
      'Importový',
    ]);
    const datum = imported.items.find((member) => member.birthDate === '2012-02-29');
    expect(datum).toBeDefined();
  });

  it('fits a phone: the column mapping and the errors scroll inside their tables', async () => {
    const { page } = await openSignedIn(app, '/admin/import?entity=member', {
      viewport: { width: 375, height: 740 },
    });
    const bad = await workbook([HEADER, ['', 'Bez příjmení', 'včera', 'Závodník']]);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'c.xlsx', mimeType: XLSX_TYPE, buffer: bad });
    await page.getByRole('button', { name: 'Vyzkoušet import' }).click();
    await page.getByRole('table', { name: 'Chyby importu' }).waitFor();
    await settled(page);
    await expectAccessible(page, '/admin/import (phone)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
