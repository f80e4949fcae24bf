import { can, PROFILE_ROLE } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledEntity } from '../../engine/declaration/compile-entity.ts';
import { recordLabel } from '../../engine/records/record-mapper.ts';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import { type RecordIds, seedEveryEntity } from '../../test/fuzz/entity-values.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// Derived from the declarations: every entity whose row rule limits a person shows such a person,
// paired with nobody and guardian of nobody, none of its rows, wherever a row could surface. A new
// entity with a row rule is covered without a test of its own.

describe.each(testEngines())('row rules on %s: what is not theirs, a person never sees', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let outsider: HttpClient;
  let ids: RecordIds;
  let limited: CompiledEntity[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    const profile = await createUser(t, { roles: [PROFILE_ROLE] });
    ids = await seedEveryEntity(
      root,
      t.app.entities,
      2,
      { 'profile-member': { profile: profile.id } },
      { 'web-configuration': 1 },
    );
    const signedIn = await signedInClient(t, { roles: [PROFILE_ROLE] });
    outsider = signedIn.client;
    const person = { userId: signedIn.user.id, roles: [PROFILE_ROLE] };
    limited = [...t.app.entities.values()].filter(
      (entity) =>
        can(person.roles, entity.declaration.area, 'read') &&
        entity.declaration.rows?.read(person) !== undefined,
    );
  });
  afterAll(() => t.close());

  const labelOf = async (entity: CompiledEntity, id: number) => {
    const record = (await root.get(`/api/cms/form/${entity.declaration.alias}/${id}`)).body.data;
    return recordLabel(entity, record);
  };

  it('covers the entities that concern members, trainings, camps and races', () => {
    const aliases = limited.map((entity) => entity.declaration.alias);
    for (const alias of [
      'member',
      'guardian',
      'consent',
      'group',
      'training',
      'attendance',
      'race-participant',
    ])
      expect(aliases).toContain(alias);
  });

  it('lists, counts, searches and offers none of their rows', async () => {
    for (const entity of limited) {
      const alias = entity.declaration.alias;
      const list = await outsider.get(`/api/cms/datagrid/${alias}?limit=100`);
      expect([alias, list.status, list.body.data.total, list.body.data.items]).toEqual([alias, 200, 0, []]);
      const label = await labelOf(entity, ids.get(alias)![0]!);
      const word = label.split(/\s+/).find((part) => part.length >= 3) ?? label;
      const searched = await outsider.get(`/api/cms/datagrid/${alias}?s=${encodeURIComponent(word)}`);
      expect([alias, searched.body.data.total]).toEqual([alias, 0]);
      const short = await outsider.get(
        `/api/cms/datagrid/${alias}?s=${encodeURIComponent(word.slice(0, 2))}`,
      );
      expect([alias, short.body.data.total]).toEqual([alias, 0]);
      const offered = await outsider.get(`/api/cms/autocomplete/${alias}?s=${encodeURIComponent(word)}`);
      expect([alias, offered.body.data]).toEqual([alias, []]);
      const palette = await outsider.get(`/api/cms/search?s=${encodeURIComponent(word)}`);
      expect(JSON.stringify(palette.body.data)).not.toContain(`"${alias}"`);
      for (const field of entity.fields.filter((each) => each.filterable && each.kind === 'text')) {
        const values = await outsider.get(`/api/cms/datagrid/autocomplete/${alias}/${field.name}?s=`);
        expect([alias, field.name, values.body.data]).toEqual([alias, field.name, []]);
      }
    }
  });

  it('answers 404 for each of their rows, read, changed, deleted or asked for its history', async () => {
    for (const entity of limited) {
      const alias = entity.declaration.alias;
      for (const id of ids.get(alias)!) {
        const answers = [
          (await outsider.get(`/api/cms/form/${alias}/${id}`)).status,
          (await outsider.put(`/api/cms/form/${alias}/${id}`, { version: 1 })).status,
          (await outsider.delete(`/api/cms/form/${alias}/${id}`)).status,
          (await outsider.get(`/api/cms/history/${alias}/${id}`)).status,
        ];
        expect([alias, id, answers]).toEqual([alias, id, [404, 404, 404, 404]]);
      }
    }
  });

  it('exports only the header of each list', async () => {
    for (const entity of limited) {
      const alias = entity.declaration.alias;
      const csv = await outsider.get(`/api/cms/datagrid/${alias}/export?format=csv`);
      expect(csv.status).toBe(200);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect([alias, lines.length]).toEqual([alias, 1]);
    }
  });

  it('shows none of their deleted rows in the trash', async () => {
    const deleted: string[] = [];
    for (const entity of limited) {
      if (entity.declaration.deletable === false) continue;
      const alias = entity.declaration.alias;
      const id = ids.get(alias)!.at(-1)!;
      const answer = await root.delete(`/api/cms/form/${alias}/${id}`);
      if (answer.status === 200) deleted.push(alias);
    }
    expect(deleted.length).toBeGreaterThan(3);
    const trash = await root.get('/api/cms/trash?limit=100');
    expect(trash.body.data.total).toBeGreaterThanOrEqual(deleted.length);
    const theirs = await outsider.get('/api/cms/trash?limit=100');
    const shown = theirs.body.data.items.map((item: { entity: string }) => item.entity);
    expect(shown.filter((alias: string) => deleted.includes(alias))).toEqual([]);
  });
});
