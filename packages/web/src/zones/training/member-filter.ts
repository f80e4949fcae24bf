import type { GroupSetupCandidates } from '@klubovna/shared';
import { foldText } from '../../ui/format/fold-text.ts';

export type Candidate = GroupSetupCandidates['members'][number];

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

/** The members the filter lets through; a category matches members in any of its groups today. */
export function filterCandidates(
  members: readonly Candidate[],
  groups: GroupSetupCandidates['groups'],
  filter: CandidateFilter,
): Candidate[] {
  const words = foldText(filter.search).split(/\s+/).filter(Boolean);
  const categoryGroups = new Set(
    groups.filter((group) => group.categoryId === filter.categoryId).map((group) => group.id),
  );
  return members.filter((member) => {
    if (filter.memberType && member.memberType !== filter.memberType) return false;
    if (filter.birthYear && member.birthYear !== filter.birthYear) return false;
    if (filter.currentGroup === 'none' && member.groupIds.length > 0) return false;
    if (typeof filter.currentGroup === 'number' && !member.groupIds.includes(filter.currentGroup))
      return false;
    if (filter.categoryId !== null && !member.groupIds.some((id) => categoryGroups.has(id))) return false;
    const name = foldText(`${member.lastName} ${member.firstName}`);
    return words.every((word) => name.includes(word));
  });
}
