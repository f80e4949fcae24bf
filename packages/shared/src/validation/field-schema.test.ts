import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, type FieldKind } from '../api/schema.ts';
import { pragueToday } from '../time/prague.ts';
import { labelledMessages } from './czech-messages.ts';
import { buildFieldSchema, type ValidatedField } from './field-schema.ts';
import { PROGRAMMER_WORDS } from './jargon.ts';

const field = (kind: FieldKind, extra: Partial<ValidatedField> = {}): ValidatedField => ({
  kind,
  ...extra,
});
const accepts = (declaration: ValidatedField, value: unknown) =>
  buildFieldSchema(declaration).safeParse(value).success;
const message = (declaration: ValidatedField, value: unknown) =>
  buildFieldSchema(declaration).safeParse(value).error?.issues[0]?.message;

const VALID: Record<Exclude<FieldKind, 'relationMany'>, unknown> = {
  text: 'Čermák',
  longText: 'Dlouhý\ntext',
  richText: '<p>Ahoj</p>',
  email: 'jan@klub.cz',
  phone: '+420 777 123 456',
  url: 'https://klub.cz/zavody',
  slug: 'zimni-soustredeni-2026',
  integer: 42,
  decimal: 3.5,
  money: { amount: 1500, currency: 'CZK' },
  date: '2026-11-22',
  dateTime: '2026-11-22T18:30:00+01:00',
  boolean: true,
  enum: 'A',
  multiEnum: ['A'],
  relation: 7,
  file: 3,
  image: 4,
  color: '#1c7ed6',
  birthNumber: '900101/1239',
};

const INVALID: Record<Exclude<FieldKind, 'relationMany'>, unknown> = {
  text: 'x'.repeat(256),
  longText: 42,
  richText: false,
  email: 'jan@',
  phone: 'volejte mi',
  url: 'javascript:alert(1)',
  slug: 'Zimní soustředění',
  integer: 4.2,
  decimal: 'tři',
  money: { amount: 10, currency: 'KČS' },
  date: '22. 11. 2026',
  dateTime: '2026-11-22 18:30',
  boolean: 'ano',
  enum: 'Z',
  multiEnum: ['A', 'Z'],
  relation: -1,
  file: 'soubor.pdf',
  image: 0,
  color: 'modrá',
  birthNumber: '900101/1230',
};

describe('field validation by kind', () => {
  it('has a rule for every kind', () => {
    expect(Object.keys(VALID).sort()).toEqual(FIELD_KINDS.filter((kind) => kind !== 'relationMany').sort());
  });

  it.each(Object.keys(VALID) as Array<keyof typeof VALID>)(
    '%s accepts a good value and refuses a bad one',
    (kind) => {
      const declaration = field(
        kind,
        kind === 'enum' || kind === 'multiEnum' ? { options: [{ value: 'A', label: 'Áčko' }] } : {},
      );
      expect(accepts(declaration, VALID[kind])).toBe(true);
      expect(accepts(declaration, INVALID[kind])).toBe(false);
      expect(accepts(declaration, null)).toBe(true);
    },
  );

  it('keeps a multiEnum in the order of its options, each once, and an empty choice as not filled', () => {
    const roles = field('multiEnum', {
      options: [
        { value: 'A', label: 'Áčko' },
        { value: 'B', label: 'Béčko' },
      ],
    });
    expect(buildFieldSchema(roles).parse(['B', 'A', 'B'])).toEqual(['A', 'B']);
    expect(message({ ...roles, required: true }, [])).toBe('Toto pole je povinné.');
    expect(message(roles, 'A')).toBe('Vyberte z nabízených možností.');
  });

  it('treats empty text as not filled and says so in Czech for required fields', () => {
    expect(message(field('text', { required: true }), '   ')).toBe('Toto pole je povinné.');
    expect(message(field('date', { required: true }), undefined)).toBe('Toto pole je povinné.');
    expect(buildFieldSchema(field('text')).parse('  ')).toBeNull();
  });

  it('applies length, range and pattern constraints from the declaration', () => {
    expect(accepts(field('text', { minLength: 3 }), 'ab')).toBe(false);
    expect(accepts(field('integer', { min: 1, max: 10 }), 11)).toBe(false);
    expect(
      message(field('text', { pattern: '^CZ\\d+$', patternMessage: 'Číslo musí začínat CZ.' }), 'SK1'),
    ).toBe('Číslo musí začínat CZ.');
  });
});

