import type { PairedMember, PairingSuggestion, SuggestionConfidence } from '@klubovna/shared';
import { searchNormalize } from '../../engine/schema/czech-text.ts';

export interface Person {
  email: string | null;
  firstName: string;
  lastName: string;
  birthDate?: string | null;
}

const emailKey = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : '');
/** A full name ignoring case, diacritics and spacing: „Šárka  Nováková“ = „sarka novakova“. */
const nameKey = (person: Person) =>
  searchNormalize(`${person.firstName} ${person.lastName}`).replace(/\s+/g, ' ').trim();

const RANK: Record<SuggestionConfidence, number> = { sure: 0, likely: 1, possible: 2 };

/**
 * Members a profile probably is, best first: the same e-mail is sure; the same full name (ignoring
 * case and diacritics) is likely when only one member has it, possible when several do, and sure
 * when the birth dates agree too. Different birth dates rule a name out; a mere same surname is no
 * match at all.
 */
export function memberSuggester(members: readonly PairedMember[]) {
  const byEmail = new Map<string, PairedMember[]>();
  const byName = new Map<string, PairedMember[]>();
  for (const member of members) {
    const email = emailKey(member.email);
    if (email) byEmail.set(email, [...(byEmail.get(email) ?? []), member]);
    const name = nameKey(member);
    byName.set(name, [...(byName.get(name) ?? []), member]);
  }
  return (profile: Person): PairingSuggestion[] => {
    const found = new Map<number, PairingSuggestion>();
    for (const member of byEmail.get(emailKey(profile.email)) ?? [])
      found.set(member.id, { member, confidence: 'sure', reasons: ['stejný e-mail'] });
    const namesakes = (byName.get(nameKey(profile)) ?? []).filter(
      (member) => !(profile.birthDate && member.birthDate && profile.birthDate !== member.birthDate),
    );
    for (const member of namesakes) {
      const sameBirth = Boolean(profile.birthDate && member.birthDate);
      const reasons = ['stejné jméno', ...(sameBirth ? ['stejné datum narození'] : [])];
      const known = found.get(member.id);
      if (known) known.reasons.push(...reasons);
      else
        found.set(member.id, {
          member,
          confidence: sameBirth ? 'sure' : namesakes.length === 1 ? 'likely' : 'possible',
          reasons,
        });
    }
    return [...found.values()].sort(
      (a, b) => RANK[a.confidence] - RANK[b.confidence] || a.member.id - b.member.id,
    );
  };
}
