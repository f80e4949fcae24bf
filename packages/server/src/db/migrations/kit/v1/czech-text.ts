/**
 * Czech sort keys and search text as the engine computed them when this kit was made (a copy of
 * engine/schema/czech-text.ts then): a migration that recomputes stored keys writes the keys of its
 * time, whatever the engine computes later. A changed key is a new kit version and a migration of
 * its own.
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