describe('money', () => {
  const price = field('money', { label: 'Cena', min: 1, max: 100_000_00 });

  it('takes whole hundredths (haléře) and tells its limits in crowns', () => {
    expect(accepts(price, { amount: 120050, currency: 'CZK' })).toBe(true);
    expect(message(price, { amount: 1200.5, currency: 'CZK' })).toBe(
      'Zadejte do pole „Cena“ částku v celých haléřích.',
    );
    expect(message(price, { amount: 0, currency: 'CZK' })).toBe('Zadejte do pole „Cena“ alespoň 0,01.');
    expect(message(price, { amount: 100_000_01, currency: 'CZK' })).toBe(
      'Zadejte do pole „Cena“ nejvýše 100\u00a0000,00.',
    );
    expect(message(price, { amount: '12', currency: 'CZK' })).toBe('Zadejte do pole „Cena“ částku.');
    expect(message(price, { amount: 100, currency: 'Kč' })).toBe('Vyberte v poli „Cena“ měnu z nabídky.');
  });
});

describe('text pasted from a word processor', () => {
  const parse = (declaration: ValidatedField, value: unknown) => buildFieldSchema(declaration).parse(value);

  it('loses what XML cannot carry in every kind of text, and keeps line breaks where text has lines', () => {
    const pasted = 'Družstvo\u000BU12\u0001 vyhrálo\uFFFF\u000C';
    expect(parse(field('text'), pasted)).toBe('Družstvo U12 vyhrálo');
    expect(parse(field('longText'), pasted)).toBe('Družstvo\nU12 vyhrálo');
    expect(parse(field('richText'), `<p>${pasted}</p>`)).toBe('<p>Družstvo\nU12 vyhrálo\n</p>');
    expect(parse(field('longText'), 'Ulice 1\r\n\tPraha')).toBe('Ulice 1\r\n\tPraha');
    expect(parse(field('text'), 'Ulice 1\r\n\tPraha')).toBe('Ulice 1 Praha');
    expect(parse(field('phone'), '+420 777\u0001 123 456')).toBe('+420 777 123 456');
    expect(parse(field('url'), 'https://klub.cz/\u0002zavody')).toBe('https://klub.cz/zavody');
    expect(parse(field('enum', { options: [{ value: 'A', label: 'Áčko' }] }), 'A\uFFFE')).toBe('A');
  });

  it('counts text made only of such characters as not filled', () => {
    expect(message(field('text', { required: true }), '\u000B\u0001')).toBe('Toto pole je povinné.');
    expect(parse(field('longText'), '\uFFFF')).toBeNull();
  });

  it('still refuses NUL and halves of surrogate pairs, which no database stores', () => {
    expect(message(field('text'), 'a\u0000b')).toMatch(/nepovolený znak/);
    expect(message(field('longText'), 'a\uD800b')).toMatch(/nepovolený znak/);
  });
});

/** Values of the wrong type, size or form, for every kind. */
const WRONG_VALUES: readonly unknown[] = [
  42,
  -1,
  1.5,
  'x'.repeat(30_000),
  'tři',
  true,
  [],
  [1, 'a'],
  {},
  { amount: 'x', currency: 1 },
  { amount: 1e12, currency: 'CZK' },
  '2099-01-01',
  '2026-02-30',
  'javascript:alert(1)',
];

