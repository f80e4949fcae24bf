import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp, testEngines } from '../../test/test-app.ts';
import { KEPT_SIGN_INS } from './sign-ins.repository.ts';
import { describeDevice } from './user-agent.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

describe('device names', () => {
  it('names browser and system the way people do, and says when it cannot tell', () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox, Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari, iOS');
    expect(describeDevice(EDGE_WINDOWS)).toBe('Edge, Windows');
    expect(describeDevice('curl/8.5.0')).toBe('Neznámé zařízení');
    expect(describeDevice(null)).toBe('Neznámé zařízení');
  });
});

describe.each(testEngines())('own sign-ins and sessions on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const signedInWith = async (email: string, password: string, userAgent: string) => {
    const client = t.client();
    const response = await client.post(
      '/api/login',
      { email, password },
      { headers: { 'user-agent': userAgent } },
    );
    expect(response.status, response.text).toBe(200);
    return client;
  };

  it('lists recent sign-ins and open sessions, and signs out everywhere else', async () => {
    const user = await createUser(t);
    const phone = await signedInWith(user.email, user.password, SAFARI_IPHONE);
    const desk = await signedInWith(user.email, user.password, FIREFOX_WINDOWS);
    const activity = await desk.get('/api/cms/me/activity', { headers: { 'user-agent': FIREFOX_WINDOWS } });
    expect(activity.status, activity.text).toBe(200);
    expect(activity.body.data.signIns.map((row: { device: string }) => row.device)).toEqual([
      'Firefox, Windows',
      'Safari, iOS',
    ]);
    expect(activity.body.data.signIns[0]).toMatchObject({
      ip: '127.0.0.1',
      at: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      activity.body.data.sessions.map((row: { device: string; current: boolean }) => [
        row.device,
        row.current,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Firefox, Windows', true],
        ['Safari, iOS', false],
      ]),
    );
    expect(JSON.stringify(activity.body)).not.toMatch(/[0-9a-f]{64}/);

    const ended = await desk.post('/api/cms/me/sessions/end-others', {});
    expect(ended.status, ended.text).toBe(200);
    expect((await phone.get('/api/cms/user')).status).toBe(401);
    expect((await desk.get('/api/cms/user')).status).toBe(200);
    const after = await desk.get('/api/cms/me/activity');
    expect(after.body.data.sessions).toHaveLength(1);
    expect(after.body.data.signIns).toHaveLength(2);
  });

  it(`keeps only the newest ${KEPT_SIGN_INS} sign-ins of a user`, async () => {
    const user = await createUser(t);
    for (let index = 0; index < KEPT_SIGN_INS + 3; index += 1)
      await signedInWith(user.email, user.password, index === 0 ? SAFARI_IPHONE : FIREFOX_WINDOWS);
    const rows = await t.db
      .selectFrom('sign_ins')
      .select('user_agent')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(KEPT_SIGN_INS);
    expect(rows.some((row) => row.user_agent === SAFARI_IPHONE)).toBe(false);
  });
});
