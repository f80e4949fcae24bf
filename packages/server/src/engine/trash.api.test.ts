import { API_PATHS, apiPath, type TrashEntry } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DECLARATIONS } from '../modules/entities.ts';
import { signedInClient } from '../test/fixtures.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';
import type { EntityDeclaration } from './entity.types.ts';
import { createEntityTables } from './entity-table.ts';
import { startTestAppWithFixtures } from './test-entities.ts';

/** A note whose action throws it away: an action's deletes are part of its work and skip the trash. */
const noteFixture: EntityDeclaration = {
  alias: 'test-note',
  table: 'test_notes',
  labels: { singular: 'Poznámka', plural: 'Poznámky' },
  area: 'members',
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
    t = await startTestAppWithFixtures(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('keeps a deleted record with who and when, out of lists and unique checks, and restores it with its links', async () => {
    const jana = await created('member', {
      firstName: 'Jana',
      lastName: 'Šťastná',
      registrationNumber: 'KOS-1',
    });
    const petr = await created('member', { firstName: 'Petr', lastName: 'Dlouhý' });
    const team = await created('test-team', { name: 'Koš A', captain: jana.id, fans: [jana.id, petr.id] });
    const other = await created('test-team', { name: 'Koš B', players: [jana.id] });
    // 'restrict' (players) would refuse the delete: the player leaves first.
    await root.put(`/api/cms/form/test-team/${other.id}`, { version: other.version, players: [] });
    await remove('member', jana.id);

    const entry = await entryOf('member', jana.id);
    expect(entry).toMatchObject({
      entity: 'member',
      entityLabel: 'Člen',
      label: 'Jana Šťastná',
      entityAccusative: 'člena',
    });
    expect(entry!.deletedBy?.name).toBeTruthy();
    expect(Date.parse(entry!.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Each word is looked for anywhere, so the name's order does not matter.
    const search = await root.get(`${API_PATHS.trash}?s=${encodeURIComponent('stastna jana')}`);
    expect(search.body.data.items.map((item: TrashEntry) => item.recordId)).toEqual([jana.id]);
    expect((await root.get(`/api/cms/form/member/${jana.id}`)).status).toBe(404);
    const listed = await root.get('/api/cms/datagrid/member?s=Šťastná');
    expect(listed.body.data.items).toEqual([]);
    const lost = (await root.get(`/api/cms/form/test-team/${team.id}`)).body.data;
    expect(lost).toMatchObject({ captain: null, fans: [petr.id] });

    // The trashed registration number does not block a new member; while taken, the restore is refused.
    const twin = await created('member', {
      firstName: 'Jana',
      lastName: 'Nová',
      registrationNumber: 'KOS-1',
    });
    const refused = await restore(entry!);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toBe(
      'Záznam „Jana Šťastná“ nelze obnovit: hodnotu pole „Registrační číslo“ (KOS-1) už má jiný záznam. Změňte ji u něj, nebo tento záznam smažte natrvalo.',
    );
    await remove('member', twin.id);

    const restored = await restore(entry!);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toEqual({ entity: 'member', recordId: jana.id, relinked: 2 });
    const back = (await root.get(`/api/cms/form/member/${jana.id}`)).body.data;
    expect(back).toMatchObject({ id: jana.id, lastName: 'Šťastná', registrationNumber: 'KOS-1' });
    expect(back.version).toBeGreaterThan(jana.version);
    const relinked = (await root.get(`/api/cms/form/test-team/${team.id}`)).body.data;
    expect(relinked).toMatchObject({ captain: jana.id, fans: [jana.id, petr.id] });
    expect(relinked.version).toBeGreaterThan(lost.version);
    expect(await entryOf('member', jana.id)).toBeUndefined();
    const history = (await root.get(`/api/cms/history/member/${jana.id}`)).body.data;
    expect(history[0]).toMatchObject({ action: 'action', actionName: 'obnovení z koše' });
    expect(history[1]).toMatchObject({ action: 'delete' });
    // Searchable and unique again.
    const again = await root.post('/api/cms/form/member', {
      firstName: 'X',
      lastName: 'Y',
      registrationNumber: 'KOS-1',
    });
    expect(again.status).toBe(400);
    expect(
      (await root.get('/api/cms/datagrid/member?s=stastna')).body.data.items.map((m: { id: number }) => m.id),
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

  it('holds the entity’s own rules on a restore: a full group takes no one back', async () => {
    const group = await created('group', { name: 'Minipřípravka', capacity: 1 });
    const first = await created('member', { firstName: 'Ema', lastName: 'Vrácená' });
    const second = await created('member', { firstName: 'Olga', lastName: 'Nová' });
    const membership = await created('group-member', {
      group: group.id,
      member: first.id,
      validFrom: '2026-09-01',
    });
    await remove('group-member', membership.id);
    await created('group-member', { group: group.id, member: second.id, validFrom: '2026-09-01' });

    const refused = await restore((await entryOf('group-member', membership.id))!);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toMatch(
      /^Záznam „.*“ nelze obnovit: Skupina Minipřípravka je plná: kapacita 1 místo\.$/,
    );
    expect((await root.get(`/api/cms/form/group-member/${membership.id}`)).status).toBe(404);
  });

  it('shows each user the trash of the entities they may read, and lets only writers restore or purge', async () => {
    const member = await created('member', { firstName: 'Olga', lastName: 'Trashová' });
    await remove('member', member.id);
    const { client: reader } = await signedInClient(t, { roles: ['ROLE_USER'] });
    const entry = (await entryOf('member', member.id, reader))!;
    expect(entry).toBeDefined();
    expect((await restore(entry, reader)).status).toBe(403);
    expect((await reader.delete(apiPath(API_PATHS.trashEntry, { id: entry.id }))).status).toBe(403);
    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    const seen = await salesman.get(`${API_PATHS.trash}?limit=100`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.items.filter((item: TrashEntry) => item.entity === 'member')).toEqual([]);
    expect((await salesman.get(`${API_PATHS.trash}?page=0`)).status).toBe(400);
    expect((await root.post(apiPath(API_PATHS.trashRestore, { id: 999_999 }), {})).status).toBe(404);
  });

  it('restores a record once when two restores race', async () => {
    const member = await created('member', { firstName: 'Dvojí', lastName: 'Obnova' });
    await remove('member', member.id);
    const entry = (await entryOf('member', member.id))!;
    const answers = await Promise.all([restore(entry), restore(entry)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect((await root.get(`/api/cms/form/member/${member.id}`)).status).toBe(200);
  });

  it('trashes every record of a bulk delete in one go', async () => {
    const a = await created('member', { firstName: 'Hromadný', lastName: 'První' });
    const b = await created('member', { firstName: 'Hromadný', lastName: 'Druhý' });
    const bulk = await root.post('/api/cms/datagrid/member/delete', { ids: [a.id, b.id] });
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
    t = await startTestApp(engine, {}, {}, { entities: [...DECLARATIONS, noteFixture] });
    await createEntityTables(t.db, t.app.entities.get('test-note')!, t.app.entities);
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
