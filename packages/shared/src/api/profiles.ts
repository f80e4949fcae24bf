/** A member as the pairing screens show it. */
export interface PairedMember {
  id: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  email: string | null;
}

/** A profile: the sign-in account of a person outside the office, with the members it is paired with. */
export interface ProfileRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  members: PairedMember[];
}

/** Answer of `profiles`: a page of profiles. */
export interface ProfilePage {
  items: ProfileRow[];
  total: number;
  page: number;
  limit: number;
}

/** How sure a suggestion is: only `sure` ones are accepted all at once. */
export type SuggestionConfidence = 'sure' | 'likely' | 'possible';

export const SUGGESTION_CONFIDENCE_LABELS: Record<SuggestionConfidence, string> = {
  sure: 'Jistá shoda',
  likely: 'Pravděpodobná shoda',
  possible: 'Možná shoda',
};

export interface PairingSuggestion {
  member: PairedMember;
  confidence: SuggestionConfidence;
  /** Czech reasons, e.g. „stejný e-mail“. */
  reasons: string[];
}

/** Answer of `pairingSuggestions`: every unpaired profile with its suggested members, best first. */
export interface ProfileSuggestions {
  profiles: Array<Omit<ProfileRow, 'members'> & { suggestions: PairingSuggestion[] }>;
}

/** Answer of `acceptPairings`. */
export interface PairingsAccepted {
  paired: number;
}
