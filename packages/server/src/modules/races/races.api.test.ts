import { API_PATHS, type TrashEntry } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('races on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('keeps a race’s dates in order and its entry fee with a currency', async () => {
    const reversed = await root.post('/api/cms/form/race', {
      name: 'Pražský půlmaraton',
      dateFrom: '2026-04-05',
      dateTo: '2026-04-04',
    });
    expect(reversed.body.validationErrors).toEqual([
      { path: 'dateTo', message: '„Do“ nesmí být dřív než „Datum“ (5. 4. 2026).' },
    ]);
    const late = await root.post('/api/cms/form/race', {
      name: 'Pražský půlmaraton',
      dateFrom: '2026-04-05',
      registrationDeadline: '2026-04-06',
    });
    expect(late.body.validationErrors).toEqual([
      {
        path: 'registrationDeadline',
        message: '„Přihlášky do“ nesmí být později než „Datum“ (5. 4. 2026).',
      },
    ]);
    const race = await created('race', {
      name: 'Pražský půlmaraton',
      dateFrom: '2026-04-05',
      place: 'Praha',
      discipline: 'Silniční běh',
      categories: 'Muži, Ženy, Junioři',
      entryFee: { amount: 120_000, currency: 'CZK' },
      resultsUrl: 'https://vysledky.example.cz/2026',
    });
    expect(race).toMatchObject({ entryFee: { amount: 120_000, currency: 'CZK' }, dateTo: null });
  });

  it('records members’ categories and results, and lists a member’s races newest first', async () => {
    const jana = await created('member', { firstName: 'Jana', lastName: 'Rychlá', gender: 'FEMALE' });
    const petr = await created('member', { firstName: 'Petr', lastName: 'Běžec' });
    const spring = await created('race', {
      name: 'Jarní běh',
      dateFrom: '2026-03-14',
      dateTo: '2026-03-15',
      categories: 'Muži, Ženy',
    });
    const autumn = await created('race', { name: 'Podzimní kros', dateFrom: '2026-10-03' });
    const future = await created('race', { name: 'Silvestrovský běh', dateFrom: '2099-12-31' });

    const wrongCategory = await root.post('/api/cms/form/race-participant', {
      race: spring.id,
      member: jana.id,
      category: 'Veteráni',
    });
    expect(wrongCategory.body.validationErrors).toEqual([
      { path: 'category', message: 'Závod Jarní běh má kategorie Muži, Ženy.' },
    ]);
    const badTime = await root.post('/api/cms/form/race-participant', {
      race: spring.id,
      member: jana.id,
      resultTime: '1:75:00',
    });
    expect(badTime.body.validationErrors).toEqual([
      { path: 'resultTime', message: 'Čas zapište jako 45:12, 1:02:03 nebo 9:58,4.' },
    ]);
    const entry = await created('race-participant', {
      race: spring.id,
      member: jana.id,
      category: 'Ženy',
      resultTime: '1:02:03',
      resultPlace: 2,
    });
    expect(entry).toMatchObject({ title: 'Jana Rychlá – Jarní běh', resultTime: '1:02:03', resultPlace: 2 });
    const twice = await root.post('/api/cms/form/race-participant', { race: spring.id, member: jana.id });
    expect(twice.body.validationErrors).toEqual([
      { path: 'member', message: 'Jana Rychlá už je do závodu Jarní běh přihlášena.' },
    ]);
    await created('race-participant', { race: spring.id, member: petr.id, category: 'Muži' });
    await created('race-participant', { race: autumn.id, member: jana.id, resultTime: '38:41,5' });

    // Before the race: an entry, but no result yet.
    const early = await root.post('/api/cms/form/race-participant', {
      race: future.id,
      member: jana.id,
      resultPlace: 1,
    });
    expect(early.body.validationErrors).toEqual([
      { path: 'resultPlace', message: 'Výsledek lze zapsat až od dne závodu (31. 12. 2099).' },
    ]);
    const entered = await created('race-participant', { race: future.id, member: jana.id });

    // Results entered after the race.
    const petrEntry = (await root.get(`/api/admin/race/${spring.id}/participants`)).body.data.participants[0];
    const result = await root.put(`/api/cms/form/race-participant/${petrEntry.id}`, {
      resultPlace: 7,
      resultTime: '1:10:00',
      version: petrEntry.version,
    });
    expect(result.status, result.text).toBe(200);

    const list = await root.get(`/api/admin/race/${spring.id}/participants`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.categories).toEqual(['Muži', 'Ženy']);
    expect(list.body.data.resultsOpen).toBe(true);
    expect(
      list.body.data.participants.map((row: Record<string, unknown>) => [
        row.lastName,
        row.category,
        row.resultTime,
        row.resultPlace,
      ]),
    ).toEqual([
      ['Běžec', 'Muži', '1:10:00', 7],
      ['Rychlá', 'Ženy', '1:02:03', 2],
    ]);
    expect((await root.get(`/api/admin/race/${future.id}/participants`)).body.data.resultsOpen).toBe(false);

    const races = await root.get(`/api/admin/race/member-races?memberId=${jana.id}`);
    expect(races.status, races.text).toBe(200);
    expect(races.body.data.map((row: { raceName: string }) => row.raceName)).toEqual([
      'Silvestrovský běh',
      'Podzimní kros',
      'Jarní běh',
    ]);
    expect(races.body.data[2]).toMatchObject({
      dateFrom: '2026-03-14',
      dateTo: '2026-03-15',
      resultPlace: 2,
    });

    // A member with entries cannot vanish under them; a race takes its entries with it.
    expect((await root.delete(`/api/cms/form/member/${petr.id}`)).status).toBe(409);
    expect((await root.delete(`/api/cms/form/race/${future.id}`)).status).toBe(200);
    expect((await root.get(`/api/cms/form/race-participant/${entered.id}`)).status).toBe(404);
    // Into the trash, its result kept for a restore.
    const trash = (await root.get(`${API_PATHS.trash}?entity=race-participant`)).body.data
      .items as TrashEntry[];
    expect(trash.map((entry) => entry.recordId)).toContain(entered.id);
  });

  it('lets trainers work with races and refuses strangers', async () => {
    const race = await created('race', { name: 'Kros', dateFrom: '2026-05-01' });
    const anonymous = t.client();
    expect((await anonymous.get(`/api/admin/race/${race.id}/participants`)).status).toBe(401);
    expect((await anonymous.get('/api/admin/race/member-races?memberId=1')).status).toBe(401);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get(`/api/admin/race/${race.id}/participants`)).status).toBe(403);
    expect((await salesman.get('/api/admin/race/member-races?memberId=1')).status).toBe(403);
    const stranger = await created('member', { firstName: 'Cizí', lastName: 'Běžec' });
    await created('race-participant', { race: race.id, member: stranger.id });
    const { client: trainer } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const seen = await trainer.get(`/api/admin/race/${race.id}/participants`);
    expect(seen.status).toBe(200);
    // Entries of members neither theirs nor trained by them are not in their list.
    expect(seen.body.data).toMatchObject({ capacity: null, participants: [], waiting: [] });
    expect((await root.get(`/api/admin/race/${race.id}/participants`)).body.data.participants).toHaveLength(
      1,
    );
    expect((await trainer.get('/api/admin/race/member-races?memberId=1')).status).toBe(200);
    expect((await root.get('/api/admin/race/member-races?memberId=abc')).status).toBe(400);
  });
});
