import { entityRoutes, entityScreenRoutes, type FieldKind, type RouteDefinition } from '@klubovna/shared';
import { buildFieldSchema } from '@klubovna/shared/validation/field-schema';
import type { z } from 'zod';
import type { EntityDeclaration, FieldDeclaration } from './entity.types.ts';

const TEXT_KINDS: readonly FieldKind[] = ['text', 'email', 'phone', 'url', 'slug', 'color'];
const SORTABLE_BY_DEFAULT: readonly FieldKind[] = [
  ...TEXT_KINDS,
  'integer',
  'decimal',
  'date',
  'dateTime',
  'boolean',
  'enum',
];
const FILTERABLE_BY_DEFAULT: readonly FieldKind[] = [
  'enum',
  'multiEnum',
  'boolean',
  'date',
  'dateTime',
  'integer',
  'decimal',
  'relation',
  'relationMany',
];
const RELATION_KINDS: readonly FieldKind[] = ['relation', 'relationMany'];
/**
 * Kinds of sensitive personal data (a birth number): shown in full only to the office, masked for
 * everyone else, never listed, sorted, filtered, searched, exported or imported.
 */
const SENSITIVE_KINDS: readonly FieldKind[] = ['birthNumber'];
/** Kinds a record's label may be built from: stored in one column of the record's own table. */
const LABEL_KINDS: readonly FieldKind[] = [...TEXT_KINDS, 'integer', 'decimal', 'date', 'enum'];

import type { CompiledEntity, CompiledField } from './entity.types.ts';

export type { CompiledEntity, CompiledField };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const isTextKind = (kind: FieldKind) => TEXT_KINDS.includes(kind);
export const isRelationKind = (kind: FieldKind) => RELATION_KINDS.includes(kind);
export const isSensitiveKind = (kind: FieldKind) => SENSITIVE_KINDS.includes(kind);

/** A sensitive field may not reach a list, its order, its filters, the search index or a label. */
function checkSensitiveField(declaration: EntityDeclaration, name: string, field: FieldDeclaration) {
  if (!isSensitiveKind(field.kind)) return;
  const uses = [
    field.listed && 'listed',
    field.sortable && 'sortable',
    field.filterable && 'filterable',
    declaration.searchFields.includes(name) && 'searched',
    declaration.defaultSort.field === name && 'the default sort',
    (declaration.secondaryLabel ?? []).some(
      (part) => 'field' in part && !('entity' in part) && part.field === name,
    ) && 'in the secondary label',
  ].filter(Boolean);
  if (uses.length > 0)
    throw new Error(`Sensitive field ${name} of ${declaration.alias} cannot be ${uses.join(', ')}`);
}

/**
 * What a new record holds in a field the client did not send, and what a new form starts with:
 * the declared default, else false for a boolean, no links for a relation to many, else empty.
 */
export const initialValue = (field: CompiledField): unknown =>
  field.defaultValue ??
  (field.kind === 'boolean'
    ? false
    : field.kind === 'relationMany' || field.kind === 'multiEnum'
      ? []
      : null);

/** A declaration of the same registry by alias (what a relation points at); undefined when unknown. */
export type DeclarationLookup = (alias: string) => EntityDeclaration | undefined;

/** "Vyberte skupinu." for a required relation to an entity that says how it is picked. */
function pickMessage(field: FieldDeclaration, lookup: DeclarationLookup): string | undefined {
  if (field.requiredMessage || field.kind !== 'relation' || !field.relation) return field.requiredMessage;
  const accusative = lookup(field.relation.alias)?.labels.accusative?.one;
  return accusative ? `Vyberte ${accusative}.` : undefined;
}

const DATE_KINDS: readonly FieldKind[] = ['date', 'dateTime'];

/** `notInFuture`, `notBefore` and `notAfter` belong to dates, and compare with a date of the same kind. */
function checkDateRules(declaration: EntityDeclaration, name: string, field: FieldDeclaration) {
  const where = `${name} of ${declaration.alias}`;
  const ordered = [field.notBefore, field.notAfter].filter((other) => other !== undefined);
  if ((field.notInFuture || ordered.length > 0) && !DATE_KINDS.includes(field.kind))
    throw new Error(`Field ${where}: date rules go with the date kinds only`);
  for (const other of ordered) {
    if (declaration.fields[other]?.kind !== field.kind)
      throw new Error(`Field ${where} is compared with ${other}, which is not a ${field.kind} of the entity`);
  }
}

