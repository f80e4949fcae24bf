import type { FieldSchema, FormSchema } from '@klubovna/shared';
import { labelledMessages } from '@klubovna/shared/validation/czech-messages';
import { buildFieldSchema } from '@klubovna/shared/validation/field-schema';
import { recordRuleErrors } from '@klubovna/shared/validation/record-rules';
import type { FormValues } from './form-values.ts';

// A chunk of its own (Zod and the shared rules, a third of the forms' code): `form-validation.ts` loads it.

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
