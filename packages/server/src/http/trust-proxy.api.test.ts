import { API_PATHS } from '@klubovna/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp, testEngines } from '../test/test-app.ts';

/** The address a sign-in through a proxy saying the client is 203.0.113.7 is recorded with. */
async function recordedAddress(t: TestApp): Promise<string> {
  const client = t.client();
  const login = await client.post(API_PATHS.login, TEST_ADMIN, {
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
  expect(login.status, login.text).toBe(200);
  const activity = await client.get(API_PATHS.ownActivity);
  expect(activity.status, activity.text).toBe(200);
  return activity.body.data.signIns[0].ip;
}

describe.each(testEngines())('X-Forwarded-For and TRUST_PROXY on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.each([
    ['the proxy is trusted by its address', '127.0.0.1', '203.0.113.7'],
    ['the proxy is trusted by its range', '10.0.0.0/8, 127.0.0.0/8', '203.0.113.7'],
    ['one proxy hop is trusted', '1', '203.0.113.7'],
    ['only other addresses are trusted', '10.0.0.0/8, fd00::/8', '127.0.0.1'],
    ['no proxy is trusted', 'false', '127.0.0.1'],
  ])('when %s (TRUST_PROXY=%s) the client is %s', async (_case, trustProxy, expected) => {
    t = await startTestApp(engine, { TRUST_PROXY: trustProxy });
    expect(await recordedAddress(t)).toBe(expected);
  });
});
