// Members seeded as a club brings them in: CSV files sent to the import screen's call
// (POST /api/cms/import/member), as many as the import takes at once, each all-or-nothing in one
// transaction and followed by the import's own refresh of the planner's statistics. No VACUUM, no
// ANALYZE and no direct inserts: the lists are measured as a club meets them right after its import.
import { importFile } from './import.mjs';

/** As many rows as one import takes (MAX_IMPORT_ROWS). */
const ROWS_PER_FILE = 20_000;
const COLUMNS = {
  Příjmení: 'lastName',
  Jméno: 'firstName',
  'Datum narození': 'birthDate',
  Pohlaví: 'gender',
  'Typ člena': 'memberType',
  'E-mail': 'email',
  Telefon: 'phone',
  'Registrační číslo': 'registrationNumber',
  Aktivní: 'active',
};

/** The demo members from `first` on, as the semicolon CSV a spreadsheet program saves (UTF-8 with BOM). */
function membersCsv(demoMember, next, first, count) {
  const lines = [Object.keys(COLUMNS).join(';')];
  for (let index = first; index < first + count; index += 1) {
    const member = demoMember(index, next);
    lines.push(
      Object.values(COLUMNS)
        .map((field) => (field === 'active' ? (member.active ? 'ano' : 'ne') : member[field]))
        .join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/**
 * Imports `count` demo members (the same ones as the seeded demo data) through the server at `url`;
 * returns the milliseconds the imports took, the files' building excluded.
 */
export async function seedThroughImport({ url, cookie, count }) {
  const { demoMember, demoSequence } = await import(
    '../../packages/server/src/modules/members/seed-members.ts'
  );
  const next = demoSequence();
  let importMs = 0;
  for (let first = 0; first < count; first += ROWS_PER_FILE) {
    const rows = Math.min(ROWS_PER_FILE, count - first);
    const file = membersCsv(demoMember, next, first, rows);
    importMs += (
      await importFile({ url, cookie, file, name: 'clenove.csv', mapping: COLUMNS, expected: rows })
    ).ms;
  }
  return Math.round(importMs);
}
