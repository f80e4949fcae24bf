import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { QrPlatbaError } from './qr-platba-error.ts';

/** What a QR Platba asks the payer to pay. */
export interface PaymentDetails {
  /** The recipient's IBAN, electronic or with spaces. */
  iban: string;
  /** Hundredths of the currency as an integer: haléře for CZK. */
  amount: number;
  /** ISO 4217 code, CZK when left out. */
  currency?: string;
  variableSymbol?: string;
  specificSymbol?: string;
  constantSymbol?: string;
  /** Message for the recipient; diacritics are dropped and it is cut to 60 characters. */
  message?: string;
  /** Calendar day, YYYY-MM-DD. */
  dueDate?: string;
  /** Cut to 35 characters, diacritics dropped like the message's. */
  recipientName?: string;
}

/** A QR Platba read back: the fields it carries, values decoded, and every attribute by its key. */
export interface ParsedSpayd extends Partial<Omit<PaymentDetails, 'iban'>> {
  version: string;
  iban: string;
  attributes: Record<string, string>;
}

const HEADER = 'SPD';
const VERSION = '1.0';
/** AM holds at most 10 characters, so 9999999.99 is the largest amount. */
export const MAX_AMOUNT = 999_999_999;
export const MAX_MESSAGE_LENGTH = 60;
export const MAX_RECIPIENT_NAME_LENGTH = 35;

const SYMBOL = /^\d{1,10}$/;
const AMOUNT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SPAYD_DAY = /^(\d{4})(\d{2})(\d{2})$/;
const KEY = /^[A-Z0-9-]+$/;
const PRINTABLE_ASCII = /^[\x20-\x7E]$/;
/** Typographic marks Czech texts are full of, as the ASCII look-alikes every bank app shows. */
const ASCII_LOOK_ALIKES: Record<string, string> = {
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '„': '"',
  '“': '"',
  '”': '"',
  '‚': "'",
  '‘': "'",
  '’': "'",
};

const quoted = (text: string) => `„${text}“`;

/**
 * The QR Platba text (SPAYD 1.0) of a payment: `SPD*1.0*ACC:…*AM:…*CC:…` and the optional attributes
 * that were given. Only printable ASCII: see `spaydValue` for how free text gets there.
 */
export function spaydText(details: PaymentDetails): string {
  const currency = currencyCode(details.currency ?? 'CZK');
  const attributes: Array<[string, string | undefined]> = [
    ['ACC', electronicIban(details.iban)],
    ['AM', amountText(details.amount, currency)],
    ['CC', currency],
    ['DT', spaydDay(details.dueDate)],
    ['X-VS', symbol(details.variableSymbol, 'Variabilní symbol')],
    ['X-SS', symbol(details.specificSymbol, 'Specifický symbol')],
    ['X-KS', symbol(details.constantSymbol, 'Konstantní symbol')],
    ['RN', spaydValue(details.recipientName, MAX_RECIPIENT_NAME_LENGTH)],
    ['MSG', spaydValue(details.message, MAX_MESSAGE_LENGTH)],
  ];
  const present = attributes.filter((attribute): attribute is [string, string] => attribute[1] !== undefined);
  return [HEADER, VERSION, ...present.map(([key, value]) => `${key}:${value}`)].join('*');
}

