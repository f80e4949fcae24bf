import { API_PATHS, apiPath, type TrashEntry } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { getBytes, readFirstSheet, rowValues } from '../../test/xlsx-reader.ts';

interface Person {
  id: number;
  lastName: string;
}

describe.each(testEngines())('camps on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const member = (firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
    created('member', { firstName, lastName, ...extra }) as Promise<Person>;
  const camp = (name: string, capacity: number | null) =>
    created('camp', { name, dateFrom: '2027-07-05', dateTo: '2027-07-12', place: 'Orlické hory', capacity });
  const signUp = (campId: number, memberId: number, extra: Record<string, unknown> = {}) =>
    created('camp-participant', { camp: campId, member: memberId, ...extra });
  const lists = async (campId: number) => {
    const response = await root.get(`/api/admin/camp/${campId}/participants`);
    expect(response.status, response.text).toBe(200);
    const names = (rows: Array<{ lastName: string }>) => rows.map((row) => row.lastName);
    return {
      participants: names(response.body.data.participants),
      waiting: names(response.body.data.waiting),
      body: response.body.data,
    };
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('keeps a camp’s dates in order and its price in CZK unless told otherwise', async () => {
    const reversed = await root.post('/api/cms/form/camp', {
      name: 'Zimní',
      dateFrom: '2027-02-10',
      dateTo: '2027-02-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.validationErrors).toEqual([
      { path: 'dateTo', message: '„Do“ nesmí být dřív než „Od“ (10. 2. 2027).' },
    ]);
    const late = await root.post('/api/cms/form/camp', {
      name: 'Zimní',
      dateFrom: '2027-02-01',
      dateTo: '2027-02-07',
      registrationDeadline: '2027-03-01',
    });
    expect(late.body.validationErrors).toEqual([
      {
        path: 'registrationDeadline',
        message: '„Přihlášky do“ nesmí být později než „Do“ (7. 2. 2027).',
      },
    ]);
    const badCurrency = await root.post('/api/cms/form/camp', {
      name: 'Zimní',
      dateFrom: '2027-02-01',
      dateTo: '2027-02-07',
      price: { amount: 10, currency: 'XYZ' },
    });
    expect(badCurrency.status).toBe(400);
    const group = await created('group', { name: 'Přípravka' });
    const saved = await created('camp', {
      name: 'Zimní',
      dateFrom: '2027-02-01',
      dateTo: '2027-02-07',
      groups: [group.id],
    });
    expect(saved).toMatchObject({ price: { amount: 0, currency: 'CZK' }, groups: [group.id] });
    const euro = await created('camp', {
      name: 'Alpy',
      dateFrom: '2027-03-01',
      dateTo: '2027-03-07',
      price: { amount: 45050, currency: 'EUR' },
    });
    expect(euro.price).toEqual({ amount: 45050, currency: 'EUR' });
  });

  it('puts sign-ups past the capacity on a waiting list in order, and moves the first up when someone leaves', async () => {
    const summer = await camp('Léto', 2);
    const people = [
      await member('Adam', 'Adamec'),
      await member('Bára', 'Bednářová'),
      await member('Cyril', 'Cibulka'),
      await member('Dana', 'Dušková'),
    ];
    const entries = [];
    for (const person of people) entries.push(await signUp(summer.id, person.id));
    expect(entries.map((entry) => entry.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'WAITING', 'WAITING']);
    expect(await lists(summer.id)).toMatchObject({
      participants: ['Adamec', 'Bednářová'],
      waiting: ['Cibulka', 'Dušková'],
    });
    expect(
      (await lists(summer.id)).body.waiting.map((row: { waitingPosition: number }) => row.waitingPosition),
    ).toEqual([1, 2]);

    const twice = await root.post('/api/cms/form/camp-participant', {
      camp: summer.id,
      member: people[2]!.id,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual([
      { path: 'member', message: 'Cyril Cibulka už na soustředění Léto čeká na místo.' },
    ]);

    // Someone with a place leaves: the first waiting moves up, the second stays waiting.
    expect((await root.delete(`/api/cms/form/camp-participant/${entries[0].id}`)).status).toBe(200);
    expect(await lists(summer.id)).toMatchObject({
      participants: ['Bednářová', 'Cibulka'],
      waiting: ['Dušková'],
    });
    // Someone waiting leaves: nobody moves.
    const eva = await member('Eva', 'Erbenová');
    const evaEntry = await signUp(summer.id, eva.id);
    await root.delete(`/api/cms/form/camp-participant/${entries[3].id}`);
    expect(await lists(summer.id)).toMatchObject({
      participants: ['Bednářová', 'Cibulka'],
      waiting: ['Erbenová'],
    });

    // A larger camp lets the waiting in.
    const current = (await root.get(`/api/cms/form/camp/${summer.id}`)).body.data;
    const bigger = await root.put(`/api/cms/form/camp/${summer.id}`, {
      capacity: 5,
      version: current.version,
    });
    expect(bigger.status, bigger.text).toBe(200);
    expect(await lists(summer.id)).toMatchObject({
      participants: ['Bednářová', 'Cibulka', 'Erbenová'],
      waiting: [],
    });

    // Moving a participant to another camp is refused; a camp takes its lists with it.
    const other = await camp('Podzim', null);
    const moved = await root.put(`/api/cms/form/camp-participant/${entries[1].id}`, {
      camp: other.id,
      version: entries[1].version,
    });
    expect(moved.status).toBe(400);
    const trashed = async (entity: string) =>
      (await root.get(`${API_PATHS.trash}?entity=${entity}&limit=100`)).body.data.items as TrashEntry[];
    const trashedBefore = new Set((await trashed('camp-participant')).map((entry) => entry.id));
    const listsBefore = (await lists(summer.id)).body;
    expect((await root.delete(`/api/cms/form/camp/${summer.id}`)).status).toBe(200);
    expect((await root.get(`/api/cms/form/camp-participant/${entries[1].id}`)).status).toBe(404);

    // The lists went to the trash with the camp, each entry of its own; they come back after the camp.
    const withCamp = (await trashed('camp-participant')).filter((entry) => !trashedBefore.has(entry.id));
    expect(withCamp.map((entry) => entry.recordId).sort()).toEqual(
      [entries[1].id, entries[2].id, evaEntry.id].sort(),
    );
    const restore = (entry: TrashEntry) => root.post(apiPath(API_PATHS.trashRestore, { id: entry.id }), {});
    const early = await restore(withCamp[0]!);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain('Soustředění');
    const [trashedCamp] = (await trashed('camp')).filter((entry) => entry.recordId === summer.id);
    expect((await restore(trashedCamp!)).status).toBe(200);
    // Restored in the order they signed up, they take their places in it again (a restore is a sign-up).
    withCamp.sort((a, b) => a.recordId - b.recordId);
    for (const entry of withCamp) expect((await restore(entry)).status).toBe(200);
    const names = (body: typeof listsBefore) => ({
      participants: body.participants.map((row: { id: number; lastName: string }) => [row.id, row.lastName]),
      waiting: body.waiting.map((row: { id: number; lastName: string }) => [row.id, row.lastName]),
    });
    expect(names((await lists(summer.id)).body)).toEqual(names(listsBefore));
  });

  it('fills the last places one at a time when sign-ups arrive together', async () => {
    const small = await camp('Malé', 3);
    const people = await Promise.all(
      ['Fiala', 'Gregor', 'Hora', 'Ivan', 'Janda', 'Kos'].map((name) => member('Jan', name)),
    );
    const answers = await Promise.all(
      people.map((person) =>
        root.post('/api/cms/form/camp-participant', { camp: small.id, member: person.id }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const { body } = await lists(small.id);
    expect(body.participants).toHaveLength(3);
    expect(body.waiting).toHaveLength(3);
  });

  it('exports participants and the waiting list to XLSX and Czech-Excel CSV', async () => {
    const group = await created('group', { name: 'Žáci A' });
    const trip = await created('camp', {
      name: 'Šumava',
      dateFrom: '2027-07-05',
      dateTo: '2027-07-12',
      capacity: 1,
      price: { amount: 250_000, currency: 'CZK' },
    });
    const jana = await member('Jana', 'Nováková', { birthDate: '2012-04-03', address: 'Dlouhá 5, Praha' });
    const petr = await member('Petr', 'Šťastný', { birthDate: '2013-09-30' });
    const ota = await member('Ota', 'Zíka');
    await created('group-member', { group: group.id, member: jana.id, validFrom: '2026-09-01' });
    await signUp(trip.id, jana.id, { note: '=vegetarián' });
    await signUp(trip.id, petr.id);
    await signUp(trip.id, ota.id);

    const xlsx = await getBytes(root, `/api/admin/camp/${trip.id}/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(xlsx.headers.get('content-disposition') ?? '')).toContain(
      'Šumava – účastníci.xlsx',
    );
    const sheet = await readFirstSheet(xlsx.bytes);
    const row = (line: number) => rowValues(sheet, line);
    expect(row(1)).toEqual([
      'Příjmení',
      'Jméno',
      'Datum narození',
      'Adresa',
      'Skupina',
      'Platba',
      'Poznámka',
    ]);
    // The birth date is an Excel date.
    expect(row(2)).toEqual([
      'Nováková',
      'Jana',
      new Date('2012-04-03T00:00:00Z'),
      'Dlouhá 5, Praha',
      'Žáci A',
      // Her payment request's state: who waits has none yet.
      'Nezaplaceno',
      '=vegetarián',
    ]);
    expect(sheet.rowCount).toBe(2);

    const csv = await getBytes(root, `/api/admin/camp/${trip.id}/export?format=csv&list=waiting`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Pořadí;Příjmení;Jméno;Datum narození;Adresa;Skupina;Platba;Poznámka',
      '1;Šťastný;Petr;30. 9. 2013;;;;',
      '2;Zíka;Ota;;;;;',
      '',
    ]);
    const participantsCsv = (
      await getBytes(root, `/api/admin/camp/${trip.id}/export?format=csv`)
    ).bytes.toString('utf8');
    // A note Excel would run as a formula is defused.
    expect(participantsCsv).toContain(";'=vegetarián");

    const wrong = await root.get(`/api/admin/camp/${trip.id}/export?format=pdf`);
    expect(wrong.status).toBe(400);
    expect((await root.get('/api/admin/camp/2000000000/export')).status).toBe(404);
  });

  it('lets trainers work with camps and refuses strangers', async () => {
    const trip = await camp('Jaro', null);
    const anonymous = t.client();
    expect((await anonymous.get(`/api/admin/camp/${trip.id}/participants`)).status).toBe(401);
    expect((await anonymous.get(`/api/admin/camp/${trip.id}/export`)).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get(`/api/admin/camp/${trip.id}/participants`)).status).toBe(403);
    expect((await salesman.get(`/api/admin/camp/${trip.id}/export`)).status).toBe(403);
    expect(
      (await salesman.post('/api/cms/form/camp', { name: 'X', dateFrom: '2027-01-01', dateTo: '2027-01-02' }))
        .status,
    ).toBe(403);
    await signUp(trip.id, (await member('Cizí', 'Dítě')).id);
    const { client: trainer } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const seen = await trainer.get(`/api/admin/camp/${trip.id}/participants`);
    expect(seen.status).toBe(200);
    // Sign-ups of members neither theirs nor trained by them are not in their list.
    expect(seen.body.data).toEqual({ capacity: null, participants: [], waiting: [] });
    expect((await lists(trip.id)).participants).toEqual(['Dítě']);
    expect((await trainer.get(`/api/admin/camp/${trip.id}/export?format=csv`)).status).toBe(200);
  });
});
