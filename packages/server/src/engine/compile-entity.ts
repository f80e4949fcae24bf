import type { FieldKind } from '@klubovna/shared';
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
  'boolean',
  'date',
  'dateTime',
  'integer',
  'decimal',
  'relation',
];
const UNSUPPORTED_YET: readonly FieldKind[] = ['relationMany'];

export interface CompiledField extends FieldDeclaration {
  name: string;
  column: string;
  /** Column the datagrid orders by: a Czech sort-key shadow column for text. */
  sortColumn: string;
  sortable: boolean;
  filterable: boolean;
  listed: boolean;
  schema: z.ZodType;
}

export interface CompiledEntity {
  declaration: EntityDeclaration;
  fields: CompiledField[];
  byName: ReadonlyMap<string, CompiledField>;
  /** Text fields with a `<column>_sort` shadow column to keep up to date. */
  sortKeyFields: CompiledField[];
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const isTextKind = (kind: FieldKind) => TEXT_KINDS.includes(kind);

function compileField(name: string, field: FieldDeclaration): CompiledField {
  if (UNSUPPORTED_YET.includes(field.kind))
    throw new Error(`Field kind ${field.kind} of ${name} is not supported yet`);
  const column = field.column ?? snakeCase(name);
  const sortable = field.sortable ?? SORTABLE_BY_DEFAULT.includes(field.kind);
  return {
    ...field,
    name,
    column,
    sortColumn: sortable && isTextKind(field.kind) ? `${column}_sort` : column,
    sortable,
    filterable: field.filterable ?? FILTERABLE_BY_DEFAULT.includes(field.kind),
    listed: field.listed ?? true,
    schema: buildFieldSchema(field),
  };
}

/** Derives once, at start, everything the generic routes need from a declaration. */
export function compileEntity(declaration: EntityDeclaration): CompiledEntity {
  const fields = Object.entries(declaration.fields).map(([name, field]) => compileField(name, field));
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const name of [
    declaration.defaultSort.field,
    ...declaration.searchFields,
    ...declaration.labelFields,
  ]) {
    if (!byName.has(name)) throw new Error(`Entity ${declaration.alias} names an undeclared field ${name}`);
  }
  return {
    declaration,
    fields,
    byName,
    sortKeyFields: fields.filter((field) => field.sortable && isTextKind(field.kind)),
  };
}
