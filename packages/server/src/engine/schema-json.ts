import {
  can,
  type DatagridSchema,
  type EntityMeta,
  type FieldConstraints,
  type FilterKind,
  type FormSchema,
  type Role,
} from '@klubovna/shared';
import { type CompiledEntity, type CompiledField, initialValue } from './compile-entity.ts';
import { MAX_PAGE_SIZE, PAGE_SIZES } from './datagrid-query.ts';

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
} satisfies Record<keyof FieldConstraints, true>) as Array<keyof FieldConstraints>;

/** The declared limits of a field, for the form to check what the server will. */
const constraintsOf = (field: CompiledField): FieldConstraints =>
  Object.fromEntries(
    CONSTRAINTS.filter((key) => field[key] !== undefined).map((key) => [key, field[key]]),
  ) as FieldConstraints;

export function datagridSchema(entity: CompiledEntity, roles: Role[]): DatagridSchema {
  const { declaration } = entity;
  const canWrite = can(roles, declaration.area, 'write');
  const canDelete = canWrite && declaration.deletable !== false;
  return {
    name: declaration.alias,
    labels: declaration.labels,
    columns: entity.fields.map((field) => ({
      key: field.name,
      label: field.label,
      kind: field.kind,
      sortable: field.sortable,
      filter: field.filterable ? (FILTER_KINDS[field.kind] ?? 'text') : null,
      defaultVisible: field.listed,
      ...optional('options', field.options ? [...field.options] : undefined),
      ...optional('relationAlias', field.relation?.alias),
    })),
    defaultSort: { column: declaration.defaultSort.field, direction: declaration.defaultSort.direction },
    pageSizes: PAGE_SIZES,
    defaultPageSize: 25,
    maxPageSize: MAX_PAGE_SIZE,
    searchable: declaration.searchFields.length > 0,
    rowActions: [
      ...(canWrite && entity.routes ? (['edit'] as const) : []),
      ...(canDelete ? (['delete'] as const) : []),
    ],
    canCreate: canWrite,
    canDelete,
    routes: entity.routes,
    labelFields: declaration.labelFields,
  };
}

export function formSchema(entity: CompiledEntity, roles: Role[]): FormSchema {
  const { declaration } = entity;
  const sections = declaration.sections ?? [{ key: 'main', label: '' }];
  return {
    alias: declaration.alias,
    labels: declaration.labels,
    sections,
    routes: entity.routes,
    canWrite: can(roles, declaration.area, 'write'),
    canDelete: can(roles, declaration.area, 'write') && declaration.deletable !== false,
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
        ...optional('readOnly', field.readOnly),
        ...optional('help', field.help),
        ...optional('defaultValue', initialValue(field) ?? undefined),
      })),
  };
}

export function entityMeta(entity: CompiledEntity, roles: Role[]): EntityMeta {
  const { declaration } = entity;
  return {
    alias: declaration.alias,
    labels: declaration.labels,
    fields: entity.fields.map((field) => ({ name: field.name, label: field.label, kind: field.kind })),
    routes: entity.routes,
    canWrite: can(roles, declaration.area, 'write'),
  };
}
