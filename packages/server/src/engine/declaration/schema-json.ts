import {
  API_PATHS,
  can,
  type DatagridSchema,
  type EntityMeta,
  type FieldConstraints,
  type FilterKind,
  type FormAction,
  type FormSchema,
} from '@klubovna/shared';
import { MAX_PAGE_SIZE, PAGE_SIZES } from '../list/list-query.ts';
import { columnLayout } from './column-layout.ts';
import { type CompiledEntity, type CompiledField, initialValue, isSensitiveKind } from './compile-entity.ts';
import { type Acting, recordPowers } from './row-access.ts';

// The schemas the web renders an entity's screens from, for one person: what they may do shows.

const FILTER_KINDS: Partial<Record<CompiledField['kind'], FilterKind>> = {
  enum: 'enum',
  multiEnum: 'enum',
  boolean: 'boolean',
  date: 'dateRange',
  dateTime: 'dateRange',
  integer: 'numberRange',
  decimal: 'numberRange',
  relation: 'relation',
  relationMany: 'relation',
};

const optional = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value });

/** What the person may do with the entity's records: the area's write access and the row rules. */
function powersOf(entity: CompiledEntity, acting: Acting) {
  const areaWrite = can(acting.roles, entity.declaration.area, 'write') && !entity.declaration.readOnly;
  const powers = recordPowers(entity, acting);
  return {
    canWrite: areaWrite && powers.canChange,
    canCreate: areaWrite && powers.canCreate,
    canDelete: areaWrite && powers.canDelete,
    writableFields: powers.writableFields,
  };
}

/** Every constraint a form checks: a new one must be named here to reach the browser. */
const CONSTRAINTS = Object.keys({
  minLength: true,
  maxLength: true,
  min: true,
  max: true,
  pattern: true,
  patternMessage: true,
  unique: true,
  requiredMessage: true,
  notInFuture: true,
  notBefore: true,
  notAfter: true,
  birthNumberOf: true,
} satisfies Record<keyof FieldConstraints, true>) as Array<keyof FieldConstraints>;

/** The declared limits of a field, for the form to check what the server will. */
const constraintsOf = (field: CompiledField): FieldConstraints =>
  Object.fromEntries(
    CONSTRAINTS.filter((key) => field[key] !== undefined).map((key) => [key, field[key]]),
  ) as FieldConstraints;

export function datagridSchema(entity: CompiledEntity, acting: Acting): DatagridSchema {
  const { declaration } = entity;
  const { canWrite, canCreate, canDelete } = powersOf(entity, acting);
  return {
    name: declaration.alias,
    labels: declaration.labels,
    // A sensitive field is never a list's column, not even one to choose.
    columns: entity.fields
      .filter((field) => !isSensitiveKind(field.kind))
      .map((field) => ({
        key: field.name,
        label: field.label,
        kind: field.kind,
        sortable: field.sortable,
        filter: field.filterable ? (FILTER_KINDS[field.kind] ?? 'text') : null,
        defaultVisible: field.listed,
        ...columnLayout(field, declaration),
        ...optional('options', field.options ? [...field.options] : undefined),
        ...optional('relationAlias', field.relation?.alias),
        ...optional(
          'emptyFilter',
          field.kind === 'relation' && field.filterable && !field.required ? true : undefined,
        ),
      })),
    defaultSort: { column: declaration.defaultSort.field, direction: declaration.defaultSort.direction },
    pageSizes: PAGE_SIZES,
    defaultPageSize: 25,
    maxPageSize: MAX_PAGE_SIZE,
    searchable: declaration.searchFields.length > 0,
    filters: Object.entries(declaration.filters ?? {}).map(([name, filter]) => ({
      name,
      label: filter.label,
      options: [...(filter.options ?? [])],
      ...optional('relationAlias', filter.relation),
      ...optional(
        'elsewhere',
        filter.elsewhere?.map((choice) => ({ ...choice })),
      ),
    })),
    rowActions: [
      // A read-only entity's form is where a record is read in full.
      ...((canWrite || declaration.readOnly) && entity.routes ? (['edit'] as const) : []),
      ...(canDelete ? (['delete'] as const) : []),
    ],
    canCreate,
    canDelete,
    routes: entity.routes,
    nameFields: declaration.nameFields ?? declaration.labelFields,
  };
}

export function formSchema(entity: CompiledEntity, acting: Acting): FormSchema {
  const { declaration } = entity;
  const sections = declaration.sections ?? [{ key: 'main', label: '' }];
  const { canWrite, canCreate, canDelete, writableFields } = powersOf(entity, acting);
  return {
    alias: declaration.alias,
    labels: declaration.labels,
    sections,
    routes: entity.routes,
    canWrite,
    canCreate,
    canDelete,
    nameFields: declaration.nameFields ?? declaration.labelFields,
    labelFields: declaration.labelFields,
    fields: entity.fields
      .filter((field) => field.inForm !== false)
      .map((field) => ({
        name: field.name,
        label: field.label,
        kind: field.kind,
        required: field.required ?? false,
        constraints: constraintsOf(field),
        section: field.section ?? sections[0]!.key,
        span: field.span ?? (field.kind === 'longText' || field.kind === 'richText' ? 12 : 6),
        ...optional('options', field.options ? [...field.options] : undefined),
        ...optional('relationAlias', field.relation?.alias),
        ...optional('pickerField', field.relation ? `${declaration.alias}.${field.name}` : undefined),
        ...optional(
          'uploadNamespace',
          field.kind === 'file' || field.kind === 'image'
            ? (field.uploadNamespace ?? declaration.alias)
            : field.kind === 'richText'
              ? field.uploadNamespace
              : undefined,
        ),
        ...optional(
          'readOnly',
          field.readOnly || (writableFields && !writableFields.includes(field.name)) || undefined,
        ),
        ...optional('help', field.help),
        ...optional('defaultValue', initialValue(field) ?? undefined),
      })),
    ...optional('actions', formActions(entity, acting)),
  };
}

/** The declared actions a saved record's form offers the person as buttons; undefined when none. */
function formActions(entity: CompiledEntity, acting: Acting): FormAction[] | undefined {
  const { alias, area } = entity.declaration;
  const actions = Object.entries(entity.declaration.actions ?? {})
    .filter(([, action]) => action.form && can(acting.roles, area, action.access ?? 'write'))
    .map(([name, action]) => ({
      name,
      label: action.label,
      path: (action.path ?? API_PATHS.action).replace(':alias', alias).replace(':action', name),
    }));
  return actions.length > 0 ? actions : undefined;
}

export function entityMeta(entity: CompiledEntity, acting: Acting): EntityMeta {
  const { declaration } = entity;
  const { canWrite, canCreate } = powersOf(entity, acting);
  return {
    alias: declaration.alias,
    labels: declaration.labels,
    fields: entity.fields.map((field) => ({ name: field.name, label: field.label, kind: field.kind })),
    routes: entity.routes,
    canWrite,
    canCreate,
  };
}
