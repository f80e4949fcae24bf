import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The README and every guide in docs/, where the calls are written down. */
function documentation(): Array<{ file: string; text: string }> {
  const guides = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...guides].map((file) => ({
    file,
    text: fs.readFileSync(path.join(ROOT, file), 'utf8'),
  }));
}

/** Every call a document names as `` `GET|PUT /api/…/setup|enable` ``: each method with each last segment. */
function documentedCalls(text: string): Array<{ method: string; path: string }> {
  const calls: Array<{ method: string; path: string }> = [];
  for (const [, methods, written] of text.matchAll(
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

describe.each(testEngines())('calls the README and docs/ name on %s', (engine) => {
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
    const calls = documentation().flatMap(({ file, text }) =>
      documentedCalls(text).map((call) => ({ file, ...call })),
    );
    expect(calls.length).toBeGreaterThan(60);
    const missing = calls.filter(
      // `{userId}` in a document is a value of the route's `:userId`.
      ({ method, path }) =>
        !routes.some(
          (route) => route.method === method && route.pattern.test(path.replace(/\{(\w+)\}/g, '$1')),
        ),
    );
    expect(missing).toEqual([]);
  });
});
