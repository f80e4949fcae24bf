/** Error codes of a full disk: the file system's, SQLite's and PostgreSQL's (disk_full). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
/** libvips (sharp) reports a failed write only in its message. */
const DISK_FULL_MESSAGE = /no space left on device|disk quota exceeded/i;

/** True when the error, or one of its causes, says the disk has no room left. */
export function isDiskFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    if (typeof message === 'string' && DISK_FULL_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
