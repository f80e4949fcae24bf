import { sql } from 'kysely';
import type { CompiledEntity } from '../../declaration/compile-entity.ts';
import type { DynamicDb } from '../../records/records.repository.ts';
import {
  likeWord,
  narrowed,
  plainColumn,
  type SearchWays,
  SUBSTRING_MIN_LENGTH,
  searchWords,
} from '../conditions.ts';
import type { ListQuery } from '../list-query.ts';

// What SQLite writes of a list's WHERE: words through the trigram index (FTS5), and the unary plus that
// keeps the planner from driving a dense statement by its match set.

/** A word as an FTS5 phrase (quoted, so its characters are never read as query syntax). */
export const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

const SQLITE_WAYS: SearchWays = {
  word: (eb, entity, word, dense) => {
    const index = `${entity.declaration.table}_search`;
    return eb(
      dense ? sql`+id` : 'id',
      'in',
      sql`(select rowid from ${sql.id(index)} where ${sql.id(index)} match ${ftsPhrase(word)})`,
    );
  },
  column: (column, dense) => (dense ? sql`+${sql.ref(column)}` : sql.ref(column)),
};

/**
 * Under a row rule, words are looked for in each of the person's rows: a rule's rows are few (a
 * trainer's 40), and the trigram index would first collect every match of the whole table.
 */
const WAYS_IN_SCOPE: SearchWays = { word: likeWord, column: plainColumn };

/** The list's rows where its filters and words hold (see narrowed). */
export const sqliteNarrowed = (
  db: DynamicDb,
  entity: CompiledEntity,
  query: Pick<ListQuery, 'search' | 'filters' | 'scope'>,
  dense = false,
) => narrowed(db, entity, query, query.scope ? WAYS_IN_SCOPE : SQLITE_WAYS, dense);

/** The FTS5 query for search words when the trigram index can answer alone, else undefined. */
export function ftsOnlyQuery(entity: CompiledEntity, query: ListQuery): string | undefined {
  const words = searchWords(query.search);
  if (
    entity.searchedRelations.length > 0 ||
    query.filters.length > 0 ||
    query.scope ||
    words.length === 0 ||
    words.some((word) => word.length < SUBSTRING_MIN_LENGTH)
  ) {
    return undefined;
  }
  return words.map(ftsPhrase).join(' AND ');
}
