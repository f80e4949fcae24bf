import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

const README = fs.readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** Every call the README names as `` `GET|PUT /api/…/setup|enable` ``: each method with each last segment. */
function readmeCalls(): Array<{ method: string; path: string }> {
  const calls: Array<{ method: string; path: string }> = [];
  for (const [, methods, written] of README.matchAll(
    /`((?:GET|POST|PUT|DELETE|PATCH)(?:\|[A-Z]+)*) (\/api\/[^`\s?]*)/g,
  )) {
    const cut = written!.lastIndexOf('/');
    for (const last of written!.slice(cut + 1).split('|'))
      for (const method of methods!.split('|'))
        calls.push({ method, path: `${written!.slice(0, cut)}/${last}` });
  }
  return calls;
}

/** A route's template as a pattern of the paths it answers: `:id` stands for any segment. */
const routePattern = (url: string) =>
  new RegExp(`^${url.replace(/[.*+?^${}()[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);

describe.each(testEngines())('calls the README names on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('are routes the server has', () => {
    const routes = t.app.apiRoutes.map((route) => ({
      method: route.method,
      pattern: routePattern(route.url),
    }));
    const calls = readmeCalls();
    expect(calls.length).toBeGreaterThan(20);
    const missing = calls.filter(
      // `{userId}` in the README is a value of the route's `:userId`.
      ({ method, path }) =>
        !routes.some(
          (route) => route.method === method && route.pattern.test(path.replace(/\{(\w+)\}/g, '$1')),
        ),
    );
    expect(missing).toEqual([]);
  });
});
