import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * A sign-in profile (an account with only the lowest role), written straight into the server's
 * SQLite file: the product has no screen that creates one yet.
 */
export function insertProfileAccount(
  dataDir: string,
  profile: { email: string; firstName: string; lastName: string },
): number {
  const db = new Database(path.join(dataDir, 'klubovna.sqlite'));
  try {
    const now = new Date().toISOString();
    const result = db
      .prepare(
        `insert into users (email, password_hash, first_name, last_name, roles, active, version, created_at, updated_at)
         values (?, null, ?, ?, '["ROLE_USER"]', 1, 1, ?, ?)`,
      )
      .run(profile.email, profile.firstName, profile.lastName, now, now);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}
