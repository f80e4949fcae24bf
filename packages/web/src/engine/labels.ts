import type { DatagridSchema, EntityLabels, EntityRecord, FormSchema } from '@klubovna/shared';
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

type Naming = Pick<DatagridSchema, 'nameFields' | 'labels'>;

/** How a record is named: its declared name fields (`Jan Čermák`), else the entity's name and id. */
export function recordName(schema: Naming, record: EntityRecord): string {
  const parts = schema.nameFields
    .map((name) => record[name])
    .filter(
      (value): value is string | number =>
        (typeof value === 'string' && value.trim() !== '') || typeof value === 'number',
    );
  return parts.length > 0 ? parts.join(' ') : `${schema.labels.singular} č. ${record.id}`;
}

/** How a picker labels a record: its label fields (`Čermák Jan`), else the entity's name and id. */
export function recordLabel(
  schema: Pick<FormSchema, 'labelFields' | 'labels'>,
  record: EntityRecord,
): string {
  return recordName({ nameFields: schema.labelFields, labels: schema.labels }, record);
}

/**
 * A record as the object of a verb, the entity's noun declined and the name as it is, so no name
 * needs declining: `člena Jan Čermák` (`Smazat člena Jan Čermák?`); without declared forms `záznam „…“`.
 */
export function recordObject(schema: Naming, record: EntityRecord): string {
  return namedObject(schema.labels, recordName(schema, record));
}

/** A record named `name` as the object of a verb: `účastníka závodu Filip Beneš`. */
export function namedObject(labels: EntityLabels, name: string): string {
  const noun = labels.accusative?.one;
  return noun ? `${noun} ${name}` : `záznam „${name}“`;
}

/** A number of records as the object of a verb: `1 člena`, `3 členy`, `5 členů`; else `3 záznamy`. */
export function countObject(labels: EntityLabels, count: number): string {
  const forms = labels.accusative ?? { one: 'záznam', few: 'záznamy', many: 'záznamů' };
  return `${count} ${czechPlural(count, [forms.one, forms.few, forms.many])}`;
}
