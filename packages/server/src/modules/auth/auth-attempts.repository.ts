import type { Executor } from '../../db/database.ts';

export const recordAttempt = (db: Executor, action: string, subjects: string[], now: string) =>
  db
    .insertInto('auth_attempts')
    .values(subjects.map((subject) => ({ action, subject, created_at: now })))
    .execute();

export async function countAttempts(
  db: Executor,
  action: string,
  subject: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('auth_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('action', '=', action)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const clearAttempts = (db: Executor, action: string, subject: string) =>
  db.deleteFrom('auth_attempts').where('action', '=', action).where('subject', '=', subject).execute();

export const deleteAttemptsBefore = (db: Executor, before: string) =>
  db.deleteFrom('auth_attempts').where('created_at', '<', before).execute();
