import type { Executor } from '../../db/database.ts';

/** Stores a pending e-mail change, replacing any earlier one of the user (its link stops working). */
export async function replaceEmailChange(
  db: Executor,
  change: { userId: number; newEmail: string; tokenHash: string; now: string; expiresAt: string },
) {
  await db.deleteFrom('email_changes').where('user_id', '=', change.userId).execute();
  await db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      new_email: change.newEmail,
      token_hash: change.tokenHash,
      created_at: change.now,
      expires_at: change.expiresAt,
    })
    .execute();
}

export const findUsableEmailChange = (db: Executor, tokenHash: string, now: string) =>
  db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** False when someone else used the change first. */
export async function deleteEmailChange(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('email_changes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
