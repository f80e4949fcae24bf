import type { Area, EntityLabels, EntityRoutes, EntityScreens, RouteDefinition } from '@klubovna/shared';
import type { z } from 'zod';
import type { ColumnModel } from '../../db/migration-kit.ts';
import type { ActionContextOf, EntityActionOf, EntityHooksOf, HookContextOf } from './entity-hooks.types.ts';
import type { FieldDeclaration, SecondaryLabelPart } from './field.types.ts';
import type { DeclaredFilter, DynamicDb, RowAccess, RowCondition } from './rows.types.ts';
import type { SignUpsDeclarationOf } from './sign-ups.types.ts';

// An entity's declaration and what the engine compiles from it: one file, as each refers to the other.
// The leaves (fields, rows, sign-ups) and the hooks and actions (bound here) have files of their own.

export type {
  FieldDeclaration,
  RecordCondition,
  RelationDeclaration,
  SecondaryLabelPart,
} from './field.types.ts';
export type {
  DeclaredFilter,
  DynamicDb,
  Person,
  Row,
  RowAccess,
  RowCondition,
  Values,
} from './rows.types.ts';
export type { SignUpListReading } from './sign-ups.types.ts';

/** What a sign-up list's `effects` are given: the write's transaction, who writes, every entity. */
export interface SignUpWork {
  /** The transaction of the write: what is written here commits or rolls back with the sign-up. */
  db: DynamicDb;
  userId: number;
  /** Every declared entity, e.g. to write another entity's rows as the engine does. */
  entities: EntityRegistry;
}

export type SignUpsDeclaration = SignUpsDeclarationOf<SignUpWork>;

/**
 * A column of an entity's export beyond its fields: the labels of the records linked (as a secondary
 * label's linked part says) to the record a relation of this entity points at — a payment's member's
 * groups today.
 */
export interface ExportLinkedColumn {
  header: string;
  /** A relation field of this entity (`member`), naming the record the labels are linked to. */
  through: string;
  labels: Extract<SecondaryLabelPart, { entity: string }>;
}

export interface EntityDeclaration {
  /** Kebab-case name used in URLs: form alias and datagrid name. */
  alias: string;
  /** Table name in the database. */
  table: string;
  labels: EntityLabels;
  /** Permission area: read access lists and reads, write access creates, updates and deletes. */
  area: Area;
  /**
   * Its list, create and edit screens in the back office (served by the engine's generic screens
   * unless the web app writes its own), or `'api-only'`: an entity reached only through its API and
   * other entities' screens. Every entity says which.
   */
  screens: EntityScreens | 'api-only';
  fields: Record<string, FieldDeclaration>;
  /** Form sections in order; default one unnamed section. */
  sections?: Array<{ key: string; label: string }>;
  /** Datagrid order when the user picks none. */
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /**
   * Fields the search box looks in (case- and diacritics-insensitive substring). A relation field
   * here finds the records whose related record the same words find (a payment by its member's
   * name), read afresh in each search; an amount (money) finds records of that amount written in
   * whole units or with a decimal comma (`1500`, `1500,50`).
   */
  searchFields: string[];
  /** Fields joined by a space to label a record in relation pickers, e.g. ['lastName', 'firstName']. */
  labelFields: string[];
  /**
   * Fields joined by a space to name a record in sentences (`Smazat člena Jan Čermák?`, the trash),
   * e.g. ['firstName', 'lastName'] where the pickers list surname first; default `labelFields`.
   */
  nameFields?: string[];
  /**
   * What tells apart records of one label in pickers and the search ("2012 · Sportovec · Žáci"), its
   * parts joined by " · ", computed for a whole page of options at once. Default none.
   */
  secondaryLabel?: SecondaryLabelPart[];
  /** Columns its export (CSV, XLSX) adds after its fields (see `ExportLinkedColumn`); default none. */
  exportLinked?: ExportLinkedColumn[];
  /** The entity's own rules, run inside the engine's transaction; default none. */
  hooks?: EntityHooks;
  /** Whether records may be deleted (to the trash); default true. Accounts are deactivated instead. */
  deletable?: boolean;
  /**
   * Records the app alone writes (a job's runs): the screens list them and open each in its form with
   * every field read-only, and offer no adding, saving or deleting; the engine refuses such writes with 403. Default false.
   */
  readOnly?: boolean;
  /**
   * Columns of the table that other code owns and the engine never reads, serves or writes (an
   * account's password hash); the generated migrations keep them. Default none.
   */
  privateColumns?: ColumnModel[];
  /**
   * Which of its rows a signed-in person may read and change, where the area alone does not settle it
   * (a member's own record, a trainer's groups): conditions built into every statement that reads or
   * writes the entity's rows. Default: every row to whoever the area admits.
   */
  rows?: RowAccess;
  /**
   * The rows the public website shows (a published article, a sponsor): their files and images are
   * served to anyone and cacheable; `true` for every row. Every other upload is served only to whom may
   * read a record pointing at it. Default none.
   */
  publicRows?: RowCondition | true;
  /** Work beyond create, update and delete, each with its own route, by kebab-case name; default none. */
  // biome-ignore lint/suspicious/noExplicitAny: each action has its own input type
  actions?: Record<string, EntityAction<any>>;
  /**
   * Named filters of its list beyond the columns' own (a check's validity: "končí do 30 dnů",
   * "prošlé"), read as `filter[name]=value` (repeatable: any of the values) and offered by the list
   * screen beside the column filters. A name must differ from every field's. Default none.
   */
  filters?: Record<string, DeclaredFilter>;
  /**
   * This entity's records are members signed up for a record of another entity (a camp's participants,
   * a race's entries): the engine keeps the list's rules and serves it (engine/sign-ups/). Default none.
   */
  signUps?: SignUpsDeclaration;
}

