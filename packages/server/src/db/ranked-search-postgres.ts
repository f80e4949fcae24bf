import { type Kysely, sql } from 'kysely';
import { WORD_START } from './ranked-search.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;

/**
 * PostgreSQL: the matches of a search in list order, and a table's row count, without reading every
 * match or every row. pg_trgm's GIN index finds a fragment's rows in no order: a sorted page cost a
 * bitmap scan and a recheck of every match (2.5 µs each: 16 ms for the 6,451 members matching "nov"),
 * or a walk of the sort index to where the matches lie (56,000 entries for "nov", 73 ms), and the
 * exact count of a plain page 6–17 ms.
 *
 * `<table>_trigrams (trigram, sort_key, id, next)` holds every three-letter piece of the words of a
 * row's `search_text` (cut at spaces: a search word holds none) with the row's sort key (the column in
 * RANKED_SEARCH) and the letter that follows it in the word ('' at its end), and every word's first
 * letter and first two letters behind WORD_START (with no letter after): its primary key lists a
 * trigram's rows in list order, so a page of a three-letter search is the next entries of that key,
 * and of a four-letter one the next entries with that letter after, read from the index alone
 * (0.1–0.5 ms for a page or a count to 1,001 at 100,000 members). Longer words walk their rarest
 * four-letter piece's entries and check each row's text.
 * `<table>_row_counts (delta, changes)` is the table's row count as a sum of statement deltas (no row
 * that every writer must lock), and the sum of `changes` counts the statements that wrote the table
 * (an update too): what a reader's page anchors are checked against. A reader folds them into one row
 * now and then (rowCount).
 *
 * Both are made by migrations, and kept by statement triggers with transition tables
 * (migrations/kit/v2/ranked-search-postgres.ts for the entries, v1 for the count): an import of
 * thousands of rows writes its pieces in one statement. Their cost is space and writes: about 40
 * entries a row at 100,000 seeded members (v1's form had 48, 15.6 % of them trigrams holding a space
 * that no search asks for).
 */

/** Deltas past which a reader folds a table's row count into one. */
const FOLD_AFTER = 64;

/**
 * A table's exact row count (the sum of its deltas) and how many deltas it is summed from, as
 * expressions (with its change count): selected alone (rowCount) or beside a datagrid page, which then
 * costs one round trip.
 */
export function rowCountExpressions(table: string) {
  const counts = sql.id(`${table}_row_counts`);
  return {
    total: sql<string>`(select coalesce(sum(delta), 0)::bigint from ${counts})`,
    parts: sql<string>`(select count(*)::bigint from ${counts})`,
    /** Moves with every statement that wrote the table, and only then. */
    changes: sql<string>`(select coalesce(sum(changes), 0)::bigint from ${counts})`,
  };
}

/** Folds a table's deltas into one once a reader saw more than FOLD_AFTER of them. */
export async function foldRowCount(db: AnyKysely, table: string, parts: number): Promise<void> {
  if (parts <= FOLD_AFTER) return;
  // Deleting the deltas this statement sees and inserting their sum leaves the total as it was, whatever
  // other writers and folders do meanwhile (their deltas are either seen and folded, or left).
  const counts = sql.id(`${table}_row_counts`);
  await sql`with gone as (delete from ${counts} returning delta, changes)
    insert into ${counts} (delta, changes) select coalesce(sum(delta), 0), coalesce(sum(changes), 0) from gone`.execute(
    db,
  );
}

/** A table's exact row count from its deltas (tables in RANKED_SEARCH, on PostgreSQL). */
export async function rowCount(db: AnyKysely, table: string): Promise<number> {
  const { total, parts } = rowCountExpressions(table);
  const { rows } = await sql<{ total: string; parts: string }>`
    select ${total} as total, ${parts} as parts`.execute(db);
  await foldRowCount(db, table, Number(rows[0]!.parts));
  return Number(rows[0]!.total);
}

/** A piece of a search word as its entries hold it: a trigram, and for four letters the one after. */
export interface Gram {
  trigram: string;
  next?: string;
}

/**
 * The pieces that find a word in the entries (by code point, as PostgreSQL's substr cuts them): a
 * three-letter word is its trigram; a longer one each of its four-letter pieces (a trigram and the
 * letter after), any of which finds every row holding the word and, for four letters, only those.
 */
export function gramsOf(word: string): Gram[] {
  const chars = [...word];
  if (chars.length === 3) return [{ trigram: word }];
  const grams: Gram[] = [];
  for (let index = 0; index + 4 <= chars.length; index += 1)
    grams.push({ trigram: chars.slice(index, index + 3).join(''), next: chars[index + 3] });
  return grams;
}

interface TrigramShares {
  loadedAt: number;
  /** Share of the entries each common trigram has, from the planner's statistics. */
  shares: Map<string, number>;
}

const SHARES_TTL_MS = 10 * 60 * 1000;
const sharesOf = new WeakMap<AnyKysely, Map<string, TrigramShares>>();

async function trigramShares(db: AnyKysely, table: string): Promise<Map<string, number>> {
  const byTable = sharesOf.get(db) ?? new Map<string, TrigramShares>();
  sharesOf.set(db, byTable);
  const known = byTable.get(table);
  if (known && Date.now() - known.loadedAt < SHARES_TTL_MS) return known.shares;
  const { rows } = await sql<{ trigram: string; share: number }>`
    select unnest(most_common_vals::text::text[]) as trigram, unnest(most_common_freqs) as share
    from pg_stats where schemaname = current_schema() and tablename = ${`${table}_trigrams`}
      and attname = 'trigram'`.execute(db);
  const shares = new Map(rows.map((row) => [row.trigram, Number(row.share)]));
  byTable.set(table, { loadedAt: Date.now(), shares });
  return shares;
}

/**
 * The piece of the words with the fewest entries, by the planner's list of common trigrams (one not on
 * it is rarer than every one that is; a four-letter piece counts as its trigram): the search walks its
 * entries, so "novak" walks those of "nov" followed by "a", not of "ova" followed by "k" (42,976 rows
 * hold "ova"). Ties, and no statistics yet, go to the first piece of the longest word.
 */
export async function leadGram(db: AnyKysely, table: string, words: string[]): Promise<Gram> {
  const shares = await trigramShares(db, table);
  const byLength = [...words].sort((a, b) => [...b].length - [...a].length);
  const share = (gram: Gram) => shares.get(gram.trigram) ?? 0;
  let lead = gramsOf(byLength[0]!)[0]!;
  for (const gram of byLength.flatMap(gramsOf)) if (share(gram) < share(lead)) lead = gram;
  return lead;
}

/** The entries of the words starting with a word of one or two letters (see entriesOf). */
export const wordStartGram = (word: string): Gram => ({ trigram: (WORD_START + word).slice(-3), next: '' });

/** Whether the lead's entries are exactly the rows holding `word` (no need to check their text). */
export const gramIsWord = (gram: Gram, word: string) => gram.trigram + (gram.next ?? '') === word;
