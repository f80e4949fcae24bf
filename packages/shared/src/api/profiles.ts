/** A member as the pairing screens show it. */
export interface PairedMember {
  id: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  email: string | null;
}

/** A profile: the sign-in account of a person outside the office. */
export interface ProfileAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
}

/** A profile with the members it is paired with. */
export interface ProfileRow extends ProfileAccount {
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

/** A guardian record without an account that names the profile's e-mail: the profile is that parent. */
export interface GuardianSuggestion {
  guardianId: number;
  /** The guardian's name as the record holds it. */
  name: string;
  /** The child. */
  member: PairedMember;
}

/**
 * Answer of `pairingSuggestions`: every profile paired with nobody and guardian of nobody, with the
 * members it probably is (best first) and the guardian records it probably is.
 */
export interface ProfileSuggestions {
  profiles: Array<ProfileAccount & { suggestions: PairingSuggestion[]; guardianOf: GuardianSuggestion[] }>;
}

/** Answer of `acceptPairings`: profiles paired with members, and guardian records given an account. */
export interface PairingsAccepted {
  paired: number;
  guardians: number;
}

/** A member the sport register would refuse, and why (Czech sentences). */
export interface SportRegisterProblem {
  memberId: number;
  /** Surname first, as lists name members. */
  name: string;
  problems: string[];
}
