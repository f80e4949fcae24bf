import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';

describe.each(testEngines())('relations through the engine on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const m: Record<string, number> = {};

  const member = async (firstName: string, lastName: string) => {
    const response = await root.post('/api/cms/form/test-member', { firstName, lastName });
    expect(response.status, response.text).toBe(201);
    return response.body.data.id as number;
  };
  const team = async (body: Record<string, unknown>) => {
    const response = await root.post('/api/cms/form/test-team', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const audit = async (entity: string, recordId: number) =>
    (
      await t.db
        .selectFrom('audit_log' as never)
        .selectAll()
        .where('entity' as never, '=', entity as never)
        .where('record_id' as never, '=', recordId as never)
        .orderBy('id' as never)
        .execute()
    ).map((row) => {
      const { action, changes } = row as { action: string; changes: string };
      return { action, changes: JSON.parse(changes) };
    });
  const linkCount = async (table: string) =>
    Number(
      (
        (await t.db
          .selectFrom(table as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()) as { n: unknown }
      ).n,
    );

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
    m.dvorak = await member('Jan', 'Dvořák');
    m.cermakova = await member('Eva', 'Čermáková');
    m.zak = await member('Zdeněk', 'Žák');
    m.novak = await member('Petr', 'Novák');
  });
  afterAll(() => t.close());

  it('creates, reads and lists relationMany sets with `_labels`, one label per id in the same order', async () => {
    const created = await team({
      name: 'Áčko',
      coach: m.dvorak,
      captain: m.cermakova,
      players: [m.zak, m.dvorak, m.zak],
      fans: [m.novak],
    });
    expect(created.players).toEqual([m.dvorak, m.zak]);
    expect(created._labels).toEqual({
      coach: 'Dvořák Jan',
      captain: 'Čermáková Eva',
      players: ['Dvořák Jan', 'Žák Zdeněk'],
      fans: ['Novák Petr'],
    });
    const read = await root.get(`/api/cms/form/test-team/${created.id}`);
    expect(read.body.data).toMatchObject({ players: [m.dvorak, m.zak], fans: [m.novak], coach: m.dvorak });
    expect(read.body.data._labels).toEqual(created._labels);

    const empty = await team({ name: 'Béčko' });
    expect(empty.players).toEqual([]);
    expect(empty._labels).toEqual({ coach: null, captain: null, players: [], fans: [] });

    const grid = await root.get('/api/cms/datagrid/test-team?limit=100');
    expect(grid.status).toBe(200);
    const rows = grid.body.data.items as Array<{ name: string; players: number[]; _labels: unknown }>;
    expect(rows.find((row) => row.name === 'Áčko')).toMatchObject({
      players: [m.dvorak, m.zak],
      _labels: created._labels,
    });
    expect(rows.find((row) => row.name === 'Béčko')?._labels).toEqual(empty._labels);
    const members = await root.get('/api/cms/datagrid/test-member');
    expect(members.body.data.items[0]).not.toHaveProperty('_labels');

    await root.delete(`/api/cms/form/test-team/${created.id}`);
    await root.delete(`/api/cms/form/test-team/${empty.id}`);
  });

  it('replaces the set on update, keeps it when the field is left out, and audits the id lists', async () => {
    const created = await team({ name: 'Céčko', players: [m.dvorak, m.zak] });
    const updated = await root.put(`/api/cms/form/test-team/${created.id}`, {
      version: created.version,
      players: [m.cermakova],
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.players).toEqual([m.cermakova]);
    expect(updated.body.data._labels.players).toEqual(['Čermáková Eva']);
    const renamed = await root.put(`/api/cms/form/test-team/${created.id}`, {
      version: updated.body.data.version,
      name: 'Céčko 2',
    });
    expect(renamed.body.data.players).toEqual([m.cermakova]);
    const cleared = await root.put(`/api/cms/form/test-team/${created.id}`, {
      version: renamed.body.data.version,
      players: null,
    });
    expect(cleared.body.data.players).toEqual([]);

    const entries = await audit('test-team', created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(entries[0]!.changes.players).toEqual({ from: null, to: [m.dvorak, m.zak] });
    expect(entries[1]!.changes).toEqual({ players: { from: [m.dvorak, m.zak], to: [m.cermakova] } });
    expect(entries[2]!.changes).toEqual({ name: { from: 'Céčko', to: 'Céčko 2' } });
    expect(entries[3]!.changes).toEqual({ players: { from: [m.cermakova], to: [] } });

    await root.delete(`/api/cms/form/test-team/${created.id}`);
    expect((await audit('test-team', created.id)).at(-1)).toEqual({
      action: 'delete',
      changes: expect.any(Object),
    });
  });

  it('filters by both relation kinds (repeatable, any of) and refuses sorting by them', async () => {
    const a = await team({ name: 'Filtr A', coach: m.dvorak, players: [m.zak, m.novak] });
    const b = await team({ name: 'Filtr B', coach: m.cermakova, players: [m.novak] });
    const names = async (query: string) => {
      const response = await root.get(`/api/cms/datagrid/test-team?${query}&limit=100`);
      expect(response.status, `${query}: ${response.text}`).toBe(200);
      return response.body.data.items.map((item: { name: string }) => item.name);
    };
    expect(await names(`filter[players]=${m.zak}`)).toEqual(['Filtr A']);
    expect(await names(`filter[players]=${m.novak}`)).toEqual(['Filtr A', 'Filtr B']);
    expect(await names(`filter[players]=${m.zak}&filter[players]=${m.cermakova}`)).toEqual(['Filtr A']);
    expect(await names(`filter[coach]=${m.cermakova}`)).toEqual(['Filtr B']);
    expect(await names(`filter[coach]=${m.dvorak}&filter[coach]=${m.cermakova}`)).toEqual([
      'Filtr A',
      'Filtr B',
    ]);
    expect(await names(`filter[coach]=${m.dvorak}&filter[players]=${m.novak}`)).toEqual(['Filtr A']);
    expect(await names(`filter[players]=${m.novak}&s=filtr b`)).toEqual(['Filtr B']);
    const total = await root.get(`/api/cms/datagrid/test-team?filter[players]=${m.novak}`);
    expect(total.body.data.total).toBe(2);

    for (const query of [
      'sort=players',
      'sort=coach',
      'filter[players]=abc',
      'filter[coach]=0',
      'filter[coach]=3000000000',
      'filter[players][from]=1',
    ]) {
      const response = await root.get(`/api/cms/datagrid/test-team?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.message, query).toMatch(/[„áéíčř]/);
    }
    const options = await root.get('/api/cms/datagrid/autocomplete/test-team/players?s=dvo');
    expect(options.body.data).toEqual([{ value: m.dvorak, label: 'Dvořák Jan', detail: 'Závodník' }]);
    await root.post('/api/cms/datagrid/test-team/delete', { ids: [a.id, b.id] });
  });

  it('answers unknown relation ids with 400 and a Czech message on the field, writing nothing', async () => {
    const before = await linkCount('test_teams');
    for (const [body, path, message] of [
      [
        { name: 'X', coach: 999_999 },
        'coach',
        'V poli „Trenér“ je vybraný záznam, který neexistuje nebo byl smazán (Člen, id 999999).',
      ],
      [{ name: 'X', coach: 3_000_000_000 }, 'coach', 'Vyberte v poli „Trenér“ záznam z nabídky.'],
      [
        { name: 'X', players: [m.zak, 999_998, 999_999] },
        'players',
        'V poli „Hráči“ jsou vybrané záznamy, které neexistují nebo byly smazány (Členové, id 999998, 999999).',
      ],
    ] as const) {
      const response = await root.post('/api/cms/form/test-team', body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.validationErrors).toEqual([{ path, message }]);
    }
    for (const players of ['x', ['a'], [0], [1.5]]) {
      const response = await root.post('/api/cms/form/test-team', { name: 'X', players });
      expect(response.status, JSON.stringify(players)).toBe(400);
      expect(response.body.validationErrors[0].path).toMatch(/^players/);
    }
    const tooMany = await root.post('/api/cms/form/test-team', {
      name: 'X',
      players: Array.from({ length: 1001 }, (_, index) => index + 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationErrors).toEqual([
      { path: 'players', message: 'Vyberte nejvýše 1000 záznamů.' },
    ]);

    const created = await team({ name: 'Platný' });
    const update = await root.put(`/api/cms/form/test-team/${created.id}`, {
      version: created.version,
      players: [999_999],
    });
    expect(update.status).toBe(400);
    expect((await root.get(`/api/cms/form/test-team/${created.id}`)).body.data.version).toBe(created.version);
    expect(await linkCount('test_teams')).toBe(before + 1);
    await root.delete(`/api/cms/form/test-team/${created.id}`);
  });

  it("refuses to delete a record that 'restrict' relations use, saying where and how many times", async () => {
    const target = await member('Karel', 'Cibulka');
    const teams = [];
    for (const name of ['T1', 'T2']) teams.push(await team({ name, players: [target] }));
    const refused = await root.delete(`/api/cms/form/test-member/${target}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('REFERENCED');
    expect(refused.body.error.message).toBe(
      'Záznam „Karel Cibulka“ nelze smazat, používají ho 2 týmy v poli „Hráči“.',
    );
    expect((await root.get(`/api/cms/form/test-member/${target}`)).status).toBe(200);
    expect((await root.get(`/api/cms/form/test-team/${teams[0].id}`)).body.data.players).toEqual([target]);

    teams.push(await team({ name: 'T3', coach: target }));
    const both = await root.delete(`/api/cms/form/test-member/${target}`);
    expect(both.body.error.message).toBe(
      'Záznam „Karel Cibulka“ nelze smazat, používají ho 1 tým v poli „Trenér“ a 2 týmy v poli „Hráči“.',
    );
    for (const name of ['T4', 'T5', 'T6']) teams.push(await team({ name, players: [target] }));
    const many = await root.delete(`/api/cms/form/test-member/${target}`);
    expect(many.body.error.message).toBe(
      'Záznam „Karel Cibulka“ nelze smazat, používají ho 1 tým v poli „Trenér“ a 5 týmů v poli „Hráči“.',
    );
    await root.post('/api/cms/datagrid/test-team/delete', { ids: teams.slice(3).map((team) => team.id) });
    await root.delete(`/api/cms/form/test-team/${teams[2].id}`);
    await root.delete(`/api/cms/form/test-team/${teams[1].id}`);
    const one = await root.delete(`/api/cms/form/test-member/${target}`);
    expect(one.body.error.message).toBe(
      'Záznam „Karel Cibulka“ nelze smazat, používá ho 1 tým v poli „Hráči“.',
    );

    const free = await member('Volný', 'Člen');
    const bulk = await root.post('/api/cms/datagrid/test-member/delete', { ids: [free, target] });
    expect(bulk.status).toBe(409);
    expect(bulk.body.error.message).toBe(
      'Vybrané záznamy nelze smazat: záznam „Karel Cibulka“ používá 1 tým v poli „Hráči“.',
    );
    const coach = await member('Trenér', 'Týmový');
    const coached = await team({ name: 'T7', coach, players: [coach] });
    const several = await root.post('/api/cms/datagrid/test-member/delete', { ids: [free, target, coach] });
    expect(several.body.error.message).toBe(
      'Vybrané záznamy nelze smazat: záznam „Karel Cibulka“ používá 1 tým v poli „Hráči“; ' +
        'záznam „Trenér Týmový“ používají 1 tým v poli „Trenér“ a 1 tým v poli „Hráči“.',
    );
    await root.delete(`/api/cms/form/test-team/${coached.id}`);
    await root.delete(`/api/cms/form/test-member/${coach}`);
    expect((await root.get(`/api/cms/form/test-member/${free}`)).status).toBe(200);
    expect((await root.get(`/api/cms/form/test-member/${target}`)).status).toBe(200);

    await root.delete(`/api/cms/form/test-team/${teams[0].id}`);
    expect((await root.post('/api/cms/datagrid/test-member/delete', { ids: [free, target] })).status).toBe(
      200,
    );
  });

  it("removes the links of 'cascade' relations, with a new version and an audit entry for the owner", async () => {
    const fan = await member('Fanda', 'Fanoušek');
    const a = await team({ name: 'Kaskáda A', fans: [fan, m.zak], captain: fan });
    const b = await team({ name: 'Kaskáda B', fans: [fan] });
    const links = await linkCount('test_teams_fans');
    const deleted = await root.delete(`/api/cms/form/test-member/${fan}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await linkCount('test_teams_fans')).toBe(links - 2);
    const after = (await root.get(`/api/cms/form/test-team/${a.id}`)).body.data;
    expect(after).toMatchObject({ fans: [m.zak], captain: null, version: a.version + 1 });
    expect(after._labels).toMatchObject({ fans: ['Žák Zdeněk'], captain: null });
    expect((await audit('test-team', a.id)).slice(1)).toEqual([
      {
        action: 'update',
        changes: {
          captain: { from: fan, to: null },
          fans: { from: [fan, m.zak!].sort((x, y) => x - y), to: [m.zak] },
        },
      },
    ]);
    expect((await root.get(`/api/cms/form/test-team/${b.id}`)).body.data.fans).toEqual([]);
    const stale = await root.put(`/api/cms/form/test-team/${a.id}`, { version: a.version, name: 'Přepis' });
    expect(stale.status).toBe(409);
    await root.post('/api/cms/datagrid/test-team/delete', { ids: [a.id, b.id] });
  });

  it('deleting an owner removes its links; a required relation chain and a self-relation behave', async () => {
    const owner = await team({ name: 'Vlastník', players: [m.zak, m.novak], fans: [m.dvorak] });
    const players = await linkCount('test_teams_players');
    await root.delete(`/api/cms/form/test-team/${owner.id}`);
    expect(await linkCount('test_teams_players')).toBe(players - 2);

    const home = await team({ name: 'Domácí' });
    const first = await root.post('/api/cms/form/test-match', { title: 'První', home: home.id });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data._labels).toEqual({ home: 'Domácí', rematchOf: null });
    const second = await root.post('/api/cms/form/test-match', {
      title: 'Odveta',
      home: home.id,
      rematchOf: first.body.data.id,
    });
    expect(second.body.data._labels).toEqual({ home: 'Domácí', rematchOf: 'První' });
    const refused = await root.delete(`/api/cms/form/test-team/${home.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Záznam „Domácí“ nelze smazat, používají ho 2 záznamy (Zápasy) v poli „Domácí“.',
    );
    expect((await root.delete(`/api/cms/form/test-match/${first.body.data.id}`)).status).toBe(200);
    expect(
      (await root.get(`/api/cms/form/test-match/${second.body.data.id}`)).body.data.rematchOf,
    ).toBeNull();
    const third = await root.post('/api/cms/form/test-match', {
      title: 'Třetí',
      home: home.id,
      rematchOf: second.body.data.id,
    });
    const together = await root.post('/api/cms/datagrid/test-match/delete', {
      ids: [second.body.data.id, third.body.data.id],
    });
    expect(together.status, together.text).toBe(200);
    expect((await root.delete(`/api/cms/form/test-team/${home.id}`)).status).toBe(200);
  });

  it('describes relation fields in the schemas', async () => {
    const grid = (await root.get('/api/cms/datagrid/schema/test-team')).body.data;
    expect(grid.columns.find((column: { key: string }) => column.key === 'players')).toMatchObject({
      kind: 'relationMany',
      sortable: false,
      filter: 'relation',
      relationAlias: 'test-member',
    });
    const form = (await root.get('/api/cms/form/test-team/schema')).body.data;
    expect(form.fields.find((field: { name: string }) => field.name === 'players')).toMatchObject({
      kind: 'relationMany',
      relationAlias: 'test-member',
      defaultValue: [],
    });
  });
});
