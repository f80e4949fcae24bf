/**
 * Czech collation and diacritics-insensitive search keys, computed in JavaScript so that SQLite and
 * PostgreSQL sort and search identically (neither engine's own collation can be relied on here).
 * Migrations keep a frozen copy of the keys (db/migrations/kit/v1/czech-text.ts): a change here that
 * changes stored keys or search text needs a new kit version and a migration recomputing them.
 */

/** Czech alphabet order of primary letters; č ř š ž and ch are letters of their own. */
const PRIMARY_ORDER = 'a b c č d e f g h ch i j k l m n o p q r ř s š t u v w x y z ž'.split(' ');
const PRIMARY_RANK = new Map(PRIMARY_ORDER.map((letter, index) => [letter, index]));
/** Letters whose accent is only a secondary difference (á sorts with a, after it on a tie). */
const SECONDARY_BASE: Record<string, string> = {
  á: 'a',
  ä: 'a',
  ď: 'd',
  é: 'e',
  ě: 'e',
  ë: 'e',
  í: 'i',
  ĺ: 'l',
  ľ: 'l',
  ň: 'n',
  ó: 'o',
  ô: 'o',
  ö: 'o',
  ŕ: 'r',
  ť: 't',
  ú: 'u',
  ů: 'u',
  ü: 'u',
  ý: 'y',
};

function splitLetters(lower: string): string[] {
  const letters: string[] = [];
  for (let index = 0; index < lower.length; index += 1) {
    const pair = lower.slice(index, index + 2);
    if (pair === 'ch') {
      letters.push(pair);
      index += 1;
    } else {
      letters.push(lower[index]!);
    }
  }
  return letters;
}

const code = (rank: number) => String.fromCharCode(0x21 + rank);

/**
 * A key whose plain byte order is Czech order: primary letters, then accents, then case.
 * Characters outside the alphabet (digits, spaces, punctuation) keep their code point order and
 * sort before letters.
 */
export function czechSortKey(text: string): string {
  const normalized = text.normalize('NFC').trim();
  const lower = normalized.toLowerCase();
  let primary = '';
  let secondary = '';
  for (const letter of splitLetters(lower)) {
    const base = SECONDARY_BASE[letter] ?? letter;
    const rank = PRIMARY_RANK.get(base);
    primary +=
      rank === undefined
        ? base.codePointAt(0)! < 0x80
          ? base
          : base.normalize('NFD')[0]!
        : code(rank + 0x40);
    secondary += base === letter ? '0' : '1';
  }
  const tertiary = [...normalized].map((char) => (char === char.toLowerCase() ? '0' : '1')).join('');
  return `${primary}\u0001${secondary}\u0001${tertiary}`;
}

/** Lower case without diacritics: what search compares ("Čermák" → "cermak"). */
export function searchNormalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Czech plural form for a count: one (1), few (2–4), many (0, 5 and more). */
export function czechPlural<T>(count: number, forms: { one: T; few: T; many: T }): T {
  if (count === 1) return forms.one;
  return count >= 2 && count <= 4 ? forms.few : forms.many;
}

/** The primary part of a sort key: the letters in Czech order, without accents and case. */
const primaryKey = (text: string) => czechSortKey(text).split('\u0001')[0]!;

/** Each search character (lower case, no diacritics) → the sort-key characters of the letters that read as it. */
const KEY_CHARS = new Map<string, string[]>();
for (const letter of [...PRIMARY_ORDER, ...Object.keys(SECONDARY_BASE)]) {
  if (letter === 'ch') continue;
  const chars = KEY_CHARS.get(searchNormalize(letter)) ?? [];
  const key = primaryKey(letter);
  if (!chars.includes(key)) chars.push(key);
  KEY_CHARS.set(searchNormalize(letter), chars);
}
const CH_KEY = primaryKey('ch');

/**
 * Sort-key prefixes of every text whose search form starts with `fragment`: a sort key begins with one
 * of them exactly when its text, read as search reads it, begins with the fragment ("c" → c, č and ch;
 * "ře" → re). Lets a short fragment be found as ranges of the sort-key indexes instead of a scan.
 */
export function sortKeyPrefixes(fragment: string): string[] {
  const text = searchNormalize(fragment);
  const prefixes: string[] = [];
  const walk = (index: number, prefix: string) => {
    if (index >= text.length) {
      prefixes.push(prefix);
      return;
    }
    const char = text[index]!;
    // "ch" is one letter of its own: a fragment's "ch", or its last "c" that the text may continue with "h".
    if (char === 'c' && (text[index + 1] === 'h' || index === text.length - 1))
      walk(index + (text[index + 1] === 'h' ? 2 : 1), prefix + CH_KEY);
    for (const key of KEY_CHARS.get(char) ?? [primaryKey(char)]) walk(index + 1, prefix + key);
  };
  walk(0, '');
  return [...new Set(prefixes)].filter((prefix) => prefix !== '');
}

/** The smallest string above every string that starts with `prefix` (for a range `>= prefix and < this`). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
