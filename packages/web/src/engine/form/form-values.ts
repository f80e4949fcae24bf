import type { EntityRecord, FieldSchema, FormSchema } from '@klubovna/shared';

export type FormValues = Record<string, unknown>;

/** The value a new record's field starts with. */
function initialValue(field: FieldSchema): unknown {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (field.kind === 'boolean') return false;
  if (field.kind === 'relationMany' || field.kind === 'multiEnum') return [];
  return null;
}

/** The form's values: the record's fields, or the declared defaults of a new record. */
export function formValuesOf(schema: FormSchema, record?: EntityRecord): FormValues {
  return Object.fromEntries(
    schema.fields.map((field) => [field.name, record ? (record[field.name] ?? null) : initialValue(field)]),
  );
}

/** What a save sends: only the fields the user may write. */
export function writableValues(schema: FormSchema, values: FormValues): FormValues {
  return Object.fromEntries(
    schema.fields.filter((field) => !field.readOnly).map((field) => [field.name, values[field.name] ?? null]),
  );
}

/** Fields whose values differ (compared as JSON: money and id lists are compared by content). */
export function changedFields(schema: FormSchema, before: FormValues, after: FormValues): FieldSchema[] {
  return schema.fields.filter(
    (field) => JSON.stringify(before[field.name] ?? null) !== JSON.stringify(after[field.name] ?? null),
  );
}
