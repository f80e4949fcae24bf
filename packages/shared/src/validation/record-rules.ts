import type { z } from 'zod';
import type { ValidationError } from '../api/envelope.ts';
import type { FieldConstraints, FieldKind } from '../api/schema.ts';
import { czechDate, czechDateTime } from '../time/prague.ts';
import { birthNumberMismatch } from './birth-number.ts';

// Rules that compare fields of one record (an end and its start, declared on the later field by
// `notBefore` and `notAfter`; a birth number and the birth date and sex, by `birthNumberOf`), checked
// alike by the server and the form.

/** A field as these rules see it: the server's compiled field and the form schema's field both fit. */
export interface ComparedField extends FieldConstraints {
  name: string;
  label: string;
  kind: FieldKind;
}

const subject = (field: { label?: string }) => (field.label ? `„${field.label}“` : 'Datum');

export const notInFutureMessage = (field: { label?: string }) => `${subject(field)} nesmí být v budoucnosti.`;

const shown = (field: ComparedField, value: string) =>
  field.kind === 'dateTime' ? czechDateTime(value) : czechDate(value);

/** Compares as instants for date-times and as calendar days for dates (`<0`: earlier). */
function compare(field: ComparedField, value: string, other: string): number {
  if (field.kind === 'dateTime') return Date.parse(value) - Date.parse(other);
  return value < other ? -1 : value > other ? 1 : 0;
}

/** The refusal of `field` holding a value before `other`'s (`notBefore`), e.g. an end before its start. */
export function notBeforeMessage(field: ComparedField, other: ComparedField, otherValue: string): string {
  const verb = field.kind === 'dateTime' ? 'musí být později než' : 'nesmí být dřív než';
  return `${subject(field)} ${verb} ${subject(other)} (${shown(other, otherValue)}).`;
}

export function notAfterMessage(field: ComparedField, other: ComparedField, otherValue: string): string {
  return `${subject(field)} nesmí být později než ${subject(other)} (${shown(other, otherValue)}).`;
}

const filled = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value));

/** The two orders a field may declare: what each refuses and how it says so. */
const ORDERS = [
  {
    other: (field: ComparedField) => field.notBefore,
    refuses: (field: ComparedField, order: number) => order < 0 || (order === 0 && field.kind === 'dateTime'),
    message: notBeforeMessage,
  },
  {
    other: (field: ComparedField) => field.notAfter,
    refuses: (_field: ComparedField, order: number) => order > 0,
    message: notAfterMessage,
  },
];

/**
 * What breaks the declared order of a record's dates, on the later field. Values not filled, and
 * values the field's own rule refuses (not a date), are left to that rule.
 */
export function recordRuleErrors(
  fields: readonly ComparedField[],
  values: Readonly<Record<string, unknown>>,
): ValidationError[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const errors: ValidationError[] = [];
  for (const field of fields) {
    const value = values[field.name];
    const birthNumberError = birthNumberRuleError(field, values);
    if (birthNumberError) errors.push({ path: field.name, message: birthNumberError });
    if (!filled(value)) continue;
    for (const order of ORDERS) {
      const name = order.other(field);
      const other = name === undefined ? undefined : byName.get(name);
      const otherValue = other ? values[other.name] : undefined;
      if (other && filled(otherValue) && order.refuses(field, compare(field, value, otherValue)))
        errors.push({ path: field.name, message: order.message(field, other, otherValue) });
    }
  }
  return errors;
}

/** A birth number's disagreement with the record's birth date or sex (`birthNumberOf`); null when none. */
function birthNumberRuleError(
  field: ComparedField,
  values: Readonly<Record<string, unknown>>,
): string | null {
  const value = values[field.name];
  const person = field.birthNumberOf;
  if (field.kind !== 'birthNumber' || !person || typeof value !== 'string' || value === '') return null;
  const sex = person.sex ? values[person.sex.field] : null;
  return birthNumberMismatch(value, {
    birthDate: person.birthDate ? values[person.birthDate] : null,
    female: typeof sex === 'string' && sex !== '' ? sex === person.sex!.female : null,
  });
}

/** An "od–do" pair of dates outside a declaration (a series, a report's period), `to` not before `from`. */
export const DATE_RANGE: readonly ComparedField[] = [
  { name: 'from', label: 'Od', kind: 'date' },
  { name: 'to', label: 'Do', kind: 'date', notBefore: 'from' },
];

/** The same rules on an action's input: a Zod refinement reporting each on its field. */
export function refineRecordRules(fields: readonly ComparedField[]) {
  return (input: Readonly<Record<string, unknown>>, context: z.RefinementCtx) => {
    for (const error of recordRuleErrors(fields, input))
      context.addIssue({ code: 'custom', path: [error.path], message: error.message });
  };
}
