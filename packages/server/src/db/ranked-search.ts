import { type Kysely, sql } from 'kysely';
import { writeTrackerOf } from './write-tracker.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;

/**
 * SQLite: a trigram index whose rowids follow a table's default sort, so that the matches of a search
 * come out of the index already in list order and a page costs the page, not every match.
 *
 * `<table>_rank (rank integer primary key, id)` numbers the rows in the order of (sort key, id) with
 * gaps; `<table>_ranked` is a contentless FTS5 trigram index of `search_text` keyed by that rank.
 * Triggers keep the ranks in step and queue the ranks whose entry changed (see applyPendingRanks): a new
 * row (or a row whose sort key changed) takes the middle of the gap between its neighbours; when that
 * gap is closed, the 65 or so rows around it are spread evenly over their span first (the whole table
 * when even that span is full). Migrations make the index and its triggers
 * (migrations/kit/v1/ranked-search-sqlite.ts). The tables with such an index, and the sort-key
 * column it follows (the declared default sort; other sorts keep the plain `<table>_search` index):
 */
export const RANKED_SEARCH: Readonly<Record<string, string>> = { members: 'last_name_sort' };

/**
 * Put before every word of the search text in the ranked index, so that a word's first one or two
 * letters are a trigram of their own: "\x01\x01n" and "\x01no" find words starting "n" and "no".
 */
export const WORD_START = '\u0001\u0001';
/** The ranked index's text of a row: its search text with WORD_START before every word. */
const indexedText = (text: string) => `char(1, 1) || replace(${text}, ' ', ' ' || char(1, 1))`;

const names = (table: string) => ({
  table: `"${table}"`,
  rank: `"${table}_rank"`,
  ranked: `"${table}_ranked"`,
  pending: `"${table}_rank_pending"`,
});

/**
 * Brings the ranked index up to date with the ranks written since (`<table>_rank_pending`): each is
 * taken out and, while a row holds it, put in again with that row's text, in rank order. FTS5 keeps a
 * transaction's new entries in memory only while their rowids rise, and writes them out at every rank
 * lower than the last: written by the triggers row by row, an import of 10,000 members took 13 s instead
 * of 2.4 s and left the index in thousands of small segments. Run before every read of the index
 * (nothing when nothing is pending: one probe of an empty table).
 */
export async function applyPendingRanks(db: AnyKysely, table: string): Promise<void> {
  const n = names(table);
  // Nothing was queued since the queue was last seen empty while nothing wrote the table: no probe.
  const stamp = writeTrackerOf(db)?.stamp([table]) ?? Number.NaN;
  const seenEmpty = seenEmptyAt.get(db) ?? new Map<string, number>();
  seenEmptyAt.set(db, seenEmpty);
  if (seenEmpty.get(table) === stamp) return;
  const pending = await sql.raw(`select 1 from ${n.pending} limit 1`).execute(db);
  if (pending.rows.length === 0) {
    seenEmpty.set(table, stamp);
    return;
  }
  // One at a time per database and table: two interleaved would put a rank in twice. A run already
  // under way may have started before this reader's last write: pending is looked at again after it.
  const runs = applying.get(db) ?? new Map<string, Promise<void>>();
  applying.set(db, runs);
  const running = runs.get(table);
  if (running) {
    await running;
    return applyPendingRanks(db, table);
  }
  const run = applyPending(db, table).finally(() => runs.delete(table));
  runs.set(table, run);
  await run;
}

const applying = new WeakMap<AnyKysely, Map<string, Promise<void>>>();
/**
 * The write tracker's stamp of a table when its queue was last found empty (per database): the
 * triggers queue ranks only on writes to the table, and the tracker counts every write of this process
 * (SQLite's one), so while the stamp stays the queue stays empty. NaN, never equal, where it cannot tell.
 */
const seenEmptyAt = new WeakMap<AnyKysely, Map<string, number>>();

/**
 * Each statement alone, without a transaction (requests share SQLite's one connection, and a transaction
 * held across them would take in theirs). The ranks are marked taken first: a rank queued again
 * meanwhile is unmarked and stays for the next run. Taking out a rank that is not in is nothing, so a
 * run cut short is finished by the next.
 */
async function applyPending(db: AnyKysely, table: string): Promise<void> {
  const n = names(table);
  await sql.raw(`update ${n.pending} set taken = 1`).execute(db);
  await sql
    .raw(`delete from ${n.ranked} where rowid in (select rank from ${n.pending} where taken = 1)`)
    .execute(db);
  await sql
    .raw(
      `insert into ${n.ranked}(rowid, search_text) select p.rank, ${indexedText('t.search_text')}
       from ${n.pending} p join ${n.rank} r on r.rank = p.rank join ${n.table} t on t.id = r.id
       where p.taken = 1 order by p.rank`,
    )
    .execute(db);
  await sql.raw(`delete from ${n.pending} where taken = 1`).execute(db);
}
