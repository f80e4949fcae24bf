import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('pairing profiles with members on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  const member = async (body: Record<string, unknown>) => {
    const response = await root.post('/api/cms/form/member', body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: number };
  };
  const profile = (firstName: string, lastName: string, email: string) =>
    createUser(t, { firstName, lastName, email, roles: ['ROLE_USER'] });
  const pair = (profileId: number, memberId: number) =>
    root.post('/api/admin/profile/pair-profile-member', { profileId, memberId });
  const unpair = (profileId: number, memberId: number) =>
    root.post('/api/admin/profile/unpair-profile-member', { profileId, memberId });
  const suggestionsOf = async (profileId: number) => {
    const response = await root.get('/api/admin/profile/get-suggestions');
    expect(response.status, response.text).toBe(200);
    return response.body.data.profiles.find((row: { id: number }) => row.id === profileId);
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('pairs a profile with several members and a member with several profiles, and refuses doubles', async () => {
    const mother = await profile('Alena', 'Králová', 'alena.kralova@rodina.test');
    const father = await profile('Karel', 'Král', 'karel.kral@rodina.test');
    const anna = await member({ firstName: 'Anna', lastName: 'Králová' });
    const ben = await member({ firstName: 'Benjamin', lastName: 'Král' });

    for (const [profileId, memberId] of [
      [mother.id, anna.id],
      [mother.id, ben.id],
      [father.id, ben.id],
    ] as const) {
      const paired = await pair(profileId, memberId);
      expect(paired.status, paired.text).toBe(200);
    }
    const twice = await pair(mother.id, anna.id);
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual([
      { path: 'member', message: 'Profil alena.kralova@rodina.test už je se členem Anna Králová spárován.' },
    ]);
    const office = await createUser(t, { roles: ['ROLE_ADMIN'] });
    const notProfile = await pair(office.id, anna.id);
    expect(notProfile.status).toBe(400);
    expect(notProfile.body.validationErrors[0].message).toBe(
      'Takový profil neexistuje: párovat lze jen účty s jedinou rolí Člen nebo rodič.',
    );
    expect((await pair(mother.id, 2_000_000_000)).status).toBe(400);

    const list = await root.get('/api/admin/profile/get-profiles?s=kralova&limit=10');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({
      email: 'alena.kralova@rodina.test',
      members: [
        expect.objectContaining({ firstName: 'Benjamin' }),
        expect.objectContaining({ firstName: 'Anna' }),
      ],
    });
    const ofBen = await root.get(`/api/admin/profile/get-profiles?memberId=${ben.id}`);
    expect(ofBen.body.data.items.map((row: { firstName: string }) => row.firstName)).toEqual([
      'Karel',
      'Alena',
    ]);
    const paged = await root.get(`/api/admin/profile/get-profiles?memberId=${ben.id}&limit=1&page=2`);
    expect(paged.body.data).toMatchObject({
      total: 2,
      page: 2,
      items: [expect.objectContaining({ firstName: 'Alena' })],
    });

    expect((await unpair(mother.id, ben.id)).status).toBe(200);
    const again = await unpair(mother.id, ben.id);
    expect(again.status).toBe(400);
    expect(again.body.validationErrors).toEqual([
      { path: 'memberId', message: 'Profil alena.kralova@rodina.test s tímto členem spárován není.' },
    ]);
    const afterUnpair = await root.get(`/api/admin/profile/get-profiles?memberId=${ben.id}`);
    expect(afterUnpair.body.data.total).toBe(1);
    // A paired member is not deleted from under its profiles.
    expect((await root.delete(`/api/cms/form/member/${anna.id}`)).status).toBe(409);
  });

  it('suggests members by e-mail and by name without diacritics, never by a mere same surname', async () => {
    const byEmail = await profile('Tomáš', 'Veselý', 'Tomas.Vesely@Posta.test');
    const byName = await profile('Sarka', 'Ruzickova', 'sarka@jinde.test');
    const surnameOnly = await profile('Ivana', 'Dvořáková', 'ivana@jinde.test');
    const namesake = await profile('Jiří', 'Svoboda', 'jiri@jinde.test');
    const tomas = await member({ firstName: 'Tomáš', lastName: 'Veselý', email: 'tomas.vesely@posta.test' });
    const sarka = await member({ firstName: 'Šárka', lastName: 'Růžičková', birthDate: '2011-02-03' });
    await member({ firstName: 'Marie', lastName: 'Dvořáková' });
    const jiri1 = await member({ firstName: 'Jiří', lastName: 'Svoboda', birthDate: '1980-01-01' });
    const jiri2 = await member({ firstName: 'Jiri', lastName: 'SVOBODA' });

    expect((await suggestionsOf(byEmail.id)).suggestions).toEqual([
      {
        member: expect.objectContaining({ id: tomas.id }),
        confidence: 'sure',
        reasons: ['stejný e-mail', 'stejné jméno'],
      },
    ]);
    expect((await suggestionsOf(byName.id)).suggestions).toEqual([
      { member: expect.objectContaining({ id: sarka.id }), confidence: 'likely', reasons: ['stejné jméno'] },
    ]);
    expect((await suggestionsOf(surnameOnly.id)).suggestions).toEqual([]);
    expect(
      (await suggestionsOf(namesake.id)).suggestions.map(
        (row: { member: { id: number }; confidence: string }) => [row.member.id, row.confidence],
      ),
    ).toEqual([
      [jiri1.id, 'possible'],
      [jiri2.id, 'possible'],
    ]);

    // Accepting pairs all at once, or nothing when one of them is refused.
    const refused = await root.post('/api/admin/profile/accept-suggestions', {
      pairs: [
        { profileId: byEmail.id, memberId: tomas.id },
        { profileId: byName.id, memberId: sarka.id },
        { profileId: byName.id, memberId: sarka.id },
      ],
    });
    expect(refused.status).toBe(400);
    expect(await suggestionsOf(byEmail.id)).toBeDefined();
    expect(await suggestionsOf(byName.id)).toBeDefined();

    const accepted = await root.post('/api/admin/profile/accept-suggestions', {
      pairs: [
        { profileId: byEmail.id, memberId: tomas.id },
        { profileId: byName.id, memberId: sarka.id },
      ],
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toEqual({ paired: 2, guardians: 0 });
    expect(await suggestionsOf(byEmail.id)).toBeUndefined();
    expect(await suggestionsOf(byName.id)).toBeUndefined();
    expect((await root.post('/api/admin/profile/accept-suggestions', { pairs: [] })).status).toBe(400);
  });

  it('suggests the guardian records naming a profile’s e-mail, and names the profile on them when accepted', async () => {
    const parent = await profile('Ivana', 'Rodičová', 'ivana@rodina.test');
    const child = await member({ firstName: 'Ivo', lastName: 'Rodič' });
    const guardian = (
      await root.post('/api/cms/form/guardian', {
        member: child.id,
        name: 'Ivana Rodičová',
        email: 'IVANA@rodina.test',
      })
    ).body.data;
    const suggested = await suggestionsOf(parent.id);
    expect(suggested.guardianOf).toEqual([
      { guardianId: guardian.id, name: 'Ivana Rodičová', member: expect.objectContaining({ id: child.id }) },
    ]);
    const accepted = await root.post('/api/admin/profile/accept-suggestions', {
      guardians: [{ profileId: parent.id, guardianId: guardian.id }],
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toEqual({ paired: 0, guardians: 1 });
    expect((await root.get(`/api/cms/form/guardian/${guardian.id}`)).body.data.account).toBe(parent.id);
    expect(await suggestionsOf(parent.id)).toBeUndefined();
  });

  it('lets only the office pair and look, and refuses members’ own accounts and strangers', async () => {
    const someone = await profile('Eva', 'Malá', 'eva.mala@rodina.test');
    const child = await member({ firstName: 'Ema', lastName: 'Malá' });
    const body = { profileId: someone.id, memberId: child.id };
    const anonymous = t.client();
    for (const path of ['get-profiles', 'get-suggestions'])
      expect((await anonymous.get(`/api/admin/profile/${path}`)).status).toBe(401);
    for (const path of ['pair-profile-member', 'unpair-profile-member'])
      expect((await anonymous.post(`/api/admin/profile/${path}`, body)).status).toBe(401);
    expect((await anonymous.post('/api/admin/profile/accept-suggestions', { pairs: [body] })).status).toBe(
      401,
    );

    const { client: salesman } = await signedInClient(t, { roles: ['ROLE_SALESMAN'] });
    expect((await salesman.get('/api/admin/profile/get-profiles')).status).toBe(403);
    expect((await salesman.get('/api/admin/profile/get-suggestions')).status).toBe(403);
    const { client: trainer } = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await trainer.get('/api/admin/profile/get-profiles')).status).toBe(403);
    expect((await trainer.get('/api/admin/profile/get-suggestions')).status).toBe(403);
    expect((await trainer.post('/api/admin/profile/pair-profile-member', body)).status).toBe(403);
    expect((await trainer.post('/api/admin/profile/unpair-profile-member', body)).status).toBe(403);
    expect((await trainer.post('/api/admin/profile/accept-suggestions', { pairs: [body] })).status).toBe(403);
    const { client: admin } = await signedInClient(t, { roles: ['ROLE_ADMIN'] });
    expect((await admin.post('/api/admin/profile/pair-profile-member', body)).status).toBe(200);
  });
});
