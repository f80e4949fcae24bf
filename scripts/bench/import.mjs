// Import of 10,000 members from an XLSX file (issue: under 10 s on SQLite), timed over HTTP as the
// import screen sends it: the dry run, then the import itself in one transaction.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../packages/server/package.json'));
const ExcelJS = require('exceljs');

export const IMPORT_COUNT = 10_000;
const FIRST_NAMES = ['Jan', 'Eva', 'Petr', 'Šárka', 'Jiří', 'Zdeňka', 'Tomáš', 'Lucie'];
const LAST_NAMES = ['Novák', 'Dvořáková', 'Černý', 'Růžičková', 'Kučera', 'Šťastná', 'Žák', 'Horáková'];

/** An XLSX workbook of members, written by ExcelJS as a spreadsheet program would. */
export async function membersWorkbook(count = IMPORT_COUNT) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Členové');
  sheet.addRow([
    'Příjmení',
    'Jméno',
    'Datum narození',
    'Typ člena',
    'Registrační číslo',
    'E-mail',
    'Aktivní',
  ]);
  for (let index = 0; index < count; index += 1) {
    sheet.addRow([
      `${LAST_NAMES[index % LAST_NAMES.length]} ${index}`,
      FIRST_NAMES[index % FIRST_NAMES.length],
      new Date(Date.UTC(1990 + (index % 30), index % 12, 1 + (index % 28))),
      index % 10 === 0 ? 'Trenér' : 'Závodník',
      `IMP-${String(index).padStart(6, '0')}`,
      `import${index}@klub.test`,
      index % 7 === 0 ? 'ne' : 'ano',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const MAPPING = {
  Příjmení: 'lastName',
  Jméno: 'firstName',
  'Datum narození': 'birthDate',
  'Typ člena': 'memberType',
  'Registrační číslo': 'registrationNumber',
  'E-mail': 'email',
  Aktivní: 'active',
};

/** Times the dry run and the import of `count` members; fails unless every row was created. */
export async function benchImport({ url, cookie, count = IMPORT_COUNT }) {
  const file = await membersWorkbook(count);
  const send = async (suffix) => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'clenove.xlsx');
    form.append('options', JSON.stringify({ mapping: MAPPING, matchBy: null }));
    const started = performance.now();
    const response = await fetch(`${url}/api/cms/import/member${suffix}`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    const body = await response.json();
    const ms = Math.round(performance.now() - started);
    if (!response.ok || body.data.created !== count)
      throw new Error(`import${suffix}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return ms;
  };
  const dryRunMs = await send('/dry-run');
  const importMs = await send('');
  return { count, bytes: file.length, dryRunMs, importMs };
}
