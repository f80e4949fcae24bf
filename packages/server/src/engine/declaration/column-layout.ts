import type { FieldKind } from '@klubovna/shared';
import type { CompiledField, EntityDeclaration } from './entity.types.ts';

/**
 * How wide a datagrid column is, in CSS pixels, when the list is as narrow as it reads well: the
 * header wrapped to its longest word beside the sort and filter buttons, and a typical value (longer
 * ones are cut with an ellipsis or wrap, by kind). The list shares out any room left over.
 */
const KIND_WIDTHS: Record<FieldKind, number> = {
  text: 120,
  longText: 220,
  richText: 220,
  email: 170,
  phone: 146,
  url: 180,
  slug: 120,
  integer: 90,
  decimal: 100,
  money: 120,
  date: 106,
  dateTime: 150,
  boolean: 80,
  enum: 120,
  multiEnum: 170,
  relation: 140,
  relationMany: 150,
  file: 140,
  image: 80,
  color: 90,
  // Never a list's column (sensitive), but every kind has a width.
  birthNumber: 110,
};

/** Short texts (codes, numbers of up to 20 characters) need less than a name. */
const SHORT_TEXT = { maxLength: 20, width: 100 };

/**
 * A column's width and priority in the datagrid: declared, else by kind; the label fields (what names
 * a record) are kept at any width, the rest come next.
 */
export function columnLayout(
  field: CompiledField,
  declaration: Pick<EntityDeclaration, 'labelFields'>,
): { width: number; priority: 1 | 2 | 3 } {
  const short = field.kind === 'text' && (field.maxLength ?? Infinity) <= SHORT_TEXT.maxLength;
  return {
    width: field.listWidth ?? (short ? SHORT_TEXT.width : KIND_WIDTHS[field.kind]),
    priority: field.listPriority ?? (declaration.labelFields.includes(field.name) ? 1 : 2),
  };
}
