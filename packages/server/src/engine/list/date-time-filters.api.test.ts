import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestApp, testEngines } from '../../test/test-app.ts';
import { startFixtureApp } from '../../test/test-entities.ts';

describe.each(testEngines())('date-time range filters on %s', (engine) => {
  let t: TestApp;
  let root: HttpClient;

  beforeAll(async () => {
    t = await startFixtureApp(engine);
    root = await t.signedInAsRoot();
    for (const [name, lastMatch] of [
      ['Sobota pozdě', '2026-11-21T23:30:00+01:00'],
      ['Neděle po půlnoci', '2026-11-22T00:30:00+01:00'],
      ['Neděle pozdě', '2026-11-22T23:30:00+01:00'],
      ['Pondělí po půlnoci', '2026-11-23T00:30:00+01:00'],
      ['Změna času po půlnoci', '2026-03-29T00:30:00+01:00'],
      ['Změna času pozdě', '2026-03-29T23:30:00+02:00'],
      ['Den po změně', '2026-03-30T00:30:00+02:00'],
    ]) {
      const created = await root.post('/api/cms/form/test-team', { name, lastMatch });
      expect(created.status, created.text).toBe(201);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  const matched = async (query: string) => {
    const response = await root.get(`/api/cms/datagrid/test-team?${query}&sort=lastMatch&direction=asc`);
    expect(response.status, response.text).toBe(200);
    return response.body.data.items.map((team: { name: string }) => team.name);
  };

  it('takes the days of a date range as Prague days, the clock switch day too', async () => {
    expect(await matched('filter[lastMatch][from]=2026-11-22&filter[lastMatch][to]=2026-11-22')).toEqual([
      'Neděle po půlnoci',
      'Neděle pozdě',
    ]);
    expect(await matched('filter[lastMatch][from]=2026-11-23')).toEqual(['Pondělí po půlnoci']);
    expect(await matched('filter[lastMatch][to]=2026-03-29')).toEqual([
      'Změna času po půlnoci',
      'Změna času pozdě',
    ]);
  });

  it('takes the first and the last day there is, on both engines', async () => {
    expect(await matched('filter[lastMatch][from]=0001-01-01&filter[lastMatch][to]=9999-12-31')).toHaveLength(
      7,
    );
    expect(await matched('filter[lastMatch][to]=0001-01-01')).toEqual([]);
    expect(await matched('filter[lastMatch][from]=9999-12-31')).toEqual([]);
  });

  it('compares bounds given with an offset as the instants they are', async () => {
    const from = encodeURIComponent('2026-11-22T23:00:00+01:00');
    const to = encodeURIComponent('2026-11-23T00:30:00+01:00');
    expect(await matched(`filter[lastMatch][from]=${from}&filter[lastMatch][to]=${to}`)).toEqual([
      'Neděle pozdě',
      'Pondělí po půlnoci',
    ]);
  });
});
