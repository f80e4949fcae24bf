import type {
  Access,
  Area,
  EntityLabels,
  EntityRecord,
  EntityRoutes,
  EntityScreens,
  FieldConstraints,
  FieldKind,
  FieldOption,
  Role,
  RouteDefinition,
} from '@klubovna/shared';
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ColumnModel } from '../../db/migration-kit.ts';

/** One field of an entity. Everything the table, validation, API, datagrid and form need. */
export interface FieldDeclaration extends FieldConstraints {
  kind: FieldKind;
  /** Czech label. */
  label: string;
  /** Column name in the table; default: the field name in snake_case. */
  column?: string;
  /** Must be filled; default false. */
  required?: boolean;
  /** Options of an enum field with Czech labels; required for kind 'enum'. */
  options?: readonly FieldOption[];
  /** Value of a new record; default none (booleans default to false). */
  defaultValue?: unknown;
  /** Shown in the datagrid until the user changes the column set; default true. */
  listed?: boolean;
  /**
   * The datagrid column's width in CSS pixels at its narrowest that reads well (the header wrapped to
   * its longest word, a typical value); default by kind (engine/column-layout.ts).
   */
  listWidth?: number;
  /**
   * Which columns a narrow window keeps: 1 always, 2 next, 3 the first to give way (they stay in the
   * column chooser); default 1 for the label fields, 2 for the rest.
   */
  listPriority?: 1 | 2 | 3;
  /** May be sorted by in the datagrid; default true for text, number, date and boolean kinds; never relations. */
  sortable?: boolean;
  /** May be filtered by in the datagrid; default true for enum, boolean, date, number and relation kinds. */
  filterable?: boolean;
  /** Required with, and only with, kinds 'relation' and 'relationMany'. */
  relation?: RelationDeclaration;
  /**
   * Upload namespace of file and image fields; default the entity alias. On rich text: where images
   * put into the text are uploaded; default none (the editor then offers no image upload).
   */
  uploadNamespace?: string;
  /** Key of the form section; default the first section. */
  section?: string;
  /** Width in the form grid out of 12; default 6 (12 for long and rich text). */
  span?: number;
  /** Shown but never written through the API; default false. */
  readOnly?: boolean;
  /** Shown in the form; default true. False for what hooks keep for lists, labels and search. */
  inForm?: boolean;
  /** Help text under the input; default none. */
  help?: string;
}

/**
 * What a relation points at. A 'relation' is stored as an id column with a foreign key; a
 * 'relationMany' as a join table `<table>_<column>` of (owner_id, target_id) pairs.
 */
export interface RelationDeclaration {
  /** Alias of the related entity (must be in the same registry). */
  alias: string;
  /**
   * Deleting a related (target) record: 'restrict' refuses with a Czech message saying where it is
   * used; 'cascade' removes the links (a 'relation' is set to null, so it must not be required);
   * 'delete' (a 'relation' only) deletes the records pointing at it with it, into the trash, by their
   * own rules and with their own audit entries. Default 'restrict'.
   */
  onDelete?: 'restrict' | 'cascade' | 'delete';
  /**
   * Which target records may be linked, by their fields' values, e.g. `{ memberType: ['TRAINER'] }`:
   * the picker offers only those and a save refuses any other. Default: every record of the target.
   */
  where?: RecordCondition;
  /** Czech refusal of a record outside `where`, followed by its label; default one naming the condition. */
  whereMessage?: string;
}

/**
 * Records whose fields hold the given values: an enum (or text) field one of the listed values, a
 * boolean field the given one. All fields must match.
 */
export type RecordCondition = Record<string, readonly string[] | boolean>;

/** One part of a record's secondary label (see `EntityDeclaration.secondaryLabel`). */
export type SecondaryLabelPart =
  /** A field of the record: an enum's option label, a date (its year with `year`), text as it is. */
  | { field: string; year?: boolean }
  /**
   * Labels of the records `field` (a relation of `entity`) points at, over the records of `entity`
   * whose relation `by` points at this one: a member's groups through the group memberships. With
   * `current`, only linking records in force today (`from` empty or past, `to` empty or not past).
   */
  | { entity: string; by: string; field: string; current?: { from: string; to: string } };

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
  /** Fields the search box looks in (case- and diacritics-insensitive substring). */
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

