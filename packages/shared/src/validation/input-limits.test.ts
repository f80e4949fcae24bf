import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_KINDS } from '../api/schema.ts';
import { buildFieldSchema } from './field-schema.ts';
import {
  hasForbiddenCharacter,
  INT32_MAX,
  isoDateTimeSchema,
  recordIdSchema,
  recordIdText,
} from './input-limits.ts';

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Any UTF-16 code units, lone surrogates included. */
const anyText = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 30 })
  .map((units) => String.fromCharCode(...units));
/** Text without surrogates, so that it cannot pair up with a lone one put beside it. */
const noSurrogates = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0xffff })), {
    maxLength: 30,
  })
  .map((units) => String.fromCharCode(...units));
const withForbidden = fc
  .tuple(noSurrogates, fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800'), noSurrogates)
  .map(([before, bad, after]) => before + bad + after);

const schemaOf = (kind: (typeof FIELD_KINDS)[number]) =>
  buildFieldSchema({ kind, options: [{ value: 'A', label: 'A' }] });

describe('what the databases can store, checked by every field kind', () => {
  it('refuses NUL and broken surrogate pairs in any kind that takes text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_KINDS), withForbidden, (kind, text) => {
        expect(schemaOf(kind).safeParse(text).success).toBe(false);
      }),
    );
    expect(hasForbiddenCharacter('Čermák 💥')).toBe(false);
  });

  it('accepts only 32-bit ids for relations, files and images', () => {
    const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(INT32_MAX, INT32_MAX + 1, 2 ** 53));
    fc.assert(
      fc.property(fc.constantFrom('relation', 'file', 'image', 'relationMany'), number, (kind, id) => {
        const value = kind === 'relationMany' ? [id] : id;
        const accepted = buildFieldSchema({ kind }).safeParse(value).success;
        expect(accepted).toBe(Number.isInteger(id) && id >= 1 && id <= INT32_MAX);
      }),
    );
  });

  it('reads ids from text only as plain digits within 32 bits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^-?\d{0,12}(\.\d)?$/), anyText), (text) => {
        const parsed = recordIdText.safeParse(text);
        const plain = /^[1-9]\d{0,9}$/.test(text) && Number(text) <= INT32_MAX;
        expect(parsed.success).toBe(plain);
        if (parsed.success) expect(recordIdSchema.parse(parsed.data)).toBe(Number(text));
      }),
    );
  });

  it('accepts only date-times PostgreSQL stores and gives back: years 1 to 9999, offsets up to 14 hours', () => {
    const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const dateTime = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((year) => String(year).padStart(4, '0')),
        fc.integer({ min: 1, max: 12 }).map((month) => String(month).padStart(2, '0')),
        fc.integer({ min: 1, max: 28 }).map((day) => String(day).padStart(2, '0')),
        twoDigits(23),
        fc.constantFrom('+', '-'),
        twoDigits(20),
        twoDigits(59),
      )
      .map(([y, mo, d, h, sign, oh, om]) => `${y}-${mo}-${d}T${h}:00:00${sign}${oh}:${om}`);
    fc.assert(
      fc.property(dateTime, (value) => {
        const accepted = isoDateTimeSchema.safeParse(value).success;
        const offsetMinutes = Number(value.slice(-5, -3)) * 60 + Number(value.slice(-2));
        const instant = Date.parse(value);
        expect(accepted).toBe(
          offsetMinutes <= 14 * 60 && instant >= FIRST_INSTANT && instant <= LAST_INSTANT,
        );
      }),
    );
  });

  it('accepts only safe integers for integer fields', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.constantFrom(2 ** 53, 2 ** 63, -(2 ** 53))), (value) => {
        expect(buildFieldSchema({ kind: 'integer' }).safeParse(value).success).toBe(
          Number.isSafeInteger(value),
        );
      }),
    );
  });
});
