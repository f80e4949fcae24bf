import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-shapes.ts';

// biome-ignore lint/suspicious/noExplicitAny: a table the test makes up
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('statements compiled once per shape', () => {
  let builds = 0;
  const page = (values: [string, number, number]) =>
    compiledOnce('test page', values, ([word, limit, offset]) => {
      builds += 1;
      return db
        .selectFrom('things')
        .select('id')
        .where(sql<boolean>`name match ${word}`)
        .where('kind', '=', 'fixed')
        .limit(limit as number)
        .offset(offset as number);
    });

  it('builds once and fills each call’s values where its placeholders were, keeping the constants', () => {
    const first = page(['nov', 10, 0]);
    const second = page(['čer', 25, 50]);
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    const fresh = db
      .selectFrom('things')
      .select('id')
      .where(sql<boolean>`name match ${'čer'}`)
      .where('kind', '=', 'fixed')
      .limit(25)
      .offset(50)
      .compile();
    expect(second.sql).toBe(fresh.sql);
    expect(second.parameters).toEqual(fresh.parameters);
    expect(first.parameters).toEqual(['nov', 'fixed', 10, 0]);
  });
});
