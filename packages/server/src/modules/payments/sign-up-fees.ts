import { formatMoney, type Money, type PaymentState } from '@klubovna/shared';
import { addDays, czechDate, pragueToday } from '@klubovna/shared/time/prague';
import type { DynamicDb, RowCondition, SignUpWork, Values } from '../../engine/declaration/entity.types.ts';
import { diffRecords, toRecord, toRow } from '../../engine/records/record-mapper.ts';
import { insertAudit, updateRow } from '../../engine/records/records.repository.ts';
import { AppError } from '../../errors/app-error.ts';
import { findClubAccount } from './club-account.ts';
import { createRequests } from './payment.actions.ts';
import { derivedValues, withSymbols } from './payment.rules.ts';

/**
 * The fee of a camp or a race, asked of each member who gets a place as a payment request linked to it
 * (the payment's `camp` or `race`), through the payments' own creation (variable symbol, QR Platba,
 * audit). The system writes it on behalf of whoever signed the member up: a trainer or a parent has no
 * right to payments, and needs none.
 */

/** The payment's relation naming what the fee is for. */
export type FeeSource = 'camp' | 'race';

/** What one sign-up is asked to pay. */
export interface SignUpFee {
  source: FeeSource;
  /** The camp's or race's id. */
  sourceId: number;
  member: number;
  /** The request's title: „Soustředění Letní Orlice“. */
  title: string;
  /** No price (or zero): no request. */
  price: Money | null;
  dueDate: string;
}

/** What a sign-off keeps of the fee. */
export interface SignOff {
  source: FeeSource;
  sourceId: number;
  member: number;
  /** Kept instead of the price when set (above zero, in the price's currency). */
  cancellationFee: Money | null;
  /** Set when the camp or race itself is deleted: the request is cancelled, saying so, whatever the fee. */
  deleted?: string;
}

/** The compiled payment: its rows are written here as its own creation writes them. */
const payment = (work: Pick<SignUpWork, 'entities'>) => work.entities.get('payment')!;

/**
 * The due date of a fee asked on `today`: `days` after it, yet no later than the first day of what it
 * is for (and never before today, for a latecomer signed up on the day or after).
 */
export function signUpDueDate(days: number, firstDay: string, today = pragueToday()): string {
  const due = addDays(today, days);
  if (due <= firstDay) return due;
  return firstDay < today ? today : firstDay;
}

/** The member's latest request for the camp or race, whatever its state. */
async function requestOf(work: SignUpWork, source: FeeSource, sourceId: number, member: number) {
  return (await latestRequests(work, source, sourceId, [member])).get(member);
}

/** The latest request of each of `members` for the camp or race, read in one statement. */
async function latestRequests(
  work: SignUpWork,
  source: FeeSource,
  sourceId: number,
  members: readonly number[],
): Promise<Map<number, Values>> {
  const latest = new Map<number, Values>();
  if (members.length === 0) return latest;
  const rows = await work.db
    .selectFrom('payments')
    .selectAll()
    .where(source, '=', sourceId)
    .where('member', 'in', [...new Set(members)])
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const member = Number(row.member);
    if (!latest.has(member)) latest.set(member, toRecord(payment(work), row));
  }
  return latest;
}

/** Saves changed values of a request, its paid amount kept and its state and QR Platba made anew, audited. */
async function changeRequest(work: SignUpWork, previous: Values, changes: Values): Promise<void> {
  const { db, userId } = work;
  const entity = payment(work);
  const paid = (previous.paidAmount as Money | null)?.amount ?? 0;
  const values = derivedValues({ ...previous, ...changes }, paid, await findClubAccount(db));
  const id = previous.id as number;
  const row = { ...toRow(entity, values), updated_at: new Date().toISOString() };
  if (!(await updateRow(db, entity, id, previous.version as number, row)))
    throw new AppError('CONFLICT', 409, 'Platbu přihlášky mezitím změnil někdo jiný. Zkuste to znovu.');
  await insertAudit(db, userId, entity, id, 'update', diffRecords(previous, values, entity));
}

/**
 * Asks the fee of a sign-up that got a place: one request per member and camp (or race). A member
 * signed up again after signing off gets their request back at the full price, not a second one.
 */
export async function askSignUpFee(work: SignUpWork, fee: SignUpFee): Promise<void> {
  const { price } = fee;
  if (!price || price.amount <= 0) return;
  const { db, userId } = work;
  const previous = await requestOf(work, fee.source, fee.sourceId, fee.member);
  if (previous) {
    const amount = previous.amount as Money;
    const whole =
      previous.cancelled !== true && amount.amount === price.amount && amount.currency === price.currency;
    if (!whole)
      await changeRequest(work, previous, {
        amount: price,
        cancelled: false,
        dueDate: fee.dueDate,
        note: `Znovu přihlášeno ${czechDate(pragueToday())}.`,
      });
    return;
  }
  const shared = withSymbols({
    title: fee.title,
    amount: price,
    dueDate: fee.dueDate,
    specificSymbol: null,
    message: null,
    [fee.source]: fee.sourceId,
  });
  const existingBy = fee.source === 'camp' ? { camp: fee.sourceId } : { race: fee.sourceId };
  await createRequests(db, userId, payment(work), [fee.member], shared, existingBy);
}

