import { API_PATHS, apiPath, type ImportOptions } from '@klubovna/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';
import { SETTLE_AFTER_ROWS } from './import.service.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const MAPPING: ImportOptions['mapping'] = {
  Příjmení: 'lastName',
  Jméno: 'firstName',
  'Registrační číslo': 'registrationNumber',
  Poznámka: 'note',
};
const HEADER = 'Příjmení;Jméno;Registrační číslo;Poznámka';

/** Rows checked together (import-batch.ts): each on what the rows before it left, as one by one. */
describe.each(testEngines())('import of many rows on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  const send = (suffix: '' | '/dry-run', lines: string[], matchBy: string | null = null) => {
    const form = new FormData();
    form.append('file', new Blob([[HEADER, ...lines].join('\n')]), 'clenove.csv');
    form.append('options', JSON.stringify({ mapping: MAPPING, matchBy }));
    const path = apiPath(suffix ? API_PATHS.importDryRun : API_PATHS.importRun, { alias: 'test-member' });
    return root.request('POST', path, undefined, { rawBody: form, headers: XHR });
  };
  const byNumber = async (registrationNumber: string) =>
    (await root.get(`/api/cms/datagrid/test-member?s=${encodeURIComponent(registrationNumber)}`)).body.data
      .items;

  /** Rows of the surname in the table (the datagrid's total stops counting at 1,000). */
  const stored = async (lastName: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from test_members where last_name = ${lastName}`.execute(t.db)
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('updates a record twice in turn, and updates what a row before created, each with its history', async () => {
    const stored = (
      await root.post('/api/cms/form/test-member', {
        lastName: 'Stará',
        firstName: 'Olga',
        registrationNumber: 'DVA-1',
      })
    ).body.data;
    const lines = [
      'Stará;Olga;DVA-1;první',
      'Stará;Olga;DVA-1;druhá',
      'Nová;Nina;DVA-2;založená',
      'Nová;Nina;DVA-2;změněná',
    ];
    const expected = {
      rows: [
        { row: 2, label: 'Stará Olga', action: 'update' },
        { row: 3, label: 'Stará Olga', action: 'update' },
        { row: 4, label: 'Nová Nina', action: 'create' },
        { row: 5, label: 'Nová Nina', action: 'update' },
      ],
      created: 1,
      updated: 3,
      errors: [],
    };
    const dry = await send('/dry-run', lines, 'registrationNumber');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.data).toEqual({ dryRun: true, ...expected });
    expect(await byNumber('DVA-2')).toHaveLength(0);

    const run = await send('', lines, 'registrationNumber');
    expect(run.status, run.text).toBe(200);
    expect(run.body.data).toEqual({ dryRun: false, ...expected });
    const [olga] = await byNumber('DVA-1');
    expect(olga).toMatchObject({ id: stored.id, note: 'druhá', version: stored.version + 2 });
    const [nina] = await byNumber('DVA-2');
    expect(nina.note).toBe('změněná');
    const history = (await root.get(`/api/cms/history/test-member/${stored.id}`)).body.data;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['update', 'update', 'create']);
    const ninaHistory = (await root.get(`/api/cms/history/test-member/${nina.id}`)).body.data;
    expect(ninaHistory.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
  });

  it('refuses a value a row before took, and saves none of many rows while one fails', async () => {
    const count = 1200;
    const lines = Array.from({ length: count }, (_, index) => `Mnohá;Marie;MNOHO-${index};`);
    lines.push('Mnohá;Dvojnice;MNOHO-7;', ';Bezejmenná;MNOHO-X;');
    const refused = await send('', lines);
    expect(refused.status).toBe(400);
    expect(refused.body.error.report.errors).toEqual([
      {
        row: count + 2,
        column: 'Registrační číslo',
        message: 'Hodnotu pole „Registrační číslo“ už má jiný záznam.',
      },
      { row: count + 3, column: 'Příjmení', message: 'Vyplňte pole „Příjmení“.' },
    ]);
    expect(refused.body.error.report.created).toBe(count);
    expect(await stored('Mnohá')).toBe(0);

    const run = await send('', lines.slice(0, count));
    expect(run.status, run.text).toBe(200);
    expect(run.body.data).toMatchObject({ created: count, errors: [] });
    expect(await stored('Mnohá')).toBe(count);
    const [last] = await byNumber(`MNOHO-${count - 1}`);
    const history = (await root.get(`/api/cms/history/test-member/${last.id}`)).body.data;
    expect(history).toHaveLength(1);
    expect(history[0].action).toBe('create');
  });

  // SQLite keeps no planner statistics: the test exists on PostgreSQL only (not a skipped one).
  if (engine === 'postgres')
    it('settles the table it wrote many rows into (statistics, visibility), so that lists read it as fast as later', async () => {
      const tuples = async () =>
        Number(
          (
            await sql<{ tuples: number }>`
              select reltuples as tuples from pg_class
              where oid = to_regclass(current_schema() || '.test_members')`.execute(t.db)
          ).rows[0]!.tuples,
        );
      const vacuums = async () => {
        await sql`select pg_stat_clear_snapshot()`.execute(t.db);
        return Number(
          (
            await sql<{ n: number }>`select vacuum_count as n from pg_stat_user_tables
              where schemaname = current_schema() and relname = 'test_members'`.execute(t.db)
          ).rows[0]!.n,
        );
      };
      const before = await tuples();
      const vacuumsBefore = await vacuums();
      const lines = Array.from(
        { length: SETTLE_AFTER_ROWS },
        (_, index) => `Statistická;Sára;STAT-${index};`,
      );
      const run = await send('', lines);
      expect(run.status, run.text).toBe(200);
      const after = await tuples();
      expect(after).toBeGreaterThanOrEqual(before + SETTLE_AFTER_ROWS);
      expect(await vacuums()).toBe(vacuumsBefore + 1);
    });
});