function compileField(
  table: string,
  name: string,
  declared: FieldDeclaration,
  lookup: DeclarationLookup,
): CompiledField {
  const requiredMessage = pickMessage(declared, lookup);
  const field = requiredMessage ? { ...declared, requiredMessage } : declared;
  const column = field.column ?? snakeCase(name);
  const relation = isRelationKind(field.kind);
  if (relation !== Boolean(field.relation))
    throw new Error(
      `Field ${name} of ${table}: \`relation\` goes with the relation kinds and only with them`,
    );
  // A relation orders by an id nobody sees; sorting by its label would need a join per page.
  if (relation && field.sortable) throw new Error(`Relation field ${name} of ${table} cannot be sortable`);
  if (field.kind === 'relationMany' && field.relation?.onDelete === 'delete')
    throw new Error(
      `Relation set ${name} of ${table} cannot delete its owners: onDelete 'delete' is for a 'relation'`,
    );
  if (field.kind === 'money')
    for (const limit of [field.min, field.max])
      if (limit !== undefined && !Number.isSafeInteger(limit))
        throw new Error(`Money field ${name} of ${table}: min and max are whole haléře, not ${limit}`);
  if (field.kind === 'relation' && field.required && field.relation?.onDelete === 'cascade')
    throw new Error(`Required relation ${name} of ${table} cannot be cleared by onDelete 'cascade'`);
  const sortable = field.sortable ?? SORTABLE_BY_DEFAULT.includes(field.kind);
  let schema: z.ZodType | undefined;
  return {
    ...(field.kind === 'relationMany' ? { joinTable: `${table}_${column}` } : {}),
    ...field,
    name,
    column,
    sortColumn: sortable && isTextKind(field.kind) ? `${column}_sort` : column,
    sortable,
    filterable: field.filterable ?? FILTERABLE_BY_DEFAULT.includes(field.kind),
    listed: field.listed ?? !isSensitiveKind(field.kind),
    // Made at the entity's first validation: Zod's schemas of every field of every entity were a
    // tenth of the cold start, and a process may never write most entities.
    get schema() {
      schema ??= buildFieldSchema(field);
      return schema;
    },
  };
}

/** The routes of the entity's screens, none for an entity reached only through its API. */
function screenRoutesOf(declaration: EntityDeclaration): RouteDefinition[] {
  const { screens } = declaration;
  if (screens === 'api-only') return [];
  if (!screens)
    throw new Error(`Entity ${declaration.alias} declares neither its screens nor screens: 'api-only'`);
  return entityScreenRoutes({
    alias: declaration.alias,
    area: declaration.area,
    plural: declaration.labels.plural,
    screens,
  });
}

/** Derives once, at start, everything the generic routes need from a declaration. */
export function compileEntity(
  declaration: EntityDeclaration,
  lookup: DeclarationLookup = () => undefined,
): CompiledEntity {
  for (const [name, field] of Object.entries(declaration.fields)) {
    checkDateRules(declaration, name, field);
    checkSensitiveField(declaration, name, field);
  }
  const fields = Object.entries(declaration.fields).map(([name, field]) =>
    compileField(declaration.table, name, field, lookup),
  );
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const [name, filter] of Object.entries(declaration.filters ?? {})) {
    const values = filter.relation
      ? !filter.options && lookup(filter.relation) !== undefined
      : (filter.options?.length ?? 0) > 0;
    if (byName.has(name) || !/^[A-Za-z0-9]+$/.test(name) || !values)
      throw new Error(
        `Filter ${name} of ${declaration.alias} needs a name of its own and options or a relation`,
      );
  }
  for (const name of [
    declaration.defaultSort.field,
    ...declaration.searchFields,
    ...declaration.labelFields,
    ...(declaration.nameFields ?? []),
  ]) {
    if (!byName.has(name)) throw new Error(`Entity ${declaration.alias} names an undeclared field ${name}`);
  }
  if (!byName.get(declaration.defaultSort.field)!.sortable)
    throw new Error(
      `Default sort field ${declaration.defaultSort.field} of ${declaration.alias} is not sortable`,
    );
  for (const name of [...declaration.labelFields, ...(declaration.nameFields ?? [])]) {
    if (!LABEL_KINDS.includes(byName.get(name)!.kind))
      throw new Error(
        `Label field ${name} of ${declaration.alias} must be text, a number, a date or an enum`,
      );
  }
  const screenRoutes = screenRoutesOf(declaration);
  return {
    declaration,
    screenRoutes,
    routes: entityRoutes(declaration.alias, screenRoutes) ?? null,
    fields,
    byName,
    sortKeyFields: fields.filter((field) => field.sortable && isTextKind(field.kind)),
    relationFields: fields.filter((field) => isRelationKind(field.kind)),
    textSearchFields: declaration.searchFields.filter(
      (name) => !isRelationKind(byName.get(name)!.kind) && byName.get(name)!.kind !== 'money',
    ),
    searchedAmounts: declaration.searchFields
      .map((name) => byName.get(name)!)
      .filter((field) => field.kind === 'money'),
    searchedRelations: [],
  };
}
