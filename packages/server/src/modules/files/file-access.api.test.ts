import { PROFILE_ROLE } from '@klubovna/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/fixtures.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';

// Files follow their record: public while the website shows a record pointing at them, otherwise
// only to whoever may read such a record, and to nobody else, not even by trying ids one by one.

interface Uploaded {
  id: number;
  url: string;
  thumbnailUrl: string | null;
}

describe.each(testEngines())('who may read an upload on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;
  let salesman: HttpClient;
  let anonymous: HttpClient;
  let own: HttpClient;
  let memberPhoto: Uploaded;
  let articleImage: Uploaded;
  let teamPhoto: Uploaded;
  let teamMemberId: number;

  const upload = async (namespace: string, color: string): Promise<Uploaded> => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
      .png()
      .toBuffer();
    const data = new FormData();
    data.append('files[]', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'obrazek.png');
    const answer = await root.request('POST', `/api/cms/files/upload?namespace=${namespace}`, undefined, {
      rawBody: data,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    if (answer.status !== 200) throw new Error(answer.text);
    return answer.body.data[0];
  };
  const created = async (alias: string, body: Record<string, unknown>) => {
    const answer = await root.post(`/api/cms/form/${alias}`, body);
    if (answer.status !== 201) throw new Error(`${alias}: ${answer.text}`);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
    anonymous = t.client();
    salesman = (await signedInClient(t, { roles: ['ROLE_SALESMAN'] })).client;
    memberPhoto = await upload('members', '#aa3333');
    articleImage = await upload('articles', '#33aa33');
    teamPhoto = await upload('team', '#3333aa');
    const member = await created('member', { firstName: 'Hana', lastName: 'Králová', photo: memberPhoto.id });
    await created('article', {
      title: 'Vítězství žáků',
      perex: 'Žáci vyhráli.',
      mainImage: articleImage.id,
      visibility: 'PUBLIC',
      publishedAt: '2026-11-01T10:00:00.000Z',
    });
    teamMemberId = (
      await created('team-member', { name: 'Hana Králová', member: member.id, photo: teamPhoto.id })
    ).id;
    const account = await signedInClient(t, { roles: [PROFILE_ROLE] });
    own = account.client;
    await created('profile-member', { profile: account.user.id, member: member.id });
  });
  afterAll(() => t.close());

  it('refuses a member photo to the salesman and to an anonymous visitor, by id and by address', async () => {
    expect((await salesman.get(`/api/cms/files/${memberPhoto.id}`)).status).toBe(404);
    expect((await salesman.get(memberPhoto.url)).status).toBe(404);
    expect((await anonymous.get(memberPhoto.url)).status).toBe(404);
    expect((await anonymous.get(memberPhoto.thumbnailUrl!)).status).toBe(404);
  });

  it('answers 404 to a walk over the ids for every upload the person may not read', async () => {
    const answers: number[] = [];
    for (let id = 1; id <= teamPhoto.id + 3; id += 1)
      answers.push((await salesman.get(`/api/cms/files/${id}`)).status);
    const readable = answers.flatMap((status, index) => (status === 200 ? [index + 1] : []));
    expect(readable).toEqual([articleImage.id]);
    expect(answers.filter((status) => status !== 200 && status !== 404)).toEqual([]);
  });

  it('serves a member photo privately to the office and to the member’s own account', async () => {
    for (const client of [root, own]) {
      const answer = await client.get(memberPhoto.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('keeps an image of a published article public and cacheable', async () => {
    const answer = await anonymous.get(articleImage.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('shows a member on the public team page, and the photo, only while the consents are in force', async () => {
    const team = async () => (await anonymous.get('/tym')).text;
    expect(await team()).not.toContain('Hana Králová');
    expect((await anonymous.get(teamPhoto.url)).status).toBe(404);
    const name = await created('consent', {
      member: (await root.get(`/api/cms/form/team-member/${teamMemberId}`)).body.data.member,
      kind: 'PUBLIC_NAME',
    });
    expect(await team()).toContain('Hana Králová');
    expect(await team()).not.toContain(teamPhoto.url);
    const photos = await created('consent', { member: name.member, kind: 'PUBLIC_PHOTOS' });
    expect(await team()).toContain(teamPhoto.url);
    expect((await anonymous.get(teamPhoto.url)).status).toBe(200);
    const revoked = await root.put(`/api/cms/form/consent/${photos.id}`, {
      version: photos.version,
      granted: false,
    });
    expect(revoked.status).toBe(200);
    expect(await team()).toContain('Hana Králová');
    expect(await team()).not.toContain(teamPhoto.url);
    expect((await anonymous.get(teamPhoto.url)).status).toBe(404);
  });
});
