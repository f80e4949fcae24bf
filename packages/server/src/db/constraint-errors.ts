// Which constraint refused a write, told from the error each database driver raises (PostgreSQL's
// SQLSTATE, better-sqlite3's extended code): the only place outside the drivers that knows them.

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A foreign key refused the write: a related record went away between the check and the write. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  codeOf(error) === '23503' || codeOf(error) === 'SQLITE_CONSTRAINT_FOREIGNKEY';

/** A unique index refused the write: another write committed the same value first. */
export const isUniqueViolation = (error: unknown): boolean =>
  codeOf(error) === '23505' || codeOf(error) === 'SQLITE_CONSTRAINT_UNIQUE';
