import { API_PATHS, apiPath, type TrashEntry } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { noticeFixture, startFixtureApp } from '../../test/test-entities.ts';
import type { EntityDeclaration } from '../declaration/entity.types.ts';
import { fieldError } from '../records/record-writes.service.ts';

/** A note whose action throws it away: an action's deletes are part of its work and skip the trash. */
const noteFixture: EntityDeclaration = {
  alias: 'test-note',
  table: 'test_notes',
  labels: { singular: 'Poznámka', plural: 'Poznámky' },
  area: 'members',
  screens: 'api-only',
  fields: { text: { kind: 'text', label: 'Text', required: true } },
  defaultSort: { field: 'text', direction: 'asc' },
  searchFields: ['text'],
  labelFields: ['text'],
  actions: {
    discard: {
      label: 'Zahodit',
      path: '/api/cms/action/:alias/:id/:action',
      input: z.object({}),
      run: async ({ record, records }) => {
        await records.delete('test-note', [record!.id]);
        return { discarded: record!.id };
      },
    },
  },
};

/** A member's seat in a team, refused when the team's seats are all taken: a rule of the entity's own. */
const seatFixture: EntityDeclaration = {
  alias: 'test-seat',
  table: 'test_seats',
  labels: { singular: 'Místo', plural: 'Místa' },
  area: 'training',
  screens: 'api-only',
  fields: {
    title: { kind: 'text', label: 'Název', required: true },
    team: { kind: 'relation', label: 'Tým', required: true, relation: { alias: 'test-team' } },
    holder: { kind: 'relation', label: 'Člen', required: true, relation: { alias: 'test-member' } },
  },
  defaultSort: { field: 'title', direction: 'asc' },
  searchFields: ['title'],
  labelFields: ['title'],
  hooks: {
    beforeCreate: async ({ db, data }) => {
      const team = await db
        .selectFrom('test_teams')
        .select(['name', 'size'])
        .where('id', '=', data.team as number)
        .executeTakeFirstOrThrow();
      const taken = await db
        .selectFrom('test_seats')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('team', '=', data.team as number)
        .executeTakeFirstOrThrow();
      if (Number(taken.n) >= Number(team.size)) throw fieldError('team', `Tým ${team.name} je plný.`);
      return undefined;
    },
  },
};

