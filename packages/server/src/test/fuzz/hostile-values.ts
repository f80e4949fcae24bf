import fc from 'fast-check';

// Values a careless or hostile client sends: what databases choke on, what parsers trip over, and
// what merely looks like a number, a date or an id.

/** Text known to hurt somewhere: NUL, broken surrogates, injections, odd numbers and dates. */
export const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'Novák\u0000',
  '\ud800',
  'a\udc00b',
  '\ufeff',
  '\u202e',
  '💥',
  '%00',
  '%',
  '../../etc/passwd',
  "'; drop table members; --",
  '"',
  '\\',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e308',
  '0x10',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31T23:59:59-14:00',
  '2026-01-01T00:00:00+16:00',
  'a'.repeat(300),
  'ř'.repeat(5_000),
] as const;

/** Escapes that decode to something odd: NUL, an overlong NUL, broken UTF-8, bare percent signs. */
export const HOSTILE_ESCAPES = ['%00', '%C0%80', '%ED%A0%80', '%FF', '%', '%%', '%2', '%E2%80%AE'] as const;

/** Any UTF-16 code units, lone surrogates included (fast-check's own strings never contain them). */
const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: codeUnits },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 63, 1e308, -1e308, 2 ** 53 + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An id as written in a path or a query: real ones, their neighbours, and things that are not ids. */
export function idText(existing: readonly number[]): fc.Arbitrary<string> {
  const real = existing.length > 0 ? [fc.constantFrom(...existing.map(String))] : [];
  return fc.oneof(
    ...real,
    fc.constantFrom('0', '-1', '1', '2147483647', '2147483648', '4294967296', '1e3', '1.5', ' 1', '01'),
    hostileText,
  );
}

/** Any JSON value, with hostile texts and numbers in it, nested a little. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Encodes a query or path part as a browser would, lone surrogates as their (invalid) UTF-8 bytes. */
export function encodePart(text: string): string {
  return [...text].map((char) => (char.isWellFormed() ? encodeURIComponent(char) : '%ED%A0%80')).join('');
}
