import type {
  Access,
  Area,
  EntityLabels,
  EntityRecord,
  EntityRoutes,
  EntityScreens,
  Role,
  RouteDefinition,
} from '@klubovna/shared';
import type { z } from 'zod';
import type { ColumnModel } from '../../db/migration-kit.ts';
import type { FileAnswer } from '../export/file-answer.ts';
import type { FieldDeclaration, SecondaryLabelPart } from './field.types.ts';
import type { DeclaredFilter, DynamicDb, RowAccess, RowCondition, Values } from './rows.types.ts';
import type { SignUpsDeclarationOf } from './sign-ups.types.ts';

// An entity's declaration, what the engine compiles from it, and its hooks and actions: one file, as
// each refers to the others. The leaves (fields, rows, sign-ups) have files of their own.

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

/** What every hook and action is given. */
export interface HookContext {
  /** The transaction the engine's work runs in: what a hook writes here commits or rolls back with it. */
  db: DynamicDb;
  userId: number;
  roles: Role[];
  entity: CompiledEntity;
  /**
   * The write is a row of an import, which brings records as they were: a hook keeps its checks but
   * starts no consequences (a sign-up's payment request). Default false.
   */
  imported?: boolean;
  /**
   * The delete is of a record going with a deleted record of this alias (its relation `onDelete:
   * 'delete'`: a camp's sign-ups with the camp). Default none.
   */
  deletedWith?: string;
}

/**
 * An entity's own rules, run by the engine inside the transaction of each create, update, delete
 * and read. A hook refuses by throwing `fieldError(field, message)` (a Czech 400 pointing at the
 * field) or any AppError; whatever it wrote is then rolled back with the rest.
 */
export interface EntityHooks {
  /**
   * First of all, on the body as sent (on update: only the fields sent, and `version`): the body
   * tidied (an e-mail lower-cased, a number without spaces). A plain function of the values, without
   * the database, so that work over many rows (an import) runs it on all of them before writing any.
   * Default none.
   */
  normalize?: (data: Values) => Values;
  /** Before validation, on the body as sent (on update: only the fields sent); returns the body to validate. Default none. */
  beforeValidate?: (
    args: HookContext & { operation: 'create' | 'update'; data: Values; previous: EntityRecord | null },
  ) => Values | Promise<Values>;
  /** After validation, before the insert; may return changed values. Default none. */
  beforeCreate?: (args: HookContext & { data: Values }) => Values | undefined | Promise<Values | undefined>;
  /** After the insert (links included), before the commit. Default none. */
  afterCreate?: (args: HookContext & { record: EntityRecord }) => void | Promise<void>;
  /** After validation, before the update; `data` is the whole record as it will be saved. Default none. */
  beforeUpdate?: (
    args: HookContext & { data: Values; previous: EntityRecord },
  ) => Values | undefined | Promise<Values | undefined>;
  /** After the update, before the commit. Default none. */
  afterUpdate?: (
    args: HookContext & { record: EntityRecord; previous: EntityRecord },
  ) => void | Promise<void>;
  /** Before a record is deleted (also in a bulk delete, once per record). Default none. */
  beforeDelete?: (args: HookContext & { previous: EntityRecord }) => void | Promise<void>;
  /** After a record is deleted, before the commit. Default none. */
  afterDelete?: (args: HookContext & { previous: EntityRecord }) => void | Promise<void>;
  /** After a record comes back from the trash, links other records lost put back, before the commit. Default none. */
  afterRestore?: (args: HookContext & { record: EntityRecord }) => void | Promise<void>;
  /** On every record the API returns (forms, lists, exports); may return a changed record. Default none. */
  afterRead?: (args: Omit<HookContext, 'db'> & { record: EntityRecord }) => EntityRecord | undefined;
}

/** What an action's `run` is given besides the hook context. */
export interface ActionContext<Input> extends HookContext {
  input: Input;
  /** The record named by `:id` in the action's path, read in the action's transaction; null without one. */
  record: EntityRecord | null;
  /** Every declared entity, e.g. to write another entity's rows with `toRow` in set-based work. */
  entities: EntityRegistry;
  /**
   * The rows of an entity (by alias) the person may read, or with 'write' change (their row rule), as a
   * condition for the action's own statements: a row outside it is as missing. Every row for the office.
   */
  rowsOf(alias: string, access?: Access): RowCondition;
  /** The engine's own create, update and delete, with validation, hooks and audit, in this transaction. */
  records: {
    /** A record with its links, as the form reads it; 404 when there is none. */
    read(alias: string, id: number): Promise<EntityRecord>;
    create(alias: string, body: Values): Promise<EntityRecord>;
    update(alias: string, id: number, body: Values): Promise<EntityRecord>;
    /** Deletes for good, past the trash: an action's deletes are part of its work (unmarking, unpairing). */
    delete(alias: string, ids: number[]): Promise<void>;
  };
}

/**
 * Work on an entity that is not a plain create, update or delete: its own route, a Zod body (the
 * query string for GET), access from the permission matrix for the entity's area, one transaction,
 * and an audit row naming the action and its input.
 */
export interface EntityAction<Body extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  /** Czech name of what it does. */
  label: string;
  /** HTTP method; default 'POST'. */
  method?: 'GET' | 'POST' | 'PUT';
  /**
   * Its route; default `/api/cms/action/{alias}/{name}`. A path with `:id` acts on that record of
   * the entity (refused with 404 when there is none), e.g. `API_PATHS.recordAction`; `:alias` and
   * `:action` in it are filled with the entity's alias and the action's name.
   */
  path?: string;
  /** Access the user's roles must grant to the entity's area; default 'write'. */
  access?: Access;
  /**
   * Only for a person whom the entity's row rules do not limit: work over rows at large (a bulk setup of
   * every member); default false.
   */
  wholeTable?: boolean;
  /** Whether it leaves an audit row; default yes, except for GET. A preview that writes nothing says no. */
  audited?: boolean;
  /**
   * A button on the form of a saved record, for whoever the action's access allows: a POST on one
   * record (its path has `:id`) with an empty body, whose answer's `message` the form shows; default false.
   */
  form?: boolean;
  /** Schema of the body (of the query string for GET). */
  input: Body;
  /**
   * Schema of the answer's `data`, for the API document (its shape is checked against every answer
   * the tests receive); `run` must return what it describes. Every action with a JSON answer has one.
   */
  output?: Output;
  /** Media types of the file it answers with (an export, an image) instead of JSON; default none. */
  produces?: readonly string[];
  /** Error statuses it answers beyond those of every route (409 when the club lacks a setting); default none. */
  refusals?: readonly number[];
  /** Does the work; what it returns is the answer's `data`, or a download when it is a `FileAnswer`. */
  run: (context: ActionContext<z.infer<Body>>) => Promise<z.input<Output> | FileAnswer>;
}