describe('messages a person reads', () => {
  const constrained = (kind: FieldKind): ValidatedField => ({
    kind,
    label: 'Pole',
    required: true,
    minLength: 2,
    maxLength: 5,
    min: 1,
    max: 10,
    notInFuture: kind === 'date' || kind === 'dateTime',
    options: [{ value: 'A', label: 'Áčko' }],
  });

  it.each(FIELD_KINDS)('%s refuses wrong values in Czech words, never in Zod’s', (kind) => {
    for (const value of [null, ...WRONG_VALUES]) {
      const result = buildFieldSchema(constrained(kind)).safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        expect(issue.message, `${kind} ${JSON.stringify(value)?.slice(0, 40)}`).not.toMatch(PROGRAMMER_WORDS);
        expect(issue.message).toMatch(/^[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ„].*[.!]$/);
      }
    }
  });

  it('says the limits as a person would: "Zadejte nejvýše 10.", "nejvýše 5 znaků"', () => {
    expect(message(field('integer', { max: 10 }), 11)).toBe('Zadejte nejvýše 10.');
    expect(message(field('decimal', { min: 1_000 }), 2)).toBe('Zadejte alespoň 1\u00a0000.');
    expect(message(field('text', { maxLength: 5 }), 'dlouhé slovo')).toBe('Zadejte nejvýše 5 znaků.');
    expect(message(field('text', { maxLength: 3 }), 'čtyři')).toBe('Zadejte nejvýše 3 znaky.');
    expect(message(field('integer'), 'pět')).toBe('Zadejte číslo.');
    expect(message(field('integer'), 2.5)).toBe('Zadejte celé číslo.');
  });

  it('names the field in every refusal when its label is known', () => {
    const named = (declaration: ValidatedField, value: unknown) =>
      buildFieldSchema(declaration).safeParse(value, { error: labelledMessages(() => declaration.label) })
        .error?.issues[0]?.message;
    expect(named(field('integer', { max: 10, label: 'Kapacita' }), 11)).toBe(
      'Zadejte do pole „Kapacita“ nejvýše 10.',
    );
    expect(named(field('text', { maxLength: 3, label: 'Sezóna' }), 'dlouhá')).toBe(
      'Zadejte do pole „Sezóna“ nejvýše 3 znaky.',
    );
    expect(named(field('email', { label: 'E-mail' }), 'jan@')).toBe(
      'Zadejte do pole „E-mail“ platnou e-mailovou adresu.',
    );
    expect(named(field('dateTime', { label: 'Konec' }), 'zítra')).toBe(
      'Zadejte do pole „Konec“ platné datum a čas.',
    );
    expect(named(field('relationMany', { label: 'Trenéři' }), [0])).toBe(
      'Vyberte v poli „Trenéři“ záznam z nabídky.',
    );
  });

  it('names the field a required value is missing from, and what to pick', () => {
    expect(message(field('text', { required: true, label: 'Příjmení' }), '')).toBe(
      'Vyplňte pole „Příjmení“.',
    );
    expect(message(field('enum', { required: true, label: 'Úroveň', options: [] }), null)).toBe(
      'Vyberte možnost v poli „Úroveň“.',
    );
    expect(
      message(
        field('relation', { required: true, label: 'Skupina', requiredMessage: 'Vyberte skupinu.' }),
        null,
      ),
    ).toBe('Vyberte skupinu.');
  });
});

describe('web addresses', () => {
  const url = field('url');

  it('completes an address typed without https://', () => {
    expect(buildFieldSchema(url).parse('www.sponzor.cz')).toBe('https://www.sponzor.cz');
    expect(buildFieldSchema(url).parse('  sponzor.cz/o-nas ')).toBe('https://sponzor.cz/o-nas');
    expect(buildFieldSchema(url).parse('klub.cz:8080/zavody')).toBe('https://klub.cz:8080/zavody');
    expect(buildFieldSchema(url).parse('http://klub.cz')).toBe('http://klub.cz');
  });

  it('still refuses what is no web address', () => {
    expect(message(url, 'javascript:alert(1)')).toBe('Zadejte platnou webovou adresu, např. www.klub.cz.');
    expect(accepts(url, 'mailto:jan@klub.cz')).toBe(false);
    expect(accepts(url, 'sponzor')).toBe(false);
  });
});

describe('dates that cannot be true', () => {
  const birth = field('date', { notInFuture: true, label: 'Datum narození' });

  it('refuses a birth in the future and takes today', () => {
    expect(message(birth, '2099-01-01')).toBe('„Datum narození“ nesmí být v budoucnosti.');
    expect(accepts(birth, pragueToday())).toBe(true);
    expect(accepts(birth, '2012-05-01')).toBe(true);
  });

  it('refuses a moment in the future on a date-time', () => {
    const done = field('dateTime', { notInFuture: true });
    expect(accepts(done, '2099-01-01T10:00:00+01:00')).toBe(false);
    expect(accepts(done, '2020-01-01T10:00:00+01:00')).toBe(true);
  });
});
