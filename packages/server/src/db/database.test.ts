import { describe, expect, it } from 'vitest';
import { searchPathOf, timestampToIso } from './database.ts';

describe('database helpers', () => {
  it('turns PostgreSQL UTC timestamps into the ISO strings toISOString() gives', () => {
    for (const value of [
      '2026-11-22 23:49:33.453782+00',
      '2026-11-22 23:49:33.9999+00',
      '2026-11-22 23:49:33.1+00',
      '2026-11-22 23:49:33+00',
      '2026-11-22 23:49:33.453+01',
    ]) {
      expect(timestampToIso(value), value).toBe(new Date(value).toISOString());
    }
    expect(timestampToIso('2026-11-22 00:00:00+00')).toBe('2026-11-22T00:00:00.000Z');
  });

  it('reads the schema a connection string selects', () => {
    expect(searchPathOf('postgres://u@h/db?options=-c%20search_path%3Dbench_1')).toBe('bench_1');
    expect(searchPathOf('postgres://u@h/db')).toBeUndefined();
  });
});
