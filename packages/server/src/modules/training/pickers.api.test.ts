import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// Two members of one name, as a real club has them: the pickers must tell them apart, and a group's
// trainer picker must offer only what a save of the group accepts.
describe.each(testEngines())('record pickers on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let trainer: { id: number };
  let athlete: { id: number };
  let pupils: { id: number };

  const created = async (alias: string, body: Record<string, unknown>) => {
    const response = await root.post(`/api/cms/form/${alias}`, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data;
  };
  const ids = (options: Array<{ value: number }>) => options.map((option) => option.value).sort();

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    trainer = await created('member', {
      firstName: 'Martin',
      lastName: 'Čermák',
      birthDate: '1980-03-02',
      memberType: 'TRAINER',
    });
    athlete = await created('member', {
      firstName: 'Martin',
      lastName: 'Čermák',
      birthDate: '2012-06-15',
      memberType: 'ATHLETE',
    });
    pupils = await created('group', { name: 'Žáci', season: '2026/2027' });
    const juniors = await created('group', { name: 'Dorost', season: '2026/2027' });
    await created('group-member', { group: pupils.id, member: athlete.id, validFrom: '2026-09-01' });
    // A membership that ended is no longer what tells the member apart.
    await created('group-member', {
      group: juniors.id,
      member: athlete.id,
      validFrom: '2025-09-01',
      validTo: '2026-06-30',
    });
  });
  afterAll(() => t.close());

  it('tells apart members of one name by year of birth, type and current groups', async () => {
    const options = (await root.get('/api/cms/autocomplete/member?s=cermak martin')).body.data;
    expect(options).toEqual(
      expect.arrayContaining([
        { value: trainer.id, label: 'Čermák Martin', detail: '1980 · Trenér' },
        { value: athlete.id, label: 'Čermák Martin', detail: '2012 · Závodník · Žáci' },
      ]),
    );
  });

  it('says the same in the command palette and the camp sign-up picker', async () => {
    const hits = (await root.get('/api/cms/search?s=cermak')).body.data;
    expect(hits.filter((hit: { alias: string }) => hit.alias === 'member')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: athlete.id, detail: '2012 · Závodník · Žáci' }),
        expect.objectContaining({ id: trainer.id, detail: '1980 · Trenér' }),
      ]),
    );
    const signUp = (await root.get('/api/cms/autocomplete/member?s=cermak&field=camp-participant.member'))
      .body;
    expect(ids(signUp.data)).toEqual([trainer.id, athlete.id].sort());
  });

  it('offers a group’s trainer picker only trainers, in the form and in the list’s filter', async () => {
    const schema = (await root.get('/api/cms/form/group/schema')).body.data;
    const field = schema.fields.find((candidate: { name: string }) => candidate.name === 'trainers');
    expect(field).toMatchObject({ relationAlias: 'member', pickerField: 'group.trainers' });
    const picker = await root.get(`/api/cms/autocomplete/member?s=cermak&field=${field.pickerField}`);
    expect(picker.status, picker.text).toBe(200);
    expect(ids(picker.body.data)).toEqual([trainer.id]);
    const filter = await root.get('/api/cms/datagrid/autocomplete/group/trainers?s=cermak');
    expect(ids(filter.body.data)).toEqual([trainer.id]);
    const trainings = await root.get('/api/cms/autocomplete/member?s=cermak&field=training.trainers');
    expect(ids(trainings.body.data)).toEqual([trainer.id]);
  });

  it('refuses on save exactly what the picker leaves out, naming the record', async () => {
    const refused = await root.put(`/api/cms/form/group/${pupils.id}`, {
      version: (await root.get(`/api/cms/form/group/${pupils.id}`)).body.data.version,
      trainers: [trainer.id, athlete.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      {
        path: 'trainers',
        message: 'Trenérem může být jen trenér nebo vedoucí trenér, ne: Čermák Martin.',
      },
    ]);
    const led = await root.put(`/api/cms/form/group/${pupils.id}`, {
      version: (await root.get(`/api/cms/form/group/${pupils.id}`)).body.data.version,
      trainers: [trainer.id],
    });
    expect(led.status, led.text).toBe(200);
  });

  it('refuses a picker naming a field that does not pick from the list', async () => {
    for (const field of ['group.name', 'group.category', 'nic.trainers', 'group']) {
      const response = await root.get(`/api/cms/autocomplete/member?s=a&field=${field}`);
      expect(response.status, field).toBeGreaterThanOrEqual(400);
      expect(response.status, field).toBeLessThan(500);
    }
  });
});
