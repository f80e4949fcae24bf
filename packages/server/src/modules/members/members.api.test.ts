import { pragueToday } from '@klubovna/shared/time/prague';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { getBytes, readFirstSheet, rowValues } from '../../test/xlsx-reader.ts';

const NAMES = [
  ['Jan', 'Dvořák'],
  ['Petr', 'Dvorský'],
  ['Eva', 'Čermáková'],
  ['Karel', 'Cibulka'],
  ['Ivana', 'Chalupová'],
  ['Hana', 'Hrušková'],
  ['Igor', 'Ivanov'],
  ['Tomáš', 'Řezníček'],
  ['Zdeněk', 'Žák'],
  ['Marie', 'Málková'],
] as const;

describe.each(testEngines())('members through the engine on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    for (const [index, [firstName, lastName]] of NAMES.entries()) {
      const response = await root.post('/api/cms/form/member', {
        firstName,
        lastName,
        birthDate: `20${10 + index}-05-0${(index % 9) + 1}`,
        memberType: index % 3 === 0 ? 'TRAINER' : 'ATHLETE',
        registrationNumber: `REG-${index}`,
        active: index !== 1,
      });
      expect(response.status, response.text).toBe(201);
      ids[lastName] = response.body.data.id;
    }
  });
  afterAll(() => t.close());

  const lastNames = (response: { body: { data: { items: Array<{ lastName: string }> } } }) =>
    response.body.data.items.map((item) => item.lastName);

  it('sorts by last name in Czech order', async () => {
    const response = await root.get('/api/cms/datagrid/member?sort=lastName&direction=asc&limit=100');
    expect(response.status).toBe(200);
    expect(lastNames(response)).toEqual([
      'Cibulka',
      'Čermáková',
      'Dvorský',
      'Dvořák',
      'Hrušková',
      'Chalupová',
      'Ivanov',
      'Málková',
      'Řezníček',
      'Žák',
    ]);
    expect(response.body.data).toMatchObject({ total: 10, page: 1, limit: 100 });
    const desc = await root.get('/api/cms/datagrid/member?sort=lastName&direction=desc&limit=3&page=2');
    expect(lastNames(desc)).toEqual(['Ivanov', 'Chalupová', 'Hrušková']);
  });

  it('searches ignoring case and diacritics, both ways', async () => {
    for (const [s, expected] of [
      ['cermak', ['Čermáková']],
      ['čer', ['Čermáková']],
      ['ŘEZ', ['Řezníček']],
      ['reznicek', ['Řezníček']],
      ['dvo', ['Dvorský', 'Dvořák']],
      ['ja', ['Dvořák']],
      ['tomas rez', ['Řezníček']],
      ['100%_', []],
    ] as const) {
      const response = await root.get(`/api/cms/datagrid/member?s=${encodeURIComponent(s)}&limit=100`);
      expect(response.status).toBe(200);
      expect(lastNames(response), s).toEqual(expected);
      expect(response.body.data.total, s).toBe(expected.length);
    }
  });

  it('finds a fragment of one or two letters at the start of a searched field, diacritics-blind', async () => {
    for (const [s, expected] of [
      ['c', ['Cibulka', 'Čermáková', 'Chalupová']],
      ['Č', ['Cibulka', 'Čermáková', 'Chalupová']],
      ['ch', ['Chalupová']],
      ['iv', ['Chalupová', 'Ivanov']],
      ['ž', ['Žák']],
      ['má', ['Málková']],
      // Every word short: each starts a field. Beside a longer word a short one is a substring.
      ['j d', ['Dvořák']],
      ['tomáš r', ['Řezníček']],
      ['eva k', ['Čermáková']],
      // Inside a name only: "Jan", "Ivana" and "Hana" contain it, none starts with it.
      ['an', []],
      ['%', []],
      ['_', []],
      ['😀', []],
    ] as const) {
      const response = await root.get(`/api/cms/datagrid/member?s=${encodeURIComponent(s)}&limit=100`);
      expect(response.status, s).toBe(200);
      expect(lastNames(response), s).toEqual(expected);
      expect(response.body.data, s).toMatchObject({ total: expected.length, totalApproximate: false });
    }
  });

  it('filters by enum, boolean and date range', async () => {
    const trainers = await root.get('/api/cms/datagrid/member?filter[memberType]=TRAINER&limit=100');
    expect(trainers.body.data.total).toBe(4);
    const inactive = await root.get('/api/cms/datagrid/member?filter[active]=false');
    expect(lastNames(inactive)).toEqual(['Dvorský']);
    const born = await root.get(
      '/api/cms/datagrid/member?filter[birthDate][from]=2012-01-01&filter[birthDate][to]=2013-12-31',
    );
    expect(lastNames(born).sort()).toEqual(['Cibulka', 'Čermáková']);
  });

  it('refuses undeclared sorting and filtering and too large pages with 400', async () => {
    for (const query of [
      'sort=password_hash',
      'sort=photo.url',
      'filter[search_text]=x',
      'filter[firstName.x]=1',
      'filter[memberType]=KING',
      'filter[active]=ano',
      'limit=101',
      'page=0',
      'direction=up',
    ]) {
      const response = await root.get(`/api/cms/datagrid/member?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.message, query).toMatch(/[áčéěíóřšúůýž„]/);
    }
  });

  it('answers a stale version with 409 and overwrites nothing', async () => {
    const id = ids.Dvořák!;
    const current = (await root.get(`/api/cms/form/member/${id}`)).body.data;
    const saved = await root.put(`/api/cms/form/member/${id}`, { ...current, note: 'první úprava' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(current.version + 1);
    const stale = await root.put(`/api/cms/form/member/${id}`, { ...current, note: 'přepsání' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current.note).toBe('první úprava');
    expect((await root.get(`/api/cms/form/member/${id}`)).body.data.note).toBe('první úprava');
  });

  it('writes every change to the audit trail with from and to', async () => {
    const id = ids.Žák!;
    const current = (await root.get(`/api/cms/form/member/${id}`)).body.data;
    await root.put(`/api/cms/form/member/${id}`, { version: current.version, phone: '+420 777 123 456' });
    const rows = await t.db
      .selectFrom('audit_log' as never)
      .selectAll()
      .where('record_id' as never, '=', id as never)
      .execute();
    const actions = rows.map((row) => (row as { action: string }).action);
    expect(actions).toEqual(['create', 'update']);
    const changes = JSON.parse((rows[1] as { changes: string }).changes);
    expect(changes).toEqual({ phone: { from: null, to: '+420 777 123 456' } });
  });

  it('validates with Czech messages, unique registration numbers included, and ignores undeclared fields', async () => {
    const missing = await root.post('/api/cms/form/member', { firstName: '', email: 'nope' });
    expect(missing.status).toBe(400);
    const paths = missing.body.validationErrors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(['email', 'firstName', 'lastName']);
    const duplicate = await root.post('/api/cms/form/member', {
      firstName: 'A',
      lastName: 'B',
      registrationNumber: 'REG-0',
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.validationErrors).toEqual([
      { path: 'registrationNumber', message: 'Hodnotu pole „Registrační číslo“ už má jiný záznam.' },
    ]);
    const sneaky = await root.post('/api/cms/form/member', {
      firstName: 'A',
      lastName: 'B',
      id: 999,
      version: 50,
      search_text: 'x',
    });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.data.id).not.toBe(999);
    expect(sneaky.body.data.version).toBe(1);
    await root.delete(`/api/cms/form/member/${sneaky.body.data.id}`);
  });

  it('refuses a birth date in the future on the field, on create and on update, and takes today', async () => {
    const future = await root.post('/api/cms/form/member', {
      firstName: 'Budoucí',
      lastName: 'Člen',
      birthDate: '2099-01-01',
    });
    expect(future.status).toBe(400);
    expect(future.body.validationErrors).toEqual([
      { path: 'birthDate', message: '„Datum narození“ nesmí být v budoucnosti.' },
    ]);
    const today = pragueToday();
    const born = await root.post('/api/cms/form/member', {
      firstName: 'Dnes',
      lastName: 'Narozený',
      birthDate: today,
    });
    expect(born.status, born.text).toBe(201);
    const moved = await root.put(`/api/cms/form/member/${born.body.data.id}`, {
      version: born.body.data.version,
      birthDate: '2099-01-01',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.validationErrors[0].path).toBe('birthDate');
    const form = await root.get('/api/cms/form/member/schema');
    expect(form.body.data.fields.find((f: { name: string }) => f.name === 'birthDate').constraints).toEqual({
      notInFuture: true,
    });
    await root.delete(`/api/cms/form/member/${born.body.data.id}`);
  });

  it('serves schemas, 404 for unknown aliases and tables by role', async () => {
    const grid = await root.get('/api/cms/datagrid/schema/member');
    expect(grid.body.data.columns.find((c: { key: string }) => c.key === 'memberType').options[0]).toEqual({
      value: 'HEAD_TRAINER',
      label: 'Vedoucí trenér',
    });
    const form = await root.get('/api/cms/form/member/schema');
    expect(form.body.data.fields.find((f: { name: string }) => f.name === 'lastName')).toMatchObject({
      required: true,
      constraints: { maxLength: 100 },
    });
    expect((await root.get('/api/cms/form/neznamy/schema')).status).toBe(404);
    expect((await root.get('/api/cms/tables')).body.data.map((e: { alias: string }) => e.alias)).toContain(
      'member',
    );
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    // The salesman's tables are the web's sponsors and events, never the members.
    const salesmanTables = (await salesman.get('/api/cms/tables')).body.data.map(
      (e: { alias: string }) => e.alias,
    );
    expect(salesmanTables.sort()).toEqual(['event', 'sponsor']);
    expect((await salesman.get('/api/cms/datagrid/member')).status).toBe(403);
    const { client: trainer } = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await trainer.get('/api/cms/datagrid/member')).status).toBe(200);
    expect((await trainer.post('/api/cms/form/member', { firstName: 'A', lastName: 'B' })).status).toBe(403);
    expect((await trainer.get('/api/cms/datagrid/schema/member')).body.data.canCreate).toBe(false);
  });

  it('offers relation and filter options', async () => {
    const options = await root.get('/api/cms/autocomplete/member?s=cerm');
    expect(options.body.data).toEqual([
      { value: ids.Čermáková, label: 'Čermáková Eva', detail: '2012 · Závodník' },
    ]);
    const enumOptions = await root.get('/api/cms/datagrid/autocomplete/member/memberType?s=tren');
    expect(enumOptions.body.data.map((o: { value: string }) => o.value)).toEqual(['HEAD_TRAINER', 'TRAINER']);
  });

  it('exports the whole filtered set as CSV for Czech Excel', async () => {
    const response = await root.get(
      '/api/cms/datagrid/member/export?format=csv&filter[memberType]=TRAINER&sort=lastName',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment/);
    const bytes = Buffer.from(response.text, 'utf8');
    expect(response.text.charCodeAt(0)).toBe(0xfeff);
    expect(bytes.length).toBeGreaterThan(10);
    const lines = response.text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Příjmení;Jméno;Datum narození;Pohlaví;Státní občanství;E-mail/);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('Trenér');
    expect(lines[1]).toMatch(/;\d{1,2}\. \d{1,2}\. 20\d\d;/);
  });

  it('exports the whole filtered, sorted set as a real XLSX workbook', async () => {
    const tricky = await root.post('/api/cms/form/member', {
      firstName: 'Tom & <Jerry>',
      lastName: 'Čermák "Ř"',
      birthDate: '2001-02-03',
      memberType: 'HEAD_TRAINER',
      note: '  odsazeno\nna dva řádky\u0007',
    });
    expect(tricky.status, tricky.text).toBe(201);
    const response = await getBytes(
      root,
      '/api/cms/datagrid/member/export?format=xlsx&filter[memberType]=TRAINER&filter[memberType]=HEAD_TRAINER&sort=lastName&direction=desc',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="export\.xlsx"; filename\*=UTF-8''%C4%8Clenov%C3%A9-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const sheet = await readFirstSheet(response.bytes);
    expect(sheet.name).toBe('Členové');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Header: bold, Czech labels in declaration order (the birth number and the photo are left out).
    expect(rowValues(sheet, 1).slice(0, 6)).toEqual([
      'Příjmení',
      'Jméno',
      'Datum narození',
      'Pohlaví',
      'Státní občanství',
      'E-mail',
    ]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    // Four trainers and the head trainer by last name descending, in Czech order (Č after C).
    expect(sheet.rowCount).toBe(6);
    expect([2, 3, 4, 5, 6].map((row) => sheet.getCell(`A${row}`).value)).toEqual([
      'Málková',
      'Ivanov',
      'Dvořák',
      'Čermák "Ř"',
      'Cibulka',
    ]);
    expect(sheet.getCell('B5').value).toBe('Tom & <Jerry>');
    // 3. 2. 2001 is an Excel date shown through the d. m. yyyy format.
    expect(sheet.getCell('C5').value).toEqual(new Date('2001-02-03T00:00:00Z'));
    expect(sheet.getCell('C5').numFmt).toBe('d. m. yyyy');
    expect(sheet.getCell('I5').value).toBe('Vedoucí trenér');
    expect(sheet.getCell('I2').value).toBe('Trenér');
    // Zod trims the ends; the bell character is dropped (XML forbids it), the line break kept.
    expect(rowValues(sheet, 5)).toContain('odsazeno\nna dva řádky');
    expect(rowValues(sheet, 2)).toContain('Ano');

    const bad = await root.get('/api/cms/datagrid/member/export?format=pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Neznámý formát exportu „pdf“. Zvolte csv nebo xlsx.');
    const badQuery = await root.get('/api/cms/datagrid/member/export?format=xlsx&sort=photo');
    expect(badQuery.status).toBe(400);
    await root.delete(`/api/cms/form/member/${tricky.body.data.id}`);
  });

  it('refuses ids beyond 32 bits with 400 instead of passing them to the database', async () => {
    const huge = 3_000_000_000;
    for (const response of [
      await root.get(`/api/cms/form/member/${huge}`),
      await root.put(`/api/cms/form/member/${huge}`, { version: 1 }),
      await root.delete(`/api/cms/form/member/${huge}`),
      await root.post('/api/cms/datagrid/member/delete', { ids: [huge] }),
    ]) {
      expect(response.status, response.text).toBe(400);
      expect(response.body.error.message).toMatch(/[áčéěíóřšúůýž]/);
    }
  });

  it('deletes in bulk, all or nothing', async () => {
    const a = (await root.post('/api/cms/form/member', { firstName: 'Smazat', lastName: 'Jedna' })).body.data
      .id;
    const b = (await root.post('/api/cms/form/member', { firstName: 'Smazat', lastName: 'Dva' })).body.data
      .id;
    const partial = await root.post('/api/cms/datagrid/member/delete', { ids: [a, 999_999] });
    expect(partial.status).toBe(404);
    expect((await root.get(`/api/cms/form/member/${a}`)).status).toBe(200);
    const both = await root.post('/api/cms/datagrid/member/delete', { ids: [a, b] });
    expect(both.status).toBe(200);
    expect((await root.get(`/api/cms/form/member/${b}`)).status).toBe(404);
  });

  it('stores e-mails lower-cased and registration numbers without spaces in capitals, so duplicates are caught', async () => {
    const created = await root.post('/api/cms/form/member', {
      firstName: 'Alena',
      lastName: 'Veselá',
      email: '  Alena.Vesela@Klub.CZ ',
      registrationNumber: ' cz 4711 ',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'alena.vesela@klub.cz', registrationNumber: 'CZ4711' });
    const duplicate = await root.post('/api/cms/form/member', {
      firstName: 'Alena',
      lastName: 'Veselá',
      registrationNumber: 'Cz4711',
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.validationErrors).toEqual([
      { path: 'registrationNumber', message: 'Hodnotu pole „Registrační číslo“ už má jiný záznam.' },
    ]);
    const updated = await root.put(`/api/cms/form/member/${created.body.data.id}`, {
      version: created.body.data.version,
      email: 'ALENA@KLUB.CZ',
    });
    expect(updated.body.data.email).toBe('alena@klub.cz');
  });

  it('marks selected members inactive in one action, each change audited, and refuses roles that may only read', async () => {
    const chosen = [ids.Dvořák!, ids.Žák!];
    const auditRows = () =>
      t.db
        .selectFrom('audit_log')
        .select(['action', 'record_id'])
        .where('entity', '=', 'member')
        .where('record_id', 'in', [0, ...chosen])
        .where('action', 'in', ['update', 'action'])
        .orderBy('id')
        .execute();
    const before = await auditRows();
    const response = await root.post('/api/cms/action/member/set-active', { ids: chosen, active: false });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ changed: 2, missing: 0 });
    for (const id of chosen)
      expect((await root.get(`/api/cms/form/member/${id}`)).body.data.active).toBe(false);
    const again = await root.post('/api/cms/action/member/set-active', { ids: chosen, active: false });
    expect(again.body.data).toEqual({ changed: 0, missing: 0 });
    const audit = (await auditRows()).slice(before.length);
    expect(audit.filter((row) => row.action === 'update')).toHaveLength(2);
    expect(audit.filter((row) => row.action === 'action')).toHaveLength(2);

    const { client: reader } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const refused = await reader.post('/api/cms/action/member/set-active', { ids: chosen, active: true });
    expect(refused.status).toBe(403);
    const bad = await root.post('/api/cms/action/member/set-active', { ids: [], active: 'ano' });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.map((error: { path: string }) => error.path).sort()).toEqual([
      'active',
      'ids',
    ]);
    for (const id of chosen)
      expect((await root.get(`/api/cms/form/member/${id}`)).body.data.active).toBe(false);
  });
});
