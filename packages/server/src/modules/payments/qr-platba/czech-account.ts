import { composeIBAN, electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { QrPlatbaError } from './qr-platba-error.ts';

/** A Czech domestic account: the prefix ('' when there is none), the number and the bank code, digits only. */
export interface CzechAccount {
  prefix: string;
  number: string;
  bankCode: string;
}

/** The weights of the Czech mod-11 check; a prefix (six digits) takes the last six of them. */
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1] as const;
const PREFIX_WEIGHTS = NUMBER_WEIGHTS.slice(-6);

const PREFIX_MAX_DIGITS = 6;
const NUMBER_MIN_DIGITS = 2;
const NUMBER_MAX_DIGITS = 10;

const ACCOUNT_EXAMPLE = 'např. 19-2000145399/0800';
const DOMESTIC_FORM = /^(?:(\d+)-)?(\d+)\/(.*)$/;
const IBAN_LIKE = /^[A-Z]{2}\d{2}/i;

const quoted = (text: string) => `„${text}“`;
const withoutBlanks = (text: string) => text.replace(/\s+/g, '');

/**
 * Reads an account number as people write it: `19-2000145399/0800`, `2000145399/0800`, with spaces
 * anywhere, or as a Czech IBAN (`CZ65 0800 0000 1920 0014 5399`). Throws a QrPlatbaError with a Czech
 * message when the shape, the bank code or a mod-11 checksum is wrong.
 */
export function parseCzechAccount(text: string): CzechAccount {
  const compact = withoutBlanks(text);
  if (!compact) throw new QrPlatbaError('Zadejte číslo účtu.');
  const account = IBAN_LIKE.test(compact) ? accountOfIban(compact) : accountOfDomesticForm(text, compact);
  assertChecksums(account);
  return account;
}

/** The account's IBAN in electronic form (`CZkk bbbb pppppp nnnnnnnnnn` without the spaces). */
export function czechIban(account: CzechAccount): string {
  const bban = `${account.bankCode}${account.prefix.padStart(6, '0')}${account.number.padStart(10, '0')}`;
  const iban = composeIBAN({ countryCode: 'CZ', bban });
  if (!iban) throw new Error(`No IBAN can be composed of the Czech BBAN ${bban}`);
  return iban;
}

/** Parses an account number in any form `parseCzechAccount` reads and gives its IBAN. */
export const ibanOfCzechAccount = (text: string): string => czechIban(parseCzechAccount(text));

/** The account as Czech people write it, without leading zeros: `19-2000145399/0800`. */
export function formatCzechAccount(account: CzechAccount): string {
  const prefix = withoutLeadingZeros(account.prefix);
  const number = withoutLeadingZeros(account.number) || '0';
  return `${prefix ? `${prefix}-` : ''}${number}/${account.bankCode}`;
}

function accountOfDomesticForm(text: string, compact: string): CzechAccount {
  const match = DOMESTIC_FORM.exec(compact);
  if (!match) throw shapeError(text);
  const [, prefix = '', number = '', bankCode = ''] = match;
  if (!/^\d{4}$/.test(bankCode)) {
    throw new QrPlatbaError(`Kód banky ${quoted(bankCode)} nemá platný tvar: má čtyři číslice, např. 0800.`);
  }
  if (prefix.length > PREFIX_MAX_DIGITS) {
    throw new QrPlatbaError(`Předčíslí účtu ${quoted(prefix)} může mít nejvýše šest číslic.`);
  }
  if (number.length < NUMBER_MIN_DIGITS || number.length > NUMBER_MAX_DIGITS || /^0+$/.test(number)) {
    throw shapeError(text);
  }
  return { prefix: withoutLeadingZeros(prefix), number: withoutLeadingZeros(number), bankCode };
}

function accountOfIban(compact: string): CzechAccount {
  const iban = electronicFormatIBAN(compact) ?? '';
  if (!iban.startsWith('CZ')) {
    throw new QrPlatbaError(`Účet ${quoted(compact)} není veden u české banky: IBAN musí začínat CZ.`);
  }
  if (!isValidIBAN(iban)) throw new QrPlatbaError(`IBAN ${quoted(compact)} není platný.`);
  return {
    bankCode: iban.slice(4, 8),
    prefix: withoutLeadingZeros(iban.slice(8, 14)),
    number: withoutLeadingZeros(iban.slice(14)),
  };
}

/** An IBAN's check digits are computed from whatever number was typed: only these catch a typo in the number. */
function assertChecksums(account: CzechAccount): void {
  if (!passesMod11(account.prefix, PREFIX_WEIGHTS)) {
    throw new QrPlatbaError('Kontrolní součet předčíslí účtu nesouhlasí.');
  }
  if (!passesMod11(account.number, NUMBER_WEIGHTS) || /^0*$/.test(account.number)) {
    throw new QrPlatbaError('Kontrolní součet čísla účtu nesouhlasí.');
  }
}

function passesMod11(digits: string, weights: readonly number[]): boolean {
  const padded = digits.padStart(weights.length, '0');
  const sum = weights.reduce((total, weight, index) => total + weight * Number(padded[index]), 0);
  return sum % 11 === 0;
}

function shapeError(text: string): QrPlatbaError {
  return new QrPlatbaError(
    `Číslo účtu ${quoted(text.trim())} nemá platný tvar. Zadejte ho jako [předčíslí-]číslo/kód banky, ${ACCOUNT_EXAMPLE}.`,
  );
}

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+/, '');
