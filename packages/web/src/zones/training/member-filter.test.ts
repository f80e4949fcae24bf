import { describe, expect, it } from 'vitest';
import { foldText } from '../../ui/format/fold-text.ts';
import { type Candidate, EMPTY_FILTER, filterCandidates } from './member-filter.ts';

const member = (id: number, lastName: string, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  firstName: 'Jan',
  lastName,
  birthYear: 2012,
  memberType: 'ATHLETE',
  active: true,
  groupIds: [],
  ...extra,
});
const members = [
  member(1, 'Čermák', { groupIds: [10] }),
  member(2, 'Dvořák', { birthYear: 2010, groupIds: [11] }),
  member(3, 'Šťastný', { memberType: 'TRAINER' }),
];
const groups = [
  { id: 10, name: 'Žáci A', categoryId: 1, capacity: null },
  { id: 11, name: 'Dorost', categoryId: 2, capacity: 20 },
];
const ids = (filter: Partial<typeof EMPTY_FILTER>) =>
  filterCandidates(members, groups, { ...EMPTY_FILTER, ...filter }).map((found) => found.id);

describe('bulk group setup filter', () => {
  it('searches without diacritics or case', () => {
    expect(foldText('Šťastný Žluťoučký')).toBe('stastny zlutoucky');
    expect(ids({ search: 'cerm' })).toEqual([1]);
    expect(ids({ search: 'STAST jan' })).toEqual([3]);
  });

  it('filters by category through today’s groups, member type, year of birth and current group', () => {
    expect(ids({ categoryId: 2 })).toEqual([2]);
    expect(ids({ memberType: 'TRAINER' })).toEqual([3]);
    expect(ids({ birthYear: 2010 })).toEqual([2]);
    expect(ids({ currentGroup: 10 })).toEqual([1]);
    expect(ids({ currentGroup: 'none' })).toEqual([3]);
    expect(ids({})).toEqual([1, 2, 3]);
  });
});
