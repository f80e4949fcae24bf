import type { Executor } from '../../db/database.ts';

/** How many of a user's sign-ins are kept for their profile. */
export const KEPT_SIGN_INS = 20;

/**
 * Records a sign-in: the user's last sign-in time and a row of their recent sign-ins, older ones
 * beyond the newest few removed. Not tracked by the write tracker: no session changes with it, so
 * no cached session is dropped for it.
 */
export async function recordSignIn(
  db: Executor,
  userId: number,
  now: string,
  client: { ip: string; userAgent: string | undefined },
) {
  const untracked = db.withoutPlugins();
  await untracked.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
  await untracked
    .insertInto('sign_ins')
    .values({
      user_id: userId,
      created_at: now,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  const oldest = await untracked
    .selectFrom('sign_ins')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(KEPT_SIGN_INS)
    .limit(1)
    .executeTakeFirst();
  if (oldest)
    await untracked
      .deleteFrom('sign_ins')
      .where('user_id', '=', userId)
      .where('id', '<=', oldest.id)
      .execute();
}

export const recentSignIns = (db: Executor, userId: number) =>
  db
    .selectFrom('sign_ins')
    .select(['created_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(KEPT_SIGN_INS)
    .execute();
