import type { Money } from '@klubovna/shared';
import type { DynamicDb, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { ibanOfCzechAccount, parseCzechAccount } from './qr-platba/czech-account.ts';
import { QrPlatbaError } from './qr-platba/qr-platba-error.ts';
import { spaydText } from './qr-platba/spayd.ts';

/** Where members pay: the club's account from the web configuration, as an IBAN; null while it is not set. */
export interface ClubAccount {
  iban: string;
  /** The account as the club wrote it. */
  account: string;
  clubName: string;
}

export async function findClubAccount(db: DynamicDb): Promise<ClubAccount | null> {
  const row = await db
    .selectFrom('web_configurations')
    .select(['bank_account', 'club_name'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const account = typeof row?.bank_account === 'string' ? row.bank_account.trim() : '';
  if (!account) return null;
  try {
    return { iban: ibanOfCzechAccount(account), account, clubName: String(row?.club_name ?? '') };
  } catch (error) {
    if (error instanceof QrPlatbaError) return null;
    throw error;
  }
}

/** The web configuration's bank account must be a Czech account number (the QR Platba is made of it). */
export function assertClubAccount(data: Values) {
  const account = typeof data.bankAccount === 'string' ? data.bankAccount.trim() : '';
  if (!account) return;
  try {
    parseCzechAccount(account);
  } catch (error) {
    if (error instanceof QrPlatbaError) throw fieldError('bankAccount', error.message);
    throw error;
  }
}

/** A payment request's QR Platba text; '' without the club's account. */
export function paymentSpayd(club: ClubAccount | null, request: Values): string {
  if (!club) return '';
  const amount = request.amount as Money;
  return spaydText({
    iban: club.iban,
    amount: amount.amount,
    currency: amount.currency,
    variableSymbol: (request.variableSymbol as string | null) ?? undefined,
    specificSymbol: (request.specificSymbol as string | null) ?? undefined,
    message: ((request.message as string | null) || (request.title as string)) ?? undefined,
    dueDate: (request.dueDate as string | null) ?? undefined,
    recipientName: club.clubName || undefined,
  });
}
