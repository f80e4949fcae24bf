import { type Kysely, sql } from 'kysely';
import { engineOf } from '../v1/dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: works on any table
type AnyKysely = Kysely<any>;

/**
 * PostgreSQL: a table's trigram entries in list order (db/ranked-search-postgres.ts says how the engine
 * reads them), in the form of v2: only what a search can ask for. A search word never holds a space
 * (the words are split at white space), so the entries are cut from the words of `search_text` (split
 * at spaces), not from the text across them: no trigram holding a space (15.6 % of v1's entries at the bench's members), and
 * the letter after a word's last trigram is none (''), as at the end of the text. The word starts are
 * v1's: a word's first letter behind `\x01\x01` and its first two letters behind `\x01`, with no letter
 * after. The tables that have them, with the sort-key column the entries follow:
 */
const RANKED_SEARCH: Readonly<Record<string, string>> = { members: 'last_name_sort' };

const names = (table: string) => ({
  table: `"${table}"`,
  trigrams: `"${table}_trigrams"`,
  sync: `"${table}_trigrams_sync"`,
});

/**
 * The entries of the rows in `rows` (a transition table or a subquery aliased `r`), each once. Built in
 * the "C" collation, which the entries' columns have, so that making them distinct sorts by bytes and
 * hands them over in the order of the primary key.
 */
const entriesOf = (rows: string, sortColumn: string) => {
  const from = `from ${rows}, unnest(string_to_array(r.search_text, ' ')) as w(word)`;
  const keyed = `r."${sortColumn}" is not null`;
  return `select substr(w.word, i, 3) collate "C" as trigram, r."${sortColumn}" as sort_key, r.id,
       substr(w.word, i + 3, 1) collate "C" as next ${from}, generate_series(1, length(w.word) - 2) as i
       where ${keyed}
     union select (chr(1) || chr(1) || substr(w.word, 1, 1)) collate "C", r."${sortColumn}", r.id,
       '' collate "C" ${from} where ${keyed} and w.word <> ''
     union select (chr(1) || substr(w.word, 1, 2)) collate "C", r."${sortColumn}", r.id, '' collate "C"
       ${from} where ${keyed} and length(w.word) > 1`;
};

/** Rows whose entries changed in an update: another text or another sort key. */
const changed = (side: 'o' | 'n', sortColumn: string) =>
  `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
    where o.search_text is distinct from n.search_text or o."${sortColumn}" is distinct from n."${sortColumn}") as r`;

function syncFunction(table: string, sortColumn: string): string {
  const n = names(table);
  const remove = (rows: string) =>
    `delete from ${n.trigrams} p using (${entriesOf(rows, sortColumn)}) as gone
     where p.trigram = gone.trigram and p.sort_key = gone.sort_key and p.id = gone.id and p.next = gone.next;`;
  const add = (rows: string) =>
    `insert into ${n.trigrams} (trigram, sort_key, id, next) ${entriesOf(rows, sortColumn)};`;
  // Without JIT: the planner guesses a thousand rows from each generate_series and ten from each unnest,
  // so the entries of a few hundred rows looked worth compiling (0.7 s a statement, for 40 ms of work).
  return `create function ${n.sync}() returns trigger language plpgsql set jit = off as $body$
    begin
      if tg_op = 'INSERT' then ${add('new_rows as r')}
      elsif tg_op = 'DELETE' then ${remove('old_rows as r')}
      else ${remove(changed('o', sortColumn))} ${add(changed('n', sortColumn))}
      end if;
      return null;
    end $body$`;
}

/**
 * Makes (or makes again) a table's trigram entries in the v2 form from its rows, with the triggers that
 * keep them (PostgreSQL): the table, its primary key and its statistics target as v1 made them. The
 * kept row count (v1's createPostgresRowCount) is left as it is.
 */
export async function createPostgresTrigrams(db: AnyKysely, table: string): Promise<void> {
  const sortColumn = RANKED_SEARCH[table];
  if (engineOf(db) !== 'postgres' || !sortColumn) return;
  const n = names(table);
  const statements = [
    `drop function if exists ${n.sync}() cascade`,
    `drop table if exists ${n.trigrams}`,
    `create table ${n.trigrams} (trigram text collate "C" not null, sort_key text collate "C" not null,
      id integer not null, next text collate "C" not null, primary key (trigram, sort_key, id, next))`,
    // The planner's list of common trigrams is how a search picks its rarest one (leadGram).
    `alter table ${n.trigrams} alter column trigram set statistics 1000`,
    `insert into ${n.trigrams} (trigram, sort_key, id, next) ${entriesOf(`${n.table} as r`, sortColumn)}`,
    `analyze ${n.trigrams}`,
    syncFunction(table, sortColumn),
    `create trigger "${table}_trigrams_insert" after insert on ${n.table} referencing new table as new_rows
      for each statement execute function ${n.sync}()`,
    `create trigger "${table}_trigrams_update" after update on ${n.table}
      referencing old table as old_rows new table as new_rows for each statement execute function ${n.sync}()`,
    `create trigger "${table}_trigrams_delete" after delete on ${n.table} referencing old table as old_rows
      for each statement execute function ${n.sync}()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
