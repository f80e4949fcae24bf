import { z } from 'zod';

// Zod's own messages, written for programmers ("number musí být <=10"), never reach a person: every
// rule that names no message of its own says it in the words of a club's secretary. Loaded by each
// module of shared that builds rules, so wherever a rule runs (server or browser) the map is set.

/** Czech plural forms: one (1), few (2–4), many (0, 5+). */
export function czechCount(count: number, forms: { one: string; few: string; many: string }): string {
  const size = Math.abs(count);
  const form = size === 1 ? forms.one : size >= 2 && size <= 4 ? forms.few : forms.many;
  return `${czechNumber(count)} ${form}`;
}

const NUMBER = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 6 });

/** A number as Czech text: `1 000 000`, `2,5`. */
export const czechNumber = (value: number | bigint) => NUMBER.format(value);

const CHARACTERS = { one: 'znak', few: 'znaky', many: 'znaků' };
const ITEMS = { one: 'položku', few: 'položky', many: 'položek' };

export const REQUIRED_MESSAGE = 'Toto pole je povinné.';
const MALFORMED = 'Údaj nemá správný tvar.';

const TYPE_MESSAGES: Record<string, string> = {
  number: 'Zadejte číslo.',
  int: 'Zadejte celé číslo.',
  bigint: 'Zadejte celé číslo.',
  nan: 'Zadejte číslo.',
  string: 'Zadejte text.',
  boolean: 'Zvolte ano, nebo ne.',
  array: 'Vyberte z nabízených možností.',
  date: 'Zadejte platné datum.',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Zadejte platnou e-mailovou adresu.',
  url: 'Zadejte platnou webovou adresu.',
  date: 'Zadejte platné datum.',
  datetime: 'Zadejte platné datum a čas.',
  time: 'Zadejte platný čas.',
};

type Issue = z.core.$ZodRawIssue;

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const limit = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return `Zadejte nejvýše ${czechCount(limit, CHARACTERS)}.`;
    case 'array':
    case 'set':
      return `Vyberte nejvýše ${czechCount(limit, ITEMS)}.`;
    case 'file':
      return 'Soubor je příliš velký.';
    case 'date':
      return 'Datum je příliš pozdě.';
    default:
      return issue.inclusive === false
        ? `Zadejte číslo menší než ${czechNumber(limit)}.`
        : `Zadejte nejvýše ${czechNumber(limit)}.`;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const limit = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return limit <= 1 ? REQUIRED_MESSAGE : `Zadejte alespoň ${czechCount(limit, CHARACTERS)}.`;
    case 'array':
    case 'set':
      return limit <= 1 ? 'Vyberte alespoň jednu možnost.' : `Vyberte alespoň ${czechCount(limit, ITEMS)}.`;
    case 'file':
      return 'Soubor je prázdný.';
    case 'date':
      return 'Datum je příliš brzy.';
    default:
      if (issue.inclusive === false)
        return limit === 0 ? 'Zadejte kladné číslo.' : `Zadejte číslo větší než ${czechNumber(limit)}.`;
      return `Zadejte alespoň ${czechNumber(limit)}.`;
  }
}

/** The Czech message of a Zod issue that carries none of its own. */
export function czechIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return REQUIRED_MESSAGE;
      return TYPE_MESSAGES[issue.expected] ?? MALFORMED;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? MALFORMED;
    case 'not_multiple_of':
      return `Zadejte násobek ${czechNumber(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Tyto údaje se sem neposílají: ${issue.keys.map((key) => `„${key}“`).join(', ')}.`;
    case 'invalid_value':
      return 'Vyberte jednu z nabízených možností.';
    case 'custom':
      return 'Údaj není platný.';
    default:
      return MALFORMED;
  }
}

z.config({ localeError: czechIssueMessage });
