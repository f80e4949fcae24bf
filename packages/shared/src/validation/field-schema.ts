import { z } from 'zod';
import type { FieldConstraints, FieldKind, FieldOption } from '../api/schema.ts';
import { isCurrencyCode } from '../domain/currency.ts';
import { moneyAmountInput } from '../domain/money.ts';
import { pragueToday } from '../time/prague.ts';
import { isMaskedBirthNumber, normalizeBirthNumber, parseBirthNumber } from './birth-number.ts';
import { say } from './czech-messages.ts';
import {
  cleanPastedText,
  FORBIDDEN_CHARACTER_MESSAGE,
  hasForbiddenCharacter,
  isoDateSchema,
  isoDateTimeSchema,
  recordIdSchemaSaying,
} from './input-limits.ts';
import { notInFutureMessage } from './record-rules.ts';

/** What a field's validation depends on: the server's declaration and the form schema both have it. */
export interface ValidatedField extends FieldConstraints {
  kind: FieldKind;
  required?: boolean;
  options?: readonly FieldOption[];
  /** Czech label: refusals that must say which field they mean name it; default none. */
  label?: string;
}

const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
/** A scheme before the address (`https:`, `mailto:`), not a host's port (`klub.cz:8080`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
const CHOICE_KINDS: readonly FieldKind[] = ['enum', 'multiEnum', 'relation', 'relationMany'];

/** What a required field left empty is told: the declared message, else one naming the field. */
export function requiredMessage(field: ValidatedField): string {
  if (field.requiredMessage) return field.requiredMessage;
  if (!field.label) return say.required();
  if (CHOICE_KINDS.includes(field.kind)) return `Vyberte možnost v poli „${field.label}“.`;
  if (field.kind === 'file' || field.kind === 'image') return `Nahrajte soubor do pole „${field.label}“.`;
  return say.required(field.label);
}

/** A web address typed without its scheme (`www.klub.cz`) is completed with https://. */
function withScheme(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' || SCHEME.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
}

function textSchema(field: ValidatedField, base: z.ZodString = z.string()): z.ZodType {
  let schema = base
    .trim()
    .max(field.maxLength ?? (field.kind === 'longText' || field.kind === 'richText' ? 20_000 : 255));
  if (field.minLength) schema = schema.min(field.minLength);
  if (field.pattern) schema = schema.regex(new RegExp(field.pattern), field.patternMessage);
  return schema;
}

function numberSchema(field: ValidatedField, integer: boolean): z.ZodNumber {
  let schema = integer ? z.number().int() : z.number();
  if (field.min !== undefined) schema = schema.min(field.min);
  if (field.max !== undefined) schema = schema.max(field.max);
  return schema;
}

/**
 * A birth number as typed (a slash, spaces), stored as its digits when it is a real one. The masked
 * value a form was shown (`******` and the last digits) passes as it is: saved back, it means
 * "unchanged", and the server leaves the stored value alone.
 */
const birthNumberSchema = (label = 'Rodné číslo') =>
  z
    .string()
    .superRefine((value, context) => {
      if (isMaskedBirthNumber(value)) return;
      const parsed = parseBirthNumber(value, label);
      if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
    })
    .transform((value) => (isMaskedBirthNumber(value) ? value.trim() : normalizeBirthNumber(value)));

/** How the API documents a money amount (OpenAPI). */
const MONEY_AMOUNT_META = {
  description: 'Částka v setinách měny (haléřích), celé číslo: 120050 je 1 200,50 Kč.',
};
const CURRENCY_META = { description: 'Kód měny podle ISO 4217, např. CZK.' };

/** A money value `{ amount, currency }` as the API takes it, for schemas outside the declarations. */
export const moneyValueSchema = z.object({
  amount: z.number().int().meta(MONEY_AMOUNT_META),
  currency: z.string().refine(isCurrencyCode, say.pick('měnu z nabídky')).meta(CURRENCY_META),
});

/**
 * A money value: `amount` in whole hundredths (haléře), min and max declared in hundredths too and
 * told in crowns (`alespoň 0,01`), the currency an ISO 4217 code.
 */
function moneySchema(field: ValidatedField): z.ZodType {
  const { label } = field;
  let amount = z
    .number({ message: say.enter('částku', label) })
    .int(say.enter('částku v celých haléřích', label));
  if (field.min !== undefined)
    amount = amount.min(field.min, say.enter(`alespoň ${moneyAmountInput(field.min)}`, label));
  if (field.max !== undefined)
    amount = amount.max(field.max, say.enter(`nejvýše ${moneyAmountInput(field.max)}`, label));
  return z.object({
    amount: amount.meta(MONEY_AMOUNT_META),
    currency: z.string().refine(isCurrencyCode, say.pick('měnu z nabídky', label)).meta(CURRENCY_META),
  });
}