describe.each(testEngines())('trash on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const remove = async (alias: string, id: number) => {
    const response = await root.delete(`/api/cms/form/${alias}/${id}`);
    expect(response.status, response.text).toBe(200);
  };
  const entryOf = async (alias: string, recordId: number, client = root): Promise<TrashEntry | undefined> => {
    const response = await client.get(`${API_PATHS.trash}?entity=${alias}&limit=100`);
    expect(response.status, response.text).toBe(200);
    return response.body.data.items.find((entry: TrashEntry) => entry.recordId === recordId);
  };
  const restore = (entry: TrashEntry, client = root) =>
    client.post(apiPath(API_PATHS.trashRestore, { id: entry.id }), {});

  beforeAll(async () => {
    t = await startFixtureApp(engine, [seatFixture, noticeFixture]);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('keeps a deleted record with who and when, out of lists and unique checks, and restores it with its links', async () => {
    const jana = await created('test-member', {
      firstName: 'Jana',
      lastName: 'Šťastná',
      registrationNumber: 'KOS-1',
    });
    const petr = await created('test-member', { firstName: 'Petr', lastName: 'Dlouhý' });
    const team = await created('test-team', { name: 'Koš A', captain: jana.id, fans: [jana.id, petr.id] });
    const other = await created('test-team', { name: 'Koš B', players: [jana.id] });
    // 'restrict' (players) would refuse the delete: the player leaves first.
    await root.put(`/api/cms/form/test-team/${other.id}`, { version: other.version, players: [] });
    await remove('test-member', jana.id);

    const entry = await entryOf('test-member', jana.id);
    expect(entry).toMatchObject({
      entity: 'test-member',
      entityLabel: 'Člen',
      label: 'Jana Šťastná',
      entityAccusative: 'člena',
    });
    expect(entry!.deletedBy?.name).toBeTruthy();
    expect(Date.parse(entry!.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Each word is looked for anywhere, so the name's order does not matter.
    const search = await root.get(`${API_PATHS.trash}?s=${encodeURIComponent('stastna jana')}`);
    expect(search.body.data.items.map((item: TrashEntry) => item.recordId)).toEqual([jana.id]);
    expect((await root.get(`/api/cms/form/test-member/${jana.id}`)).status).toBe(404);
    const listed = await root.get('/api/cms/datagrid/test-member?s=Šťastná');
    expect(listed.body.data.items).toEqual([]);
    const lost = (await root.get(`/api/cms/form/test-team/${team.id}`)).body.data;
    expect(lost).toMatchObject({ captain: null, fans: [petr.id] });

    // The trashed registration number does not block a new member; while taken, the restore is refused.
    const twin = await created('test-member', {
      firstName: 'Jana',
      lastName: 'Nová',
      registrationNumber: 'KOS-1',
    });
    const refused = await restore(entry!);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toBe(
      'Záznam „Jana Šťastná“ nelze obnovit: hodnotu pole „Registrační číslo“ (KOS-1) už má jiný záznam. Změňte ji u něj, nebo tento záznam smažte natrvalo.',
    );
    await remove('test-member', twin.id);

    const restored = await restore(entry!);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toEqual({ entity: 'test-member', recordId: jana.id, relinked: 2 });
    const back = (await root.get(`/api/cms/form/test-member/${jana.id}`)).body.data;
    expect(back).toMatchObject({ id: jana.id, lastName: 'Šťastná', registrationNumber: 'KOS-1' });
    expect(back.version).toBeGreaterThan(jana.version);
    const relinked = (await root.get(`/api/cms/form/test-team/${team.id}`)).body.data;
    expect(relinked).toMatchObject({ captain: jana.id, fans: [jana.id, petr.id] });
    expect(relinked.version).toBeGreaterThan(lost.version);
    expect(await entryOf('test-member', jana.id)).toBeUndefined();
    const history = (await root.get(`/api/cms/history/test-member/${jana.id}`)).body.data;
    expect(history[0]).toMatchObject({ action: 'action', actionName: 'obnovení z koše' });
    expect(history[1]).toMatchObject({ action: 'delete' });
    // Searchable and unique again.
    const again = await root.post('/api/cms/form/test-member', {
      firstName: 'X',
      lastName: 'Y',
      registrationNumber: 'KOS-1',
    });
    expect(again.status).toBe(400);
    expect(
      (await root.get('/api/cms/datagrid/test-member?s=stastna')).body.data.items.map(
        (m: { id: number }) => m.id,
      ),
    ).toContain(jana.id);
  });

  it('refuses to restore a record whose related record is gone, naming it, and restores it once that is back', async () => {
    const team = await created('test-team', { name: 'Domácí Žluťásci' });
    const match = await created('test-match', { title: 'Derby', home: team.id });
    await remove('test-match', match.id);
    await remove('test-team', team.id);

    const matchEntry = (await entryOf('test-match', match.id))!;
    const refused = await restore(matchEntry);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Záznam „Derby“ nelze obnovit: pole „Domácí“ odkazuje na záznam Tým „Domácí Žluťásci“, který je v koši. Obnovte nejdřív jej.',
    );
    expect((await restore((await entryOf('test-team', team.id))!)).status).toBe(200);
    expect((await restore(matchEntry)).status).toBe(200);
    expect((await root.get(`/api/cms/form/test-match/${match.id}`)).body.data).toMatchObject({
      home: team.id,
    });

    // Deleted for good: the trash forgets it, and a dependant can no longer come back.
    await remove('test-match', match.id);
    await remove('test-team', team.id);
    const teamEntry = (await entryOf('test-team', team.id))!;
    const purged = await root.delete(apiPath(API_PATHS.trashEntry, { id: teamEntry.id }));
    expect(purged.status, purged.text).toBe(200);
    expect(await entryOf('test-team', team.id)).toBeUndefined();
    expect((await restore(teamEntry)).status).toBe(404);
    const orphan = await restore((await entryOf('test-match', match.id))!);
    expect(orphan.status).toBe(409);
    expect(orphan.body.error.message).toContain('který byl smazán natrvalo');
  });

  it('holds the entity’s own rules on a restore: a full team seats no one more', async () => {
    const team = await created('test-team', { name: 'Minipřípravka', size: 1 });
    const first = await created('test-member', { firstName: 'Ema', lastName: 'Vrácená' });
    const second = await created('test-member', { firstName: 'Olga', lastName: 'Nová' });
    const seat = await created('test-seat', { title: 'První místo', team: team.id, holder: first.id });
    await remove('test-seat', seat.id);
    await created('test-seat', { title: 'Druhé místo', team: team.id, holder: second.id });

    const refused = await restore((await entryOf('test-seat', seat.id))!);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toBe('Záznam „První místo“ nelze obnovit: Tým Minipřípravka je plný.');
    expect((await root.get(`/api/cms/form/test-seat/${seat.id}`)).status).toBe(404);
  });

  it('shows each user the trash of the entities they may read, and lets only writers restore or purge', async () => {
    const notice = await created('test-notice', { title: 'Smazané oznámení' });
    await remove('test-notice', notice.id);
    const { client: reader } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    const entry = (await entryOf('test-notice', notice.id, reader))!;
    expect(entry).toBeDefined();
    expect((await restore(entry, reader)).status).toBe(403);
    expect((await reader.delete(apiPath(API_PATHS.trashEntry, { id: entry.id }))).status).toBe(403);
    const member = await created('test-member', { firstName: 'Olga', lastName: 'Trashová' });
    await remove('test-member', member.id);
    const seen = await reader.get(`${API_PATHS.trash}?limit=100`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.items.filter((item: TrashEntry) => item.entity === 'test-member')).toEqual([]);
    expect((await reader.get(`${API_PATHS.trash}?page=0`)).status).toBe(400);
    expect((await root.post(apiPath(API_PATHS.trashRestore, { id: 999_999 }), {})).status).toBe(404);
  });

  it('restores a record once when two restores race', async () => {
    const member = await created('test-member', { firstName: 'Dvojí', lastName: 'Obnova' });
    await remove('test-member', member.id);
    const entry = (await entryOf('test-member', member.id))!;
    const answers = await Promise.all([restore(entry), restore(entry)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect((await root.get(`/api/cms/form/test-member/${member.id}`)).status).toBe(200);
  });

  it('trashes every record of a bulk delete in one go', async () => {
    const a = await created('test-member', { firstName: 'Hromadný', lastName: 'První' });
    const b = await created('test-member', { firstName: 'Hromadný', lastName: 'Druhý' });
    const bulk = await root.post('/api/cms/datagrid/test-member/delete', { ids: [a.id, b.id] });
    expect(bulk.status, bulk.text).toBe(200);
    const page = (await root.get(`${API_PATHS.trash}?s=hromadny`)).body.data;
    expect(page.total).toBe(2);
    expect(page.items.map((item: TrashEntry) => item.label).sort()).toEqual([
      'Hromadný Druhý',
      'Hromadný První',
    ]);
  });
});

describe.each(testEngines())('trash and actions on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine, {}, {}, { product: false, fixtures: [noteFixture] });
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('deletes for good what an action deletes, and trashes what a user deletes', async () => {
    const first = (await root.post('/api/cms/form/test-note', { text: 'Zahozená' })).body.data;
    const second = (await root.post('/api/cms/form/test-note', { text: 'Smazaná' })).body.data;
    const discarded = await root.post(`/api/cms/action/test-note/${first.id}/discard`, {});
    expect(discarded.status, discarded.text).toBe(200);
    expect((await root.delete(`/api/cms/form/test-note/${second.id}`)).status).toBe(200);
    const trash = (await root.get(`${API_PATHS.trash}?entity=test-note`)).body.data;
    expect(trash.items.map((entry: TrashEntry) => entry.label)).toEqual(['Smazaná']);
  });
});
