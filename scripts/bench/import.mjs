// Import of 10,000 members from an XLSX file (issue: under 10 s on SQLite), timed over HTTP as the
// import screen sends it: the dry run, then the import itself in one transaction.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../packages/server/package.json'));
const ExcelJS = require('exceljs');

export const IMPORT_COUNT = 10_000;
const FIRST_NAMES = ['Jan', 'Eva', 'Petr', 'Šárka', 'Jiří', 'Zdeňka', 'Tomáš', 'Lucie'];
const LAST_NAMES = ['Novák', 'Dvořáková', 'Černý', 'Růžičková', 'Kučera', 'Šťastná', 'Žák', 'Horáková'];

/**
 * An XLSX workbook of members, written by ExcelJS as a spreadsheet program would; `prefix` starts
 * their registration numbers and e-mails, so that runs into one database do not collide.
 */
export async function membersWorkbook(count = IMPORT_COUNT, prefix = '') {
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
      `${prefix}IMP-${String(index).padStart(6, '0')}`,
      `${prefix}import${index}@klub.test`,
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

/**
 * Sends `file` to the member import (`suffix` '/dry-run' for the dry run) and fails unless all
 * `expected` rows were created; `ms` is the answer's time, `cpu` the server's processor time with `cpuMs`.
 */
export async function importFile({ url, cookie, file, name, mapping, expected, suffix = '', cpuMs }) {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  form.append('options', JSON.stringify({ mapping, matchBy: null }));
  const started = performance.now();
  const cpuBefore = cpuMs?.();
  const response = await fetch(`${url}/api/cms/import/member${suffix}`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  const body = await response.json();
  const ms = Math.round(performance.now() - started);
  const cpu = cpuMs ? cpuMs() - cpuBefore : undefined;
  if (!response.ok || body.data.created !== expected)
    throw new Error(`import${suffix}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, cpu };
}

/**
 * Times the dry run and the import of `count` members; fails unless every row was created. With
 * `cpuMs` (the server's processor time so far), also the server's processor time of each.
 */
export async function benchImport({ url, cookie, count = IMPORT_COUNT, prefix = '', cpuMs }) {
  const file = await membersWorkbook(count, prefix);
  const send = (suffix) =>
    importFile({ url, cookie, file, name: 'clenove.xlsx', mapping: MAPPING, expected: count, suffix, cpuMs });
  const dryRun = await send('/dry-run');
  const run = await send('');
  return {
    count,
    bytes: file.length,
    dryRunMs: dryRun.ms,
    importMs: run.ms,
    dryRunCpuMs: dryRun.cpu,
    importCpuMs: run.cpu,
  };
}
