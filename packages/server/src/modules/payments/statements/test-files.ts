/**
 * Statement files for the tests, built from the format descriptions field by field. The positions are
 * written out here again rather than taken from the readers, so a wrong position in a reader fails a test.
 */

const WINDOWS_1250_BYTES = new Map<string, number>();
const windows1250Decoder = new TextDecoder('windows-1250');
for (let byte = 0; byte < 256; byte++) {
  WINDOWS_1250_BYTES.set(windows1250Decoder.decode(Uint8Array.of(byte)), byte);
}

/** Text as Windows-1250 bytes: the decoder's table read backwards. */
export function windows1250(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const byte = WINDOWS_1250_BYTES.get(char);
      if (byte === undefined) throw new Error(`„${char}“ is not in Windows-1250`);
      return byte;
    }),
  );
}

/** A number zero-padded to the width, as numeric GPC fields are. */
export const zeros = (value: number | string, width: number) => String(value).padStart(width, '0');

/** A GPC record of 128 characters: each value at its 1-based position, texts padded with spaces. */
function gpcRecord(fields: Array<[start: number, width: number, value: string]>): string {
  const chars = Array.from({ length: 128 }, () => ' ');
  for (const [start, width, value] of fields) {
    if (value.length > width) throw new Error(`„${value}“ is longer than ${width} characters`);
    chars.splice(start - 1, width, ...value.padEnd(width, ' '));
  }
  return chars.join('');
}

const sign = (amount: number) => (amount < 0 ? '-' : '+');

export interface GpcHeaderFields {
  /** 16 digits: prefix (6) and number (10) */
  account: string;
  name: string;
  oldBalanceDate: string;
  /** haléře, signed */
  oldBalance: number;
  newBalance: number;
  debitTotal: number;
  creditTotal: number;
  sequenceNumber: number;
  date: string;
}

export function gpcHeader(fields: Partial<GpcHeaderFields> = {}): string {
  const header: GpcHeaderFields = {
    account: '0000002001234567',
    name: 'SK Klubovna',
    oldBalanceDate: '310325',
    oldBalance: 0,
    newBalance: 0,
    debitTotal: 0,
    creditTotal: 0,
    sequenceNumber: 4,
    date: '300425',
    ...fields,
  };
  const turnoverSign = (amount: number) => (amount < 0 ? '-' : '0');
  return gpcRecord([
    [1, 3, '074'],
    [4, 16, header.account],
    [20, 20, header.name],
    [40, 6, header.oldBalanceDate],
    [46, 14, zeros(Math.abs(header.oldBalance), 14)],
    [60, 1, sign(header.oldBalance)],
    [61, 14, zeros(Math.abs(header.newBalance), 14)],
    [75, 1, sign(header.newBalance)],
    [76, 14, zeros(Math.abs(header.debitTotal), 14)],
    [90, 1, turnoverSign(header.debitTotal)],
    [91, 14, zeros(Math.abs(header.creditTotal), 14)],
    [105, 1, turnoverSign(header.creditTotal)],
    [106, 3, zeros(header.sequenceNumber, 3)],
    [109, 6, header.date],
  ]);
}

export interface GpcItemFields {
  account: string;
  /** 6 digits */
  counterPrefix: string;
  /** 10 digits */
  counterNumber: string;
  /** 4 digits */
  counterBank: string;
  documentNumber: string;
  /** haléře, unsigned; a string is written as it is, to make broken files */
  amount: number | string;
  postingCode: string;
  variableSymbol: string;
  constantSymbol: string;
  specificSymbol: string;
  valueDate: string;
  counterName: string;
  currency: string;
  dueDate: string;
}

export function gpcItem(fields: Partial<GpcItemFields> = {}): string {
  const item: GpcItemFields = {
    account: '0000002001234567',
    counterPrefix: '000000',
    counterNumber: '0123456789',
    counterBank: '0800',
    documentNumber: '0000012345678',
    amount: 50_000,
    postingCode: '2',
    variableSymbol: '0000000000',
    constantSymbol: '0000',
    specificSymbol: '0000000000',
    valueDate: '150425',
    counterName: '',
    currency: '0203',
    dueDate: '150425',
    ...fields,
  };
  return gpcRecord([
    [1, 3, '075'],
    [4, 16, item.account],
    [20, 6, item.counterPrefix],
    [26, 10, item.counterNumber],
    [36, 13, item.documentNumber],
    [49, 12, typeof item.amount === 'number' ? zeros(item.amount, 12) : item.amount],
    [61, 1, item.postingCode],
    [62, 10, item.variableSymbol],
    [72, 2, '00'],
    [74, 4, item.counterBank],
    [78, 4, item.constantSymbol],
    [82, 10, item.specificSymbol],
    [92, 6, item.valueDate],
    [98, 20, item.counterName],
    [118, 1, '0'],
    [119, 4, item.currency],
    [123, 6, item.dueDate],
  ]);
}

/** A 076 record: transaction id, date and a description. */
export const gpcDetail = (transactionId: string, date: string, description: string) =>
  gpcRecord([
    [1, 3, '076'],
    [4, 26, transactionId],
    [30, 6, date],
    [36, 92, description],
  ]);

/** A 078 or 079 record: two lines of the message for the recipient, 35 characters each. */
export const gpcMessage = (type: '078' | '079', first: string, second = '') =>
  gpcRecord([
    [1, 3, type],
    [4, 35, first],
    [39, 35, second],
  ]);

/** Records as a Windows-1250 file, each ended by the line end. */
export const gpcFile = (records: string[], lineEnd = '\r\n') =>
  windows1250(records.map((record) => `${record}${lineEnd}`).join(''));

/** The columns of Fio's CSV export in Fio's order. */
export const FIO_COLUMNS = [
  'ID pohybu',
  'Datum',
  'Objem',
  'Měna',
  'Protiúčet',
  'Název protiúčtu',
  'Kód banky',
  'Název banky',
  'KS',
  'VS',
  'SS',
  'Uživatelská identifikace',
  'Zpráva pro příjemce',
  'Typ',
  'Provedl',
  'Upřesnění',
  'Komentář',
  'BIC',
  'ID pokynu',
] as const;
export type FioColumn = (typeof FIO_COLUMNS)[number];
export type FioRow = Partial<Record<FioColumn, string>>;

/** A CSV value, quoted (quotes inside doubled) when it holds a separator, a quote or a line end. */
const csvValue = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The lines before the table of Fio's export: the account and the period. */
export const FIO_PREAMBLE = [
  'accountId;2001234567',
  'bankId;2010',
  'currency;CZK',
  'iban;CZ6520100000002001234567',
  'bic;FIOBCZPPXXX',
  'openingBalance;1200,00',
  'closingBalance;2350,50',
  'dateStart;01.04.2025',
  'dateEnd;30.04.2025',
  'idFrom;26100000001',
  'idTo;26100000009',
];

/** Fio's CSV text: the preamble, the column header and the rows, the columns in Fio's order. */
export function fioCsvText(rows: FioRow[], preamble = FIO_PREAMBLE, lineEnd = '\n'): string {
  const table = [
    FIO_COLUMNS.join(';'),
    ...rows.map((row) => FIO_COLUMNS.map((column) => csvValue(row[column] ?? '')).join(';')),
  ];
  return [...preamble, ...table].map((line) => `${line}${lineEnd}`).join('');
}