/**
 * A sign-up list, declared on the entity of the sign-ups. From it the engine keeps, in the transaction
 * of each write: one sign-up per member and parent; none on a later day than the parent's deadline;
 * places up to the parent's capacity, the next sign-ups waiting in order, the first waiting moving up
 * when a place frees or the capacity grows (a smaller one moves nobody out); a sign-up never moved to
 * another parent. The parent gets the action `participants` listing its sign-ups.
 */
export interface SignUpsDeclaration {
  /** The required relation naming what one signs up for (`camp`), deleting its sign-ups with it. */
  parent: string;
  /** The required relation naming who signs up (`member`). */
  member: string;
  /**
   * Places and a waiting list. Default none: everyone signed up takes part, and the list is in the
   * order of the members' labels.
   */
  places?: {
    /** An integer field of the parent: how many have a place; empty for no limit. */
    capacity: string;
    /** A read-only enum field of this entity with the values of `SIGN_UP_STATUS_OPTIONS`, kept by the engine. */
    status: string;
    /** A read-only integer field of this entity, kept by the engine: the order of the sign-ups. */
    queue: string;
  };
  /**
   * A date field of the parent: from the day after it, sign-ups by a person whom the sign-ups' row
   * rules limit are refused (the office, whom they do not, still signs up latecomers); default none.
   */
  deadline?: string;
  /** A read-only text field kept as "<member's name> – <parent's label>", to name the sign-up; default none. */
  title?: string;
  /**
   * The refusal of a member's second sign-up for one parent, given their names (the member as
   * sentences name them), the member's record and whether the first sign-up waits; default a
   * sentence of those names.
   */
  twice?: (signUp: {
    member: string;
    parent: string;
    memberRecord: EntityRecord;
    waiting: boolean;
  }) => string;
  /** The parent's action listing its sign-ups (GET, read access): what each row and the answer hold. */
  list: {
    /** Its route, with `:id` the parent's (`API_PATHS.campParticipants`). */
    path: string;
    /** Czech name of what it does. */
    label: string;
    /** Fields of this entity each row holds besides who it is and where they stand. */
    fields: readonly string[];
    /** Fields of the member each row holds (`birthDate`); default none. */
    memberFields?: readonly string[];
    /** More of the answer, from the parent (a race's categories); default none. */
    details?: (parent: EntityRecord) => Record<string, unknown>;
  };
}

/** A named filter of an entity's list (see `EntityDeclaration.filters`). */
export interface DeclaredFilter {
  /** Czech label of the filter. */
  label: string;
  /** Its values with Czech labels; a request naming another value is refused. */
  options: readonly FieldOption[];
  /**
   * The rows the chosen values (at least one, each of `options`) select on `today` (Prague's
   * `2026-11-26`), as a condition on the entity's table inside the list's statements.
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
}

/**
 * An entity's own rules, run by the engine inside the transaction of each create, update, delete
 * and read. A hook refuses by throwing `fieldError(field, message)` (a Czech 400 pointing at the
 * field) or any AppError; whatever it wrote is then rolled back with the rest.
 */
export interface EntityHooks {
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
export interface EntityAction<Body extends z.ZodType = z.ZodType> {
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
  /** Schema of the answer's `data`, for the API document; default any. */
  output?: z.ZodType;
  /** Media types of the file it answers with (an export, an image) instead of JSON; default none. */
  produces?: readonly string[];
  /** Error statuses it answers beyond those of every route (409 when the club lacks a setting); default none. */
  refusals?: readonly number[];
  /** Does the work; what it returns is the answer's `data`, or a download when it is an `ExportFile`. */
  run: (context: ActionContext<z.infer<Body>>) => Promise<unknown>;
}
