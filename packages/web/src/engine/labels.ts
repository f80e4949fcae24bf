import type { DatagridSchema, EntityLabels, EntityRecord, FieldKind } from '@klubovna/shared';
import { czechPlural } from '../ui/format/plural.ts';

/** `1 člen`, `3 členové`, `1 234 členů`; without declared count forms, `N × Členové`. */
export function countLabel(
  labels: EntityLabels,
  count: number,
  format: (value: number) => string = String,
): string {
  const forms = labels.count;
  return forms
    ? `${format(count)} ${czechPlural(count, [forms.one, forms.few, forms.many])}`
    : `${format(count)} × ${labels.plural}`;
}

const NAMING_KINDS: readonly FieldKind[] = ['text', 'email', 'slug'];

/**
 * How a record is named in confirmations and accessible labels: its first two text columns
 * (`Jan Čermák`), else the entity's name and id.
 */
export function recordLabel(
  schema: Pick<DatagridSchema, 'columns' | 'labels'>,
  record: EntityRecord,
): string {
  const parts = schema.columns
    .filter((column) => NAMING_KINDS.includes(column.kind))
    .map((column) => record[column.key])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .slice(0, 2);
  return parts.length > 0 ? parts.join(' ') : `${schema.labels.singular} č. ${record.id}`;
}
