import { z } from 'zod';
import './czech-messages.ts';

// What both database engines can take, checked once at the edge by the server and mirrored by forms.

/** Ids, versions and relation targets are 32-bit integers on PostgreSQL. */
export const INT32_MAX = 2_147_483_647;

/** Longest search text of a list or a picker. */
export const SEARCH_MAX_LENGTH = 200;

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_NESTING_DEPTH = 32;

export const FORBIDDEN_CHARACTER_MESSAGE =
  'Text obsahuje nepovolený znak (nulový znak nebo neúplný znak Unicode).';

/**
 * NUL (PostgreSQL cannot store it in text) or half of a UTF-16 surrogate pair (not a character at
 * all: one engine would store a replacement character, the other the broken half).
 */
export function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * Characters XML 1.0 cannot carry: C0 controls other than tab, line feed and carriage return, U+FFFE,
 * U+FFFF and halves of surrogate pairs. A feed or a workbook holding one is refused by its readers.
 */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without the characters XML cannot carry. */
export function stripXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/**
 * Text as pasted from a word processor, made storable in any format: Word's line break (U+000B) and
 * page break (U+000C) become line breaks, other characters XML cannot carry are dropped, and in
 * single-line text line breaks and tabs become one space.
 */
export function cleanPastedText(text: string, multiLine: boolean): string {
  const cleaned = stripXmlForbidden(text.replace(/[\v\f]/g, '\n'));
  return multiLine ? cleaned : cleaned.replace(/[\t\r\n]+/g, ' ');
}
/** The id of a stored record (or file); `message` is what a value that is no id is told. */
export const recordIdSchemaSaying = (message: string, tooLarge = message) =>
  z.number({ message }).int(message).positive(message).max(INT32_MAX, tooLarge);

/** The id of a stored record (or file). */
export const recordIdSchema = recordIdSchemaSaying('Vyberte záznam z nabídky.', 'Vybraný záznam neexistuje.');

/** The id of a record a form must pick; `missing` says what to pick when none is, e.g. "Vyberte skupinu.". */
export const pickedRecordId = (missing: string) =>
  z
    .unknown()
    .refine((value) => value !== null && value !== undefined, missing)
    .pipe(recordIdSchema);

/** An id written in a URL path or query: digits only, no sign, exponent or leading zero. */
export const recordIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Takový záznam neexistuje.')
  .transform(Number)
  .pipe(recordIdSchema);

/** The version a client read a record at (optimistic locking). */
export const recordVersionSchema = z
  .number({ message: 'Chybí verze záznamu.' })
  .int('Verze záznamu musí být celé číslo.')
  .min(0, 'Verze záznamu musí být celé číslo.')
  .max(INT32_MAX, 'Verze záznamu je mimo rozsah.');

/** The first and last instants a date-time may name (what PostgreSQL's timestamptz takes on both engines). */
export const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
export const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** A calendar date `RRRR-MM-DD` from the year 1 to 9999. */
export const isoDateSchema = z.iso
  .date({ abort: true })
  .refine((value) => !value.startsWith('0000'), { params: { format: 'date' } });

/**
 * A date-time with an offset of at most 14 hours (the widest in use), naming an instant from the
 * year 1 to 9999 in UTC: what PostgreSQL's timestamptz stores and gives back in ISO form.
 */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, abort: true }).refine(
  (value) => {
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(value);
    if (offset && Number(offset[2]) * 60 + Number(offset[3]) > 14 * 60) return false;
    const instant = Date.parse(value);
    return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
  },
  { params: { format: 'datetime' } },
);
