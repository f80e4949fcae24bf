import type { Executor } from '../../db/database.ts';

/**
 * Stores a new token and voids every older unused one of the same user; `createdBy` names who sent an
 * invitation (none for a forgotten password's link).
 */
export async function replaceToken(
  db: Executor,
  userId: number,
  tokenHash: string,
  now: string,
  expiresAt: string,
  createdBy: number | null = null,
) {
  await deleteUserTokens(db, userId);
  await db
    .insertInto('password_tokens')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      created_by: createdBy,
    })
    .execute();
}

/** Voids every link of the user to set a password, used or not. */
export const deleteUserTokens = (db: Executor, userId: number) =>
  db.deleteFrom('password_tokens').where('user_id', '=', userId).execute();

export const findUsableToken = (db: Executor, tokenHash: string, now: string) =>
  db
    .selectFrom('password_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Marks the token used; false when someone else used it first. */
export async function consumeToken(db: Executor, tokenId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Tokens nobody can use any more: used, or past their expiry. */
export const deleteSpentTokens = (db: Executor, now: string) =>
  db
    .deleteFrom('password_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
