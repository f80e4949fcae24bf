import { czechDate } from '@klubovna/shared/time/prague';

// The columns of the national sport register's CSV (Rejstřík sportu, zákon č. 115/2001 Sb.), declared
// once: when the register's template changes between grant calls, this list is the one edit.

/** A member as the register reads them. */
export interface RegisterPerson {
  firstName: string;
  lastName: string;
  birthNumber: string | null;
  citizenship: string | null;
  birthDate: string | null;
  athlete: boolean;
  athleteFrom: string | null;
  athleteTo: string | null;
  trainer: boolean;
  trainerFrom: string | null;
  trainerTo: string | null;
}

export interface RegisterColumn {
  header: string;
  value(person: RegisterPerson): string;
}

/** `D.M.RRRR` without leading zeros, as the register wants its dates; empty for none. */
export const registerDate = (value: string | null): string =>
  value ? czechDate(value).replaceAll(' ', '') : '';

const flag = (value: boolean) => (value ? '1' : '0');
/** The first of the first names, and the others (`Jan Petr` → `Jan`, `Petr`). */
const names = (firstName: string) => {
  const [given = '', ...more] = firstName.trim().split(/\s+/);
  return { given, more: more.join(' ') };
};

export const REGISTER_COLUMNS: readonly RegisterColumn[] = [
  { header: 'JMENO', value: (person) => names(person.firstName).given },
  { header: 'DALSI_JMENA', value: (person) => names(person.firstName).more },
  { header: 'PRIJMENI', value: (person) => person.lastName },
  { header: 'RODNE_CISLO', value: (person) => person.birthNumber ?? '' },
  { header: 'STATNI_OBCANSTVI', value: (person) => person.citizenship ?? '' },
  { header: 'DATUM_NAROZENI', value: (person) => registerDate(person.birthDate) },
  { header: 'SPORTOVEC', value: (person) => flag(person.athlete) },
  { header: 'SPORTOVEC_OD', value: (person) => registerDate(person.athleteFrom) },
  { header: 'SPORTOVEC_DO', value: (person) => registerDate(person.athleteTo) },
  { header: 'TRENER', value: (person) => flag(person.trainer) },
  { header: 'TRENER_OD', value: (person) => registerDate(person.trainerFrom) },
  { header: 'TRENER_DO', value: (person) => registerDate(person.trainerTo) },
];

/** A value as one CSV cell: quoted when it holds the separator, a quote or a line break. */
const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The register's CSV as text (CRLF lines, `;`); encoding it in Windows-1250 is the route's. */
export function registerCsv(people: readonly RegisterPerson[]): string {
  const lines = [
    REGISTER_COLUMNS.map((column) => column.header).join(';'),
    ...people.map((person) => REGISTER_COLUMNS.map((column) => cell(column.value(person))).join(';')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
