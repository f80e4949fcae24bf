import type { GroupSetupCandidates } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { foldText } from '../../ui/format/fold-text.ts';
import { type Candidate, categoryBirthYears, EMPTY_FILTER, filterCandidates } from './member-filter.ts';

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
const data: GroupSetupCandidates = {
  from: '2026-09-01',
  members: [
    member(1, 'Čermák', { groupIds: [10] }),
    member(2, 'Dvořák', { birthYear: 2010, groupIds: [11] }),
    member(3, 'Šťastný', { memberType: 'TRAINER', birthYear: 1980 }),
    member(4, 'Novák', { birthYear: null }),
    member(5, 'Malý', { birthYear: 2014 }),
  ],
  groups: [
    { id: 10, name: 'Žáci A', categoryId: 1, capacity: null },
    { id: 11, name: 'Dorost', categoryId: 2, capacity: 20 },
  ],
  categories: [
    { id: 1, name: 'Žáci', ageFrom: 11, ageTo: 14 },
    { id: 2, name: 'Dorost', ageFrom: 15, ageTo: 18 },
    { id: 3, name: 'Veteráni', ageFrom: 40, ageTo: null },
    { id: 4, name: 'Rekreanti', ageFrom: null, ageTo: null },
  ],
};
const ids = (filter: Partial<typeof EMPTY_FILTER>, from = data.from) =>
  filterCandidates({ ...data, from }, { ...EMPTY_FILTER, ...filter }).map((found) => found.id);

describe('bulk group setup filter', () => {
  it('searches without diacritics or case', () => {
    expect(foldText('Šťastný Žluťoučký')).toBe('stastny zlutoucky');
    expect(ids({ search: 'cerm' })).toEqual([1]);
    expect(ids({ search: 'STAST jan' })).toEqual([3]);
  });

  it('filters by member type, year of birth and current group', () => {
    expect(ids({ memberType: 'TRAINER' })).toEqual([3]);
    expect(ids({ birthYear: 2010 })).toEqual([2]);
    expect(ids({ currentGroup: 10 })).toEqual([1]);
    expect(ids({ currentGroup: 'none' })).toEqual([3, 4, 5]);
    expect(ids({})).toEqual([1, 2, 3, 4, 5]);
  });

  it('filters by the category’s age range in the setup’s year, whatever groups members are in now', () => {
    // In 2026 Žáci (11–14) are born 2012–2015, Dorost (15–18) 2008–2011; Malý (2014) is in no group yet.
    expect(categoryBirthYears(data.categories[0]!, '2026-09-01')).toEqual({ earliest: 2012, latest: 2015 });
    expect(ids({ categoryId: 1 })).toEqual([1, 5]);
    expect(ids({ categoryId: 2 })).toEqual([2]);
    // A new season a year on: Čermák (2012) is 15 and belongs to Dorost, though still in Žáci A.
    expect(ids({ categoryId: 2 }, '2027-09-01')).toEqual([1, 2]);
    expect(ids({ categoryId: 1 }, '2027-09-01')).toEqual([5]);
    expect(ids({ categoryId: 3 })).toEqual([3]);
    expect(categoryBirthYears(data.categories[3]!, '2026-09-01')).toBeNull();
    expect(ids({ categoryId: 4 })).toEqual([]);
  });
});
