import { describe, expect, it } from 'vitest';
import { memberSuggester } from './pairing-suggestions.ts';

const member = (id: number, firstName: string, lastName: string, birthDate: string | null = null) => ({
  id,
  firstName,
  lastName,
  birthDate,
  email: null,
});

describe('pairing suggestions', () => {
  it('is sure of a name with the same birth date, and rules out a name with a different one', () => {
    const suggest = memberSuggester([
      member(1, 'Šárka', 'Růžičková', '2011-02-03'),
      member(2, 'Sárka', 'Ruzicková', '2012-05-06'),
      member(3, 'Sarka', 'Ruzickova'),
    ]);
    const found = suggest({
      firstName: 'SARKA',
      lastName: 'růžičková',
      email: null,
      birthDate: '2011-02-03',
    });
    expect(found.map((row) => [row.member.id, row.confidence, row.reasons])).toEqual([
      [1, 'sure', ['stejné jméno', 'stejné datum narození']],
      [3, 'possible', ['stejné jméno']],
    ]);
  });
});
