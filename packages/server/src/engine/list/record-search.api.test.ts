import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';

// Searching the records of every entity with a screen is tested on the product's entities
// (modules/record-search.api.test.ts): the screens are the product's route table.
describe.each(testEngines())('searching records of every entity on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('leaves out the entities no screen opens, however well their records match', async () => {
    const created = await root.post('/api/cms/form/test-member', { firstName: 'Šimon', lastName: 'Žďárský' });
    expect(created.status, created.text).toBe(201);
    expect((await root.get('/api/cms/datagrid/test-member?s=simon')).body.data.total).toBe(1);
    const response = await root.get('/api/cms/search?s=simon');
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual([]);
  });
});
