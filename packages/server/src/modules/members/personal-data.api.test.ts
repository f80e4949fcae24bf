import { PROFILE_ROLE } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

describe.each(testEngines())('a member’s data on request on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let memberId: number;
  let trainingId: number;

  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.text}`);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    const member = await created('member', {
      firstName: 'Šárka',
      lastName: 'Řehořová',
      birthDate: '2014-03-02',
      phone: '+420 731 222 333',
      address: 'Lipová 12, Brno',
    });
    memberId = member.id;
    await root.put(`/api/cms/form/member/${memberId}`, {
      version: member.version,
      phone: '+420 731 999 888',
    });
    await created('guardian', { member: memberId, name: 'Petra Řehořová', phone: '+420 603 444 555' });
    await created('consent', { member: memberId, kind: 'PUBLIC_PHOTOS', givenBy: 'Petra Řehořová' });
    const trainer = await created('member', { firstName: 'Tom', lastName: 'Trenér', memberType: 'TRAINER' });
    const group = await created('group', { name: 'Žačky', trainers: [trainer.id] });
    await created('group-member', { group: group.id, member: memberId, validFrom: '2026-09-01' });
    trainingId = (
      await created('training', {
        group: group.id,
        startsAt: '2026-11-10T16:00:00+01:00',
        endsAt: '2026-11-10T17:00:00+01:00',
      })
    ).id;
    await created('attendance', { training: trainingId, member: memberId, status: 'PRESENT' });
  });
  afterAll(() => t.close());

  it('gives the office everything held about the member as one file, and no one else', async () => {
    const answer = await root.post(`/api/cms/action/member/${memberId}/personal-data`, {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
    const held = JSON.parse(answer.text);
    expect(held.member).toMatchObject({
      firstName: 'Šárka',
      phone: '+420 731 999 888',
      address: 'Lipová 12, Brno',
    });
    expect(held.guardians.map((row: { name: string }) => row.name)).toEqual(['Petra Řehořová']);
    expect(held.consents).toHaveLength(1);
    expect(held.groups.map((row: { group: string }) => row.group)).toEqual(['Žačky']);
    expect(held.attendance.map((row: { status: string }) => row.status)).toEqual(['PRESENT']);
    expect(JSON.stringify(held.history)).toContain('+420 731 222 333');
    const person = (await signedInClient(t, { roles: [PROFILE_ROLE] })).client;
    expect((await person.post(`/api/cms/action/member/${memberId}/personal-data`, {})).status).toBe(403);
  });

  it('erases only a former member, keeps their attendance, and leaves no old value in the history', async () => {
    const refused = await root.post(`/api/cms/action/member/${memberId}/erase`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('neaktivního');
    const current = (await root.get(`/api/cms/form/member/${memberId}`)).body.data;
    await root.put(`/api/cms/form/member/${memberId}`, { version: current.version, active: false });
    const erased = await root.post(`/api/cms/action/member/${memberId}/erase`, {});
    expect(erased.status).toBe(200);
    const after = (await root.get(`/api/cms/form/member/${memberId}`)).body.data;
    expect(after).toMatchObject({ firstName: 'Anonymizovaný', phone: null, address: null, birthDate: null });
    expect((await root.get('/api/cms/datagrid/member?s=rehor')).body.data.total).toBe(0);
    expect((await root.get('/api/cms/datagrid/guardian')).body.data.total).toBe(0);
    expect((await root.get('/api/cms/datagrid/consent')).body.data.total).toBe(0);
    const sheet = await root.get(`/api/cms/action/attendance/sheet?trainingId=${trainingId}`);
    expect(sheet.body.data.members.map((row: { status: string }) => row.status)).toEqual(['PRESENT']);
    const history = (await root.get(`/api/cms/history/member/${memberId}`)).text;
    expect(history).not.toContain('731');
    expect(history).not.toContain('Řehoř');
    expect(history).toContain('erase');
  });
});
