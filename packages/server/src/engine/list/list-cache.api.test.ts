import { FIELD_KINDS } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { describeListCache } from '../../test/list-suites.ts';
import { columnsReadButNotSelected } from '../../test/schema-checks.ts';
import {
  FIXTURE_ENTITIES,
  otherKindsFixture,
  seedFixtureMembers,
  startFixtureApp,
} from '../../test/test-entities.ts';
import { compileRegistry } from '../declaration/registry.ts';

describeListCache({
  alias: 'test-member',
  table: 'test_members',
  start: (engine) => startFixtureApp(engine),
  seed: seedFixtureMembers,
  keepsCount: false,
});

describe('record columns', () => {
  it('are every column toRecord reads, for every kind of field', () => {
    const entities = [...compileRegistry([...FIXTURE_ENTITIES, otherKindsFixture]).values()];
    const kinds = new Set(entities.flatMap((entity) => entity.fields.map((field) => field.kind)));
    expect([...kinds].sort()).toEqual([...FIELD_KINDS].sort());
    for (const entity of entities)
      expect(columnsReadButNotSelected(entity), entity.declaration.alias).toEqual([]);
  });
});
