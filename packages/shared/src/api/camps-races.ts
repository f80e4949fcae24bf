import type { SignUpList, SignUpRow } from './sign-ups.ts';

/**
 * States of a payment request, with Czech labels; a camp's or race's sign-up shows its request's.
 * Overdue is no state but an owing request past its due date.
 */
export const PAYMENT_STATES = ['UNPAID', 'PARTLY_PAID', 'PAID', 'OVERPAID', 'CANCELLED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  UNPAID: 'Nezaplaceno',
  PARTLY_PAID: 'Zaplaceno částečně',
  PAID: 'Zaplaceno',
  OVERPAID: 'Přeplaceno',
  CANCELLED: 'Zrušeno',
};

/** The two lists a camp's export can hold. */
export const CAMP_LISTS = ['participants', 'waiting'] as const;
export type CampList = (typeof CAMP_LISTS)[number];

/** One person on a camp's participant or waiting list. */
export interface CampParticipantRow extends SignUpRow {
  firstName: string;
  lastName: string;
  birthDate: string | null;
  /**
   * The state of the participant's payment request for the camp; null without one (a free camp, a
   * waiting place) or for a person who may not read it (only the office and the member's own account may).
   */
  paymentState: PaymentState | null;
  note: string | null;
}

/** Answer of `campParticipants`: who goes, who waits (in order), and the capacity. */
export type CampParticipants = SignUpList<CampParticipantRow>;

/** One member's entry in a race, with the result once it is in. */
export interface RaceEntryRow {
  id: number;
  version: number;
  raceId: number;
  raceName: string;
  dateFrom: string;
  dateTo: string | null;
  place: string | null;
  memberId: number;
  firstName: string;
  lastName: string;
  category: string | null;
  /** Finishing time as typed, e.g. `1:02:03` or `45:12.3`. */
  resultTime: string | null;
  /** Finishing place, 1 the winner. */
  resultPlace: number | null;
  note: string | null;
}

/** One member's entry on a race's list: the category, and the result once the race is run. */
export interface RaceParticipantRow extends SignUpRow {
  firstName: string;
  lastName: string;
  category: string | null;
  /** Finishing time as typed, e.g. `1:02:03` or `45:12.3`. */
  resultTime: string | null;
  /** Finishing place, 1 the winner. */
  resultPlace: number | null;
  note: string | null;
  /** Czech warning: the member had no medical check valid on the race's day when signed up. */
  medicalWarning: string | null;
  /** The state of the entry's payment request, as a camp participant's (`CampParticipantRow.paymentState`). */
  paymentState: PaymentState | null;
}

/**
 * Answer of `raceParticipants`: the race's entries by surname (a race has no capacity, so nobody
 * waits) and its categories to choose from.
 */
export interface RaceParticipants extends SignUpList<RaceParticipantRow> {
  categories: string[];
  /** Results may be entered from the race's first day on. */
  resultsOpen: boolean;
}

/** A race's categories as the organiser lists them: separated by commas or new lines. */
export function raceCategories(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[,\n]/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}
