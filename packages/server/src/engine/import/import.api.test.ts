import { API_PATHS, apiPath, type ImportOptions, type ImportReport } from '@klubovna/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Windows-1250 bytes of Czech text, as Czech Excel saves "CSV (oddělený středníkem)". */
function windows1250(text: string): Buffer {
  const table = new TextDecoder('windows-1250');
  const byChar = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byChar.set(table.decode(Uint8Array.of(byte)), byte);
  return Buffer.from([...text].map((char) => byChar.get(char) ?? 0x3f));
}

/** An XLSX workbook written by ExcelJS, with real dates and numbers in its cells. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Členové');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(testEngines())('import on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  const send = (path: string, file: Buffer, name: string, options?: ImportOptions, client = root) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    if (options) form.append('options', JSON.stringify(options));
    return client.request('POST', path, undefined, { rawBody: form, headers: XHR });
  };
  const paths = (alias: string) => ({
    preview: apiPath(API_PATHS.importPreview, { alias }),
    dryRun: apiPath(API_PATHS.importDryRun, { alias }),
    run: apiPath(API_PATHS.importRun, { alias }),
  });
  const members = paths('test-member');
  const count = async (lastName: string) =>
    (await root.get(`/api/cms/datagrid/test-member?s=${encodeURIComponent(lastName)}`)).body.data.total;

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('reads a Windows-1250 CSV with semicolons and guesses the columns from Czech labels', async () => {
    const csv = windows1250(
      'Příjmení;Jméno;Datum narození;Typ člena;E-mail;Poznámka navíc\r\nŘezníčková;Šárka;1. 2. 2010;Závodník;sarka@klub.test;x\r\n',
    );
    const preview = await send(members.preview, csv, 'clenove.csv');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      format: 'CSV (Windows-1250, oddělovač ;)',
      rowCount: 1,
      guessed: {
        Příjmení: 'lastName',
        Jméno: 'firstName',
        'Datum narození': 'birthDate',
        'Typ člena': 'memberType',
        'E-mail': 'email',
        'Poznámka navíc': null,
      },
    });
    expect(preview.body.data.columns[0]).toEqual({ header: 'Příjmení', samples: ['Řezníčková'] });
    expect(preview.body.data.fields.map((field: { name: string }) => field.name)).not.toContain('photo');
    const { guessed } = preview.body.data;
    const dry = await send(members.dryRun, csv, 'clenove.csv', { mapping: guessed, matchBy: null });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data).toMatchObject({
      rows: [{ row: 2, label: 'Řezníčková Šárka', action: 'create' }],
      errors: [],
    });
  });

  it('dry-runs a UTF-8 CSV with commas without keeping anything, then imports it all', async () => {
    const csv = Buffer.from(
      '\uFEFFlastName,firstName,birthDate,memberType\n"Dvořák, ml.",Jan,2011-03-04,trenér\nSuchá,Eva,4.5.2012,ATHLETE\n',
    );
    const options: ImportOptions = {
      mapping: {
        lastName: 'lastName',
        firstName: 'firstName',
        birthDate: 'birthDate',
        memberType: 'memberType',
      },
      matchBy: null,
    };
    const dry = await send(members.dryRun, csv, 'members.csv', options);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data).toEqual({
      dryRun: true,
      rows: [
        { row: 2, label: 'Dvořák, ml. Jan', action: 'create' },
        { row: 3, label: 'Suchá Eva', action: 'create' },
      ],
      created: 2,
      updated: 0,
      errors: [],
    });
    expect(await count('Suchá')).toBe(0);

    const run = await send(members.run, csv, 'members.csv', options);
    expect(run.status, run.text).toBe(200);
    expect(run.body.data).toMatchObject({ dryRun: false, created: 2, errors: [] });
    const found = (await root.get('/api/cms/datagrid/test-member?s=Dvořák')).body.data.items[0];
    expect(found).toMatchObject({ lastName: 'Dvořák, ml.', birthDate: '2011-03-04', memberType: 'TRAINER' });
    const history = (await root.get(`/api/cms/history/test-member/${found.id}`)).body.data;
    expect(history[0].action).toBe('create');
  });

  it('reports every error with its row, column and Czech message, and imports nothing while any is left', async () => {
    const file = await xlsx([
      ['Příjmení', 'Jméno', 'Datum narození', 'Registrační číslo', 'Aktivní'],
      ['Zelená', 'Alena', new Date(Date.UTC(2010, 5, 30)), 'IMP-1', 'ano'],
      ['', 'Bez příjmení', '1. 1. 2011', 'IMP-2', 'ne'],
      ['Modrá', 'Berta', 'třicátého února', 'IMP-3', 'možná'],
      ['Zelená', 'Dvojnice', null, 'IMP-1', null],
    ]);
    const options: ImportOptions = {
      mapping: {
        Příjmení: 'lastName',
        Jméno: 'firstName',
        'Datum narození': 'birthDate',
        'Registrační číslo': 'registrationNumber',
        Aktivní: 'active',
      },
      matchBy: null,
    };
    const dry = await send(members.dryRun, file, 'clenove.xlsx', options);
    expect(dry.status, dry.text).toBe(200);
    const report: ImportReport = dry.body.data;
    expect(report.rows.map((row) => row.action)).toEqual(['create', 'error', 'error', 'error']);
    expect(report.errors).toEqual([
      { row: 3, column: 'Příjmení', message: 'Vyplňte pole „Příjmení“.' },
      { row: 4, column: 'Datum narození', message: '„třicátého února“ není datum (např. 22. 11. 2026).' },
      { row: 4, column: 'Aktivní', message: '„možná“ není ano, nebo ne.' },
      { row: 5, column: 'Registrační číslo', message: 'Hodnotu pole „Registrační číslo“ už má jiný záznam.' },
    ]);

    const refused = await send(members.run, file, 'clenove.xlsx', options);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Import se neprovedl, nic se neuložilo: 4 chyby. Opravte je a zkuste to znovu.',
    );
    expect(refused.body.error.report.errors).toHaveLength(4);
    expect(await count('Zelená')).toBe(0);

    const fixed = await xlsx([
      ['Příjmení', 'Jméno', 'Datum narození', 'Registrační číslo', 'Aktivní'],
      ['Zelená', 'Alena', new Date(Date.UTC(2010, 5, 30)), 'IMP-1', 'ano'],
      ['Bílá', 'Bez příjmení', '1. 1. 2011', 'IMP-2', 'ne'],
    ]);
    const done = await send(members.run, fixed, 'clenove.xlsx', options);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ created: 2, updated: 0 });
    const zelena = (await root.get('/api/cms/datagrid/test-member?s=Zelená')).body.data.items[0];
    expect(zelena).toMatchObject({ birthDate: '2010-06-30', active: true, registrationNumber: 'IMP-1' });

    // The same file again, matched by the registration number: updates instead of duplicates.
    const again = await send(members.run, fixed, 'clenove.xlsx', {
      ...options,
      matchBy: 'registrationNumber',
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, updated: 2 });
    expect(await count('Zelená')).toBe(1);
  });

  it('matches relations by their label without diacritics, and names those it cannot find', async () => {
    const coach = (await root.post('/api/cms/form/test-member', { firstName: 'Jiří', lastName: 'Čížek' }))
      .body.data;
    const csv = Buffer.from(
      'Název;Trenér;Hráči;Úroveň\nImportovaní;cizek jiri;Čížek Jiří, Zelená Alena;béčko\nNeznámí;Nikdo Nikdo;;A\n',
    );
    const options: ImportOptions = {
      mapping: { Název: 'name', Trenér: 'coach', Hráči: 'players', Úroveň: 'level' },
      matchBy: null,
    };
    const dry = await send(paths('test-team').dryRun, csv, 'tymy.csv', options);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data.errors).toEqual([
      { row: 3, column: 'Trenér', message: 'Záznam „Nikdo Nikdo“ (Člen) neexistuje.' },
    ]);
    const fixed = Buffer.from(
      'Název;Trenér;Hráči;Úroveň\nImportovaní;cizek jiri;Čížek Jiří, Zelená Alena;béčko\n',
    );
    const run = await send(paths('test-team').run, fixed, 'tymy.csv', options);
    expect(run.status, run.text).toBe(200);
    const team = (await root.get('/api/cms/datagrid/test-team?s=Importovaní')).body.data.items[0];
    expect(team).toMatchObject({ coach: coach.id, level: 'B' });
    expect(team.players).toHaveLength(2);
  });

  it('refuses a formula cell that has no calculated value, naming its row and column', async () => {
    const file = await xlsx([
      ['Příjmení', 'Jméno', 'Poznámka'],
      ['Vzorcová', 'Věra', { formula: 'HYPERLINK("http://x","k")' }],
      ['Spočtená', 'Sára', { formula: 'CONCAT("a","b")', result: 'ab' }],
      ['Chybná', 'Chira', { error: '#N/A' }],
    ]);
    const options: ImportOptions = {
      mapping: { Příjmení: 'lastName', Jméno: 'firstName', Poznámka: 'note' },
      matchBy: null,
    };
    const dry = await send(members.dryRun, file, 'vzorce.xlsx', options);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data.errors).toEqual([
      {
        row: 2,
        column: 'Poznámka',
        message:
          'Buňka obsahuje vzorec bez spočtené hodnoty (soubor nejspíš vytvořil program, ne Excel). Otevřete soubor v Excelu a uložte ho, nebo vzorec nahraďte hodnotou.',
      },
      { row: 4, column: 'Poznámka', message: 'Buňka obsahuje chybu #N/A; opravte ji, nebo buňku vymažte.' },
    ]);
    expect(dry.body.data.rows[1]).toEqual({ row: 3, label: 'Spočtená Sára', action: 'create' });
    const preview = await send(members.preview, file, 'vzorce.xlsx');
    expect(preview.body.data.columns[2].samples).toEqual(['ab']);
  });

  it('reports, by row, values past the last named column instead of dropping them', async () => {
    const csv = Buffer.from(
      'Příjmení;Jméno\nNavíc;Nina;ztracená hodnota;;a další\nPřesná;Petra\nPrázdné;Pavla;;\n',
    );
    const dry = await send(members.dryRun, csv, 'navic.csv', {
      mapping: { Příjmení: 'lastName', Jméno: 'firstName' },
      matchBy: null,
    });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data.errors).toEqual([
      {
        row: 2,
        column: null,
        message:
          'Hodnoty za posledním sloupcem s názvem se nemají kam uložit: „ztracená hodnota“, „a další“. Doplňte názvy sloupců do prvního řádku, nebo hodnoty navíc smažte.',
      },
    ]);
    expect(dry.body.data.rows.map((row: { action: string }) => row.action)).toEqual([
      'error',
      'create',
      'create',
    ]);
  });

  it('reads quotes inside a value as Excel does, and reports a row it cannot read in Czech among the others', async () => {
    const csv = Buffer.from(
      'Příjmení;Jméno\nNovák "ml.";Jan\nDvořák;"Petr ""Péťa"""\n"Neuzavřená;Eva\nDalší;Ema\n',
    );
    const options: ImportOptions = { mapping: { Příjmení: 'lastName', Jméno: 'firstName' }, matchBy: null };
    const preview = await send(members.preview, csv, 'uvozovky.csv');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.rowCount).toBe(3);
    const dry = await send(members.dryRun, csv, 'uvozovky.csv', options);
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data.rows).toEqual([
      { row: 2, label: 'Novák "ml." Jan', action: 'create' },
      { row: 3, label: 'Dvořák Petr "Péťa"', action: 'create' },
      { row: 4, label: '', action: 'error' },
    ]);
    expect(dry.body.data.errors).toEqual([
      {
        row: 4,
        column: null,
        message:
          'Řádek začíná hodnotou v uvozovkách, které se až do konce souboru nezavřou, takže se nedá přečíst on ani řádky za ním. Doplňte zavírací uvozovky (uvozovky uvnitř hodnoty zdvojte: "").',
      },
    ]);
  });

  it('refuses what it cannot read or may not do, in Czech', async () => {
    const csv = Buffer.from('Příjmení\nNová\n');
    expect((await send(members.preview, Buffer.alloc(0), 'x.csv')).body.error.message).toBe(
      'Soubor se nepodařilo přečíst: soubor je prázdný.',
    );
    const broken = await send(members.preview, Buffer.from('PK\x03\x04 nic'), 'x.xlsx');
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toContain('XLSX je poškozený');
    const unknown = await send(members.dryRun, csv, 'x.csv', {
      mapping: { Příjmení: 'photo' },
      matchBy: null,
    });
    expect(unknown.status).toBe(400);
    const wrongMatch = await send(members.dryRun, csv, 'x.csv', {
      mapping: { Příjmení: 'lastName' },
      matchBy: 'lastName',
    });
    expect(wrongMatch.status).toBe(400);
    expect((await send(members.dryRun, csv, 'x.csv')).status).toBe(400);
    const json = await root.post(members.preview, {});
    expect(json.status).toBe(400);

    const { client: reader } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await send(members.preview, csv, 'x.csv', undefined, reader)).status).toBe(403);
    expect((await send(members.preview, csv, 'x.csv', undefined, t.client())).status).toBe(401);
  });
});
