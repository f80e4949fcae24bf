import { describe, expect, it } from 'vitest';
import { describeFarPages } from '../../test/list-suites.ts';
import { seedFixtureMembers, startFixtureApp } from '../../test/test-entities.ts';
import { ANCHOR_EVERY, type Anchors, anchoredWalk } from './anchors.ts';
import type { ListQuery } from './list-query.ts';

describeFarPages({
  alias: 'test-member',
  table: 'test_members',
  start: (engine) => startFixtureApp(engine),
  seed: seedFixtureMembers,
  keepsCount: false,
});

describe('the walk from an anchor', () => {
  const anchors: Anchors = {
    total: 3 * ANCHOR_EVERY + 10,
    signature: '1',
    keys: [
      { key: 'a', id: 1 },
      { key: 'b', id: 2 },
    ],
  };
  const query = (direction: 'asc' | 'desc', limit: number) =>
    ({ direction, limit, page: 1, search: '', filters: [] }) as unknown as ListQuery;

  it('starts after the last anchor before the page, ascending whatever the list direction', () => {
    expect(anchoredWalk(query('asc', 25), ANCHOR_EVERY + 30, anchors)).toEqual({
      offset: 30,
      limit: 25,
      direction: 'asc',
      after: { key: 'a', id: 1 },
    });
    // Descending page at offset 30 holds ascending positions total − 55 … total − 31.
    expect(anchoredWalk(query('desc', 25), 30, anchors)).toEqual({
      offset: anchors.total - 55 - 2 * ANCHOR_EVERY,
      limit: 25,
      direction: 'asc',
      after: { key: 'b', id: 2 },
    });
    // Before the first anchor it walks from the start; a last page short of a full one is cut.
    expect(anchoredWalk(query('asc', 25), 10, anchors)).toEqual({ offset: 10, limit: 25, direction: 'asc' });
    expect(anchoredWalk(query('desc', 25), anchors.total - 5, anchors)).toEqual({
      offset: 0,
      limit: 5,
      direction: 'asc',
    });
  });
});
