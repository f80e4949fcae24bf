// Rodné číslo (the Czech birth number): YYMMDD followed by three digits (births before 1954) or four
// whose whole number is divisible by 11 (from 1954). Women's months are +50; from 2004, when a day's
// numbers ran out, +20 (men) and +70 (women). A sensitive datum: stored without the slash, shown in full
// only to the office, masked for everyone else.

/** What a valid birth number says. */
export interface BirthNumber {
  /** The digits as stored, without the slash. */
  digits: string;
  /** The birth date it encodes, ISO (`1990-01-01`). */
  birthDate: string;
  sex: 'MALE' | 'FEMALE';
}

const SHAPE = /^(\d{6})\/?(\d{3,4})$/;
/** How a masked value looks to whom may not read it: the last four digits, the rest hidden. */
const MASKED = /^\*{6}\/\d{3,4}$/;

export const BIRTH_NUMBER_MESSAGES = {
  shape: (label: string) =>
    `Zadejte do pole „${label}“ 10 číslic (u narozených před rokem 1954 9), např. 900101/1234.`,
  nineDigits: (label: string) =>
    `Pole „${label}“ má 9 číslic: tak krátká rodná čísla mají jen lidé narození před rokem 1954.`,
  checksum: (label: string) => `Pole „${label}“ nemá správnou kontrolní číslici; zkontrolujte ho.`,
  date: (label: string) => `Pole „${label}“ neobsahuje platné datum narození.`,
} as const;

/** The value as stored: no slash, no spaces. */
export const normalizeBirthNumber = (value: string): string => value.replace(/[\s/]/g, '');

/** How a birth number is shown to whom may not read it: six stars, a slash and its last digits. */
export function maskBirthNumber(value: string): string {
  const digits = normalizeBirthNumber(value);
  return `******/${digits.slice(6)}`;
}

/** A value the client sends back as it was shown masked: it means "unchanged". */
export const isMaskedBirthNumber = (value: unknown): boolean =>
  typeof value === 'string' && MASKED.test(value.trim());

function realDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** The month and sex a birth number's month part encodes, or null when it encodes none in that year. */
function monthOf(encoded: number, year: number): { month: number; sex: BirthNumber['sex'] } | null {
  const forms = [
    { offset: 0, sex: 'MALE', since: 0 },
    { offset: 50, sex: 'FEMALE', since: 0 },
    { offset: 20, sex: 'MALE', since: 2004 },
    { offset: 70, sex: 'FEMALE', since: 2004 },
  ] as const;
  for (const form of forms) {
    const month = encoded - form.offset;
    if (month >= 1 && month <= 12 && year >= form.since) return { month, sex: form.sex };
  }
  return null;
}

/** The rule of ten digits: the number divisible by 11, or its first nine leaving 10 and a check digit 0. */
function checksumHolds(digits: string): boolean {
  const remainder = Number(digits.slice(0, 9)) % 11;
  return Number(digits[9]) === (remainder === 10 ? 0 : remainder);
}

/** The birth number read, or the Czech reason it is not one (naming the field `label`). */
export function parseBirthNumber(value: string, label = 'Rodné číslo'): BirthNumber | { error: string } {
  const match = SHAPE.exec(value.trim());
  if (!match) return { error: BIRTH_NUMBER_MESSAGES.shape(label) };
  const digits = `${match[1]}${match[2]}`;
  const yy = Number(digits.slice(0, 2));
  let year: number;
  if (digits.length === 9) {
    if (yy >= 54) return { error: BIRTH_NUMBER_MESSAGES.nineDigits(label) };
    year = 1900 + yy;
  } else {
    if (!checksumHolds(digits)) return { error: BIRTH_NUMBER_MESSAGES.checksum(label) };
    year = yy >= 54 ? 1900 + yy : 2000 + yy;
  }
  const month = monthOf(Number(digits.slice(2, 4)), year);
  const birthDate = month && realDate(year, month.month, Number(digits.slice(4, 6)));
  if (!month || !birthDate) return { error: BIRTH_NUMBER_MESSAGES.date(label) };
  return { digits, birthDate, sex: month.sex };
}

/** The Czech reason a valid birth number disagrees with a person's birth date or sex; null when it agrees. */
export function birthNumberMismatch(
  value: string,
  person: { birthDate?: unknown; female?: boolean | null },
): string | null {
  const parsed = parseBirthNumber(value);
  if ('error' in parsed) return null;
  if (
    typeof person.birthDate === 'string' &&
    person.birthDate !== '' &&
    person.birthDate !== parsed.birthDate
  )
    return 'Rodné číslo neodpovídá datu narození.';
  if (person.female !== null && person.female !== undefined && person.female !== (parsed.sex === 'FEMALE'))
    return person.female
      ? 'Rodné číslo neodpovídá pohlaví: je to rodné číslo muže.'
      : 'Rodné číslo neodpovídá pohlaví: je to rodné číslo ženy.';
  return null;
}
