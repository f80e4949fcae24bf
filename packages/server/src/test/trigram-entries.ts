import { type Kysely, sql } from 'kysely';

/**
 * The trigram entries PostgreSQL's ranked search must hold for the members now in the table, as
 * `trigram|next|sort_key|id` (db/ranked-search-postgres.ts): every trigram of a word of a row's text
 * (cut at spaces), with the letter after it in the word, under the row's sort key; and every word's
 * first letter and first two letters, behind \x01\x01 and \x01, with no letter after.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema's members
export async function expectedTrigramEntries(db: Kysely<any>): Promise<Set<string>> {
  const expected = new Set<string>();
  const { rows } = await sql<{ id: number; search_text: string; last_name_sort: string }>`
    select id, search_text, last_name_sort from members`.execute(db);
  for (const row of rows) {
    const entry = (gram: string, next: string) => `${gram}|${next}|${row.last_name_sort}|${row.id}`;
    for (const word of row.search_text.split(' ')) {
      const chars = [...word];
      if (chars.length > 0) expected.add(entry(`\u0001\u0001${chars[0]}`, ''));
      if (chars.length > 1) expected.add(entry(`\u0001${chars[0]}${chars[1]}`, ''));
      for (let index = 0; index + 3 <= chars.length; index += 1)
        expected.add(entry(chars.slice(index, index + 3).join(''), chars[index + 3] ?? ''));
    }
  }
  return expected;
}

/** The trigram entries the members' table holds, as expectedTrigramEntries writes them. */
// biome-ignore lint/suspicious/noExplicitAny: any schema's members
export async function trigramEntries(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ trigram: string; next: string; sort_key: string; id: number }>`
    select trigram, next, sort_key, id from members_trigrams`.execute(db);
  return rows.map((entry) => `${entry.trigram}|${entry.next}|${entry.sort_key}|${entry.id}`);
}
