import SwaggerParser from '@apidevtools/swagger-parser';
import { API_PATHS } from '@klubovna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../http/openapi.ts';
import { Contract } from '../test/contract.ts';
import { signedInClient } from '../test/fixtures.ts';
import type { HttpClient } from '../test/http-client.ts';
import { startTestApp, type TestApp, testEngines } from '../test/test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
type Json = any;

/** The generic `{ "data": … }` a route without a declared answer gets: `data` of any shape. */
const isGenericEnvelope = (schema: Json) =>
  schema.type === 'object' &&
  schema.properties?.data !== undefined &&
  Object.keys(schema.properties.data).length === 0;

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
    // Beside each generic engine route, every entity's own path documents it.
    const aliases = [...t.app.entities.keys()];
    const expansions = registered.flatMap((route) =>
      /\{(alias|name)\}/.test(route) ? aliases.map((alias) => route.replace(/\{(alias|name)\}/, alias)) : [],
    );
    expect(expansions).toContain('PUT /api/cms/form/member/{id}');
    const known = new Set([...registered, ...expansions]);
    expect([...documented].filter((route) => !known.has(route))).toEqual([]);
  });

  it('gives every entity its own paths and record schemas from its declaration', async () => {
    const { paths, components } = (await root.get(API_PATHS.apiDocsDocument)).body;
    const member = components.schemas.Member;
    expect(member.required).toEqual(['id', 'version']);
    // Enums name their values with the Czech labels; relations are ids; money whole haléře.
    const memberType = member.properties.memberType;
    expect(components.schemas.MemberInput.properties.memberType.enum).toContain('ATHLETE');
    expect(memberType.enum).toBeUndefined();
    expect(memberType.description).toMatch(/`ATHLETE` = \S/);
    expect(components.schemas.GroupMember.properties.member.type).toEqual(['integer', 'null']);
    const amount = components.schemas.Payment.properties.amount.properties.amount;
    expect(amount).toMatchObject({ type: 'integer', description: expect.stringContaining('haléřích') });

    const save = paths['/api/cms/form/member/{id}'].put;
    expect(save.tags).toEqual(['Členové']);
    expect(save.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['id']);
    expect(save.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/MemberInput',
    });
    expect(save.responses['200'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Member',
    });
    expect(Object.keys(save.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '413', '415', '507']),
    );
    const rows =
      paths['/api/cms/datagrid/member'].get.responses['200'] ??
      paths['/api/cms/datagrid/member'].get.responses['2XX'];
    expect(rows.content['application/json'].schema.properties.data.properties.items.items).toEqual({
      $ref: '#/components/schemas/Member',
    });
    // A read-only entity has no paths to write it.
    expect(paths['/api/cms/form/job/{id}'].put).toBeUndefined();

    // Files in their own media types, refusals where they apply.
    expect(Object.keys(paths['/api/cms/datagrid/member/export'].get.responses['2XX'].content)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(Object.keys(paths['/api/calendar/{file}'].get.responses['2XX'].content)).toEqual([
      'text/calendar',
    ]);
    expect(Object.keys(paths['/api/cms/content/{id}/preview'].get.responses['2XX'].content)).toEqual([
      'text/html',
    ]);
    expect(Object.keys(paths['/api/cms/payments/{id}/qr.svg'].get.responses['2XX'].content)).toEqual([
      'image/svg+xml',
    ]);
    const login = paths[API_PATHS.login].post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['401', '429']));
    expect(login['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(components.responses.BadRequest.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it('declares the shape of every JSON success answer: module routes, actions and the engine', async () => {
    const { paths } = (await root.get(API_PATHS.apiDocsDocument)).body;
    // Routes whose JSON success answer is any `{ data }`, each with its reason. None today.
    const EXCEPTIONS: Record<string, string> = {};
    const generic: string[] = [];
    for (const [path, operations] of Object.entries(paths as Record<string, Record<string, Json>>))
      for (const [method, operation] of Object.entries(operations))
        for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
          const schema = response.content?.['application/json']?.schema;
          if (/^[23]/.test(status) && schema && isGenericEnvelope(schema))
            generic.push(`${method.toUpperCase()} ${path}`);
        }
    expect(generic.filter((route) => !(route in EXCEPTIONS))).toEqual([]);
    // Module routes and actions, each its own shape: closed objects, a wrong field is an error.
    const home = paths[API_PATHS.home].get.responses['200'].content['application/json'].schema;
    expect(home.properties.data.additionalProperties).toBe(false);
    expect(home.properties.data.properties.tiles.items.required).toContain('summary');
    const mark = paths['/api/cms/action/attendance/mark'].post.responses['200'];
    expect(mark.content['application/json'].schema.properties.data.properties.status).toMatchObject({
      anyOf: expect.arrayContaining([expect.objectContaining({ enum: ['PRESENT', 'ABSENT', 'EXCUSED'] })]),
    });
    // An action answering a record names the entity's own schema.
    const retry = paths['/api/cms/action/job/{id}/retry'].post.responses['200'];
    expect(retry.content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Job',
    });
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

  it('is the contract every answer of the tests keeps: statuses, media types, bodies, Czech refusals', async () => {
    const contract = new Contract((await root.get(API_PATHS.apiDocsDocument)).body);
    const answer = (
      method: string,
      path: string,
      status: number,
      body: unknown,
      type = 'application/json',
    ) => ({
      method,
      path,
      status,
      contentType: `${type}; charset=utf-8`,
      body,
      text: JSON.stringify(body),
    });
    const refusal = (message: string, status = 404) => ({ error: { message, code: 'NOT_FOUND', status } });
    const record = { id: 1, version: 1, firstName: 'Jan' };
    expect(
      contract.violation(answer('GET', '/api/cms/form/member/1', 200, { data: record })),
    ).toBeUndefined();
    expect(contract.violation(answer('GET', '/api/cms/form/member/1', 200, { data: { id: 'x' } }))).toMatch(
      /body\/data\/id must be integer/,
    );
    expect(contract.violation(answer('GET', '/api/cms/tables', 500, refusal('Chyba.', 500)))).toMatch(
      /status 500 is not documented for GET \/api\/cms\/tables/,
    );
    expect(
      contract.violation(answer('PUT', '/api/cms/form/member/1', 409, refusal('Mezitím.', 409))),
    ).toBeUndefined();
    expect(
      contract.violation(answer('GET', '/api/cms/datagrid/member/export', 200, '', 'text/plain')),
    ).toMatch(/media type "text\/plain"/);
    expect(
      contract.violation(answer('GET', '/api/cms/datagrid/member/export', 200, '', 'text/csv')),
    ).toBeUndefined();
    // An unknown alias is the generic route's refusal; the router's own 404 is in the envelope too.
    expect(
      contract.violation(answer('GET', '/api/cms/form/nothing/1', 404, refusal('Neexistuje.'))),
    ).toBeUndefined();
    expect(contract.violation(answer('GET', '/api/nothing', 404, { message: 'Not Found' }))).toMatch(/error/);
    // What a person reads is Czech, not Zod's words; what they typed may be quoted.
    expect(
      contract.violation(
        answer('GET', '/api/cms/form/member/1', 404, refusal('Invalid input: expected number')),
      ),
    ).toMatch(/programmers' words/);
    expect(
      contract.violation(answer('GET', '/api/cms/form/member/1', 404, refusal('Hodnota „NaN“ neexistuje.'))),
    ).toBeUndefined();

    // A module route's and an action's answers keep their declared shapes: a field nobody declared,
    // a wrong type or a value outside an enum breaks the contract.
    const home = { tiles: [] };
    expect(contract.violation(answer('GET', API_PATHS.home, 200, { data: home }))).toBeUndefined();
    expect(contract.violation(answer('GET', API_PATHS.home, 200, { data: { ...home, extra: 1 } }))).toMatch(
      /body\/data must NOT have additional properties/,
    );
    expect(contract.violation(answer('GET', API_PATHS.home, 200, { data: { tiles: 'none' } }))).toMatch(
      /body\/data\/tiles must be array/,
    );
    expect(contract.violation(answer('GET', API_PATHS.home, 200, { data: home, more: true }))).toMatch(
      /body must NOT have additional properties/,
    );
    const reminders = { sent: 2, overdue: 1 };
    expect(
      contract.violation(answer('POST', API_PATHS.paymentReminders, 200, { data: reminders })),
    ).toBeUndefined();
    expect(
      contract.violation(
        answer('POST', API_PATHS.paymentReminders, 200, { data: { ...reminders, sent: '2' } }),
      ),
    ).toMatch(/body\/data\/sent must be integer/);
    const mark = (status: unknown) =>
      answer('POST', '/api/cms/action/attendance/mark', 200, { data: { status, note: null } });
    expect(contract.violation(mark('PRESENT'))).toBeUndefined();
    expect(contract.violation(mark('LATE'))).toMatch(
      /body\/data\/status must be equal to one of the allowed values/,
    );
    // An answer that is an entity's record is checked against that entity's schema.
    expect(
      contract.violation(answer('GET', '/api/cms/content/1', 200, { data: { id: 1, version: 'one' } })),
    ).toMatch(/body\/data\/version must be integer/);
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
