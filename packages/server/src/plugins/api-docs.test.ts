import SwaggerParser from '@apidevtools/swagger-parser';
import { API_PATHS } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../http/openapi.ts';
import { signedInClient } from '../test/fixtures.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

describe.each(testEngines())('API documentation on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startTestApp(engine);
    root = await t.signedInAsRoot();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document covering every registered /api route', async () => {
    const response = await root.get(API_PATHS.apiDocsDocument);
    expect(response.status, response.text).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(document));

    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const registered = t.app.apiRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('describes parameters, queries and bodies from the Zod schemas that validate them', async () => {
    const { paths } = (await root.get(API_PATHS.apiDocsDocument)).body;
    const update = paths['/api/cms/form/{alias}/{id}'].put;
    expect(
      update.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`),
    ).toEqual(['path:alias', 'path:id']);
    const login = paths[API_PATHS.login].post;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' }, password: { type: 'string' } },
    });
    const autocomplete = paths['/api/cms/autocomplete/{alias}'].get;
    expect(autocomplete.parameters).toContainEqual(
      expect.objectContaining({ name: 'limit', in: 'query', required: false }),
    );
    // A multipart upload names its file and its JSON field, with the schema that validates the latter.
    const dryRun = paths['/api/cms/import/{alias}/dry-run'].post.requestBody.content['multipart/form-data'];
    expect(dryRun.schema.properties.file).toEqual({
      type: 'string',
      contentMediaType: 'application/octet-stream',
    });
    expect(dryRun.schema.properties.options).toMatchObject({ type: 'object', required: ['mapping'] });
    expect(dryRun.encoding).toEqual({ options: { contentType: 'application/json' } });
    // An entity's declared action documents its own input schema.
    const setActive = paths['/api/cms/action/member/set-active'].post;
    expect(setActive.requestBody.content['application/json'].schema.type).toBe('object');
    // The lists' declared filters are named with their values beside the columns' own.
    const rows = paths['/api/cms/datagrid/{name}'].get;
    expect(rows.description).toContain('`medical-check`: `filter[validity]` (Platnost)');
    expect(rows.description).toContain('`expired` = Prošlé');
    // Money is whole haléře.
    const bulk = paths['/api/cms/payments/bulk'].post.requestBody.content['application/json'].schema;
    expect(bulk.properties.amount.properties.amount).toMatchObject({
      type: 'integer',
      description: expect.stringContaining('haléřích'),
    });
  });

  it('serves Swagger UI from the installed package, for administrators only', async () => {
    const page = await root.get(API_PATHS.apiDocs);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const scripts = [...page.text.matchAll(/(?:src|href)="(\/api\/[^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBe(5);
    for (const src of scripts) {
      const file = await root.get(src);
      expect(file.status, src).toBe(200);
      expect(file.text.length, src).toBeGreaterThan(100);
    }
    expect((await root.get('/api/docs/assets/package.json')).status).toBe(404);
    expect((await root.get('/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
    expect((await root.get('/api/docs/assets/__proto__')).status).toBe(404);

    expect((await t.client().get(API_PATHS.apiDocsDocument)).status).toBe(401);
    const { client: member } = await signedInClient(t, { roles: ['ROLE_USER'] });
    expect((await member.get(API_PATHS.apiDocs)).status).toBe(403);
    expect((await member.get(API_PATHS.apiDocsDocument)).status).toBe(403);
  });
});
