/**
 * The records of an ABO/GPC statement (gpc.ts), read one by one. Positions are 1-based and inclusive.
 *
 * Header, record 074, opens each statement:
 *
 * | Position | Width | Content                                                                   |
 * | -------- | ----- | ------------------------------------------------------------------------- |
 * | 1–3      | 3     | `074`                                                                     |
 * | 4–19     | 16    | own account: prefix (6 digits) followed by number (10 digits)            |
 * | 20–39    | 20    | account name                                                              |
 * | 40–45    | 6     | date of the old balance, DDMMYY                                           |
 * | 46–59    | 14    | old balance                                                               |
 * | 60       | 1     | sign of the old balance, `+` or `-`                                       |
 * | 61–74    | 14    | new balance                                                               |
 * | 75       | 1     | sign of the new balance, `+` or `-`                                       |
 * | 76–89    | 14    | sum of debits                                                             |
 * | 90       | 1     | sign of the sum of debits: `0` (or `+`), `-` when reversals outweigh them |
 * | 91–104   | 14    | sum of credits                                                            |
 * | 105      | 1     | sign of the sum of credits, as above                                      |
 * | 106–108  | 3     | statement sequence number                                                 |
 * | 109–114  | 6     | statement date, DDMMYY                                                    |
 * | 115–128  | 14    | filler: spaces, or the bank's name                                        |
 *
 * Item, record 075, one movement:
 *
 * | Position | Width | Content                                                                  |
 * | -------- | ----- | ------------------------------------------------------------------------ |
 * | 1–3      | 3     | `075`                                                                    |
 * | 4–19     | 16    | own account, as in the header                                            |
 * | 20–35    | 16    | counter-account: prefix (6) followed by number (10); zeros when none     |
 * | 36–48    | 13    | document number: the bank's id of the movement                           |
 * | 49–60    | 12    | amount                                                                   |
 * | 61       | 1     | posting code: 1 debit, 2 credit, 4 reversal of a debit, 5 of a credit    |
 * | 62–71    | 10    | variable symbol                                                          |
 * | 72–81    | 10    | `00`, bank code of the counter-account (4), constant symbol (4)          |
 * | 82–91    | 10    | specific symbol                                                          |
 * | 92–97    | 6     | value date, DDMMYY; `000000` at some banks                               |
 * | 98–117   | 20    | counter-party name, or what the movement is (`Připsaný úrok`)            |
 * | 118      | 1     | change code, `0`                                                         |
 * | 119–122  | 4     | currency: `0` followed by the ISO 4217 numeric code (`0203` is CZK)      |
 * | 123–128  | 6     | due date (the day the movement was posted), DDMMYY                       |
 *
 * Detail records some banks add after a 075; they belong to that item and their text becomes its message:
 *
 * | Record | Content                                                                             |
 * | ------ | ----------------------------------------------------------------------------------- |
 * | 076    | 4–29 transaction id (26), 30–35 date DDMMYY, 36–128 description of the movement     |
 * | 078    | message for the recipient, lines 1 and 2: 35 characters each from position 4        |
 * | 079    | message for the recipient, lines 3 and 4, laid out as in 078                        |
 */
import {
  appendText,
  czechAccount,
  digitsToInteger,
  FieldProblem,
  isoDate,
  negate,
  optionalText,
  paymentSymbol,
} from './fields.ts';
import type { StatementLine } from './types.ts';

/** A statement's header as the 074 record gives it; amounts in haléře with their sign. */
export interface GpcHeader {
  account: string;
  accountName: string;
  oldBalanceDate: string;
  oldBalance: number;
  newBalance: number;
  debitTotal: number;
  creditTotal: number;
  sequenceNumber: number;
  date: string;
}

interface Field {
  /** 1-based */
  start: number;
  width: number;
}
const at = (start: number, width: number): Field => ({ start, width });

const HEADER = {
  account: at(4, 16),
  name: at(20, 20),
  oldBalanceDate: at(40, 6),
  oldBalance: at(46, 14),
  oldBalanceSign: at(60, 1),
  newBalance: at(61, 14),
  newBalanceSign: at(75, 1),
  debitTotal: at(76, 14),
  debitTotalSign: at(90, 1),
  creditTotal: at(91, 14),
  creditTotalSign: at(105, 1),
  sequenceNumber: at(106, 3),
  date: at(109, 6),
};
/** The filler after the date may be trimmed away by whatever saved the file. */
const HEADER_MIN_LENGTH = 114;

const ITEM = {
  counterAccount: at(20, 16),
  documentNumber: at(36, 13),
  amount: at(49, 12),
  postingCode: at(61, 1),
  variableSymbol: at(62, 10),
  counterBank: at(74, 4),
  constantSymbol: at(78, 4),
  specificSymbol: at(82, 10),
  valueDate: at(92, 6),
  counterName: at(98, 20),
  currency: at(119, 4),
  dueDate: at(123, 6),
};
const ITEM_LENGTH = 128;

export const DETAIL_TYPES = new Set(['076', '078', '079']);
const DETAIL_TRANSACTION_ID = at(4, 26);
const DETAIL_DESCRIPTION_START = 36;
const MESSAGE_LINE_WIDTH = 35;

/** ISO 4217 numeric codes of the currencies a Czech club's account may plausibly hold. */
const CURRENCIES: Record<string, string> = {
  '036': 'AUD',
  '124': 'CAD',
  '156': 'CNY',
  '203': 'CZK',
  '208': 'DKK',
  '348': 'HUF',
  '392': 'JPY',
  '578': 'NOK',
  '752': 'SEK',
  '756': 'CHF',
  '826': 'GBP',
  '840': 'USD',
  '946': 'RON',
  '949': 'TRY',
  '975': 'BGN',
  '978': 'EUR',
  '980': 'UAH',
  '985': 'PLN',
};

