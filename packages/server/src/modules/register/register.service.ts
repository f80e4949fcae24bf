import { birthNumberMismatch, parseBirthNumber } from '@klubovna/shared/validation/birth-number';
import { withoutIndex } from '../../db/dialect.ts';
import type { CompiledEntity, DynamicDb } from '../../engine/declaration/entity.types.ts';
import { insertAudits } from '../../engine/records/records.repository.ts';
import type { RegisterPerson } from './register-columns.ts';

const TRAINER_TYPES = ['TRAINER', 'HEAD_TRAINER'];

interface SortedRow {
  id: unknown;
  last_name_sort: unknown;
  first_name_sort: unknown;
}

/** The members list's order: surname, first name, id (sort keys compared as the databases do, bytewise). */
function inListOrder(a: SortedRow, b: SortedRow): number {
  const byKey = (x: unknown, y: unknown) => (String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0);
  return (
    byKey(a.last_name_sort, b.last_name_sort) ||
    byKey(a.first_name_sort, b.first_name_sort) ||
    Number(a.id) - Number(b.id)
  );
}

/** A person of the register with their member id. */
export interface RegisterMember extends RegisterPerson {
  id: number;
}

/**
 * The active members the register reports, by surname: competing athletes, and trainers (by their
 * coaching dates or their member type). Read in table order and sorted here by the list's sort keys:
 * a sort in SQL walked the surname index through every member, or sorted in a temporary tree, at twice
 * the cost (about a tenth of 100,000 members are trainers in the bench).
 */
export async function registerMembers(db: DynamicDb): Promise<RegisterMember[]> {
  const rows = await db
    .selectFrom('members')
    .select([
      'id',
      'first_name',
      'last_name',
      'birth_number',
      'citizenship',
      'birth_date',
      'member_type',
      'competing_from',
      'competing_to',
      'coaching_from',
      'coaching_to',
      'last_name_sort',
      'first_name_sort',
    ])
    .where(withoutIndex(db, 'active'), '=', 1)
    .where((eb) =>
      eb.or([
        eb('competing_from', 'is not', null),
        eb('coaching_from', 'is not', null),
        eb('member_type', 'in', TRAINER_TYPES),
      ]),
    )
    .execute();
  rows.sort(inListOrder);
  return rows.map((row) => ({
    id: Number(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    birthNumber: row.birth_number ?? null,
    citizenship: row.citizenship ?? null,
    birthDate: row.birth_date ?? null,
    athlete: row.competing_from !== null,
    athleteFrom: row.competing_from ?? null,
    athleteTo: row.competing_to ?? null,
    trainer: row.coaching_from !== null || TRAINER_TYPES.includes(String(row.member_type)),
    trainerFrom: row.coaching_from ?? null,
    trainerTo: row.coaching_to ?? null,
  }));
}

/** What the register would refuse of a person, in Czech; empty when nothing. */
export function registerProblems(person: RegisterPerson): string[] {
  const problems: string[] = [];
  if (!person.citizenship) problems.push('Chybí státní občanství.');
  if (!person.birthNumber) {
    if (person.citizenship === 'CZ') problems.push('Chybí rodné číslo.');
  } else {
    const parsed = parseBirthNumber(person.birthNumber);
    if ('error' in parsed) problems.push(parsed.error);
    else if (!person.birthDate) problems.push('Chybí datum narození.');
    else if (birthNumberMismatch(person.birthNumber, { birthDate: person.birthDate }))
      problems.push('Datum narození neodpovídá rodnému číslu.');
  }
  if (!person.birthDate && !person.birthNumber) problems.push('Chybí datum narození.');
  return problems;
}

/** Each full reading of members' birth numbers (the export) in the audit log, as the form's are. */
export async function recordReadings(
  db: DynamicDb,
  userId: number,
  member: CompiledEntity,
  people: readonly RegisterMember[],
): Promise<void> {
  const read = people.filter((person) => person.birthNumber);
  await insertAudits(
    db,
    userId,
    member,
    read.map((person) => ({
      recordId: person.id,
      action: 'read' as const,
      changes: { read: ['birthNumber'] },
    })),
  );
}