/** Haléře as the AM value by integer and string arithmetic only: 1 → `0.01`, 123456 → `1234.56`. */
export function amountText(amount: number, currency = 'CZK'): string {
  if (!Number.isSafeInteger(amount)) throw new QrPlatbaError('Částka musí být celý počet haléřů.');
  if (amount < 1) throw new QrPlatbaError('Částka k zaplacení musí být kladná.');
  if (amount > MAX_AMOUNT) {
    throw new QrPlatbaError(
      `QR Platba unese částku nejvýše 9 999 999,99 ${currency === 'CZK' ? 'Kč' : currency}.`,
    );
  }
  const digits = String(amount).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The AM value back in hundredths, or undefined when it is not a SPAYD amount. */
export function amountFromText(text: string): number | undefined {
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Free text as a SPAYD value. Letters lose their diacritics and typographic dashes and quotes become
 * ASCII (the format's character set is ISO-8859-1, which has no č or ř, and bank apps differ in what
 * they show), blanks collapse to one space, and the text is cut to `maxLength` characters. Then `%` and
 * `*` (the attribute separator), and whatever is still not printable ASCII, are percent-encoded as
 * UTF-8, which is how SPAYD readers decode values. Empty text gives undefined: the attribute is left out.
 */
export function spaydValue(text: string | undefined, maxLength: number): string | undefined {
  const readable = truncated(plainText(text ?? ''), maxLength);
  return readable ? Array.from(readable, escapedCharacter).join('') : undefined;
}

/** Diacritics dropped, typographic marks as ASCII, blanks collapsed: the text as it goes into a QR Platba. */
export function plainText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‐-―−„“”‚‘’]/g, (mark) => ASCII_LOOK_ALIKES[mark] ?? mark)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads a QR Platba text back into its fields; throws a QrPlatbaError when it is not one. */
export function parseSpayd(text: string): ParsedSpayd {
  const [header, version = '', ...parts] = text.replace(/\*$/, '').split('*');
  if (header !== HEADER) throw new QrPlatbaError('Text není QR Platba: nezačíná „SPD*“.');
  if (!/^\d+\.\d+$/.test(version))
    throw new QrPlatbaError(`QR Platba má neplatnou verzi ${quoted(version)}.`);
  const attributes = Object.fromEntries(parts.map(attributeOf));
  const account = attributes.ACC?.split('+')[0];
  if (!account) throw new QrPlatbaError('QR Platba neobsahuje číslo účtu (ACC).');
  return {
    version,
    iban: account,
    amount: attributes.AM === undefined ? undefined : parsedAmount(attributes.AM),
    currency: attributes.CC,
    variableSymbol: attributes['X-VS'],
    specificSymbol: attributes['X-SS'],
    constantSymbol: attributes['X-KS'],
    message: attributes.MSG,
    dueDate: attributes.DT === undefined ? undefined : isoDay(attributes.DT),
    recipientName: attributes.RN,
    attributes,
  };
}

function electronicIban(iban: string): string {
  const electronic = electronicFormatIBAN(iban) ?? '';
  if (!isValidIBAN(electronic)) throw new QrPlatbaError(`IBAN ${quoted(iban)} není platný.`);
  return electronic;
}

function currencyCode(currency: string): string {
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new QrPlatbaError(`Kód měny ${quoted(currency)} nemá platný tvar: tři velká písmena, např. CZK.`);
  }
  return currency;
}

function symbol(value: string | undefined, name: string): string | undefined {
  const digits = value?.trim();
  if (!digits) return undefined;
  if (!SYMBOL.test(digits))
    throw new QrPlatbaError(`${name} ${quoted(digits)} musí mít jednu až deset číslic.`);
  return digits;
}

function spaydDay(day: string | undefined): string | undefined {
  if (!day) return undefined;
  const match = ISO_DAY.exec(day);
  if (!match || !isCalendarDay(day)) {
    throw new QrPlatbaError(`Datum splatnosti ${quoted(day)} není platné datum ve tvaru RRRR-MM-DD.`);
  }
  return match.slice(1).join('');
}

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

function isoDay(spayd: string): string {
  const match = SPAYD_DAY.exec(spayd);
  const day = match ? match.slice(1).join('-') : '';
  if (!isCalendarDay(day))
    throw new QrPlatbaError(`Datum splatnosti ${quoted(spayd)} v QR Platbě není platné.`);
  return day;
}

function parsedAmount(text: string): number {
  const amount = amountFromText(text);
  if (amount === undefined) throw new QrPlatbaError(`Částka ${quoted(text)} v QR Platbě nemá platný tvar.`);
  return amount;
}

function attributeOf(part: string): [string, string] {
  const colon = part.indexOf(':');
  const key = part.slice(0, colon);
  if (colon < 1 || !KEY.test(key)) {
    throw new QrPlatbaError(`Část QR Platby ${quoted(part)} nemá tvar klíč:hodnota.`);
  }
  return [key, percentDecoded(part.slice(colon + 1))];
}

/** Decodes each run of %XX escapes as UTF-8; a `%` that starts no valid escape stays as it is. */
function percentDecoded(value: string): string {
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

function escapedCharacter(character: string): string {
  if (character !== '%' && character !== '*' && PRINTABLE_ASCII.test(character)) return character;
  return Array.from(
    Buffer.from(character, 'utf8'),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

function truncated(text: string, maxLength: number): string {
  const characters = Array.from(text);
  return characters.length > maxLength ? characters.slice(0, maxLength).join('').trimEnd() : text;
}
