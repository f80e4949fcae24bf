// `npm run seed:demo`: fills the configured database with a realistic Czech club.
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { seedMembers } from '../modules/members/seed-members.ts';

const DEMO_MEMBERS = 400;

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  const existing = await database.db
    .selectFrom('members' as never)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number((existing as { n: unknown }).n) > 0) {
    console.log('The database already has members; nothing added.');
  } else {
    await seedMembers(database.db, DEMO_MEMBERS);
    console.log(`Added ${DEMO_MEMBERS} demo members.`);
  }
} finally {
  await database.close();
}