/** What the engine derives once, at start, from a declaration (see compile-entity.ts). */
export interface CompiledField extends FieldDeclaration {
  name: string;
  column: string;
  /** Column the datagrid orders by: a Czech sort-key shadow column for text. */
  sortColumn: string;
  sortable: boolean;
  filterable: boolean;
  listed: boolean;
  schema: z.ZodType;
  /** `<table>_<column>` holding (owner_id, target_id) pairs of a relationMany field. */
  joinTable?: string;
  /** A relation's `where` as filters of the target's rows (set when the registry is compiled). */
  targetFilters?: FieldFilter[];
}

export interface CompiledEntity {
  declaration: EntityDeclaration;
  /** The paths of its list, create and edit screens; null when it has none. */
  routes: EntityRoutes | null;
  /** The routes of its screens (see EntityDeclaration.screens); none for an API-only entity. */
  screenRoutes: RouteDefinition[];
  fields: CompiledField[];
  byName: ReadonlyMap<string, CompiledField>;
  /** Text fields with a `<column>_sort` shadow column to keep up to date. */
  sortKeyFields: CompiledField[];
  /** Fields of kind relation and relationMany. */
  relationFields: CompiledField[];
  /** The searched fields kept in the record's own `search_text`: all but relations and amounts. */
  textSearchFields: string[];
  /** Searched money fields: a word that reads as an amount finds them. */
  searchedAmounts: CompiledField[];
  /** Searched relation fields with their targets (set when the registry is compiled). */
  searchedRelations: Array<{ field: CompiledField; target: CompiledEntity }>;
}

/** A condition of a datagrid's filter (or a relation's `where`) on one field. */
export type FieldFilter =
  | { field: CompiledField; type: 'in'; values: string[] }
  /** A multiEnum holding any of the values. */
  | { field: CompiledField; type: 'contains'; values: string[] }
  | { field: CompiledField; type: 'boolean'; value: boolean }
  | { field: CompiledField; type: 'range'; from?: string | number; to?: string | number };

/** Compiled entities by alias: what the engine serves. */
export type EntityRegistry = ReadonlyMap<string, CompiledEntity>;

export type HookContext = HookContextOf<CompiledEntity>;
export type EntityHooks = EntityHooksOf<CompiledEntity>;
export type ActionContext<Input> = ActionContextOf<CompiledEntity, Input>;
export type EntityAction<
  Body extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> = EntityActionOf<CompiledEntity, Body, Output>;
