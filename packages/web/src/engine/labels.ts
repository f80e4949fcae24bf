import type { DatagridSchema, EntityLabels, EntityRecord } from '@klubovna/shared';
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

/** How a record is named in confirmations and accessible labels: its declared label fields (`Čermák Jan`), else the entity's name and id. */
export function recordLabel(
  schema: Pick<DatagridSchema, 'labelFields' | 'labels'>,
  record: EntityRecord,
): string {
  const parts = schema.labelFields
    .map((name) => record[name])
    .filter(
      (value): value is string | number =>
        (typeof value === 'string' && value.trim() !== '') || typeof value === 'number',
    );
  return parts.length > 0 ? parts.join(' ') : `${schema.labels.singular} č. ${record.id}`;
}
