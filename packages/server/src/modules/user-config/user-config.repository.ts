import type { Executor } from '../../db/database.ts';

export const listConfigs = (db: Executor, userId: number) =>
  db
    .selectFrom('user_configs')
    .select(['name', 'data'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();

export async function upsertConfig(db: Executor, userId: number, name: string, data: string, now: string) {
  await db
    .insertInto('user_configs')
    .values({ user_id: userId, name, data, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'name']).doUpdateSet({ data, updated_at: now }))
    .execute();
}