const field = (record: string, { start, width }: Field) => record.slice(start - 1, start - 1 + width);

function gpcDate(raw: string, label: string): string {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(raw);
  const date = match && isoDate(2000 + Number(match[3]), Number(match[2]), Number(match[1]));
  if (!date) throw new FieldProblem(`${label} „${raw.trim()}“ není platné.`);
  return date;
}

const signed = (value: number, sign: string) => (sign === '-' ? negate(value) : value);

export function readHeader(record: string): GpcHeader {
  if (record.length < HEADER_MIN_LENGTH) {
    throw new FieldProblem(`hlavička výpisu je zkrácená (${record.length} znaků místo 128).`);
  }
  const amount = (value: Field, sign: Field, label: string) =>
    signed(digitsToInteger(field(record, value), label), field(record, sign));
  return {
    account: ownAccount(field(record, HEADER.account)),
    accountName: field(record, HEADER.name).trim(),
    oldBalanceDate: gpcDate(field(record, HEADER.oldBalanceDate), 'datum starého zůstatku'),
    oldBalance: amount(HEADER.oldBalance, HEADER.oldBalanceSign, 'starý zůstatek'),
    newBalance: amount(HEADER.newBalance, HEADER.newBalanceSign, 'nový zůstatek'),
    debitTotal: amount(HEADER.debitTotal, HEADER.debitTotalSign, 'součet debetů'),
    creditTotal: amount(HEADER.creditTotal, HEADER.creditTotalSign, 'součet kreditů'),
    sequenceNumber: digitsToInteger(field(record, HEADER.sequenceNumber), 'pořadové číslo výpisu'),
    date: gpcDate(field(record, HEADER.date), 'datum výpisu'),
  };
}

function ownAccount(raw: string): string {
  if (!/^\d{16}$/.test(raw)) throw new FieldProblem(`číslo účtu „${raw.trim()}“ není platné.`);
  return czechAccount(raw.slice(0, 6), raw.slice(6), null) ?? '';
}

function counterAccount(record: string): string | null {
  const account = field(record, ITEM.counterAccount);
  const bank = field(record, ITEM.counterBank);
  if (!/^\d{16}$/.test(account)) throw new FieldProblem(`číslo protiúčtu „${account.trim()}“ není platné.`);
  if (!/^\d{4}$/.test(bank)) throw new FieldProblem(`kód banky protiúčtu „${bank.trim()}“ není platný.`);
  return czechAccount(account.slice(0, 6), account.slice(6), bank);
}

/** Money in (+1) or out (-1) by the posting code. */
const DIRECTIONS: Record<string, 1 | -1> = { '1': -1, '2': 1, '4': 1, '5': -1 };

function signedAmount(record: string): number {
  const amount = digitsToInteger(field(record, ITEM.amount), 'částka');
  const code = field(record, ITEM.postingCode);
  const direction = DIRECTIONS[code];
  if (!direction) throw new FieldProblem(`neznámý kód účtování „${code.trim()}“ (platí 1, 2, 4 a 5).`);
  return direction < 0 ? negate(amount) : amount;
}

function currency(record: string): string {
  const raw = field(record, ITEM.currency);
  if (/^[0 ]*$/.test(raw)) return 'CZK';
  const code = /^0(\d{3})$/.exec(raw)?.[1];
  const letters = code && CURRENCIES[code];
  if (!letters) throw new FieldProblem(`neznámý kód měny „${raw.trim()}“.`);
  return letters;
}

function itemDate(record: string): string {
  const due = field(record, ITEM.dueDate);
  return /^0+$/.test(due) ? gpcDate(field(record, ITEM.valueDate), 'datum') : gpcDate(due, 'datum');
}

/** The document number is the id Fio's CSV calls "ID pohybu": digits lose their padding zeros alike. */
function transactionId(record: string): string {
  const raw = field(record, ITEM.documentNumber).trim();
  return /^\d+$/.test(raw) ? raw.replace(/^0+/, '') : raw;
}

export function readItem(record: string): StatementLine {
  if (record.length < ITEM_LENGTH) {
    throw new FieldProblem(`záznam položky je zkrácený (${record.length} znaků místo ${ITEM_LENGTH}).`);
  }
  return {
    transactionId: transactionId(record),
    date: itemDate(record),
    amount: signedAmount(record),
    currency: currency(record),
    variableSymbol: paymentSymbol(field(record, ITEM.variableSymbol), 'variabilní symbol'),
    specificSymbol: paymentSymbol(field(record, ITEM.specificSymbol), 'specifický symbol'),
    constantSymbol: paymentSymbol(field(record, ITEM.constantSymbol), 'konstantní symbol'),
    counterAccount: counterAccount(record),
    counterName: optionalText(field(record, ITEM.counterName)),
    message: null,
  };
}

/** The 35-character message lines of a 078/079 record, joined by spaces. */
function messageLines(record: string): string | null {
  const lines: string[] = [];
  for (let start = 3; start < record.length; start += MESSAGE_LINE_WIDTH) {
    const line = record.slice(start, start + MESSAGE_LINE_WIDTH).trim();
    if (line) lines.push(line);
  }
  return lines.join(' ') || null;
}

/** Adds what a detail record (076, 078, 079) says to the item it follows. */
export function addDetail(item: StatementLine, type: string, record: string): void {
  if (type === '076') {
    item.transactionId ||= field(record, DETAIL_TRANSACTION_ID).trim();
    item.message = appendText(item.message, optionalText(record.slice(DETAIL_DESCRIPTION_START - 1)));
  } else {
    item.message = appendText(item.message, messageLines(record));
  }
}
