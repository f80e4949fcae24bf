import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, settled } from './support/axe.ts';
import { type Klubovna, startKlubovna } from './support/klubovna.ts';
import { openSignedIn } from './support/members.ts';

let app: Klubovna;

beforeAll(async () => {
  app = await startKlubovna();
});

afterAll(async () => {
  await app?.close();
});

describe('API documentation', () => {
  it('shows every group of the generated document in Swagger UI and a group’s operations on a click, under the CSP, for a signed-in admin', async () => {
    const { page } = await openSignedIn(app, '/admin/clenove');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(app.url('/api/docs'));
    await page.getByText('Klubovna API').first().waitFor();
    const document = await (await page.request.get(app.url('/api/docs/openapi.json'))).json();
    const operations = Object.values(
      document.paths as Record<string, Record<string, { tags: string[] }>>,
    ).flatMap((pathOperations) => Object.values(pathOperations));
    // Every group of the document is there, each opening on a click: the members' own operations.
    const groups = new Set(operations.map((operation) => operation.tags[0]));
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 20_000 }).toBe(groups.size);
    await page.locator('.opblock-tag[data-tag="Členové"]').click();
    const members = operations.filter((operation) => operation.tags[0] === 'Členové').length;
    expect(members).toBeGreaterThan(10);
    await expect.poll(() => page.locator('.opblock').count()).toBe(members);
    expect(problems).toEqual([]);
    // Swagger UI's own markup, with the page's fixes, passes axe-core; an operation opened too.
    await settled(page);
    await expectAccessible(page, '/api/docs');
    await page.locator('.opblock-summary-control').first().click();
    await page.getByRole('button', { name: 'Try it out' }).first().waitFor();
    await settled(page);
    await expectAccessible(page, '/api/docs (operation)');
  }, 120_000);
});
