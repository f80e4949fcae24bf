import type { GroupSetupCandidates } from '@klubovna/shared';
import { foldText } from '../../ui/format/fold-text.ts';

export type Candidate = GroupSetupCandidates['members'][number];
type Category = GroupSetupCandidates['categories'][number];

export interface CandidateFilter {
  search: string;
  categoryId: number | null;
  memberType: string | null;
  birthYear: number | null;
  /** A group id, 'none' for members in no group, or null for anyone. */
  currentGroup: number | 'none' | null;
}

export const EMPTY_FILTER: CandidateFilter = {
  search: '',
  categoryId: null,
  memberType: null,
  birthYear: null,
  currentGroup: null,
};

/** The years of birth a category's age range takes in: its age is the age reached in the year of `day`. */
export interface BirthYears {
  /** The oldest year of birth it takes, null when it has no upper age. */
  earliest: number | null;
  /** The youngest year of birth it takes, null when it has no lower age. */
  latest: number | null;
}

/** The years of birth of a category on `day` (`2026-09-01`); null when the category declares no ages. */
export function categoryBirthYears(category: Category, day: string): BirthYears | null {
  if (category.ageFrom === null && category.ageTo === null) return null;
  const year = Number(day.slice(0, 4));
  return {
    earliest: category.ageTo === null ? null : year - category.ageTo,
    latest: category.ageFrom === null ? null : year - category.ageFrom,
  };
}

const bornWithin = (birthYear: number | null, years: BirthYears | null) =>
  years !== null &&
  birthYear !== null &&
  (years.earliest === null || birthYear >= years.earliest) &&
  (years.latest === null || birthYear <= years.latest);

/** The members the filter lets through; a category takes the members its age range takes on the setup's day. */
export function filterCandidates(data: GroupSetupCandidates, filter: CandidateFilter): Candidate[] {
  const words = foldText(filter.search).split(/\s+/).filter(Boolean);
  const category = data.categories.find((candidate) => candidate.id === filter.categoryId);
  const years = category ? categoryBirthYears(category, data.from) : null;
  return data.members.filter((member) => {
    if (filter.memberType && member.memberType !== filter.memberType) return false;
    if (filter.birthYear && member.birthYear !== filter.birthYear) return false;
    if (filter.currentGroup === 'none' && member.groupIds.length > 0) return false;
    if (typeof filter.currentGroup === 'number' && !member.groupIds.includes(filter.currentGroup))
      return false;
    if (filter.categoryId !== null && !bornWithin(member.birthYear, years)) return false;
    const name = foldText(`${member.lastName} ${member.firstName}`);
    return words.every((word) => name.includes(word));
  });
}
