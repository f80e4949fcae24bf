import type { EntityRecord, FieldSchema, FormSchema } from '@klubovna/shared';
import { labelledMessages } from '@klubovna/shared/validation/czech-messages';
import { buildFieldSchema } from '@klubovna/shared/validation/field-schema';
import { recordRuleErrors } from '@klubovna/shared/validation/record-rules';

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

const validators = new WeakMap<FieldSchema, ReturnType<typeof buildFieldSchema>>();

/** A field as the shared rules read it: its kind, label and declared constraints. */
const ruleField = (field: FieldSchema) => ({
  ...field.constraints,
  name: field.name,
  label: field.label,
  kind: field.kind,
  required: field.required,
  options: field.options,
});

/** The server's own rules (the same Zod schemas and date orders), first message per field. */
export function validateValues(schema: FormSchema, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const writable = schema.fields.filter((field) => !field.readOnly);
  for (const field of writable) {
    let validator = validators.get(field);
    if (!validator) {
      validator = buildFieldSchema(ruleField(field));
      validators.set(field, validator);
    }
    const result = validator.safeParse(values[field.name], { error: labelledMessages(() => field.label) });
    if (!result.success) errors[field.name] = result.error.issues[0]?.message ?? 'Neplatná hodnota.';
  }
  for (const { path, message } of recordRuleErrors(schema.fields.map(ruleField), values))
    errors[path] ??= message;
  return errors;
}

/** Fields whose values differ (compared as JSON: money and id lists are compared by content). */
export function changedFields(schema: FormSchema, before: FormValues, after: FormValues): FieldSchema[] {
  return schema.fields.filter(
    (field) => JSON.stringify(before[field.name] ?? null) !== JSON.stringify(after[field.name] ?? null),
  );
}
