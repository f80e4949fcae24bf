/** Payment states of a camp participant, with Czech labels. */
export const PAYMENT_STATES = ['UNPAID', 'PAID', 'REFUNDED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  UNPAID: 'Nezaplaceno',
  PAID: 'Zaplaceno',
  REFUNDED: 'Vráceno',
};

/** The two lists a camp's export can hold. */
export const CAMP_LISTS = ['participants', 'waiting'] as const;
export type CampList = (typeof CAMP_LISTS)[number];

/** One person on a camp's participant or waiting list. */
export interface CampParticipantRow {
  id: number;
  version: number;
  memberId: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  paymentState: PaymentState;
  note: string | null;
  /** Place on the waiting list, 1 first; null for a participant. */
  waitingPosition: number | null;
}

/** Answer of `campParticipants`: who goes, who waits (in order), and the capacity. */
export interface CampParticipants {
  capacity: number | null;
  participants: CampParticipantRow[];
  waiting: CampParticipantRow[];
}
