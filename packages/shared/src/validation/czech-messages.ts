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

/** Made at its first use: building it loads ICU's Czech data, 15–40 ms of a server's cold start. */
let numberFormat: Intl.NumberFormat | undefined;

/** A number as Czech text: `1 000 000`, `2,5`. */
export function czechNumber(value: number | bigint): string {
  numberFormat ??= new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 6 });
  return numberFormat.format(value);
}

const CHARACTERS = { one: 'znak', few: 'znaky', many: 'znaků' };
const ITEMS = { one: 'položku', few: 'položky', many: 'položek' };

export const REQUIRED_MESSAGE = 'Toto pole je povinné.';

/**
 * Sentences that name the field when its label is known: "Zadejte do pole „Kapacita“ nejvýše 10.",
 * "Vyberte v poli „Role“ nejvýše 4 položky."; without it "Zadejte nejvýše 10.".
 */
export const say = {
  enter: (what: string, label?: string) =>
    label ? `Zadejte do pole „${label}“ ${what}.` : `Zadejte ${what}.`,
  pick: (what: string, label?: string) => (label ? `Vyberte v poli „${label}“ ${what}.` : `Vyberte ${what}.`),
  required: (label?: string) => (label ? `Vyplňte pole „${label}“.` : REQUIRED_MESSAGE),
  malformed: (label?: string) => (label ? `Pole „${label}“ nemá správný tvar.` : 'Údaj nemá správný tvar.'),
};

const TYPE_MESSAGES: Record<string, (label?: string) => string> = {
  number: (label) => say.enter('číslo', label),
  int: (label) => say.enter('celé číslo', label),
  bigint: (label) => say.enter('celé číslo', label),
  nan: (label) => say.enter('číslo', label),
  string: (label) => say.enter('text', label),
  boolean: (label) => say.pick('ano, nebo ne', label),
  array: (label) => say.pick('z nabízených možností', label),
  date: (label) => say.enter('platné datum', label),
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'platnou e-mailovou adresu',
  url: 'platnou webovou adresu',
  date: 'platné datum',
  datetime: 'platné datum a čas',
  time: 'platný čas',
};

type Issue = z.core.$ZodRawIssue;

function tooBig(issue: Extract<Issue, { code: 'too_big' }>, label?: string): string {
  const limit = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return say.enter(`nejvýše ${czechCount(limit, CHARACTERS)}`, label);
    case 'array':
    case 'set':
      return say.pick(`nejvýše ${czechCount(limit, ITEMS)}`, label);
    case 'file':
      return 'Soubor je příliš velký.';
    case 'date':
      return say.enter('dřívější datum', label);
    default:
      return issue.inclusive === false
        ? say.enter(`číslo menší než ${czechNumber(limit)}`, label)
        : say.enter(`nejvýše ${czechNumber(limit)}`, label);
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>, label?: string): string {
  const limit = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return limit <= 1 ? say.required(label) : say.enter(`alespoň ${czechCount(limit, CHARACTERS)}`, label);
    case 'array':
    case 'set':
      return limit <= 1
        ? say.pick('alespoň jednu možnost', label)
        : say.pick(`alespoň ${czechCount(limit, ITEMS)}`, label);
    case 'file':
      return 'Soubor je prázdný.';
    case 'date':
      return say.enter('pozdější datum', label);
    default:
      if (issue.inclusive === false)
        return say.enter(limit === 0 ? 'kladné číslo' : `číslo větší než ${czechNumber(limit)}`, label);
      return say.enter(`alespoň ${czechNumber(limit)}`, label);
  }
}

const formatMessage = (format: string, label?: string) => {
  const what = FORMAT_MESSAGES[format];
  return what ? say.enter(what, label) : say.malformed(label);
};

/** The Czech message of a Zod issue that carries none of its own; `label` names the field it is about. */
export function czechIssueMessage(issue: Issue, label?: string): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return say.required(label);
      return TYPE_MESSAGES[issue.expected]?.(label) ?? say.malformed(label);
    case 'too_big':
      return tooBig(issue, label);
    case 'too_small':
      return tooSmall(issue, label);
    case 'invalid_format':
      return formatMessage(issue.format, label);
    case 'not_multiple_of':
      return say.enter(`násobek ${czechNumber(issue.divisor)}`, label);
    case 'unrecognized_keys':
      return `Tyto údaje se sem neposílají: ${issue.keys.map((key) => `„${key}“`).join(', ')}.`;
    case 'invalid_value':
      return say.pick('jednu z nabízených možností', label);
    case 'custom':
      // A refinement may say which form its value lacks: `{ params: { format: 'date' } }`.
      return formatMessage(String(issue.params?.format ?? ''), label);
    default:
      return say.malformed(label);
  }
}

/**
 * The error map of one parse whose fields have labels (a form's field, an entity's body): each
 * message Zod would make itself names the field `labelOf` finds for the issue's path.
 */
export const labelledMessages =
  (labelOf: (path: readonly PropertyKey[]) => string | undefined) =>
  (issue: Issue): string =>
    czechIssueMessage(issue, labelOf(issue.path ?? []));

z.config({ localeError: (issue) => czechIssueMessage(issue) });