function kindSchema(field: ValidatedField): z.ZodType {
  const { label } = field;
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'richText':
      return textSchema(field);
    case 'email':
      return z.email({ message: say.enter('platnou e-mailovou adresu', label) }).max(field.maxLength ?? 254);
    case 'phone':
      return textSchema(field, z.string().regex(PHONE, say.enter('platné telefonní číslo', label)));
    case 'url':
      return z.preprocess(
        withScheme,
        z.url({
          protocol: /^https?$/,
          hostname: z.regexes.domain,
          message: say.enter('platnou webovou adresu, např. www.klub.cz', label),
        }),
      );
    case 'slug':
      return textSchema(
        field,
        z.string().regex(SLUG, say.enter('jen malá písmena bez diakritiky, číslice a pomlčky', label)),
      );
    case 'color':
      return z.string().regex(COLOR, say.enter('barvu ve tvaru #RRGGBB', label));
    case 'birthNumber':
      return birthNumberSchema(label);
    case 'integer':
      return numberSchema(field, true);
    case 'decimal':
      return numberSchema(field, false);
    case 'money':
      return moneySchema(field);
    case 'date':
      return field.notInFuture
        ? isoDateSchema.refine((value) => value <= pragueToday(), notInFutureMessage(field))
        : isoDateSchema;
    case 'dateTime':
      return field.notInFuture
        ? isoDateTimeSchema.refine((value) => Date.parse(value) <= Date.now(), notInFutureMessage(field))
        : isoDateTimeSchema;
    case 'boolean':
      return z.boolean();
    case 'enum': {
      const values = (field.options ?? []).map((option) => option.value);
      return z
        .string()
        .refine((value) => values.includes(value), say.pick('jednu z nabízených možností', label));
    }
    case 'multiEnum': {
      const values = (field.options ?? []).map((option) => option.value);
      return z
        .array(
          z.string().refine((value) => values.includes(value), say.pick('jen z nabízených možností', label)),
          { message: say.pick('z nabízených možností', label) },
        )
        .max(100, say.pick('méně možností', label))
        .transform((chosen) => values.filter((value) => chosen.includes(value)));
    }
    case 'relation':
    case 'relationMany': {
      const id = recordIdSchemaSaying(say.pick('záznam z nabídky', label));
      return field.kind === 'relation'
        ? id
        : z.array(id, { message: say.pick('z nabízených možností', label) });
    }
    case 'file':
    case 'image':
      return recordIdSchemaSaying(say.pick('nahraný soubor', label));
  }
}

const MULTI_LINE: ReadonlySet<FieldKind> = new Set(['longText', 'richText']);

/** Text of any kind (a URL, an enum value…) is refused whole when the database could not store it. */
const storableText = z
  .unknown()
  .refine((value) => typeof value !== 'string' || !hasForbiddenCharacter(value), FORBIDDEN_CHARACTER_MESSAGE);

/**
 * The Zod schema of one field's value; empty strings count as "not filled". Storable text loses what
 * XML cannot carry first (see cleanPastedText), so every feed and workbook made of it stays readable.
 * The server validates with it and the form mirrors it, so both sides say the same Czech message.
 */
export function buildFieldSchema(field: ValidatedField): z.ZodType {
  const cleaned = (value: unknown) =>
    typeof value === 'string' && !hasForbiddenCharacter(value)
      ? cleanPastedText(value, MULTI_LINE.has(field.kind))
      : value;
  const emptyToNull = (value: unknown) =>
    (typeof value === 'string' && value.trim() === '') ||
    (field.kind === 'multiEnum' && Array.isArray(value) && value.length === 0)
      ? null
      : value;
  const schema = storableText.pipe(kindSchema(field));
  // A switch left alone is off: booleans are stored as yes or no, never as "not filled".
  if (field.kind === 'boolean') return z.preprocess((value) => value ?? false, schema);
  if (field.required) {
    return z.preprocess(
      (value) => emptyToNull(cleaned(value)),
      z
        .any()
        .refine((value) => value !== null && value !== undefined, requiredMessage(field))
        .pipe(schema),
    );
  }
  return z.preprocess((value) => emptyToNull(cleaned(value)), schema.nullish());
}