/**
 * A sign-off: the member's request for the camp or race keeps the cancellation fee when one is set (the
 * amount lowered to it, with a note why), else it is cancelled, with a note of what was paid and is to
 * be returned. When the camp or race itself is deleted, the request is cancelled whatever the fee. A
 * request already cancelled stays as it is.
 */
export async function releaseSignUpFee(work: SignUpWork, signOff: SignOff): Promise<void> {
  const previous = await requestOf(work, signOff.source, signOff.sourceId, signOff.member);
  if (!previous || previous.cancelled === true) return;
  const amount = previous.amount as Money;
  const paid = (previous.paidAmount as Money | null)?.amount ?? 0;
  const day = czechDate(pragueToday());
  const refund = paid > 0 ? ` Zaplaceno ${formatMoney(paid, amount.currency)}: vrátit.` : '';
  if (signOff.deleted) {
    // Marked, with the note it had, to open again as it was when the camp or race is restored.
    await changeRequest(work, previous, {
      cancelled: true,
      note: `Zrušeno ${day}: ${signOff.deleted}.${refund}`,
      cancelledByDeletion: true,
      noteBeforeDeletion: previous.note ?? null,
    });
    return;
  }
  const kept = signOff.cancellationFee;
  if (kept && kept.amount > 0 && kept.currency === amount.currency) {
    const fee = Math.min(kept.amount, amount.amount);
    await changeRequest(work, previous, {
      amount: { amount: fee, currency: amount.currency },
      note: `Odhlášeno ${day}: zůstává storno poplatek ${formatMoney(fee, amount.currency)} z ceny ${formatMoney(amount.amount, amount.currency)}.`,
    });
    return;
  }
  await changeRequest(work, previous, { cancelled: true, note: `Zrušeno odhlášením ${day}.${refund}` });
}

/** A new price of a camp or race, for the requests of the members with a place. */
export interface PriceChange {
  source: FeeSource;
  sourceId: number;
  members: readonly number[];
  /** The price before and after; none (or zero) after cancels the requests. */
  from: Money | null;
  to: Money | null;
  /** Why a request is cancelled when the price is gone: „soustředění je nově zdarma“. */
  free: string;
}

const sameMoney = (one: Money | null, other: Money | null) =>
  (one?.amount ?? 0) === (other?.amount ?? 0) &&
  ((one?.amount ?? 0) === 0 || one?.currency === other?.currency);

/**
 * The requests of the members with a place still at the old price, open and with nothing paid, take
 * the new one (no price: they are cancelled, saying why). What is paid in part or in full, cancelled,
 * or set apart from the price by hand (a discount) stays as it is.
 */
export async function followPrice(work: SignUpWork, change: PriceChange): Promise<void> {
  const { from, to } = change;
  if (sameMoney(from, to) || !from || from.amount <= 0) return;
  const latest = await latestRequests(work, change.source, change.sourceId, change.members);
  for (const previous of latest.values()) {
    if (previous.state !== 'UNPAID' || previous.cancelled === true) continue;
    if (((previous.paidAmount as Money | null)?.amount ?? 0) !== 0) continue;
    if (!sameMoney(previous.amount as Money, from)) continue;
    await changeRequest(
      work,
      previous,
      to && to.amount > 0
        ? { amount: to }
        : { cancelled: true, note: `Zrušeno ${czechDate(pragueToday())}: ${change.free}.` },
    );
  }
}

/** The requests of the camp or race its deletion cancelled open again, each with the note it had. */
export async function reopenDeletedRequests(work: SignUpWork, source: FeeSource, sourceId: number) {
  const rows = await work.db
    .selectFrom('payments')
    .selectAll()
    .where(source, '=', sourceId)
    .where('cancelled', '=', 1)
    .where('cancelled_by_deletion', '=', 1)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const previous = toRecord(payment(work), row);
    await changeRequest(work, previous, { cancelled: false, note: previous.noteBeforeDeletion ?? null });
  }
}

/**
 * The states of the requests of the camp or race by member, among the given members and the requests
 * `readable` lets through (the person's row rule of payments).
 */
export async function signUpPaymentStates(
  db: DynamicDb,
  source: FeeSource,
  sourceId: number,
  members: readonly number[],
  readable: RowCondition,
): Promise<Map<number, PaymentState>> {
  const states = new Map<number, PaymentState>();
  if (members.length === 0) return states;
  const rows = await db
    .selectFrom('payments')
    .select(['member', 'state'])
    .where(source, '=', sourceId)
    .where('member', 'in', [...new Set(members)])
    .where('id', 'in', db.selectFrom('payments').select('id').where(readable))
    .orderBy('id')
    .execute();
  // The latest request of a member wins.
  for (const row of rows) states.set(Number(row.member), row.state as PaymentState);
  return states;
}
