import { formatMoney } from '@klubovna/shared';
import { czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { MailAttachment } from '../../plugins/mail.ts';
import { type ClubAccount, findClubAccount, OWING_STATES, qrPng } from '../payments/index.ts';
import {
  type DueReminder,
  type ReminderContext,
  type ReminderDeclaration,
  type ReminderMail,
  switchOff,
} from './reminder-declaration.ts';

// biome-ignore lint/suspicious/noExplicitAny: the declared tables (payments, members, guardians) are dynamic
const dynamic = (db: Executor) => db as unknown as Kysely<any>;

/** The Content-ID of the QR Platba image the HTML part shows. */
export const QR_PLATBA_CID = 'qr-platba@klubovna';

interface OverduePayment {
  id: number;
  title: string;
  memberName: string;
  amount: number;
  paid: number;
  currency: string;
  dueDate: string;
  variableSymbol: string | null;
  specificSymbol: string | null;
  message: string | null;
  spayd: string | null;
  email: string;
}

/**
 * Requests unpaid or partly paid (so not cancelled) past their due date, to the member and guardians;
 * only those of `ids` when given.
 */
async function overduePayments(db: Executor, now: Date, ids?: readonly number[]): Promise<OverduePayment[]> {
  let base = dynamic(db)
    .selectFrom('payments as p')
    .innerJoin('members as m', 'm.id', 'p.member')
    .where('p.state', 'in', [...OWING_STATES])
    .where('p.due_date', '<', pragueToday(now))
    .select(['p.id', 'p.title', 'p.due_date', 'p.variable_symbol', 'p.specific_symbol', 'p.message'])
    .select(['p.spayd', 'p.amount_amount', 'p.amount_currency', 'p.paid_amount_amount'])
    .select(['m.first_name', 'm.last_name']);
  if (ids) base = base.where('p.id', 'in', ids.length > 0 ? [...ids] : [0]);
  const rows = [
    ...(await base.where('m.email', 'is not', null).select('m.email as email').execute()),
    ...(await base
      .innerJoin('guardians as gd', 'gd.member', 'p.member')
      .where('gd.email', 'is not', null)
      .select('gd.email as email')
      .execute()),
  ];
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    memberName: `${row.first_name} ${row.last_name}`,
    amount: Number(row.amount_amount),
    paid: row.paid_amount_amount === null ? 0 : Number(row.paid_amount_amount),
    currency: row.amount_currency,
    dueDate: String(row.due_date),
    variableSymbol: row.variable_symbol,
    specificSymbol: row.specific_symbol,
    message: row.message,
    spayd: row.spayd,
    email: row.email,
  }));
}

/** The payment's details in lines of text, the same as the QR Platba carries. */
function paymentLines(row: OverduePayment, club: ClubAccount | null): string[] {
  return [
    `Zbývá zaplatit: ${formatMoney(row.amount - row.paid, row.currency)}`,
    ...(club ? [`Účet klubu: ${club.account}`] : []),
    ...(row.variableSymbol ? [`Variabilní symbol: ${row.variableSymbol}`] : []),
    ...(row.specificSymbol ? [`Specifický symbol: ${row.specificSymbol}`] : []),
    `Zpráva pro příjemce: ${row.message || row.title}`,
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const htmlParagraphs = (blocks: string[][]) =>
  blocks.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('\n');

/** The mail of one overdue request; with its QR Platba as an image when the request has one. */
async function overdueMail(
  row: OverduePayment,
  club: ClubAccount | null,
  publicUrl: string,
): Promise<ReminderMail> {
  const intro = [
    `platba „${row.title}“ (člen ${row.memberName}) byla splatná ${czechDate(row.dueDate)}`,
    'a zatím není zaplacena celá.',
  ];
  const details = paymentLines(row, club);
  const qrNote = row.spayd
    ? [
        'Zaplatit můžete i QR Platbou v tomto e-mailu (naskenujte ji v aplikaci banky).',
        ...(row.paid > 0 ? ['QR Platba je na celou částku; změňte ji prosím na zbývající.'] : []),
      ]
    : [];
  const outro = ['Pokud jste už zaplatili, berte prosím tento e-mail jako bezpředmětný.'];
  const footer = [switchOff(publicUrl)];
  const subject = `Platba po splatnosti: ${row.title}`;
  const text = [['Dobrý den,'], intro, details, qrNote, outro, footer]
    .filter((block) => block.length > 0)
    .map((block) => block.join('\n'))
    .join('\n\n');
  if (!row.spayd) return { subject, text };
  const attachments: MailAttachment[] = [
    {
      filename: 'qr-platba.png',
      content: await qrPng(row.spayd),
      contentType: 'image/png',
      cid: QR_PLATBA_CID,
    },
  ];
  const image = `<p><img src="cid:${QR_PLATBA_CID}" alt="QR Platba"></p>`;
  const html = [
    htmlParagraphs([['Dobrý den,'], intro, details, qrNote]),
    image,
    htmlParagraphs([outro, footer]),
  ].join('\n');
  return { subject, text, html, attachments };
}

/**
 * The overdue requests' reminders (of `ids` only, when given), each known by `payment:<id>` and the
 * `occasion` after it when given: the office's reminder sent on a day is another than the automatic one.
 */
export function overduePaymentReminders(ids?: readonly number[], occasion?: string): ReminderDeclaration {
  return {
    kind: 'payment-overdue',
    recipients: 'člen, za kterého je platba, a jeho zákonní zástupci',
    due: (context) => dueOverdue(context, ids, occasion),
  };
}

async function dueOverdue(
  { db, now, publicUrl }: ReminderContext,
  ids?: readonly number[],
  occasion?: string,
): Promise<DueReminder[]> {
  const rows = await overduePayments(db, now, ids);
  if (rows.length === 0) return [];
  const club = await findClubAccount(dynamic(db));
  // Made once per request (its member and guardians get the same mail), and only when one goes out.
  const mails = new Map<number, Promise<ReminderMail>>();
  const mailOf = (row: OverduePayment) => {
    const mail = mails.get(row.id) ?? overdueMail(row, club, publicUrl);
    mails.set(row.id, mail);
    return mail;
  };
  const suffix = occasion ? `:${occasion}` : '';
  return rows.map(
    (row): DueReminder => ({
      subject: `payment:${row.id}${suffix}`,
      email: row.email,
      mail: () => mailOf(row),
    }),
  );
}

/** The automatic reminder: each overdue request once. */
export const paymentOverdue = overduePaymentReminders();
