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
  /** May be sorted by in the datagrid; default true for text, number, date and boolean kinds. */
  sortable?: boolean;
  /** May be filtered by in the datagrid; default true for enum, boolean and date kinds. */
  filterable?: boolean;
  /** Related entity of a relation field, and what deleting the related record does; default 'restrict'. */
  relation?: { alias: string; onDelete?: 'restrict' | 'cascade' };
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
