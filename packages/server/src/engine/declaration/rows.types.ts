import type { FieldOption, FilterElsewhereSchema, Role } from '@klubovna/shared';
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';

// Who asks, the conditions on the rows they may read and change, and the untyped rows the engine handles.

/** A named filter of an entity's list (see `EntityDeclaration.filters`). */
export interface DeclaredFilter {
  /** Czech label of the filter. */
  label: string;
  /** Its values with Czech labels; a request naming another value is refused. Or `relation`. */
  options?: readonly FieldOption[];
  /**
   * Instead of `options`: the values are the records of the entity of this alias, sent by id and
   * picked by searching them as a relation field's are (a payment's member's group).
   */
  relation?: string;
  /**
   * Choices that another list answers, offered with the filter's own: picking one opens that list with
   * its declared filter `filter` set to `value`. Checks nobody made are no rows of the checks' list, but
   * the members list's filter finds the athletes without one.
   */
  elsewhere?: readonly FilterElsewhereSchema[];
  /**
   * The rows the chosen values (at least one, each of `options` or a record id) select on `today`
   * (Prague's `2026-11-26`), as a condition on the entity's table inside the list's statements.
   */
  where(values: readonly string[], today: string): RowCondition;
}

/** Who asks: the signed-in user and their roles. */
export interface Person {
  userId: number;
  roles: readonly Role[];
}

/**
 * A condition on an entity's table (its columns unqualified), written into the statement that reads or
 * writes the rows: never rows fetched and filtered afterwards.
 */
// biome-ignore lint/suspicious/noExplicitAny: a condition on any declared table
export type RowCondition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/**
 * A declaration's row rules. Each answers for one person: a condition, `undefined` for every row
 * (the office), or `false` for none. A row the person may not read is answered as missing (404) in
 * every read; one they may read but not change refuses the change (403).
 */
export interface RowAccess {
  /** The rows the person may read. */
  read(person: Person): RowCondition | undefined;
  /** The rows the person may change; a row they create or change must be within it afterwards. Default: `read`. */
  write?(person: Person): RowCondition | false | undefined;
  /** Whether the person may create records (each then within `write`); default: unless `write` is false. */
  create?(person: Person): boolean;
  /** Whether the person may delete the rows they may change; default true. */
  delete?(person: Person): boolean;
  /**
   * The fields a person whose changes `write` limits to some rows may change; a change of another field
   * is refused on that field. Default every field.
   */
  writableFields?: readonly string[];
}

/** A record's values by field name, and a table row by column name. */
export type Values = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** Engine tables are declared at run time, so the engine speaks to them untyped. */
// biome-ignore lint/suspicious/noExplicitAny: the engine's tables come from declarations
export type DynamicDb = Kysely<any> | Transaction<any>;
