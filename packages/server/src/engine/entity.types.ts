import type {
  Area,
  EntityLabels,
  EntityRoutes,
  FieldConstraints,
  FieldKind,
  FieldOption,
} from '@klubovna/shared';

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
  /** May be sorted by in the datagrid; default true for text, number, date and boolean kinds; never relations. */
  sortable?: boolean;
  /** May be filtered by in the datagrid; default true for enum, boolean, date, number and relation kinds. */
  filterable?: boolean;
  /** Required with, and only with, kinds 'relation' and 'relationMany'. */
  relation?: RelationDeclaration;
  /** Upload namespace of file and image fields; default the entity alias. */
  uploadNamespace?: string;
  /** Key of the form section; default the first section. */
  section?: string;
  /** Width in the form grid out of 12; default 6 (12 for long and rich text). */
  span?: number;
  /** Shown but never written through the API; default false. */
  readOnly?: boolean;
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
   * used; 'cascade' removes the links (a 'relation' is set to null, so it must not be required).
   * Default 'restrict'.
   */
  onDelete?: 'restrict' | 'cascade';
}

export interface EntityDeclaration {
  /** Kebab-case name used in URLs: form alias and datagrid name. */
  alias: string;
  /** Table name in the database. */
  table: string;
  labels: EntityLabels;
  /** Permission area: read access lists and reads, write access creates, updates and deletes. */
  area: Area;
  routes: EntityRoutes;
  fields: Record<string, FieldDeclaration>;
  /** Form sections in order; default one unnamed section. */
  sections?: Array<{ key: string; label: string }>;
  /** Datagrid order when the user picks none. */
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Fields the search box looks in (case- and diacritics-insensitive substring). */
  searchFields: string[];
  /** Fields joined by a space to label a record in relation pickers, e.g. ['lastName', 'firstName']. */
  labelFields: string[];
}
