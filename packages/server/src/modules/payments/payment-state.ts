import { enumOptions, PAYMENT_STATE_LABELS, PAYMENT_STATES, type PaymentState } from '@klubovna/shared';

/** A payment request's state as stored; overdue is an unpaid request past its due date (a date filter). */
export const PAYMENT_REQUEST_STATES = enumOptions(PAYMENT_STATES, PAYMENT_STATE_LABELS);

export type PaymentRequestState = PaymentState;

/** The state of a request of `amount` of which `paid` came in (both in haléře). */
export function paymentState(amount: number, paid: number, cancelled: boolean): PaymentRequestState {
  if (cancelled) return 'CANCELLED';
  if (paid > amount) return 'OVERPAID';
  if (paid === amount) return 'PAID';
  return paid > 0 ? 'PARTLY_PAID' : 'UNPAID';
}

/** The states of a request still owed: past its due date it is overdue (reminded, listed as such). */
export const OWING_STATES: readonly PaymentRequestState[] = ['UNPAID', 'PARTLY_PAID'];
