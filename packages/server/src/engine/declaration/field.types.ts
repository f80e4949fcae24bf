import type { FieldConstraints, FieldKind, FieldOption } from '@klubovna/shared';

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
  /**
   * A field of the record: an enum's option label, a date (its year with `year`), an amount with its
   * currency, the label of the record a relation points at, text as it is.
   */
  | { field: string; year?: boolean }
  /**
   * Labels of the records `field` (a relation of `entity`) points at, over the records of `entity`
   * whose relation `by` points at this one: a member's groups through the group memberships. With
   * `current`, only linking records in force today (`from` empty or past, `to` empty or not past).
   */
  | { entity: string; by: string; field: string; current?: { from: string; to: string } };
