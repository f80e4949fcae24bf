/**
 * The JSON the engine serves about entities (tables, datagrid and form schemas) and the shapes of
 * its records. The server derives all of it from entity declarations; the client renders from it.
 */

export const FIELD_KINDS = [
  'text',
  'longText',
  'richText',
  'email',
  'phone',
  'url',
  'slug',
  'integer',
  'decimal',
  'money',
  'date',
  'dateTime',
  'boolean',
  'enum',
  'multiEnum',
  'relation',
  'relationMany',
  'file',
  'image',
  'color',
  /** Rodné číslo: sensitive, shown in full only to the office, never listed, searched or exported. */
  'birthNumber',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FieldOption {
  value: string;
  label: string;
}

/** Limits on a field's value, enforced by the server and mirrored by the form. */
export interface FieldConstraints {
  /** Fewest characters of text; default none. */
  minLength?: number;
  /** Most characters of text; default 255 for one-line text kinds. */
  maxLength?: number;
  /** Smallest number (for money whole haléře: 1 is 0,01 Kč); default none. */
  min?: number;
  /** Largest number (for money whole haléře); default none. */
  max?: number;
  /** A JavaScript regular expression source the text must match; default none. */
  pattern?: string;
  /** Czech message shown when `pattern` does not match. */
  patternMessage?: string;
  /** No two records may share the value; default false. */
  unique?: boolean;
  /** Czech refusal of a required field left empty; default "Vyplňte pole „…“." or, for a choice, "Vyberte …". */
  requiredMessage?: string;
  /** A date or date-time that cannot lie after today (a birth, a check that took place); default false. */
  notInFuture?: boolean;
  /**
   * Another date field of the same record this one may not precede (an end and its start); default
   * none. A date may fall on the same day; a date-time must be later.
   */
  notBefore?: string;
  /** Another date field of the same record this one may not follow (a sign-up deadline and the race); default none. */
  notAfter?: string;
  /**
   * A birth number's person in the same record: the date field it must encode and the enum field of
   * sex (with its value for a woman) it must agree with, each checked when filled; default none.
   */
  birthNumberOf?: { birthDate?: string; sex?: { field: string; female: string } };
}

export interface FieldSchema {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  constraints: FieldConstraints;
  /** Enum options with Czech labels. */
  options?: FieldOption[];
  /** Alias of the related entity for relation kinds (picked through /api/cms/autocomplete/{alias}). */
  relationAlias?: string;
  /**
   * How a relation's picker names the field it fills, `<alias>.<field>`, sent as `?field=` to the
   * autocomplete: it then offers only the records the field accepts (its declared `where`).
   */
  pickerField?: string;
  /** Upload namespace for file and image kinds. */
  uploadNamespace?: string;
  readOnly?: boolean;
  help?: string;
  placeholder?: string;
  /** Key of the form section the field belongs to. */
  section?: string;
  /** Grid span out of 12 on wide screens (full width on phones). */
  span?: number;
  defaultValue?: unknown;
}

export interface EntityRoutes {
  list: string;
  create: string;
  edit: string;
}

export interface EntityLabels {
  singular: string;
  plural: string;
  /** Czech plural forms for counts: one (1), few (2–4), many (5+, 0). */
  count?: { one: string; few: string; many: string };
  /**
   * The same forms in the accusative, for sentences that name records so that no name needs declining:
   * `Smazat člena Jan Čermák?`, `Smazat 3 členy?`. Without them a record is „záznam“. Every entity of
   * the product declares them.
   */
  accusative?: { one: string; few: string; many: string };
}

export interface FormSchema {
  alias: string;
  labels: EntityLabels;
  fields: FieldSchema[];
  sections: Array<{ key: string; label: string }>;
  /** The entity's screens; null for an entity served only through the API. */
  routes: EntityRoutes | null;
  canWrite: boolean;
  /** May create records (write access, and the entity's row rules let the person create). */
  canCreate: boolean;
  /** May delete the record (write access, and the entity's records are deletable). */
  canDelete: boolean;
  /**
   * Fields whose values, joined by a space, name a record in sentences (confirmations, the labels of
   * row actions): a person first name first.
   */
  nameFields: string[];
  /** Fields whose values, joined by a space, label a record in pickers: a person surname first. */
  labelFields: string[];
  /** Buttons on a saved record's form, each running a declared action on it; absent when none. */
  actions?: FormAction[];
}

/** A declared action the form of a saved record offers as a button (POST, no body). */
export interface FormAction {
  name: string;
  /** Czech label of the button, e.g. „Vytvořit platby“. */
  label: string;
  /** Its API path with `:id` for the record's id. */
  path: string;
}

/** A relation filter's value for the rows pointing at no record (an unassigned bank transaction). */
export const NO_RECORD_FILTER = 'none';

export type FilterKind = 'text' | 'enum' | 'dateRange' | 'numberRange' | 'boolean' | 'relation';

export interface ColumnSchema {
  key: string;
  label: string;
  kind: FieldKind;
  sortable: boolean;
  filter: FilterKind | null;
  options?: FieldOption[];
  relationAlias?: string;
  /** A relation that may be empty: its filter offers the rows pointing at none (the value `none`). */
  emptyFilter?: boolean;
  /** Shown until the user changes the column set. */
  defaultVisible: boolean;
  /** Its width in CSS pixels at its narrowest that reads well; the list shares out any room left over. */
  width: number;
  /**
   * Which columns a narrow window keeps: 1 always, 2 next, 3 the first to give way (hidden for the
   * width, they stay in the column chooser).
   */
  priority: 1 | 2 | 3;
}

export type RowAction = 'edit' | 'delete';

/** A named filter a list declares beside its columns' own, sent as `filter[name]=value` (repeatable). */
export interface DeclaredFilterSchema {
  name: string;
  label: string;
  /** Its fixed values; empty when the values are records of `relationAlias`. */
  options: FieldOption[];
  /** The values are ids of this entity's records, picked by searching them (a payment's member's group). */
  relationAlias?: string;
  /** Choices another list answers: picking one opens the list of `alias` with `filter[filter]=value`. */
  elsewhere?: FilterElsewhereSchema[];
}

/** A declared filter's choice that opens another entity's list filtered by one of its declared filters. */
export interface FilterElsewhereSchema {
  label: string;
  alias: string;
  filter: string;
  value: string;
}

export interface DatagridSchema {
  name: string;
  labels: EntityLabels;
  columns: ColumnSchema[];
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  pageSizes: number[];
  defaultPageSize: number;
  maxPageSize: number;
  searchable: boolean;
  /** The list's declared filters, in declaration order; empty when it has none. */
  filters: DeclaredFilterSchema[];
  rowActions: RowAction[];
  canCreate: boolean;
  canDelete: boolean;
  /** The entity's screens; null for an entity served only through the API. */
  routes: EntityRoutes | null;
  /**
   * Fields whose values, joined by a space, name a record in sentences (confirmations, the labels of
   * row actions): a person first name first.
   */
  nameFields: string[];
}

export interface DatagridPage<T = EntityRecord> {
  items: T[];
  /** Rows of the whole list; with `totalApproximate`, a lower bound: the list has more. */
  total: number;
  /** Counting stopped at `total` (a search or filter matching more than the server counts exactly). */
  totalApproximate: boolean;
  page: number;
  limit: number;
}

/** What GET /api/cms/tables lists for every entity the user may read. */
export interface EntityMeta {
  alias: string;
  labels: EntityLabels;
  fields: Array<{ name: string; label: string; kind: FieldKind }>;
  /** The entity's screens; null for an entity served only through the API. */
  routes: EntityRoutes | null;
  canWrite: boolean;
  /** May create records (write access, and the entity's row rules let the person create). */
  canCreate: boolean;
}

/** A stored record: camelCase fields plus `id` and the optimistic-locking `version`. */
export interface EntityRecord {
  id: number;
  version: number;
  /** Present when the entity has relation fields (datagrid rows, form GET, create and update answers). */
  _labels?: RecordLabels;
  [field: string]: unknown;
}

/**
 * How to show a record's relations without further calls, keyed by relation field: a 'relation' gives
 * its target's label (null when empty); a 'relationMany' gives the labels of its ids, in the order of
 * the ids (which are ascending). A label is the target's `labelFields` joined by a space.
 * Example: `{ "coach": "Dvořák Jan", "players": ["Čermáková Eva", "Žák Zdeněk"] }`.
 */
export type RecordLabels = Record<string, string | string[] | null>;

/** Formats of `GET /api/cms/datagrid/{name}/export?format=…` (default csv). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface AutocompleteOption {
  value: string | number;
  label: string;
  /** What tells it apart from options of the same label ("2012 · Sportovec · Žáci"); absent when none. */
  detail?: string;
}

export interface UploadedFile {
  id: number;
  url: string;
  name: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  thumbnailUrl: string | null;
}
