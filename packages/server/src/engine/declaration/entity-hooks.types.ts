import type { Access, EntityRecord, Role } from '@klubovna/shared';
import type { z } from 'zod';
import type { FileAnswer } from '../export/file-answer.ts';
import type { DynamicDb, RowCondition, Values } from './rows.types.ts';

// An entity's hooks and actions, over the compiled entity they are given (`Entity`): a declaration
// names its hooks and actions and they receive what is compiled from it, so entity.types.ts binds the
// parameter rather than the two files importing each other.

/** What every hook and action is given. */
export interface HookContextOf<Entity> {
  /** The transaction the engine's work runs in: what a hook writes here commits or rolls back with it. */
  db: DynamicDb;
  userId: number;
  roles: Role[];
  entity: Entity;
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
export interface EntityHooksOf<Entity> {
  /**
   * First of all, on the body as sent (on update: only the fields sent, and `version`): the body
   * tidied (an e-mail lower-cased, a number without spaces). A plain function of the values, without
   * the database, so that work over many rows (an import) runs it on all of them before writing any.
   * Default none.
   */
  normalize?: (data: Values) => Values;
  /** Before validation, on the body as sent (on update: only the fields sent); returns the body to validate. Default none. */
  beforeValidate?: (
    args: HookContextOf<Entity> & {
      operation: 'create' | 'update';
      data: Values;
      previous: EntityRecord | null;
    },
  ) => Values | Promise<Values>;
  /** After validation, before the insert; may return changed values. Default none. */
  beforeCreate?: (
    args: HookContextOf<Entity> & { data: Values },
  ) => Values | undefined | Promise<Values | undefined>;
  /** After the insert (links included), before the commit. Default none. */
  afterCreate?: (args: HookContextOf<Entity> & { record: EntityRecord }) => void | Promise<void>;
  /** After validation, before the update; `data` is the whole record as it will be saved. Default none. */
  beforeUpdate?: (
    args: HookContextOf<Entity> & { data: Values; previous: EntityRecord },
  ) => Values | undefined | Promise<Values | undefined>;
  /** After the update, before the commit. Default none. */
  afterUpdate?: (
    args: HookContextOf<Entity> & { record: EntityRecord; previous: EntityRecord },
  ) => void | Promise<void>;
  /** Before a record is deleted (also in a bulk delete, once per record). Default none. */
  beforeDelete?: (args: HookContextOf<Entity> & { previous: EntityRecord }) => void | Promise<void>;
  /** After a record is deleted, before the commit. Default none. */
  afterDelete?: (args: HookContextOf<Entity> & { previous: EntityRecord }) => void | Promise<void>;
  /** After a record comes back from the trash, links other records lost put back, before the commit. Default none. */
  afterRestore?: (args: HookContextOf<Entity> & { record: EntityRecord }) => void | Promise<void>;
  /** On every record the API returns (forms, lists, exports); may return a changed record. Default none. */
  afterRead?: (
    args: Omit<HookContextOf<Entity>, 'db'> & { record: EntityRecord },
  ) => EntityRecord | undefined;
}

/** What an action's `run` is given besides the hook context. */
export interface ActionContextOf<Entity, Input> extends HookContextOf<Entity> {
  input: Input;
  /** The record named by `:id` in the action's path, read in the action's transaction; null without one. */
  record: EntityRecord | null;
  /** Every declared entity, e.g. to write another entity's rows with `toRow` in set-based work. */
  entities: ReadonlyMap<string, Entity>;
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
export interface EntityActionOf<Entity, Body extends z.ZodType, Output extends z.ZodType> {
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
  run: (context: ActionContextOf<Entity, z.infer<Body>>) => Promise<z.input<Output> | FileAnswer>;
}
